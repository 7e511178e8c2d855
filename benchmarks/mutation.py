"""Mutation score of the user-facing checkers: which rule defects do `fuzz`, `prove`, `replay` of the
examples, the must-stay-illegal cases (as `check` replays them) and the Hypothesis machine catch?

Run on demand (not in CI; it takes a while on a loaded machine)::

    nice python benchmarks/mutation.py                 # every mutant of benchmarks/mutants.toml
    nice python benchmarks/mutation.py --only base.data --all-checkers --json out.json
    python benchmarks/mutation.py --baseline           # the checkers on the unmutated package

Each mutant (``benchmarks/mutants.toml``: a file of the package, an original snippet that occurs
exactly once, its replacement, the rule family, the ruleset and the issue #19 class it stands for)
is applied to a temporary copy of the package; every checker then runs as a user runs it, in a
subprocess with the copy first on ``PYTHONPATH``, with a budget of 60 s each: CPU seconds of the
checker's process (a shared host's load does not count against it), with a wall-clock stop at
five times that. The seconds reported are CPU seconds. A checker *catches*
a mutant when it reports a rules problem the way it reports one to a user: exit 1 of a command
(a violated invariant, a counterexample, an illegal line, a must-stay-illegal case accepted), a
changed verdict on an example record, or a failed Hypothesis invariant (an AssertionError). A
checker that fails only with a crash (exit 3, a traceback, an exception other than an assertion)
is reported as ``crash``: a traceback is not a catch. By default the checkers run cheapest first
and the first catch ends the mutant (``--all-checkers`` runs them all).

The figures printed: per mutant the verdict, the checker that caught it and the seconds it took;
then the caught share, per class, per family and per ruleset, and the escapes.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "nemesis_rules"
MUTANTS = Path(__file__).resolve().parent / "mutants.toml"
BUDGET = 60.0
CLASSES = ("same-source", "trusting-report", "effect", "edge", "illegal-made-legal", "other")
EXAMPLES = ROOT / "examples"


@dataclass(frozen=True)
class Mutant:
    id: str
    file: str
    original: str
    replacement: str
    family: str
    ruleset: str
    cls: str
    note: str = ""


@dataclass
class Outcome:
    checker: str
    verdict: str  # caught, passed, crash, timeout
    seconds: float
    detail: str = ""


@dataclass
class Result:
    mutant: Mutant
    outcomes: list[Outcome] = field(default_factory=list)

    @property
    def caught_by(self) -> Outcome | None:
        return next((o for o in self.outcomes if o.verdict == "caught"), None)

    @property
    def verdict(self) -> str:
        if self.caught_by is not None:
            return "caught"
        if any(o.verdict == "crash" for o in self.outcomes):
            return "crash"
        return "escaped"


def load_mutants(path: Path = MUTANTS) -> list[Mutant]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    out = []
    for raw in data["mutant"]:
        mutant = Mutant(
            raw["id"],
            raw["file"],
            raw["original"],
            raw["replacement"],
            raw["family"],
            raw["ruleset"],
            raw["class"],
            raw.get("note", ""),
        )
        if mutant.cls not in CLASSES:
            raise SystemExit(f"mutant {mutant.id}: unknown class {mutant.cls!r}")
        out.append(mutant)
    ids = [m.id for m in out]
    if len(ids) != len(set(ids)):
        raise SystemExit("mutants.toml: duplicate ids")
    return out


def use_tree(root: Path) -> None:
    """Measure the checkers of another checkout (its package, examples and tests), e.g. main."""
    global ROOT, PACKAGE, EXAMPLES
    ROOT = root.resolve()
    PACKAGE = ROOT / "nemesis_rules"
    EXAMPLES = ROOT / "examples"


def stale(mutants: list[Mutant], package: Path | None = None) -> list[str]:
    """The mutants whose original does not occur exactly once in ``package`` (default: the measured
    tree's), one line each: a rule fix that rewrites a mutated line leaves its mutant stale."""
    root = PACKAGE if package is None else package
    problems = []
    for mutant in mutants:
        target = root / mutant.file
        if not target.is_file():
            problems.append(f"mutant {mutant.id}: no file {mutant.file}")
            continue
        count = target.read_text(encoding="utf-8").count(mutant.original)
        if count != 1:
            problems.append(f"mutant {mutant.id}: its original occurs {count} times in {mutant.file} (stale mutant)")
    return problems


def apply(mutant: Mutant, into: Path) -> None:
    """Copy the package into ``into`` and apply the mutant (its original must occur exactly once)."""
    shutil.copytree(PACKAGE, into / "nemesis_rules", ignore=shutil.ignore_patterns("__pycache__"))
    problems = stale([mutant], into / "nemesis_rules")
    if problems:
        raise SystemExit(problems[0])
    target = into / "nemesis_rules" / mutant.file
    target.write_text(target.read_text(encoding="utf-8").replace(mutant.original, mutant.replacement), encoding="utf-8")


def _env(tree: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(tree)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


WALL_FACTOR = 5.0
"""On a shared host a checker's wall time says more about the other tenants than about it: the
budget is CPU seconds (RLIMIT_CPU in the child), with a wall-clock stop at this multiple."""


def _cpu_limit(budget: float) -> Callable[[], None]:
    def limit() -> None:
        seconds = max(1, int(budget))
        resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds + 5))

    return limit


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _run(args: list[str], tree: Path, budget: float) -> tuple[int | None, str, float]:
    """Run a checker; returns its exit code (None: over budget), output and CPU seconds."""
    start = _children_cpu()
    try:
        done = subprocess.run(
            args,
            cwd=tree,
            env=_env(tree),
            capture_output=True,
            text=True,
            timeout=budget * WALL_FACTOR,
            check=False,
            preexec_fn=_cpu_limit(budget),
        )
    except subprocess.TimeoutExpired:
        return None, "", budget
    cpu = _children_cpu() - start
    if done.returncode < 0 or cpu > budget:  # killed by the CPU limit (SIGXCPU / SIGKILL)
        return None, done.stdout + done.stderr, cpu
    return done.returncode, done.stdout + done.stderr, cpu


