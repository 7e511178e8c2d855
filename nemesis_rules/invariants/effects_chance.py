"""The stated effects of the chance outcomes: draws, rolls and tiles (facts.md §1-§5, §10, §15;
RU-RB p.6, p.14-15, p.18-21), and the consequences the state itself shows.

* A card drawn from a deck (Item, Event, Intruder Attack, Serious Wound, Contamination, Panic)
  leaves that deck's draw pile (or, looked at, is known on top).
* A Serious Wound card drawn lies on the wounded character's board (or the character died).
* A Noise roll showing a corridor number puts a Noise marker into that corridor, or, with one
  there already, starts an Encounter: either way the board changes.
* A setup draw (escape pod, Character draft card, exploration token) takes its piece from its pool.
* Any other outcome: the chance node that asked for it is no longer open.
* From the states, not from any report: the Time marker moves one space forward as each Event
  Phase begins (RU-RB p.10), never two, never back, so a skipped or doubled track step shows.
"""

from __future__ import annotations

from nemesis_rules.invariants.core import problems, step_invariant
from nemesis_rules.invariants.effects import EFFECTS, Effect, EffectCheck, dispatch, drawn_from, effect, resolved
from nemesis_rules.model.core.actions import Action, Outcome
from nemesis_rules.model.core.engine import acting_player, is_chance
from nemesis_rules.model.core.frames import ChanceNode
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.data.vocabulary import CHANCES
from nemesis_rules.model.rules.attack import AttackCardDraw
from nemesis_rules.model.rules.events import BagDevelopmentDraw, EventPhase, QueueEventSteps, TimeStep
from nemesis_rules.rulebook.spec import spec_value

ID = "effects.chance"
NUMBERS = ("1", "2", "3", "4")


def _outcome(action: Action) -> Outcome:
    assert isinstance(action, Outcome)
    return action


def _drawn(deck: str | None) -> EffectCheck:
    def check(before: GameState, action: Action, after: GameState) -> str | None:
        o = _outcome(action)
        name = deck
        frame = before.pending[-1] if before.pending else None
        if name is None:
            name = getattr(frame, "colour", None)
        if name == "attack":
            name = tables.attack_deck_name(before.config)
        if not isinstance(name, str):
            return None
        return drawn_from(before, after, name, o.outcome, f"the {o.chance}")

    return check


for _word, _deck, _clause in (
    ("item-card", None, "base.search.draw-two"),
    ("event-card", "event", "base.event.card"),
    ("contamination-card", "contamination", "base.contamination.deck"),
    ("panic-card", "panic", "vs.panic.draw"),
):
    EFFECTS[("chance", _word)] = Effect(
        _word,
        "chance",
        "The card drawn leaves its deck's draw pile.",
        _clause,
        _drawn(_deck),
        ID,
    )


WOUNDING = frozenset({"scratch", "claw-attack", "bite", "tail-attack", "frenzy"})
"""Intruder Attack cards whose printed effect always wounds (or kills) the target (facts.md §3)."""


@effect(
    "chance",
    "attack-card",
    "The Attack card drawn leaves its deck; a wounding one (Scratch, Claw, Bite, Tail, Frenzy) that the "
    "attacker's type carries out wounds or kills its target: the target's board changes, and a target "
    "with 3 Serious Wounds dies (facts.md §5).",
    "base.attack.card-symbol",
    ID,
)
def attack_card(before: GameState, action: Action, after: GameState) -> str | None:
    o = _outcome(action)
    found = drawn_from(before, after, tables.attack_deck_name(before.config), o.outcome, "the attack-card")
    frame = before.pending[-1] if before.pending else None
    if found is not None or not isinstance(frame, AttackCardDraw) or after.end is not None:
        return found
    intruder = next((i for i in before.intruders if i.id == frame.intruder), None)
    if intruder is None or not before.character(frame.target).active:
        return None
    card = tables.attack_card(before.config, o.outcome)
    if intruder.kind not in card.attackers or card.effect not in WOUNDING:
        return None
    top = after.pending[-1] if after.pending else None
    # Frenzy wounds every Character in the target's room: the draw pending may be another's first
    hit = {frame.target}
    if card.effect == "frenzy":
        room = before.character(frame.target).position
        hit |= {c.player for c in before.characters if c.active and c.position == room}
    for_target = getattr(top, "player", None) in hit and not isinstance(top, AttackCardDraw)
    if (is_chance(after) and for_target) or acting_player(after) in hit:
        return None  # the attack goes on: a card the target draws (a wound), or its answer (Armor, ...)
    hurt = before.character(frame.target)
    if len(hurt.serious_wounds) >= spec_value("wounds.serious-for-death") and after.character(frame.target).alive:
        return f"the attack {o.outcome!r} wounded player {frame.target}, who had 3 Serious Wounds, and left it alive"
    if after.character(frame.target) == before.character(frame.target) and after.intruders == before.intruders:
        return f"the attack {o.outcome!r} on player {frame.target} left its board and the Intruders unchanged"
    return None


