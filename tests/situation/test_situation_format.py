"""Situation files (issue #20): only what the table shows, the rest from a real setup, every invariant
checked; a state written back as a situation reads back equal on every field shown."""

from __future__ import annotations

from pathlib import Path

import pytest

from nemesis_rules.errors import BadInputError
from nemesis_rules.model.core.engine import is_chance
from nemesis_rules.model.rules.round import Turn
from nemesis_rules.record import read_record, replay_record
from nemesis_rules.situation import build_state, parse_situation_text, read_game, shown, situation_toml
from nemesis_rules.situation.fields import CHARACTER_FIELDS, INTRUDER_FIELDS, ROOM_FIELDS, TOP_FIELDS
from nemesis_rules.testing import after_setup

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def built(text: str):  # type: ignore[no-untyped-def]
    return build_state(parse_situation_text(text, "t.toml"), "t.toml")


def refusal(text: str) -> str:
    with pytest.raises(BadInputError) as info:
        built(text)
    return str(info.value)


def test_a_situation_with_nothing_written_is_the_seeded_setup_itself() -> None:
    assert built("players = 3\nseed = 4\n") == after_setup(3, seed=4)
    assert built('ruleset = "void-seeders"\nplayers = 2\n') == after_setup(2, seed=1, ruleset="void-seeders")


def test_the_table_values_replace_the_setups_and_components_come_from_their_places() -> None:
    state = built(
        """
        players = 2
        round = 4
        noise = ["03-07", "tech"]
        doors = { "08-11" = "closed", "06-07" = "destroyed" }
        [[character]]
        player = 2
        character = "soldier"
        room = "08"
        hand = ["search", "taking-aim"]
        items = ["duct-tape"]
        light_wounds = 1
        serious_wounds = ["leg"]
        [room."03"]
        tile = "nest"
        [room."07"]
        fire = true
        malfunction = true
        [[intruder]]
        kind = "adult"
        room = "07"
        injuries = 2
        """
    )
    soldier = state.character(2)
    assert (soldier.name, soldier.position, soldier.light_wounds, soldier.serious_wounds) == (
        "soldier",
        "08",
        1,
        ("leg",),
    )
    assert sorted(soldier.hand) == ["search", "taking-aim"] and "duct-tape" in soldier.inventory
    setup = built("players = 2\n")
    assert state.deck("yellow").unknown.count("duct-tape") == setup.deck("yellow").unknown.count("duct-tape") - 1
    assert state.room("08").explored  # a Character stands there: it was entered (base.explore.reveal)
    assert state.room("03").tile == "nest" and state.room("07").fire and state.room("07").malfunction
    assert (state.round, state.time) == (4, 3)
    assert state.noise == frozenset({"03-07", "tech"}) and state.door("08-11") == "closed"
    (adult,) = state.intruders
    assert (adult.kind, adult.position, adult.injuries) == ("adult", "07", 2) and adult.token is not None
    assert isinstance(state.pending[-1], Turn)


@pytest.mark.parametrize(
    ("text", "invariant"),
    [
        ("players = 2\n" + "".join(f'[room."{n:02d}"]\nfire = true\n' for n in range(1, 22)), "supply.fire"),
        ("players = 2\n[[character]]\nplayer = 1\nlight_wounds = 3\n", "characters.wounds"),
        ("players = 2\n" + '[[intruder]]\nkind = "queen"\nroom = "05"\n' * 2, "supply.miniatures"),
        ('ruleset = "void-seeders"\nplayers = 2\n[[character]]\nplayer = 1\nlarva = true\n', "vs.no-slime-no-larva"),
    ],
    ids=["nine-fires", "three-light-wounds", "two-queens", "larva-in-void-seeders"],
)
def test_an_impossible_table_is_bad_input_naming_the_invariant(text: str, invariant: str) -> None:
    message = refusal(text)
    assert message.startswith("t.toml: impossible table: invariant ") and f" {invariant}: " in message


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("players = 2\ncolour = 1\n", "colour: unknown field"),
        ("players = 2\n[[character]]\nplayer = 1\ninsanity = 9\n", "character[0].insanity: expected an integer from 1"),
        ('players = 2\n[[character]]\nplayer = 1\ncharacter = "captain"\nhand = ["full-auto"]\n', ".hand: 'full-auto'"),
        ('players = 2\n[[character]]\nplayer = 1\nroom = "31"\n', ".room: '31' is not a board position"),
        ('players = 2\ndoors = { "01-21" = "closed" }\n', "doors.01-21: '01-21' is not a corridor"),
        ('players = 2\n[[intruder]]\nkind = "lurker"\nroom = "05"\n', "intruder[0].kind: no 'lurker' miniature"),
        (
            'players = 2\n[room."08"]\nexplored = false\n[[character]]\nplayer = 1\nroom = "08"\n',
            "[base.explore.reveal]",
        ),
        ("players = 2\n[[character]]\nplayer = 1\npassed = true\n", "turn: player 1 has passed"),
        ("players = 2\npanic = 1\n", "panic: only a Void Seeders game has Panic cards"),
        ("players = [2\n", "t.toml: not TOML"),
    ],
)
def test_a_field_that_does_not_fit_is_named(text: str, names: str) -> None:
    assert names in refusal(text)


