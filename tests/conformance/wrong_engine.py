"""A deliberately wrong engine for the conformance tests: this project's engine behind the
protocol with one mistake, chosen by the first argument:

* ``illegal-move``: a Move the rules refuse is accepted (reported legal; the state stays);
* ``wound-count``: the facts count one Light Wound too many for every wounded Character;
* ``no-pass``: the legal actions never list Pass.

Run as ``python wrong_engine.py MISTAKE``; it reads requests on stdin like ``conformance serve``.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from nemesis_rules.conformance.protocol import Server


class WrongServer(Server):
    def __init__(self, mistake: str) -> None:
        super().__init__()
        self.mistake = mistake

    def answer(self, line: str) -> dict[str, Any]:
        reply = super().answer(line)
        request = json.loads(line)
        op = request.get("op")
        refused = op == "apply" and reply.get("legal") is False
        if self.mistake == "illegal-move" and refused and request["action"].get("action") == "move":
            return {"ok": True, "legal": True}
        if self.mistake == "wound-count" and op == "facts":
            for character in reply["facts"]["characters"].values():
                if character["light_wounds"] > 0:
                    character["light_wounds"] += 1
        if self.mistake == "no-pass" and op == "legal":
            reply["actions"] = [a for a in reply["actions"] if a.get("action") != "pass"]
        return reply


def main() -> None:
    server = WrongServer(sys.argv[1])
    for line in sys.stdin:
        if line.strip():
            sys.stdout.write(json.dumps(server.answer(line)) + "\n")
            sys.stdout.flush()
        if server.done:
            break


if __name__ == "__main__":
    main()
