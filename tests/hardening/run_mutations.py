"""The mutation campaign of issue 21, run on demand (not by pytest): N mutated records through
the calls ``nemesis-rules replay`` makes, then a sample through the command line.

    python tests/hardening/run_mutations.py --records 100000 --start 0 [--cli 1000] [--json OUT]

Mutant ``i`` is made from ``random.Random(i)``, so a campaign can run in chunks (``--start``)
and any finding replays from its number. Reports how many came out as each kind, every
exception type other than the typed bad-input, illegal and gap outcomes, the longest run, and
the most lines a message took; the CLI sample reports exit codes and any traceback.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from mutators import mutant, replay_outcome
from typer.testing import CliRunner

from nemesis_rules.cli.app import app


def campaign(count: int, start: int) -> dict[str, object]:
    kinds: Counter[str] = Counter()
    findings: dict[str, int] = {}
    slowest = (0.0, -1)
    lines = {"problem": 0, "bad-input": 0}
    started = time.perf_counter()
    for number in range(start, start + count):
        outcome = replay_outcome(mutant(random.Random(number)), f"<mutant {number}>")
        kinds[outcome.kind] += 1
        if outcome.seconds > slowest[0]:
            slowest = (outcome.seconds, number)
        if outcome.kind == "finding":
            findings.setdefault(outcome.error.split(":", 1)[0], number)
            print(f"finding in mutant {number}: {outcome.error}", file=sys.stderr)
        elif outcome.kind == "bad-input":
            lines["bad-input"] = max(lines["bad-input"], outcome.message_lines)
        else:
            lines["problem"] = max(lines["problem"], outcome.message_lines)
        if (number - start + 1) % 5000 == 0:
            print(f"{number - start + 1} mutants, {dict(kinds)}", file=sys.stderr, flush=True)
    return {
        "records": count,
        "first": start,
        "kinds": dict(kinds),
        "findings": findings,
        "max_seconds": round(slowest[0], 3),
        "slowest_mutant": slowest[1],
        "max_message_lines": lines,
        "seconds": round(time.perf_counter() - started, 1),
    }


def cli_sample(count: int, start: int) -> dict[str, object]:
    runner = CliRunner()
    codes: Counter[int] = Counter()
    tracebacks: list[int] = []
    multi_line: list[int] = []
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "mutant.jsonl"
        for number in range(start, start + count):
            path.write_bytes(mutant(random.Random(number)).encode("utf-8", errors="surrogateescape"))
            result = runner.invoke(app, ["replay", str(path), "--lenient"])
            codes[result.exit_code] += 1
            output = result.stdout + result.stderr
            if "Traceback" in output or not (result.exception is None or isinstance(result.exception, SystemExit)):
                tracebacks.append(number)
            if result.exit_code == 2 and len(result.stderr.strip().splitlines()) != 1:
                multi_line.append(number)
    return {"records": count, "exit_codes": dict(codes), "tracebacks": tracebacks, "multi_line_errors": multi_line}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=100_000)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--cli", type=int, default=0, help="Also run this many mutants through the command line.")
    parser.add_argument("--json", type=Path, help="Write the figures here as well.")
    args = parser.parse_args()
    report: dict[str, object] = {"replay": campaign(args.records, args.start)}
    if args.cli:
        report["cli"] = cli_sample(args.cli, args.start)
    text = json.dumps(report, indent=2)
    print(text)
    if args.json:
        args.json.write_text(text + "\n")


if __name__ == "__main__":
    main()