def test_the_named_fields_first_encounter_panic_and_destroyed_lairs() -> None:
    state = built(
        'ruleset = "void-seeders"\nplayers = 2\nfirst_encounter = true\ndestroyed_lairs = 2\npanic = 2\n'
        "[[character]]\nplayer = 2\ninsanity = 2\n"
    )
    assert state.first_encounter and all(len(c.objectives) == 1 for c in state.characters)
    assert {f for f in state.flags if f.startswith("destroyed-lair")} == {"destroyed-lair-1", "destroyed-lair-2"}
    assert is_chance(state) and state.pending[-1].chance == "panic-card"  # type: ignore[attr-defined]


def _turn_states(path: Path, most: int = 6):  # type: ignore[no-untyped-def]
    """States of a recorded game where a turn begins (what a situation describes), a few spread out."""
    record = read_record(path)
    found = []
    for index in range(0, len(record.actions), max(1, len(record.actions) // 60)):
        state = replay_record(record, until_line=record.line_number(index)).final_state
        if state.end is None and len(state.pending) == 1 and isinstance(state.pending[0], Turn):
            found.append(state)
    step = max(1, len(found) // most)
    return found[::step][:most]


@pytest.mark.parametrize("game", sorted(EXAMPLES.glob("game-*.jsonl")), ids=lambda p: p.name)
def test_a_state_written_as_a_situation_reads_back_equal_on_every_field_shown(game: Path) -> None:
    states = _turn_states(game)
    assert states
    for state in states:
        text = situation_toml(state, seed=1)
        again = build_state(parse_situation_text(text, "round-trip.toml"), "round-trip.toml")
        first, second = shown(state), shown(again)
        assert first == second, [k for k in first if first[k] != second[k]]


def test_a_situation_file_reads_as_a_record_that_starts_from_its_state() -> None:
    record = read_game(EXAMPLES / "situation-closed-door.toml")
    assert record.actions == () and record.header.snapshot is not None
    assert record.header.snapshot.door("08-11") == "closed"
    assert replay_record(record).legal


def test_a_state_not_at_a_turn_is_refused_as_a_situation() -> None:
    record = read_record(EXAMPLES / "scenario-impossible-die-face.jsonl")
    with pytest.raises(BadInputError, match="a situation is set at a player's turn"):
        situation_toml(record.header.snapshot)  # type: ignore[arg-type]


def test_every_field_is_documented_in_docs_situations() -> None:
    """docs/situations.md lists every field a situation file may hold (and the reader knows no other)."""
    doc = (Path(__file__).resolve().parents[2] / "docs" / "situations.md").read_text(encoding="utf-8")
    fields = {*TOP_FIELDS, *CHARACTER_FIELDS, *ROOM_FIELDS, *INTRUDER_FIELDS} - {"character", "room", "intruder"}
    missing = sorted(f for f in fields if f"| `{f}` |" not in doc)
    assert not missing, missing


def test_base_round_phases_an_event_phase_situation_runs_to_its_first_chance_node() -> None:
    """phase = "event": everyone has passed and the Event Phase's steps run by themselves; an Adult in a
    Character's room attacks first (its Attack card is the open chance node)."""
    state = built('players = 2\nphase = "event"\n[[intruder]]\nkind = "adult"\nroom = "11"\n')
    assert state.phase == "event" and all(c.passed for c in state.characters)
    assert is_chance(state) and state.pending[-1].chance == "attack-card"  # type: ignore[attr-defined]
    assert "the Event Phase has no turn" in refusal('players = 2\nphase = "event"\nturn = 2\n')
