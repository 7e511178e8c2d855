"""Every output path error is one line and exit 2, and no exit path leaves a temporary file
beside a target (issue 21; design.md: outputs written atomically).

A file where a folder is wanted, a missing parent, a read-only folder, a folder where the file
is wanted: each is :class:`BadInputError` from :func:`write_atomic` and one line from the
command line (``fuzz --out FILE`` used to end in a ``NotADirectoryError`` traceback). A
SIGTERM, SIGINT or SIGHUP arriving in the middle of a write removes the temporary file.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nemesis_rules import atomic
from nemesis_rules.atomic import ensure_folder, write_atomic
from nemesis_rules.cli.app import app
from nemesis_rules.errors import BadInputError

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_a_file_where_a_folder_is_wanted(tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("x")
    with pytest.raises(BadInputError, match=r"cannot write '.*a-file/out.json': Not a directory"):
        write_atomic(tmp_path / "a-file" / "out.json", "{}")
    with pytest.raises(BadInputError, match=r"cannot write to the folder '.*a-file': it is a file"):
        ensure_folder(tmp_path / "a-file")
    with pytest.raises(BadInputError, match=r"cannot make the folder '.*a-file/sub'"):
        ensure_folder(tmp_path / "a-file" / "sub")


def test_a_missing_parent(tmp_path: Path) -> None:
    with pytest.raises(BadInputError, match=r"cannot write '.*missing/out.json': No such file or directory"):
        write_atomic(tmp_path / "missing" / "out.json", "{}")


def test_a_folder_where_the_file_is_wanted_leaves_no_temporary_file(tmp_path: Path) -> None:
    (tmp_path / "taken").mkdir()
    with pytest.raises(BadInputError, match=r"cannot write '.*taken'"):
        write_atomic(tmp_path / "taken", "{}")
    assert _leftovers(tmp_path) == []


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into a read-only folder")
def test_a_read_only_folder(tmp_path: Path) -> None:
    folder = tmp_path / "locked"
    folder.mkdir(mode=0o555)
    with pytest.raises(BadInputError, match="Permission denied"):
        write_atomic(folder / "out.json", "{}")


def test_a_refused_write_is_one_line_naming_the_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The read-only case as the system reports it (the suite may run as root, who is never refused)."""

    def refused(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(atomic.tempfile, "mkstemp", refused)
    with pytest.raises(BadInputError) as caught:
        write_atomic(tmp_path / "line\nbreak.json", "{}")
    assert str(caught.value) == f"cannot write {str(tmp_path / 'line')!r}"[:-1] + "\\nbreak.json': Permission denied"


def test_fuzz_out_an_existing_file_is_one_line_exit_2(tmp_path: Path) -> None:
    target = tmp_path / "not-a-folder"
    target.write_text("keep me")
    result = runner.invoke(app, ["fuzz", "--games", "1", "--out", str(target)])
    assert result.exit_code == 2, (result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "not-a-folder" in lines[0] and "Traceback" not in result.stderr
    assert target.read_text() == "keep me"


@pytest.mark.parametrize("where", ["missing/board.json", "a-file/board.json", "a-folder"])
def test_board_out_an_unusable_path_is_one_line_exit_2(tmp_path: Path, where: str) -> None:
    (tmp_path / "a-file").write_text("x")
    (tmp_path / "a-folder").mkdir()
    result = runner.invoke(app, ["board", "--format", "json", "--output", str(tmp_path / where)])
    assert result.exit_code == 2, (result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("nemesis-rules: error: cannot write '"), lines
    assert _leftovers(tmp_path) == [] and _leftovers(tmp_path / "a-folder") == []


CHILD = textwrap.dedent(
    """
    import os, sys, time
    from nemesis_rules import atomic

    def stalled(fd):  # the write is under way, its temporary file on disk: wait for the signal
        print("writing", flush=True)
        time.sleep(60)

    os.fsync = stalled
    atomic.write_atomic(sys.argv[1], "payload" * 1000)
    """
)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP], ids=lambda s: s.name)
def test_a_signal_during_a_write_removes_the_temporary_file(tmp_path: Path, signum: signal.Signals) -> None:
    target = tmp_path / "out.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(target)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "writing"
    assert len(_leftovers(tmp_path)) == 1  # the temporary file exists while the write stalls
    child.send_signal(signum)
    child.communicate(timeout=30)
    assert child.returncode != 0
    assert _leftovers(tmp_path) == []
    assert not target.exists()


class _Stopped(Exception):
    pass


def test_a_signal_during_a_write_runs_the_programs_own_handler_after_the_cleanup(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[list[str]] = []

    def own_handler(signum: int, frame: object) -> None:
        seen.append(_leftovers(tmp_path))  # the temporary file is already gone when it runs
        raise _Stopped

    def signalled(fd: int) -> None:
        os.kill(os.getpid(), signal.SIGTERM)

    before = signal.signal(signal.SIGTERM, own_handler)
    try:
        monkeypatch.setattr(atomic.os, "fsync", signalled)
        with pytest.raises(_Stopped):
            write_atomic(tmp_path / "out.json", "{}")
        assert seen == [[]]
        assert signal.getsignal(signal.SIGTERM) is own_handler  # put back as it was
    finally:
        signal.signal(signal.SIGTERM, before)
    assert _leftovers(tmp_path) == [] and not (tmp_path / "out.json").exists()
