"""Scenario for ruling base.ambiguity.door-both-sides: an Event card moves two Adults towards each other
into one Closed Door (the totality finder's audit of the Event card's movement, issue #23)."""

from __future__ import annotations

from nemesis_rules.findings.scenarios import Scenario, scenario
from nemesis_rules.findings.scenarios.base_arrange import explored
from nemesis_rules.model.core.actions import Outcome
from nemesis_rules.model.core.state import Intruder
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.events import EventCardDraw
from nemesis_rules.testing import after_setup, with_frames, with_intruders

CORRIDOR = "01-02"
"""The corridor between rooms 01 and 02; it bears number 3 at both its ends."""


@scenario("base.ambiguity.door-both-sides")
def door_both_sides() -> Scenario:
    """Seed 3, two players in 11; an Adult in 02 (on the board first) and one in 01, the Door of 01-02
    Closed, and an Event card numbered 3 that moves Adults."""
    state = explored(explored(after_setup(players=2, seed=3), "01"), "02")
    state = with_intruders(state, Intruder(1, "adult", "02"), Intruder(2, "adult", "01")).with_door(CORRIDOR, "closed")
    state = with_frames(state, EventCardDraw())
    card = next(
        c
        for c, _ in state.deck("event").draw_outcomes()
        if tables.event_card(state.config, c).number == 3 and "adult" in tables.event_card(state.config, c).movers
    )
    return Scenario(
        "base.ambiguity.door-both-sides",
        f"the Event card {card} moves the Adult in 02 and the Adult in 01 into the Closed Door of corridor "
        f"{CORRIDOR}: under 'together' both stay where they are, under 'one-after-another' the Adult from 02 "
        "breaks the Door and stays and the Adult from 01 passes through into 02",
        (Outcome("event-card", card),),
        before=state,
    )