@effect(
    "chance",
    "serious-wound",
    "The Serious Wound card drawn lies on the wounded character's board (or the character died).",
    "base.wound.serious-card",
    ID,
)
def serious_wound(before: GameState, action: Action, after: GameState) -> str | None:
    o = _outcome(action)
    frame = before.pending[-1] if before.pending else None
    player = getattr(frame, "player", None)
    if not isinstance(player, int) or after.end is not None:
        return None
    b, a = before.character(player), after.character(player)
    if a.status != "active":
        return None
    if a.serious_wounds.count(o.outcome) <= b.serious_wounds.count(o.outcome):
        return f"player {player} drew the Serious Wound {o.outcome!r} but does not have one more"
    return drawn_from(before, after, "serious-wound", o.outcome, "the Serious Wound card")


@effect(
    "chance",
    "noise-roll",
    "A corridor number puts a Noise marker into that corridor, or starts an Encounter if one is there.",
    "base.noise.number",
    ID,
)
def noise_roll(before: GameState, action: Action, after: GameState) -> str | None:
    o = _outcome(action)
    if o.outcome not in NUMBERS or after.end is not None:
        return None
    frame = after.pending[-1] if after.pending else None
    if frame is not None and type(frame).__name__ == "ScannerReroll":
        return None  # the roll may be rolled again before it counts
    if after.noise != before.noise or after.intruders != before.intruders or is_chance(after):
        return None
    return f"a Noise roll of {o.outcome} placed no Noise marker and started no Encounter"


@effect(
    "chance",
    "intruder-token",
    "Bag development (facts.md §1): a Queen adds at most one Egg; an Adult or Breeder makes every "
    "Character not in Combat roll for Noise.",
    "base.event.bag-development",
    ID,
)
def intruder_token(before: GameState, action: Action, after: GameState) -> str | None:
    o = _outcome(action)
    frame = before.pending[-1] if before.pending else None
    if not isinstance(frame, BagDevelopmentDraw) or after.end is not None:
        return None
    kind = o.outcome.split("-")[0]
    if after.eggs > before.eggs + 1:
        return f"bag development drew {o.outcome!r} and the Eggs went from {before.eggs} to {after.eggs}"
    if kind in ("adult", "breeder"):
        calm = [c for c in before.characters if c.active and not before.in_combat(c.player)]
        top = after.pending[-1] if after.pending else None
        if calm and not (isinstance(top, ChanceNode) and top.chance == "noise-roll"):
            return f"bag development drew {o.outcome!r} but nobody rolls for Noise"
    return None


def _pool(field: str, what: str) -> EffectCheck:
    def check(before: GameState, action: Action, after: GameState) -> str | None:
        o = _outcome(action)
        old, new = getattr(before, field), getattr(after, field)
        if new.count(o.outcome) < old.count(o.outcome) or new.total < old.total:
            return None
        return f"the {what} {o.outcome!r} was drawn but its pool still holds as many"

    return check


for _word, _field, _what, _clause in (
    ("escape-pod", "pod_pool", "escape pod", "base.setup.escape-pods"),
    ("exploration-token", "exploration_pool", "exploration token", "base.setup.exploration-tokens"),
):
    EFFECTS[("chance", _word)] = Effect(
        _word,
        "chance",
        f"The {_what} drawn leaves its pool.",
        _clause,
        _pool(_field, _what),
        ID,
    )


def _register_the_rest() -> None:
    for word in sorted(CHANCES):
        if ("chance", word) not in EFFECTS:
            EFFECTS[("chance", word)] = Effect(
                word, "chance", "The outcome answers the chance node that asked for it.", "", resolved, ID
            )


_register_the_rest()
_dispatch = dispatch(ID)


@step_invariant(
    ID,
    "Each chance outcome has its stated effect (draws leave their decks, rolls place Noise).",
    "base.event.card",
    only_after="outcome",
)
def chance_effects(before: GameState, action: Action, after: GameState) -> str | None:
    if not isinstance(action, Outcome):
        return None
    return _dispatch(before, action, after)


@step_invariant(
    "effects.time-steps",
    "The Time marker moves one space at a time, only forward, and exactly one space as the Event Phase begins.",
    "base.event.time",
    reads=("time", "phase", "round", "end"),
)
def time_steps(before: GameState, action: Action, after: GameState) -> str | None:
    if after.end is not None:
        return None  # the end of the game moves the marker to its last space
    moved = after.time - before.time
    if moved not in (0, 1):
        return f"the Time marker moved {moved:+d} spaces in one step (from {before.time} to {after.time})"
    if _time_step_ahead(before) and after.phase == "event" and not _time_step_ahead(after) and moved != 1:
        return f"the Event Phase of round {before.round} passed its Time step but the marker stayed on {after.time}"
    return None


_AHEAD = (EventPhase, QueueEventSteps, TimeStep)


def _time_step_ahead(state: GameState) -> bool:
    """Whether this round's Time step is still to come: the Player Phase, or an Event Phase whose
    Time step is still on the stack (the frames that lead to it are the engine's; what is
    checked, that the marker moved once it passed, is the rule's)."""
    return state.phase == "player" or any(isinstance(f, _AHEAD) for f in state.pending)


__all__ = ["chance_effects", "problems", "time_steps"]
