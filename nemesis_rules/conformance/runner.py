"""Running a suite against an engine that speaks the protocol (:mod:`.protocol`) on stdin/stdout.

Each case is loaded into the engine, then either its legal actions are asked and compared as a
set (a ``legal-set`` case: what is missing, what is extra), or its actions are applied one by one
and each verdict compared (legal or not; the refusing clause and the clauses fired when the engine
gives them), and finally the state facts are asked and compared fact by fact. A case passes when
nothing differs. An engine that cannot be started, or does not answer ``hello`` with this
protocol, is :class:`EngineError`; an engine that stops or falls silent during a case fails that
case and is started again.
"""

from __future__ import annotations

import json
import queue
import shlex
import subprocess
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import IO, Any

from nemesis_rules.conformance.facts import fact_differences
from nemesis_rules.conformance.protocol import PROTOCOL, PROTOCOL_VERSION

__all__ = ["CaseResult", "Engine", "EngineError", "run_case", "run_cases"]

TIMEOUT = 60.0
"""Seconds an engine may take to answer one request before its case fails."""


class EngineError(Exception):
    """The engine could not be started, or does not speak the protocol."""


class _Stopped(Exception):
    """The engine stopped or fell silent in the middle of a case."""


def _pump(stream: IO[str], lines: queue.Queue[str | None]) -> None:
    for line in stream:
        lines.put(line)
    lines.put(None)


class Engine:
    """An engine process driven over the protocol."""

    def __init__(self, command: str, timeout: float = TIMEOUT) -> None:
        self.command = command
        self.timeout = timeout
        self.process: subprocess.Popen[str] | None = None
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.name = ""

    def start(self) -> None:
        """Start the process and check its ``hello``; :class:`EngineError` when either fails."""
        try:
            argv = shlex.split(self.command)
        except ValueError as exc:
            raise EngineError(f"cannot parse the engine command: {exc}") from None
        if not argv:
            raise EngineError("the engine command is empty")
        try:
            self.process = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                encoding="utf-8",
                bufsize=1,
            )
        except OSError as exc:
            raise EngineError(f"cannot start {argv[0]!r}: {exc.strerror or exc}") from None
        self.lines = queue.Queue()
        assert self.process.stdout is not None
        threading.Thread(target=_pump, args=(self.process.stdout, self.lines), daemon=True).start()
        try:
            reply = self.request({"op": "hello"})
        except _Stopped as exc:
            self.stop()
            raise EngineError(f"the engine does not answer 'hello': {exc}") from None
        if reply.get("protocol") != PROTOCOL or reply.get("version") != PROTOCOL_VERSION:
            self.stop()
            raise EngineError(
                f"the engine does not speak {PROTOCOL} version {PROTOCOL_VERSION} "
                f"(its hello: {json.dumps(reply)[:200]})"
            )
        self.name = str(reply.get("engine", ""))

    def request(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send one request and wait for its reply (:class:`_Stopped` when none comes)."""
        process = self.process
        if process is None or process.stdin is None or process.poll() is not None:
            raise _Stopped("the engine is not running")
        try:
            process.stdin.write(json.dumps(message, separators=(",", ":")) + "\n")
            process.stdin.flush()
        except (BrokenPipeError, OSError):
            raise _Stopped("the engine closed its input") from None
        try:
            line = self.lines.get(timeout=self.timeout)
        except queue.Empty:
            raise _Stopped(f"no reply to {message['op']!r} within {self.timeout:g} s") from None
        if line is None:
            raise _Stopped(f"the engine stopped (exit code {process.wait()}) before answering {message['op']!r}")
        try:
            reply = json.loads(line)
        except json.JSONDecodeError:
            raise _Stopped(f"the reply to {message['op']!r} is not JSON: {line.strip()[:120]!r}") from None
        if not isinstance(reply, dict):
            raise _Stopped(f"the reply to {message['op']!r} is not an object")
        return reply

    def stop(self) -> None:
        """Ask the engine to quit, then end the process if it does not."""
        process = self.process
        self.process = None
        if process is None:
            return
        try:
            if process.poll() is None and process.stdin is not None:
                process.stdin.write('{"op":"quit"}\n')
                process.stdin.flush()
                process.stdin.close()
            process.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            process.kill()
            process.wait()


@dataclass(slots=True)
class CaseResult:
    """One case's outcome: ``differences`` empty when it passed."""

    id: str
    kind: str
    title: str
    clause: str | None
    differences: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.differences

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "kind": self.kind,
            "title": self.title,
            "clause": self.clause,
            "passed": self.passed,
            "differences": self.differences,
        }


