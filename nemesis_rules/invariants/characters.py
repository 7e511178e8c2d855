"""Characters: wound counts, hand sizes after the draw, death is final, and who may act
(RU-RB p.10, p.20-21; facts.md §2, §5)."""

from __future__ import annotations

from nemesis_rules.invariants.core import (
    character_invariant,
    fired_step_invariant,
    problems,
    state_invariant,
    step_invariant,
)
from nemesis_rules.model.core.actions import Action, Decision, Outcome
from nemesis_rules.model.core.state import Character, GameState
from nemesis_rules.model.rules.hands import ActionCardDraw, DrawUp
from nemesis_rules.model.rules.items import MakeRoom
from nemesis_rules.model.rules.round import Turn
from nemesis_rules.model.rules.wounds import ArmDrop
from nemesis_rules.rulebook.spec import spec_value

LIGHT_WOUND_SPACES = spec_value("wounds.light-to-serious") - 1
"""The Light Wound track has two spaces; the third Light Wound becomes a Serious Wound."""
DEATH_AT_SERIOUS = spec_value("wounds.serious-for-death")
"""A Character with 3 Serious Wounds dies of any further wound: never more than 3."""


@character_invariant(
    "characters.wounds",
    "A character has 0-2 Light Wounds, at most 3 Serious Wounds, and only dresses wounds it has.",
    "base.wound.light-conversion",
    character_reads=("light_wounds", "serious_wounds", "dressed"),
)
def wound_counts(state: GameState, c: Character) -> str | None:
    found = []
    if not 0 <= c.light_wounds <= LIGHT_WOUND_SPACES:
        found.append(f"player {c.player} has {c.light_wounds} Light Wounds")
    if len(c.serious_wounds) > DEATH_AT_SERIOUS:
        found.append(f"player {c.player} has {len(c.serious_wounds)} Serious Wounds")
    if c.dressed:
        undressable = [w for w in set(c.dressed) if c.dressed.count(w) > c.serious_wounds.count(w)]
        if undressable:
            found.append(f"player {c.player} dressed wounds it does not have: {', '.join(sorted(undressable))}")
    return problems(found)


@step_invariant(
    "characters.death-final",
    "A dead character stays dead.",
    "base.death.corpse",
    reads=("characters",),
    character_reads=("status",),
)
def death_is_final(before: GameState, action: Action, after: GameState) -> str | None:
    if before.characters is after.characters:
        return None
    return problems(
        f"player {b.player} was dead and is now {a.status}"
        for b, a in zip(before.characters, after.characters, strict=False)
        if b.status == "dead" and a.status != "dead"
    )


HAND_SLOTS = spec_value("hand.slots")
"""Two hand slots hold a Character's Heavy Items and Heavy Objects (facts.md §6)."""


def _slots(c: Character) -> int:
    """The hand slots as the rules state them, computed here rather than asked of the engine:
    :data:`HAND_SLOTS`, one fewer while an Arm wound is active (facts.md §5: "only 1 hand slot"),
    one more while Duct Tape binds two Heavy Items into one (facts.md §6)."""
    return HAND_SLOTS - (1 if c.wound_active("arm") else 0) + (1 if "taped" in c.mods else 0)


@state_invariant(
    "characters.hand-slots",
    "A Character in play holds no more Heavy Items and Heavy Objects than its hand slots (2; 1 with an "
    "Arm wound; one more with two Heavy Items taped), except while choosing which one to drop.",
    "base.item.hand-slots",
    reads=("characters", "pending"),
)
def hand_slots(state: GameState) -> str | None:
    """Held to the slots whatever put a Heavy thing into the hands (a Search, a pick-up, a Trade, a
    Quest Item, crafting, the Nest's Eggs); a drop the rules ask for (an Arm wound, ruling
    ``base.gap.heavy-item-full-hands``) may be pending. ``pending`` is read: a transition that
    took the drop away without a drop breaks it."""
    over = [c for c in state.characters if len(c.hands) > 1 and c.active and len(c.hands) > _slots(c)]
    if not over:
        return None
    dropping = {f.player for f in state.pending if isinstance(f, MakeRoom | ArmDrop)}
    return problems(
        f"player {c.player} holds {len(c.hands)} Heavy things ({', '.join(c.hands)}) in {_slots(c)} hand slot(s)"
        for c in over
        if c.player not in dropping
    )


FOURTH_WOUND = "base.death.fourth-wound"


