"""The records in ``examples/`` do what the README says: complete games are legal, each
scenario is refused at its line for its reason and clause, malformed files are bad input.
(After a rule change makes a recorded game illegal: ``python examples/make_examples.py``.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from nemesis_rules.errors import BadInputError
from nemesis_rules.record import read_record, replay_record

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SCENARIOS = {
    "scenario-move-without-corridor.jsonl": ("no corridor from 11 to 01", "base.move.adjacent"),
    "scenario-card-not-in-hand.jsonl": (
        "the cards paid (reload) are not all in player 1's hand",
        "base.cost.paid-from-hand",
    ),
    "scenario-not-your-turn.jsonl": ("it is player 1's decision, not player 2's", "base.round.turn-order"),
    "scenario-impossible-die-face.jsonl": ("'7' is not a possible outcome", "base.noise.number"),
    "scenario-token-not-in-bag.jsonl": ("'queen-99' is not a possible outcome", "base.bag.draw-one"),
}


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("game-*.jsonl")), ids=lambda p: p.name)
def test_complete_games_are_legal_to_their_end(path: Path) -> None:
    result = replay_record(read_record(path))
    assert result.legal, result.problems[0].message(path.name)
    assert result.final_state.end is not None


def test_both_rulesets_have_a_complete_game() -> None:
    names = {p.name.rsplit("-seed", 1)[0] for p in EXAMPLES.glob("game-*.jsonl")}
    assert names == {"game-base", "game-void-seeders"}


@pytest.mark.parametrize(("name", "expected"), sorted(SCENARIOS.items()))
def test_each_scenario_breaks_one_rule_at_line_2(name: str, expected: tuple[str, str]) -> None:
    record = read_record(EXAMPLES / name)
    assert record.header.snapshot is not None and len(record.actions) == 1
    (problem,) = replay_record(record, lenient=True).problems
    assert problem.line == 2 and problem.reason.startswith(expected[0]) and problem.clause == expected[1]


def test_the_legal_scenario_passes_and_stops_early() -> None:
    result = replay_record(read_record(EXAMPLES / "scenario-legal-move.jsonl"))
    assert result.legal and result.outcome() == "record ends before the game's end"


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("bad-*.jsonl")), ids=lambda p: p.name)
def test_malformed_examples_are_bad_input(path: Path) -> None:
    with pytest.raises(BadInputError):
        read_record(path)


def test_base_room_armory_the_armory_scenario_loads_two_ammo_into_the_empty_rifle() -> None:
    result = replay_record(read_record(EXAMPLES / "scenario-armory-reload.jsonl"))
    assert result.legal and result.outcome() == "record ends before the game's end"
    assert result.final_state.character(1).ammo_of("rifle") == 2