def _canonical(line: Any) -> str:
    return json.dumps(line, sort_keys=True, separators=(",", ":"))


def _ok(reply: dict[str, Any], what: str) -> dict[str, Any]:
    if reply.get("ok") is not True:
        raise _CaseFailed(f"{what}: the engine answered an error: {str(reply.get('error', reply))[:200]}")
    return reply


class _CaseFailed(Exception):
    pass


def _legal_differences(expected: list[Any], reply: dict[str, Any]) -> list[str]:
    actions = reply.get("actions")
    if not isinstance(actions, list):
        return ["legal: the reply has no list 'actions'"]
    want = {_canonical(a) for a in expected}
    got = [_canonical(a) for a in actions]
    out = [f"legal: missing {m}" for m in sorted(want - set(got))]
    out += [f"legal: not legal here, listed anyway {e}" for e in sorted(set(got) - want)]
    if len(got) != len(set(got)):
        out.append("legal: an action is listed twice")
    return out


def _step_differences(number: int, expected: dict[str, Any], reply: dict[str, Any]) -> list[str]:
    where = f"step {number} {_canonical(expected['action'])}"
    legal = reply.get("legal")
    if not isinstance(legal, bool):
        return [f"{where}: the reply has no boolean 'legal'"]
    if legal != expected["legal"]:
        said = "legal" if legal else f"illegal [{reply.get('clause')}] ({reply.get('reason')})"
        want = "legal" if expected["legal"] else f"illegal [{expected.get('clause')}]"
        return [f"{where}: expected {want}, the engine says {said}"]
    if not legal and "clause" in reply and reply["clause"] != expected.get("clause"):
        return [f"{where}: refused under {reply['clause']!r}, expected {expected.get('clause')!r}"]
    if legal and "fired" in reply and isinstance(reply["fired"], list):
        fired_want, fired_got = set(expected.get("fired", ())), set(reply["fired"])
        if fired_want != fired_got:
            return [f"{where}: fired missing {sorted(fired_want - fired_got)}, extra {sorted(fired_got - fired_want)}"]
    return []


def run_case(engine: Engine, case: dict[str, Any]) -> CaseResult:
    """Drive ``engine`` through one case and compare every answer."""
    result = CaseResult(str(case["id"]), str(case.get("kind", "")), str(case.get("title", "")), case.get("clause"))
    try:
        _ok(engine.request({"op": "load", "situation": case["situation"]}), "load")
        if "legal" in case:
            result.differences += _legal_differences(case["legal"], _ok(engine.request({"op": "legal"}), "legal"))
        for number, expected in enumerate(case.get("steps", ()), start=1):
            reply = _ok(engine.request({"op": "apply", "action": expected["action"]}), f"step {number}")
            result.differences += _step_differences(number, expected, reply)
        if case.get("facts") is not None:
            reply = _ok(engine.request({"op": "facts"}), "facts")
            facts = reply.get("facts")
            if not isinstance(facts, dict):
                result.differences.append("facts: the reply has no object 'facts'")
            else:
                result.differences += [f"facts: {d}" for d in fact_differences(case["facts"], facts)]
    except _CaseFailed as exc:
        result.differences.append(str(exc))
    except _Stopped as exc:
        result.differences.append(f"engine failure: {exc}")
        engine.stop()
        engine.start()
    return result


def run_cases(
    command: str,
    cases: Iterable[dict[str, Any]],
    *,
    timeout: float = TIMEOUT,
    on_result: Callable[[CaseResult], None] | None = None,
) -> list[CaseResult]:
    """Start the engine ``command`` and run every case through it; :class:`EngineError` when it
    cannot be started (or restarted after a failure)."""
    engine = Engine(command, timeout)
    engine.start()
    results: list[CaseResult] = []
    try:
        for case in cases:
            result = run_case(engine, case)
            results.append(result)
            if on_result is not None:
                on_result(result)
    finally:
        engine.stop()
    return results