def _crashed(code: int | None, output: str) -> bool:
    return code == 3 or "Traceback (most recent call last)" in output or "please report" in output


def _cli(*args: str) -> list[str]:
    return [sys.executable, "-c", "from nemesis_rules.cli.app import main; main()", *args]


def check_refusals(tree: Path, budget: float) -> Outcome:
    """The must-stay-illegal cases, replayed as ``check`` replays them."""
    code, out, seconds = _run(
        [sys.executable, "-c", "from nemesis_rules.invariants.refusals import main; main()"], tree, budget
    )
    return _verdict("must-stay-illegal", code, out, seconds)


def check_prove(tree: Path, budget: float) -> Outcome:
    code, out, seconds = _run(_cli("prove"), tree, budget)
    return _verdict("prove", code, out, seconds)


FUZZ_GAMES = 160
"""The campaign's size: about a quarter of the CPU budget on this machine (40 games took 4-5 s), so that
the edge games (every other block of ten) meet each limit several times."""


def check_fuzz(tree: Path, budget: float) -> Outcome:
    out_dir = tree / "fuzz-out"
    code, out, seconds = _run(
        _cli(
            "fuzz",
            "--games",
            str(FUZZ_GAMES),
            "--jobs",
            "1",
            "--seed",
            "1",
            "--shrink-budget",
            "0",
            "--out",
            str(out_dir),
        ),
        tree,
        budget,
    )
    return _verdict("fuzz", code, out, seconds)


def check_hypothesis(tree: Path, budget: float) -> Outcome:
    tests = ROOT / "tests"
    code, out, seconds = _run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-x",
            "-p",
            "no:randomly",
            "-p",
            "no:cacheprovider",
            f"--rootdir={tree}",
            "-c",
            str(ROOT / "pyproject.toml"),
            str(tests / "test_stateful.py"),
            "-k",
            "TestGame",
        ],
        tree,
        budget,
    )
    if code is None:
        return Outcome("hypothesis", "timeout", seconds)
    if code == 0:
        return Outcome("hypothesis", "passed", seconds)
    failed = re.search(r"^FAILED \S+ - (\w+)", out, re.MULTILINE)
    kind = failed.group(1) if failed else "?"
    detail = _first_line(out, "FAILED") or kind
    # an invariant that raised (reported as "the invariant itself failed") is a traceback, not a catch
    crashed = kind != "AssertionError" or "the invariant itself failed" in out
    return Outcome("hypothesis", "crash" if crashed else "caught", seconds, detail)