@fired_step_invariant(
    "characters.fourth-wound-kills",
    "A further wound to a Character with 3 Serious Wounds kills it, whatever dealt it: each such "
    "death the rules report is a character in play before and dead after.",
    FOURTH_WOUND,
)
def fourth_wound_kills(before: GameState, action: Action, after: GameState, fired: tuple[str, ...]) -> str | None:
    """The death of :data:`FOURTH_WOUND` (RU-RB p.21; facts.md §5) is checked in the states, not
    taken from the report: as many characters who were in play before the transition are dead
    after it as the clause fired (a wounding Attack card, Fire at the end of a turn, a Grenade, a
    Molotov, a Light Wound past the track: each source reaches the same clause). No ``reads``: a
    wound that does nothing changes no field."""
    if FOURTH_WOUND not in fired:
        return None
    reported = fired.count(FOURTH_WOUND)
    died = [
        b.player for b, a in zip(before.characters, after.characters, strict=False) if b.active and a.status == "dead"
    ]
    if len(died) >= reported:
        return None
    spared = ", ".join(
        f"player {b.player} ({len(b.serious_wounds)} Serious Wounds, now {a.status})"
        for b, a in zip(before.characters, after.characters, strict=False)
        if b.active and a.status != "dead" and len(b.serious_wounds) + b.light_wounds >= DEATH_AT_SERIOUS
    )
    return f"a further wound was reported fatal {reported} time(s) but {len(died)} character(s) died" + (
        f"; still alive with {DEATH_AT_SERIOUS} or more wounds: {spared}" if spared else ""
    )


def _drawing(state: GameState) -> bool:
    """Whether the Player Phase draw is under way: an action card draw is the open chance node,
    with the draw's own procedure (DrawUp) beneath it (other effects that draw cards, such as
    the Adrenaline Injection, use other procedures)."""
    pending = state.pending
    return len(pending) >= 2 and type(pending[-1]) is ActionCardDraw and type(pending[-2]) is DrawUp


def _hand_size(state: GameState, player: int) -> int:
    """The hand size as the rules state it, computed here rather than asked of the engine: 5
    (the specification's number), 4 with an active Back wound, one more in the Cabins with no
    Intruder and no Malfunction (facts.md §2, §5, §9)."""
    c = state.character(player)
    size = spec_value("hand.size")
    if c.wound_active("back"):
        size -= 1
    room = state.room(c.position)
    if room.tile == "cabins" and not room.malfunction and not state.intruders_at(c.position):
        size += 1
    return size


@step_invariant(
    "characters.hand-after-draw",
    "The draw never takes a hand beyond its size, and after it every active character holds its "
    "hand size (or every card it has, when fewer are left).",
    "base.round.draw",
    # it looks only at a draw (an action card outcome always changes the characters' hands) and
    # at the state after the Player Phase draw (which changes the characters, or the round)
    reads=("characters", "round"),
)
def hand_after_draw(before: GameState, action: Action, after: GameState) -> str | None:
    drawing = _drawing(before)
    if drawing and isinstance(action, Outcome):
        top = before.pending[-1]
        assert isinstance(top, ActionCardDraw)
        c = after.character(top.player)
        size = _hand_size(after, top.player)
        # under base.de.draw-five=draw-five a player holding cards draws five more: no upper bound
        if c.hand.total > size and after.config.rulings.get("base.de.draw-five") != "draw-five":
            return f"player {c.player} drew to {c.hand.total} cards, beyond the hand size {size}"
    if not (drawing or before.round != after.round):
        return None
    if after.phase != "player" or after.end is not None or _drawing(after):
        return None
    found = []
    for c in after.characters:
        if not c.active:
            continue
        size = _hand_size(after, c.player)
        available = c.hand.total + c.deck.total + c.discard.total
        if c.hand.total < min(size, available):
            found.append(f"player {c.player} holds {c.hand.total} cards after the draw (hand size {size})")
    return problems(found)


@step_invariant(
    "turns.dead-never-act",
    "A dead character never decides anything; a character out of play (dead, hibernating, escaped) takes no turn.",
    "base.hibernation.out-of-play",
    decisions_only=True,
)
def dead_never_act(before: GameState, action: Action, after: GameState) -> str | None:
    if not isinstance(action, Decision):
        return None
    c = before.character(action.player)
    if c.status == "dead":
        return f"player {c.player} is dead but decided '{action}'"
    top = before.pending[-1] if before.pending else None
    if isinstance(top, Turn) and not c.active:
        return f"player {c.player} is {c.status} but took a turn ('{action}')"
    return None


@step_invariant(
    "turns.passed-no-actions",
    "A player who has passed takes no further turn that round.",
    "base.round.passed-no-actions",
    decisions_only=True,
)
def passed_no_actions(before: GameState, action: Action, after: GameState) -> str | None:
    if not isinstance(action, Decision):
        return None
    top = before.pending[-1] if before.pending else None
    if isinstance(top, Turn) and before.character(action.player).passed:
        return f"player {action.player} passed this round but acted again ('{action}')"
    return None
