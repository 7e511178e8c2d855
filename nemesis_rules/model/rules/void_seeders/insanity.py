"""The Insanity track: the only way a Character's Insanity level changes (void-seeders-rulebook.txt,
Void Seeders Features > Insanity Level and Insanity Track Card; Rules Summary > Insanity).

Levels run 1 to 5 along the track's arrows: once a Character has reached 3 the level never
drops below 3 (so "has reached 3" is the same as "is at 3 or more"), it never goes above 5, and
a Character at 5 told to raise it again dies at once. Every effect that changes Insanity goes
through :func:`raise_insanity` or :func:`lower_insanity`; the pure functions
:func:`raised_level` and :func:`lowered_level` are the rule itself, for proofs.
"""

from __future__ import annotations

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.void_seeders.components import data
from nemesis_rules.model.rules.wounds import kill

START, FLOOR, MAX = 1, 3, 5
"""Defaults of the printed track; the engine reads them from ``void_seeders/insanity.toml``."""


def raised_level(level: int, *, top: int = MAX, lethal: bool = True, to: int | None = None) -> int | None:
    """The level after a raise: one step up (or straight to ``to``, never down); ``None`` when
    the Character dies (a lethal step up from ``top``); a non-lethal raise stops at ``top``."""
    if to is not None:
        return max(level, min(to, top))
    if level < top:
        return level + 1
    return None if lethal else top


def lowered_level(level: int, *, floor: int = FLOOR, to: int | None = None, locked: bool = False) -> int:
    """The level after a reduction: one step down (or down to ``to``, never up); once at
    ``floor`` or above it never goes below ``floor``. ``locked`` (ruling
    ``vs.ambiguity.insanity-floor`` = ``locked``): a one-step reduction from ``floor`` or above
    is not possible at all."""
    if to is not None:
        target = max(to, floor) if level >= floor else to
        return min(level, target)
    if level >= floor:
        return level if locked else max(floor, level - 1)
    return max(1, level - 1)


def _track(state: GameState) -> tuple[int, int]:
    track = data(state.config).insanity_track
    return track.floor, track.max


def _locked(state: GameState) -> bool:
    return state.config.ruling("vs.ambiguity.insanity-floor") == "locked"


def raise_insanity(
    state: GameState, player: int, ctx: Context, *, lethal: bool = True, to: int | None = None
) -> GameState:
    """Raise ``player``'s Insanity one step (or to ``to``). At the top, a lethal raise kills the
    Character (vs.insanity.death-above-5); a non-lethal one leaves the level at the top
    (vs.insanity.max). Nothing happens to a dead Character; a survivor's level still counts in
    the end-of-game check."""

    c = state.character(player)
    if not c.alive:
        # vs.insanity.track: a dead Character has no Insanity level to raise
        return state
    _, top = _track(state)
    level = raised_level(c.insanity, top=top, lethal=lethal and c.active, to=to)
    if level is None:
        ctx.fire("vs.insanity.death-above-5")
        return kill(state, player, ctx, "Insanity raised above 5")
    if level == c.insanity:
        ctx.fire("vs.insanity.max")
        return state
    ctx.fire("vs.insanity.track")
    if c.insanity < FLOOR <= level:
        ctx.fire("vs.insanity.no-return-below-3")
    return state.with_character(c.evolve(insanity=level))


def can_lower(state: GameState, player: int) -> bool:
    """Whether a one-step reduction would change the level (vs.change.reduction-limited)."""
    floor, _ = _track(state)
    level = state.character(player).insanity
    return lowered_level(level, floor=floor, locked=_locked(state)) < level


def why_not_lower(state: GameState, player: int) -> tuple[str, str] | None:
    """Why a one-step reduction of ``player``'s Insanity is not possible now, with the clause that
    forbids it: at 3 or more, the floor (vs.insanity.no-return-below-3; under ruling
    vs.ambiguity.insanity-floor = ``locked`` above 3 as well, the ruling); at 1, the bottom of the
    track (vs.change.reduction-limited). None when it is possible."""
    if can_lower(state, player):
        return None
    floor, _ = _track(state)
    level = state.character(player).insanity
    if level > floor:
        return f"Insanity {level}: the floor ruling locks the level from {floor} up", "vs.ambiguity.insanity-floor"
    if level == floor:
        return f"Insanity {level}: once {floor} is reached the level never drops below {floor}", (
            "vs.insanity.no-return-below-3"
        )
    return f"Insanity {level} is the bottom of the track", "vs.change.reduction-limited"


def lower_insanity(state: GameState, player: int, ctx: Context, *, to: int | None = None) -> GameState:
    """Lower ``player``'s Insanity one step (or down to ``to``) where the track allows it: never
    below 3 once 3 was reached (vs.insanity.no-return-below-3; ruling vs.ambiguity.insanity-floor)."""
    c = state.character(player)
    if not c.active:
        # base.hibernation.out-of-play: a Character out of play (dead, hibernating, escaped) takes no further part
        return state
    floor, _ = _track(state)
    locked = False
    if to is None and c.insanity > floor:
        reading = ctx.gap(
            state,
            "vs.ambiguity.insanity-floor",
            "vs.insanity.no-return-below-3",
            f"player {player} lowers Insanity from {c.insanity}, above the level of no return",
        )
        locked = reading == "locked"
    level = lowered_level(c.insanity, floor=floor, to=to, locked=locked)
    if level == c.insanity:
        ctx.fire("vs.change.reduction-limited")
        if c.insanity >= floor:
            ctx.fire("vs.insanity.no-return-below-3")
        return state
    ctx.fire("vs.insanity.track")
    return state.with_character(c.evolve(insanity=level))


def infected_result(state: GameState, player: int, ctx: Context) -> GameState:
    """An INFECTED scan result puts the Insanity marker on the last space; a Character already
    there is unaffected (vs.change.contamination, vs.change.rest-infected, vs.change.rest-infected-at-5)."""
    _, top = _track(state)
    ctx.fire("vs.change.contamination")
    if state.character(player).insanity >= top:
        ctx.fire("vs.change.rest-infected-at-5")
        return state
    ctx.fire("vs.change.rest-infected")
    return raise_insanity(state, player, ctx, to=top)
