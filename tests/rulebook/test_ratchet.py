"""The implementation ratchet: every catalogued clause has code and a test, or is listed as lacking them.

data/unimplemented.txt may only shrink (nemesis_rules.rulebook.ratchet explains it and regenerates it).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from nemesis_rules.rulebook import catalogue
from nemesis_rules.rulebook.ratchet import (
    HEADER,
    LIST_PATH,
    compare,
    current_gaps,
    load_list,
    main,
    parse_list,
    render_list,
)
from nemesis_rules.rulebook.references import tests_dir as repo_tests_dir

REGENERATE = "python -m nemesis_rules.rulebook.ratchet --write"


def test_every_clause_without_code_or_test_is_listed_and_the_list_only_shrinks() -> None:
    if repo_tests_dir() is None:  # pragma: no cover - the tests run from a checkout, beside tests/
        pytest.skip("no tests/ folder beside the package, so test names cannot be read")
    diff = compare(load_list(), current_gaps())
    grown = [f"{cid} has no {aspect}" for cid, aspect in diff.grown]
    closed = [f"{cid} now has {aspect}" for cid, aspect in diff.closed]
    assert not grown, "clauses lack code or a test and are not listed (implement and test them):\n" + "\n".join(grown)
    assert not closed, f"listed clauses gained code or a test; shrink the list ({REGENERATE}):\n" + "\n".join(closed)


def test_the_checked_in_list_is_well_formed_and_sorted() -> None:
    listed = load_list()
    assert LIST_PATH.read_text(encoding="utf-8") == render_list(listed)
    assert set(listed) <= set(catalogue())


def test_parse_and_render_round_trip() -> None:
    text = HEADER + "base.noise.danger test\nvs.lurking.find code test\n"
    parsed = parse_list(text)
    assert parsed == {"base.noise.danger": {"test"}, "vs.lurking.find": {"code", "test"}}
    assert render_list(parsed) == text


@pytest.mark.parametrize(
    "line", ["base.noise.danger", "base.noise.danger tests", "base.noise.danger test\nbase.noise.danger code"]
)
def test_malformed_lines_are_rejected(line: str) -> None:
    with pytest.raises(ValueError, match="line"):
        parse_list(line)


def test_compare_names_growth_and_closure() -> None:
    listed = parse_list("base.a.b code test\nbase.c.d test\n")
    current = parse_list("base.a.b test\nbase.e.f code\n")
    diff = compare(listed, current)
    assert diff.grown == (("base.e.f", "code"),)
    assert diff.closed == (("base.a.b", "code"), ("base.c.d", "test"))
    assert not diff.clean and compare(current, current).clean


def test_regeneration_refuses_to_grow_the_list(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import nemesis_rules.rulebook.ratchet as ratchet

    target = tmp_path / "unimplemented.txt"
    target.write_text(HEADER, encoding="utf-8")
    monkeypatch.setattr(ratchet, "LIST_PATH", target)
    monkeypatch.setattr(ratchet, "load_list", lambda path=target: parse_list(target.read_text(encoding="utf-8")))
    monkeypatch.setattr(ratchet, "current_gaps", lambda: parse_list("base.noise.danger test\n"))
    assert main(["--write"]) == 1 and target.read_text(encoding="utf-8") == HEADER
    assert main(["--write", "--allow-growth"]) == 0
    assert parse_list(target.read_text(encoding="utf-8")) == {"base.noise.danger": {"test"}}
    monkeypatch.setattr(ratchet, "current_gaps", lambda: parse_list(""))
    assert main([]) == 1  # out of date, not rewritten
    assert main(["--write"]) == 0 and parse_list(target.read_text(encoding="utf-8")) == {}
