"""A record that starts from a state no game reaches is bad input, never a replay (issue 21).

Each impossible snapshot the issue names is refused with exit 2 and one line naming the state
invariant it breaks (the catalogue's id) or the snapshot field outside its domain; with
``--trust-start`` an invariant's refusal is waived and the verdict says the start went
unchecked. The same snapshots, made sound again, replay with exit 0 (the check refuses what
is wrong, not every snapshot).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import impossible as im
import pytest
from typer.testing import CliRunner

from nemesis_rules.cli.app import app
from nemesis_rules.invariants.core import Invariant

runner = CliRunner()
LEGAL_MOVE = '{"player": 1, "action": "move", "to": "06", "pay": ["search"]}'
"""A legal first decision of the captain (in 11, holding search) in the seed-1 snapshot."""

CASES: list[tuple[str, Callable[[dict[str, Any]], None], str, str]] = [
    ("nine-fires", im.nine_fires, "base", "supply.fire"),
    ("card-in-two-places", im.card_in_two_places, "base", "conservation.cards"),
    ("character-in-two-rooms", im.character_in_two_rooms, "base", "state.characters[1].name"),
    ("nine-wounds", im.nine_wounds, "base", "characters.wounds"),
    ("fifty-queens", im.fifty_queens, "base", "supply.miniatures"),
    ("insanity-7", im.insanity(7), "void-seeders", "vs.insanity.range"),
    ("insanity-100", im.insanity(100), "void-seeders", "vs.insanity.range"),
    ("insanity-0", im.insanity(0), "void-seeders", "vs.insanity.range"),
    ("insanity-minus-3", im.insanity(-3), "void-seeders", "state.characters[0].insanity"),
    ("unknown-character", im.unknown_character, "base", "state.characters[0].name"),
    ("no-characters-turn-pending", im.no_characters, "base", "state.pending[0].player"),
    ("missing-deck", im.missing_deck, "base", "state.decks: the 'serious-wound' deck is missing"),
    ("bad-frame-field", im.bad_frame_field, "base", "state.pending[0].player"),
    ("hand-of-a-million", im.huge_hand, "base", "state.characters[0].hand['search']"),
]


def _replay(tmp_path: Path, text: str, *options: str) -> Any:
    path = tmp_path / "start.jsonl"
    path.write_text(text, encoding="utf-8")
    return runner.invoke(app, ["replay", str(path), *options])


@pytest.mark.parametrize(("name", "edit", "ruleset", "named"), CASES, ids=[c[0] for c in CASES])
def test_impossible_snapshot_is_refused_naming_the_invariant_or_field(
    tmp_path: Path, name: str, edit: Callable[[dict[str, Any]], None], ruleset: str, named: str
) -> None:
    result = _replay(tmp_path, im.record_text(edit, ruleset, (LEGAL_MOVE,)))
    assert result.exit_code == 2, (name, result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr
    assert named in lines[0], lines[0]
    assert "start.jsonl:1:" in lines[0]


def test_the_same_snapshot_unedited_replays(tmp_path: Path) -> None:
    result = _replay(tmp_path, im.record_text(lambda state: None, "base", (LEGAL_MOVE,)))
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "not checked" not in result.stdout


@pytest.mark.parametrize(
    ("edit", "invariant"),
    [(im.nine_fires, "supply.fire"), (im.nine_wounds, "characters.wounds"), (im.fifty_queens, "supply.miniatures")],
)
def test_trust_start_replays_an_impossible_start_and_says_so(
    tmp_path: Path, edit: Callable[[dict[str, Any]], None], invariant: str
) -> None:
    text = im.record_text(edit, "base", (LEGAL_MOVE,))
    refused = _replay(tmp_path, text)
    assert refused.exit_code == 2 and invariant in refused.stderr and "--trust-start" in refused.stderr
    trusted = _replay(tmp_path, text, "--trust-start")
    assert trusted.exit_code == 0, trusted.stdout + trusted.stderr
    assert "the starting state was not checked (--trust-start)" in trusted.stdout
    as_json = _replay(tmp_path, text, "--trust-start", "--json")
    assert '"start_checked": false' in as_json.stdout


def test_trust_start_does_not_waive_the_domains(tmp_path: Path) -> None:
    """A value the engine cannot run stays refused: --trust-start waives invariants only."""
    result = _replay(tmp_path, im.record_text(im.unknown_character, "base", (LEGAL_MOVE,)), "--trust-start")
    assert result.exit_code == 2 and "unknown character 'chef'" in result.stderr


def test_trust_start_with_a_hand_of_a_million_cards_ends(tmp_path: Path) -> None:
    """The hand count is within the domain's limit only up to 10,000; at 10,000 with the start
    trusted, listing the ways to pay stays small (payments count each card at most cost times)."""

    def big_hand(state: dict[str, Any]) -> None:
        state["characters"][0]["hand"]["search"] = 10_000

    result = _replay(tmp_path, im.record_text(big_hand, "base", (LEGAL_MOVE,)), "--trust-start")
    assert result.exit_code == 0, result.stdout + result.stderr


def test_an_invariant_that_cannot_read_the_start_counts_as_broken(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A state an invariant cannot even evaluate is not one a game reaches: bad input naming it."""

    def unreadable(self: Invariant, state: object) -> str | None:
        if self.id == "supply.fire":
            raise KeyError("fire")
        return None

    monkeypatch.setattr(Invariant, "check_state", unreadable)
    result = _replay(tmp_path, im.record_text(lambda state: None, "base", (LEGAL_MOVE,)))
    assert result.exit_code == 2
    assert "invariant supply.fire fails: cannot be checked on this state (KeyError: 'fire')" in result.stderr


@pytest.mark.parametrize(
    "option", ["--trust-start", "--max-line-bytes", "--max-record-bytes", "--max-steps", "--invariant"]
)
def test_replay_help_names_its_hardening_options(option: str) -> None:
    assert option in runner.invoke(app, ["replay", "--help"]).stdout


@pytest.mark.parametrize("command", [["show"], ["legal"], ["ask", LEGAL_MOVE]], ids=["show", "legal", "ask"])
@pytest.mark.parametrize(
    ("name", "edit", "named"),
    [("nine-fires", im.nine_fires, "supply.fire"), ("nine-wounds", im.nine_wounds, "characters.wounds")],
)
def test_every_command_that_reads_a_record_refuses_an_impossible_start(
    tmp_path: Path, command: list[str], name: str, edit: Callable[[dict[str, Any]], None], named: str
) -> None:
    path = tmp_path / "start.jsonl"
    path.write_text(im.record_text(edit, "base", (LEGAL_MOVE,)), encoding="utf-8")
    verb, *rest = command
    result = runner.invoke(app, [verb, str(path), *rest])
    assert result.exit_code == 2, (name, result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and named in lines[0], lines