_EXPECTED: dict[str, tuple[int, str]] = {}


REPLAY_SCRIPT = """
import json, sys
from nemesis_rules.errors import BadInputError
from nemesis_rules.record import read_record, replay_record
out = {}
for path in sys.argv[1:]:
    try:
        result = replay_record(read_record(path))
    except BadInputError as exc:
        out[path] = [2, ""]
        continue
    clause = ",".join(p.clause for p in result.problems)
    kinds = ",".join(p.kind for p in result.problems)
    out[path] = [0 if result.legal else (3 if "engine-error" in kinds else 1), clause]
print(json.dumps(out))
"""


def _example_verdicts(tree: Path, budget: float) -> dict[str, tuple[int | None, str]]:
    """Each example record's verdict as ``replay`` gives it: (exit code, refusing clauses); the
    records are replayed in one process (``replay_record``, what the command runs), so that
    process start-up does not eat the budget."""
    records = sorted(EXAMPLES.glob("*.jsonl"))
    code, out, _ = _run([sys.executable, "-c", REPLAY_SCRIPT, *map(str, records)], tree, budget)
    if code is None:
        return {r.name: (None, "") for r in records}
    if code != 0:
        return {r.name: (3, out[-400:]) for r in records}
    verdicts = json.loads(out.strip().splitlines()[-1])
    return {Path(k).name: (int(v[0]), str(v[1])) for k, v in verdicts.items()}


def check_replay(tree: Path, budget: float) -> Outcome:
    """Every example record keeps its verdict (legal, illegal at the same clause, bad input)."""
    start = _children_cpu()
    found = _example_verdicts(tree, budget)
    seconds = _children_cpu() - start
    if any(code is None for code, _ in found.values()):
        return Outcome("replay", "timeout", seconds)
    if any(_crashed(code, text) for code, text in found.values()):
        return Outcome("replay", "crash", seconds, next(t for c, t in found.values() if _crashed(c, t)))
    changed = [name for name, verdict in found.items() if _EXPECTED.get(name) != verdict]
    if changed:
        return Outcome("replay", "caught", seconds, f"changed verdict: {', '.join(changed)}")
    return Outcome("replay", "passed", seconds)


def _verdict(checker: str, code: int | None, out: str, seconds: float) -> Outcome:
    if code is None:
        return Outcome(checker, "timeout", seconds)
    if code == 0:
        return Outcome(checker, "passed", seconds)
    if _crashed(code, out):
        return Outcome(checker, "crash", seconds, out.strip().splitlines()[-1][:200] if out.strip() else "")
    if code == 1:
        return Outcome(checker, "caught", seconds, _first_line(out, "violat", "FAILED", "counterexample", "accepted"))
    return Outcome(checker, "crash", seconds, f"exit {code}: " + (out.strip().splitlines() or [""])[-1][:200])


def _first_line(out: str, *words: str) -> str:
    for line in out.splitlines():
        if any(w.lower() in line.lower() for w in words):
            return line.strip()[:200]
    return ""


CHECKERS = {
    "must-stay-illegal": check_refusals,
    "replay": check_replay,
    "prove": check_prove,
    "fuzz": check_fuzz,
    "hypothesis": check_hypothesis,
}


def run_mutant(mutant: Mutant, checkers: list[str], all_checkers: bool, budget: float) -> Result:
    result = Result(mutant)
    with tempfile.TemporaryDirectory(prefix="mutant-") as tmp:
        tree = Path(tmp)
        apply(mutant, tree)
        for name in checkers:
            outcome = CHECKERS[name](tree, budget)
            result.outcomes.append(outcome)
            if outcome.verdict == "caught" and not all_checkers:
                break
    return result


def baseline(budget: float, checkers: list[str]) -> list[Outcome]:
    """The checkers on the unmutated package: every one must pass (else every mutant looks caught)."""
    with tempfile.TemporaryDirectory(prefix="baseline-") as tmp:
        tree = Path(tmp)
        shutil.copytree(PACKAGE, tree / "nemesis_rules", ignore=shutil.ignore_patterns("__pycache__"))
        _EXPECTED.update({k: (c if c is not None else -1, t) for k, (c, t) in _example_verdicts(tree, 600).items()})
        return [CHECKERS[name](tree, budget * 2) for name in checkers]


