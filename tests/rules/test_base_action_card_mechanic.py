"""Known-answer scenarios for the Mechanic's Action cards (Technical Corridors, Pyrotechnics,
Ingenuity), named after their clauses."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.engine import IllegalActionError, apply, legal_actions
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.hands import PassDiscard
from nemesis_rules.model.rules.noise import NoiseRoll
from nemesis_rules.testing import after_setup, run, top_frame

# seed 3, 2 players: Technical Corridor entrances at 02 04 05 09 14 15 19 21


def mechanic(*hand: str, position: str = "11", inventory: tuple[str, ...] = ()) -> GameState:
    state = after_setup(players=2, seed=3)
    one = replace(
        state.character(1),
        name="mechanic",
        hand=Multiset.of(hand),
        position=position,
        inventory=Multiset.of(inventory),
        hands=("sawed-off",),
        ammo=(("sawed-off", 2),),
    )
    two = replace(state.character(2), hand=Multiset.of(("search",)), position="01")
    state = state.with_character(one).with_character(two)
    return state.with_room(position, replace(state.room(position), explored=True, token=None))


def plays(state: GameState, card: str) -> list[Decision]:
    return [
        a for a in legal_actions(state) if isinstance(a, Decision) and a.kind == "play-card" and a.get("card") == card
    ]


def test_base_action_card_technical_corridors_moves_between_entrances_then_passes() -> None:
    state = mechanic("technical-corridors", "search", position="02")
    play = Decision.make(1, "play-card", card="technical-corridors", to="21", pay=("search",))
    assert play in plays(state, "technical-corridors")
    state, fired = run(state, [play])
    assert state.character(1).position == "21"
    frame = top_frame(state)
    assert isinstance(frame, NoiseRoll) and frame.position == "21"
    state, _ = run(state, [Outcome("noise-roll", "silence")])
    assert state.character(1).passed
    assert isinstance(top_frame(state), PassDiscard)
    assert "base.action-card.technical-corridors" in fired


def test_base_action_card_technical_corridors_needs_an_entrance_in_your_room() -> None:
    state = mechanic("technical-corridors", "search", position="11")
    assert plays(state, "technical-corridors") == []
    with pytest.raises(IllegalActionError) as info:
        apply(state, Decision.make(1, "play-card", card="technical-corridors", to="21", pay=("search",)))
    assert info.value.clause == "base.action-card.technical-corridors"


def test_base_action_card_pyrotechnics_discards_an_item_to_set_the_room_on_fire() -> None:
    state = mechanic("pyrotechnics", "search", inventory=("tools",))
    play = Decision.make(1, "play-card", card="pyrotechnics", use="set-fire", discard="tools", pay=("search",))
    assert {p.get("discard") for p in plays(state, "pyrotechnics")} == {"tools", "sawed-off"}
    assert play in plays(state, "pyrotechnics")
    state, fired = run(state, [play])
    assert state.room("11").fire
    assert "tools" not in state.character(1).inventory
    assert state.deck("yellow").discard.count("tools") == 1
    assert "base.action-card.pyrotechnics" in fired


def test_base_action_card_pyrotechnics_puts_out_the_fire() -> None:
    state = mechanic("pyrotechnics", "search", inventory=("tools",))
    state = state.with_room("11", replace(state.room("11"), fire=True))
    state, _ = run(
        state, [Decision.make(1, "play-card", card="pyrotechnics", use="put-out", discard="tools", pay=("search",))]
    )
    assert not state.room("11").fire


def test_base_action_card_pyrotechnics_needs_an_item_to_discard() -> None:
    state = mechanic("pyrotechnics", "search")
    state = state.with_character(replace(state.character(1), hands=()))
    assert plays(state, "pyrotechnics") == []


def test_base_action_card_ingenuity_crafts_with_a_yellow_item_as_the_wrench() -> None:
    state = mechanic("ingenuity", "search", inventory=("energy-charge", "duct-tape"))
    crafts = [a for a in legal_actions(state) if isinstance(a, Decision) and a.kind == "craft"]
    assert crafts == []
    play = Decision.make(
        1, "play-card", card="ingenuity", use="craft", craft="taser", parts=("energy-charge", "duct-tape"), pay=()
    )
    assert play in plays(state, "ingenuity")
    state, fired = run(state, [play])
    c = state.character(1)
    assert "taser" in c.inventory and "duct-tape" not in c.inventory and "energy-charge" not in c.inventory
    assert "base.action-card.ingenuity" in fired and "base.craft.recipes" in fired


def test_base_action_card_ingenuity_removes_a_malfunction() -> None:
    state = mechanic("ingenuity")
    state = state.with_room("11", replace(state.room("11"), malfunction=True))
    state, _ = run(state, [Decision.make(1, "play-card", card="ingenuity", repair="malfunction", pay=())])
    assert not state.room("11").malfunction
