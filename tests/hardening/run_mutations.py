"""The mutation campaign of issue 21, run on demand (not by pytest): N mutated records through
the calls ``nemesis-rules replay`` makes, then a sample through the command line.

    python tests/hardening/run_mutations.py --records 100000 --start 0 [--cli 1000] [--processes 50]
        [--json OUT] [--trust-start] [--snapshots]

Mutant ``i`` is made from ``random.Random(i)``, so a campaign can run in chunks (``--start``)
and any finding replays from its number. Reports how many came out as each kind, every
exception type other than the typed bad-input, illegal and gap outcomes, the longest run, and
the most lines a message took; the CLI sample reports exit codes and any traceback.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from mutators import mutant, replay_outcome, snapshot_record_mutant
from typer.testing import CliRunner

from nemesis_rules.cli.app import app


def campaign(count: int, start: int, trust_start: bool = False, snapshots: bool = False) -> dict[str, object]:
    kinds: Counter[str] = Counter()
    findings: dict[str, int] = {}
    slowest = (0.0, -1)
    most_cpu = (0.0, -1)
    lines = {"problem": 0, "bad-input": 0}
    started = time.perf_counter()
    for number in range(start, start + count):
        text = (snapshot_record_mutant if snapshots else mutant)(random.Random(number))
        outcome = replay_outcome(text, f"<mutant {number}>", trust_start=trust_start)
        kinds[outcome.kind] += 1
        if outcome.seconds > slowest[0]:
            slowest = (outcome.seconds, number)
        if outcome.cpu_seconds > most_cpu[0]:
            most_cpu = (outcome.cpu_seconds, number)
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
        "max_cpu_seconds": round(most_cpu[0], 3),
        "most_cpu_mutant": most_cpu[1],
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


def process_sample(count: int, start: int) -> dict[str, object]:
    """Mutants through the installed ``nemesis-rules`` command, each in a process of its own."""
    command = shutil.which("nemesis-rules") or str(Path(sys.executable).parent / "nemesis-rules")
    codes: Counter[int] = Counter()
    tracebacks: list[int] = []
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "mutant.jsonl"
        for number in range(start, start + count):
            path.write_bytes(mutant(random.Random(number)).encode("utf-8", errors="surrogateescape"))
            done = subprocess.run([command, "replay", str(path), "--lenient"], capture_output=True, text=True)
            codes[done.returncode] += 1
            if "Traceback" in done.stdout + done.stderr:
                tracebacks.append(number)
    return {"records": count, "exit_codes": dict(codes), "tracebacks": tracebacks}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=100_000)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--cli", type=int, default=0, help="Also run this many mutants through the command line.")
    parser.add_argument("--processes", type=int, default=0, help="And this many through the installed command.")
    parser.add_argument("--json", type=Path, help="Write the figures here as well.")
    parser.add_argument(
        "--trust-start", action="store_true", help="Replay starting snapshots unchecked (faults show as findings)."
    )
    parser.add_argument("--snapshots", action="store_true", help="Mutate only inside records' starting snapshots.")
    args = parser.parse_args()
    report: dict[str, object] = {"replay": campaign(args.records, args.start, args.trust_start, args.snapshots)}
    if args.cli:
        report["cli"] = cli_sample(args.cli, args.start)
    if args.processes:
        report["processes"] = process_sample(args.processes, args.start)
    text = json.dumps(report, indent=2)
    print(text)
    if args.json:
        args.json.write_text(text + "\n")


if __name__ == "__main__":
    main()
