"""Void Seeders: the Insanity track, no Slime and no Larva, immobile Lairs, and the Despoiler
(void-seeders-rulebook.txt, Void Seeders Features > Insanity Level and Insanity Track Card,
> Lairs; Void Seeders Rules > Void Seeders Injuries & Death; Gameplay Changes > Slime)."""

from __future__ import annotations

from nemesis_rules.invariants.components import per_config
from nemesis_rules.invariants.core import (
    Invariant,
    character_invariant,
    fired_step_invariant,
    problems,
    register,
    state_invariant,
    step_invariant,
)
from nemesis_rules.model.core.actions import Action
from nemesis_rules.model.core.config import GameConfig
from nemesis_rules.model.core.state import Character, GameState
from nemesis_rules.rulebook.spec import spec_value

VS = ("void-seeders",)
LARVA = "larva"
LAIR = "lair"
DESPOILER = "despoiler"
DESPOILER_KILLED = "despoiler-killed"
"""The flag the engine sets once every Lair is destroyed (the Despoiler counts as killed)."""
DEATH_ABOVE_TOP = "vs.insanity.death-above-5"


@per_config
def insanity_track(config: GameConfig) -> tuple[int, int, int]:
    """(lowest level, level of no return, top) of the Insanity track card, as the rule texts
    state them (the specification's numbers, not the engine's table)."""
    return 1, spec_value("insanity.floor"), spec_value("insanity.max")


@character_invariant(
    "vs.insanity.range",
    "Every living character's Insanity level is on its track, 1 to 5.",
    "vs.insanity.track",
    rulesets=VS,
    character_reads=("status", "insanity"),
)
def insanity_range(state: GameState, c: Character) -> str | None:
    low, _, top = insanity_track(state.config)
    if c.alive and not low <= c.insanity <= top:
        return f"player {c.player} is at Insanity {c.insanity} (the track runs {low} to {top})"
    return None


@step_invariant(
    "vs.insanity.no-return",
    "Once a character's Insanity is 3 or more, it never goes below 3 again.",
    "vs.insanity.no-return-below-3",
    rulesets=VS,
    reads=("characters",),
    character_reads=("insanity",),
)
def insanity_no_return(before: GameState, action: Action, after: GameState) -> str | None:
    if before.characters is after.characters:
        return None
    _, floor, _ = insanity_track(after.config)
    return problems(
        f"player {a.player}'s Insanity fell from {b.insanity} to {a.insanity}, below {floor}"
        for b, a in zip(before.characters, after.characters, strict=False)
        if b.insanity >= floor > a.insanity
    )


@fired_step_invariant(
    "vs.insanity.death-at-top",
    "An Insanity increase at 5 kills: a transition that raises a character past the top leaves a "
    "character dead who was alive at the top before it.",
    DEATH_ABOVE_TOP,
    rulesets=VS,
)
def insanity_death(before: GameState, action: Action, after: GameState, fired: tuple[str, ...]) -> str | None:
    if DEATH_ABOVE_TOP not in fired:
        return None
    _, _, top = insanity_track(after.config)
    killed = [
        a.player
        for b, a in zip(before.characters, after.characters, strict=False)
        if b.active and b.insanity >= top and a.status == "dead"
    ]
    if not killed:
        return "an Insanity increase at the top fired, but no character at the top died"
    return None


def _slime_or_larva_on(c: Character) -> list[str]:
    found = [f"player {c.player} carries Slime"] if c.slime else []
    if c.larva:
        found.append(f"player {c.player} carries a Larva")
    return found


def _larvae_in_play(state: GameState) -> list[str]:
    found = [f"a Larva (Intruder {i.id}) is in room {i.position}" for i in state.intruders if i.kind == LARVA]
    tokens = sorted(t for t in (*state.bag.distinct(), *state.token_pool.distinct()) if t.startswith(LARVA))
    if tokens:
        found.append(f"Larva tokens in play: {', '.join(tokens)}")
    return found


def no_slime_no_larva(state: GameState) -> str | None:
    return problems([*(m for c in state.characters for m in _slime_or_larva_on(c)), *_larvae_in_play(state)])


class _NoSlimeNoLarvaTracker:
    """Re-checks the characters a transition replaced, and the board and bag when they changed."""

    __slots__ = ()

    def full(self, state: GameState) -> str | None:
        return no_slime_no_larva(state)

    def step(self, before: GameState, after: GameState) -> str | None:
        found: list[str] = []
        if before.characters is not after.characters:
            old = before.characters if len(before.characters) == len(after.characters) else ()
            changed = (
                [b for a, b in zip(old, after.characters, strict=False) if a is not b] if old else after.characters
            )
            found.extend(m for c in changed for m in _slime_or_larva_on(c))
        if (
            before.intruders is not after.intruders
            or before.bag is not after.bag
            or before.token_pool is not after.token_pool
        ):
            found.extend(_larvae_in_play(after))
        return problems(found)


register(
    Invariant(
        "vs.no-slime-no-larva",
        "Nothing in the expansion uses Slime or the Larva: no Slime marker, no Larva on a character or the "
        "board, no Larva token.",
        "vs.setup.no-larva",
        "state",
        no_slime_no_larva,
        frozenset(VS),
        reads=frozenset({"characters", "intruders", "bag", "token_pool"}),
        tracker=_NoSlimeNoLarvaTracker,
        character_reads=frozenset({"slime", "larva"}),
    )
)


@step_invariant(
    "vs.lair.immobile",
    "A Lair never moves: Event cards, Retreat and Danger leave it in place.",
    "vs.lair.immobile",
    rulesets=VS,
    reads=("intruders",),
)
def lair_immobile(before: GameState, action: Action, after: GameState) -> str | None:
    if before.intruders is after.intruders:
        return None
    where = {i.id: i.position for i in after.intruders if i.kind == LAIR}
    return problems(
        f"Lair {i.id} moved from {i.position} to {where[i.id]}"
        for i in before.intruders
        if i.kind == LAIR and i.id in where and where[i.id] != i.position
    )


@state_invariant(
    "vs.despoiler.no-injury",
    "The Despoiler never carries an Injury marker.",
    "vs.injury.despoiler-no-injury",
    rulesets=VS,
    reads=("intruders",),
)
def despoiler_no_injury(state: GameState) -> str | None:
    return problems(
        f"the Despoiler (Intruder {i.id}) carries {i.injuries} Injury markers"
        for i in state.intruders
        if i.kind == DESPOILER and i.injuries
    )


@step_invariant(
    "vs.despoiler.after-lairs",
    "Once every Lair is destroyed the Despoiler is off the board and never placed again "
    "(under the default reading of ruling vs.summary.despoiler-no-return).",
    "vs.lair.despoiler-killed",
    rulesets=VS,
    reads=(
        "intruders",
        "flags",
    ),
)
def despoiler_after_lairs(before: GameState, action: Action, after: GameState) -> str | None:
    if DESPOILER_KILLED not in after.flags:
        return None
    found: list[str] = []
    if DESPOILER_KILLED in before.flags and after.config.rulings.get("vs.summary.despoiler-no-return") == "never":
        old = {i.id for i in before.intruders}
        found.extend(
            f"a Despoiler (Intruder {i.id}) was placed after the last Lair was destroyed"
            for i in after.intruders
            if i.kind == DESPOILER and i.id not in old
        )
    if DESPOILER_KILLED not in before.flags:
        found.extend(
            f"the Despoiler (Intruder {i.id}) stays on the board after the last Lair was destroyed"
            for i in after.intruders
            if i.kind == DESPOILER
        )
    return problems(found)
