"""The conformance protocol: JSON Lines on an engine's stdin and stdout, and this project's
engine behind it (``nemesis-rules conformance serve``).

One request per line, one reply per line, in order. Every request is an object with ``op``; every
reply has ``ok`` (``false`` with ``error`` when the request could not be served: a malformed
line, an unknown ``op``, a situation the engine cannot load, no situation loaded yet):

* ``{"op": "hello"}`` -> ``{"ok": true, "protocol": "nemesis-rules-conformance", "version": 1,
  "engine": "..."}``
* ``{"op": "load", "situation": SNAPSHOT}`` -> ``{"ok": true}``: the state to answer about (a
  state snapshot, ``nemesis-rules schema snapshot``, config included).
* ``{"op": "legal"}`` -> ``{"ok": true, "actions": [LINE, ...]}``: every legal action now, as
  record lines (``nemesis-rules schema record``), in any order.
* ``{"op": "apply", "action": LINE}`` -> ``{"ok": true, "legal": true, "fired": [CLAUSE, ...]}``
  and the state moves on, or ``{"ok": true, "legal": false, "clause": CLAUSE, "reason": "..."}``
  and the state stays as it was. ``fired`` and ``clause`` are optional for an engine that does not
  speak clause ids; an engine that gives them is held to them.
* ``{"op": "facts"}`` -> ``{"ok": true, "facts": {...}}``: the state facts of
  :mod:`nemesis_rules.conformance.facts`.
* ``{"op": "quit"}`` -> ``{"ok": true}``, then the engine exits.

``docs/conformance.md`` is the full description, with an example session.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import IO, Any

from nemesis_rules.conformance.facts import state_facts
from nemesis_rules.errors import BadInputError
from nemesis_rules.model.core.engine import IllegalActionError, RuleGap, legal_actions, step
from nemesis_rules.model.core.state import GameState
from nemesis_rules.record.lines import parse_action
from nemesis_rules.record.snapshot import from_snapshot

__all__ = ["OPS", "PROTOCOL", "PROTOCOL_VERSION", "Server", "serve"]

PROTOCOL = "nemesis-rules-conformance"
PROTOCOL_VERSION = 1
ENGINE = "nemesis-rules reference engine"
OPS: tuple[str, ...] = ("hello", "load", "legal", "apply", "facts", "quit")
"""The requests an engine answers."""


class Server:
    """This project's engine behind the protocol: one loaded state, answered request by request."""

    def __init__(self) -> None:
        self.state: GameState | None = None
        self.done = False
        self.handlers: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            "hello": self._hello,
            "load": self._load,
            "legal": self._legal,
            "apply": self._apply,
            "facts": self._facts,
            "quit": self._quit,
        }

    def answer(self, line: str) -> dict[str, Any]:
        """The reply to one request line (never raises for a bad request: it says ``ok: false``)."""
        try:
            request = json.loads(line)
        except json.JSONDecodeError as exc:
            return _error(f"not JSON: {exc.msg} at column {exc.colno}")
        if not isinstance(request, dict) or not isinstance(request.get("op"), str):
            return _error("a request is a JSON object with a string 'op'")
        handler = self.handlers.get(request["op"])
        if handler is None:
            return _error(f"unknown op {request['op']!r} (ops: {', '.join(OPS)})")
        try:
            return handler(request)
        except BadInputError as exc:
            return _error(str(exc))
        except Exception as exc:  # an engine fault must not end the session with a traceback
            return _error(f"internal fault: {type(exc).__name__}: {exc} (please report)")

    def _quit(self, _: dict[str, Any]) -> dict[str, Any]:
        self.done = True
        return {"ok": True}

    def _hello(self, _: dict[str, Any]) -> dict[str, Any]:
        return {"ok": True, "protocol": PROTOCOL, "version": PROTOCOL_VERSION, "engine": ENGINE}

    def _load(self, request: dict[str, Any]) -> dict[str, Any]:
        self.state = from_snapshot(request.get("situation"), where="load: situation")
        return {"ok": True}

    def _loaded(self) -> GameState:
        if self.state is None:
            raise BadInputError("no situation loaded (send 'load' first)", "request")
        return self.state

    def _legal(self, _: dict[str, Any]) -> dict[str, Any]:
        state = self._loaded()
        options = () if state.end is not None else legal_actions(state)
        return {"ok": True, "actions": [a.to_json() for a in options]}

    def _apply(self, request: dict[str, Any]) -> dict[str, Any]:
        state = self._loaded()
        action = parse_action(request.get("action"), state.config.players, "apply: action")
        try:
            transition = step(state, action)
        except IllegalActionError as refusal:
            return {"ok": True, "legal": False, "clause": refusal.clause, "reason": refusal.reason}
        except RuleGap as gap:
            return _error(f"rule gap at {gap.clause}: {gap.situation}")
        self.state = transition.state
        return {"ok": True, "legal": True, "fired": sorted(set(transition.fired))}

    def _facts(self, _: dict[str, Any]) -> dict[str, Any]:
        return {"ok": True, "facts": state_facts(self._loaded())}


def _error(message: str) -> dict[str, Any]:
    return {"ok": False, "error": message}


def serve(reader: IO[str], writer: IO[str]) -> int:
    """Answer requests from ``reader`` on ``writer`` until ``quit`` or the end of input; 0."""
    server = Server()
    for line in reader:
        if not line.strip():
            continue
        writer.write(json.dumps(server.answer(line), separators=(",", ":")) + "\n")
        writer.flush()
        if server.done:
            break
    return 0
