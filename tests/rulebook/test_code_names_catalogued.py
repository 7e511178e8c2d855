"""Engine code names only catalogued ids; how code and tests are found to name a clause.

design.md principle 4: every rule cites its clause, and code that names an id the catalogue lacks is a bug.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

from nemesis_rules.rulebook import catalogue, rulings
from nemesis_rules.rulebook.references import (
    ID_LITERAL,
    Location,
    clause_implementations,
    code_names,
    id_pattern,
    names_in_code,
    names_in_tests,
    package_dir,
    underscored,
)

KNOWN = frozenset(catalogue()) | frozenset(rulings())
MODEL = package_dir() / "model"
LITERAL = re.compile(r"^(base|vs)\.[a-z0-9.-]+$")


@cache
def _model_literals() -> list[tuple[str, str, int]]:
    """Every string literal under nemesis_rules/model that looks like an id, read independently of
    :mod:`references` so that the scanner itself is checked too."""
    found = []
    for path in sorted(MODEL.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        in_fstrings = {id(v) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr) for v in n.values}
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in in_fstrings
                and LITERAL.match(node.value)
                and node.value.count(".") >= 2
            ):
                found.append((node.value, path.relative_to(package_dir().parent).as_posix(), node.lineno))
    return found


def test_engine_code_names_no_uncatalogued_clause() -> None:
    literals = _model_literals()
    assert literals, "the engine names no clause at all"
    unknown = [f"{file}:{line} {text!r}" for text, file, line in literals if text not in KNOWN]
    assert not unknown, "engine code names ids that are neither clauses nor rulings:\n" + "\n".join(unknown)


def test_every_id_pattern_in_code_matches_catalogued_clauses() -> None:
    patterns = [n for n in code_names() if n.is_pattern]
    regexes = {n.text: id_pattern(n.text) for n in patterns}
    unmatched = [str(n.location) for n in patterns if not any(regexes[n.text].fullmatch(k) for k in KNOWN)]
    assert not unmatched, "f-string ids with no catalogued clause of that shape: " + ", ".join(unmatched)


def test_scanner_sees_every_model_literal() -> None:
    scanned = {(n.text, n.location.file, n.location.line) for n in code_names() if not n.is_pattern}
    assert set(_model_literals()) <= scanned


def test_code_names_literals_and_fstring_patterns() -> None:
    source = 'ctx.fire("base.bag.larva")\nctx.fire(f"base.bag.{kind}")\nname = "base.toml"\nx = f"{a}.b"\n'
    named = names_in_code(ast.parse(source), "nemesis_rules/model/rules/demo.py")
    assert [(n.text, n.location.line, n.is_pattern) for n in named] == [
        ("base.bag.larva", 1, False),
        ("base.bag.{}", 2, True),
    ]


def test_id_pattern_matches_whole_ids_only() -> None:
    regex = id_pattern("base.bag.{}")
    assert regex.fullmatch("base.bag.adult") and regex.fullmatch("base.bag.queen-egg")
    assert not regex.fullmatch("base.bags.adult") and not regex.fullmatch("vs.bag.blank")


def test_pattern_credits_every_matching_clause_after_literal_places() -> None:
    table = clause_implementations(frozenset({"base.bag.adult", "base.bag.larva"}))
    assert any(where.name == "base.bag.{}" for where in table["base.bag.adult"])
    larva = table["base.bag.larva"]
    assert larva and not larva[0].name  # the literal name comes before any pattern


def test_literal_regex_needs_three_parts() -> None:
    assert ID_LITERAL.fullmatch("base.noise.danger")
    assert not ID_LITERAL.fullmatch("base.toml") and not ID_LITERAL.fullmatch("vs.py")


def test_tests_name_clauses_by_string_and_by_underscored_name() -> None:
    known = frozenset({"base.noise.danger", "base.noise.danger-all-noisy", "base.move.escape-attacks"})
    source = (
        "def test_base_noise_danger_all_noisy_does_nothing():\n"
        "    assert 'base.move.escape-attacks' not in fired\n"
        "def helper():\n"
        "    return 'base.noise.danger-x'\n"
    )
    found = names_in_tests(ast.parse(source), "tests/rules/test_demo.py", known)
    name = "test_base_noise_danger_all_noisy_does_nothing"
    assert found == [
        ("base.noise.danger-all-noisy", Location("tests/rules/test_demo.py", 1, name)),
        ("base.move.escape-attacks", Location("tests/rules/test_demo.py", 2, name)),
    ]


def test_underscored_turns_dots_and_hyphens_into_underscores() -> None:
    assert underscored("base.careful-move.not-in-combat") == "base_careful_move_not_in_combat"


def test_rulebook_package_is_not_scanned_as_implementation() -> None:
    assert all(not n.location.file.startswith("nemesis_rules/rulebook/") for n in code_names())
    assert Path(package_dir() / "rulebook").is_dir()