def summary(results: list[Result]) -> dict[str, object]:
    def share(rows: list[Result]) -> str:
        caught = sum(r.verdict == "caught" for r in rows)
        return f"{caught}/{len(rows)}"

    groups: dict[str, dict[str, str]] = {}
    for key in ("cls", "family", "ruleset"):
        values = sorted({getattr(r.mutant, key) for r in results})
        groups[key] = {v: share([r for r in results if getattr(r.mutant, key) == v]) for v in values}
    by_checker: dict[str, int] = {}
    for r in results:
        if r.caught_by is not None:
            by_checker[r.caught_by.checker] = by_checker.get(r.caught_by.checker, 0) + 1
    caught = sum(r.verdict == "caught" for r in results)
    return {
        "mutants": len(results),
        "caught": caught,
        "share": round(caught / len(results), 3) if results else 0.0,
        "crash_only": sum(r.verdict == "crash" for r in results),
        "by_checker": by_checker,
        "by_class": groups["cls"],
        "by_family": groups["family"],
        "by_ruleset": groups["ruleset"],
        "escapes": [
            {
                "id": r.mutant.id,
                "class": r.mutant.cls,
                "note": r.mutant.note,
                "outcomes": [f"{o.checker}: {o.verdict}" for o in r.outcomes],
            }
            for r in results
            if r.verdict != "caught"
        ],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="only mutants whose id starts with one of these (comma-separated)")
    parser.add_argument("--checkers", default=",".join(CHECKERS), help="comma-separated, in order")
    parser.add_argument("--all-checkers", action="store_true", help="run every checker on every mutant")
    parser.add_argument("--budget", type=float, default=BUDGET, help="seconds per checker (default 60)")
    parser.add_argument("--baseline", action="store_true", help="only run the checkers on the unmutated package")
    parser.add_argument("--json", type=Path, help="also write the results here")
    parser.add_argument("--tree", type=Path, help="the checkout whose checkers are measured (default: this one)")
    args = parser.parse_args()
    if args.tree is not None:
        use_tree(args.tree)
    checkers = [c for c in args.checkers.split(",") if c]
    unknown = [c for c in checkers if c not in CHECKERS]
    if unknown:
        raise SystemExit(f"unknown checker(s) {unknown}; known: {', '.join(CHECKERS)}")
    prefixes = tuple(p for p in args.only.split(",") if p) or ("",)
    mutants = [m for m in load_mutants() if m.id.startswith(prefixes)]
    problems = stale(mutants)
    if problems:  # before the baseline: a stale mutant found at the end wastes the whole run
        raise SystemExit("\n".join(problems))
    clean = baseline(args.budget, checkers)
    for o in clean:
        print(f"baseline {o.checker:18} {o.verdict:8} {o.seconds:6.1f}s {o.detail}", flush=True)
    if any(o.verdict != "passed" for o in clean):
        raise SystemExit("the unmutated package does not pass every checker: fix that first")
    if args.baseline:
        return
    results = []
    for mutant in mutants:
        result = run_mutant(mutant, checkers, args.all_checkers, args.budget)
        results.append(result)
        by = result.caught_by
        outcomes = "; ".join(f"{o.checker} {o.verdict}" for o in result.outcomes)
        tail = f"{by.checker} in {by.seconds:.1f}s" if by else outcomes
        print(f"{mutant.id:48} {result.verdict:8} {tail}", flush=True)
    report = summary(results)
    print(json.dumps(report, indent=2))
    if args.json:
        payload = {
            "summary": report,
            "mutants": [
                {
                    "id": r.mutant.id,
                    "class": r.mutant.cls,
                    "family": r.mutant.family,
                    "ruleset": r.mutant.ruleset,
                    "verdict": r.verdict,
                    "outcomes": [
                        {"checker": o.checker, "verdict": o.verdict, "seconds": round(o.seconds, 1), "detail": o.detail}
                        for o in r.outcomes
                    ],
                }
                for r in results
            ],
        }
        tmp = args.json.with_suffix(".tmp")
        tmp.write_text(json.dumps(payload, indent=2), encoding="utf-8")
        tmp.replace(args.json)


if __name__ == "__main__":
    main()
