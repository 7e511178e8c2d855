"""Injuries and defeat of Void Seeders and Lairs (void-seeders-rulebook.txt, Void Seeders Rules >
Void Seeders Injuries & Death; Void Seeders Features > Lairs > Lair Injuries and Death; Rules
Summary > Void Seeders Injuries & Death).

Each type checks its Injuries its own way with Void Seeder Attack cards: a Lurker draws 2 and
takes the lower blood value, a Whisperer 1, a Stalker 2 and the higher, a Lair 2 and the higher
(a Retreat icon saves it; it never moves). A Retreat icon makes a Lurker or Stalker retreat
(ruling vs.summary.injury-retreat; Whisperer: vs.gap.whisperer-retreat). The Despoiler never
takes an Injury marker; one card is drawn only to see whether it retreats (ruling
vs.summary.despoiler-injury). A defeated Void Seeder leaves no Carcass: its miniature goes back
and a random Void Seeder token goes into the bag (ruling vs.summary.defeat-adds-token).
"""

from __future__ import annotations

from dataclasses import replace

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.intruder_injuries import EnduranceCheck, Retreat, kill_intruder
from nemesis_rules.model.rules.shoot_and_melee import base_face_injuries
from nemesis_rules.model.rules.void_seeders.bag import add_random_tokens
from nemesis_rules.model.rules.void_seeders.components import LAIR, SEEDER_TYPES
from nemesis_rules.model.rules.void_seeders.lairs import destroy_lair

CHECKS = {"lurker": (2, "min"), "whisperer": (1, "one"), "stalker": (2, "max"), LAIR: (2, "max")}
"""Per type: attack cards drawn and which blood value counts."""


def injure(state: GameState, intruder: Intruder, count: int, ctx: Context) -> GameState:
    """``count`` Injuries on a Void Seeder or Lair, then its check."""
    if intruder.kind == "despoiler":
        ctx.fire("vs.injury.despoiler-no-injury")
        if state.config.ruling("vs.summary.despoiler-injury") == "no-draw":
            return state
        return state.push(EnduranceCheck(intruder.id, 1, "retreat-only"))
    if intruder.kind not in CHECKS:
        raise ValueError(f"no Void Seeders injury rule for a {intruder.kind}")
    ctx.fire("base.combat.injury-markers")
    state = state.with_intruder(replace(intruder, injuries=intruder.injuries + count))
    cards, combine = CHECKS[intruder.kind]
    return state.push(EnduranceCheck(intruder.id, cards, combine))


def injury_clause(state: GameState, intruder: Intruder | None, cards: int) -> str:
    """The clause each type's injury check implements (the card draw is the base EnduranceCheck)."""
    kind = intruder.kind if intruder is not None else "whisperer"
    return {
        "lurker": "vs.injury.lurker",
        "stalker": "vs.injury.stalker",
        "despoiler": "vs.injury.despoiler-retreat",
        LAIR: "vs.lair.injury-check",
    }.get(kind, "vs.injury.whisperer")


def _retreats(state: GameState, intruder: Intruder, ctx: Context) -> bool:
    """Whether a Retreat icon makes this type retreat."""
    if intruder.kind == "despoiler":
        ctx.fire("vs.injury.despoiler-retreat")
        return True
    if intruder.kind == "whisperer":
        reading = ctx.gap(
            state,
            "vs.gap.whisperer-retreat",
            "vs.injury.whisperer",
            "the card drawn for a Whisperer's Injury check shows Retreat",
        )
        return reading == "retreat"
    if state.config.ruling("vs.summary.injury-retreat") == "retreat":
        ctx.fire(f"vs.injury.{intruder.kind}-retreat")
        return True
    return False


def judge(state: GameState, intruder: Intruder, combine: str, drawn: tuple[str, ...], ctx: Context) -> GameState:
    """Compare the drawn blood values with the Injuries."""

    cards = [tables.attack_card(state.config, c) for c in drawn]
    retreat_icon = any(card.blood is None for card in cards)
    values = [card.blood for card in cards if card.blood is not None]
    if intruder.kind == LAIR:
        ctx.fire("vs.lair.injury-check")
        if retreat_icon:
            ctx.fire("vs.lair.retreat-survives", "vs.lair.immobile")
            return state
        if values and max(values) <= intruder.injuries:
            return kill_intruder(state, intruder, ctx)
        return state
    if retreat_icon and _retreats(state, intruder, ctx):
        return state.push(Retreat(intruder.id))
    if combine == "retreat-only" or not values:
        # vs.injury.despoiler-retreat: a type whose check is only its Retreat (or no card drawn) goes no further
        return state
    ctx.fire(f"vs.injury.{intruder.kind}")
    blood = min(values) if combine == "min" else max(values)
    if blood <= intruder.injuries:
        return kill_intruder(state, intruder, ctx)
    return state


def intruder_dies(state: GameState, intruder: Intruder, ctx: Context) -> GameState:
    """A Lair is destroyed; a Void Seeder is defeated: no Carcass, miniature back, a random
    token into the bag."""

    if intruder.kind == LAIR:
        return destroy_lair(state, intruder, ctx)
    if intruder.kind not in SEEDER_TYPES:
        raise ValueError(f"no Void Seeders defeat rule for a {intruder.kind}")
    ctx.fire("vs.injury.no-carcass")
    state = state.without_intruder(intruder.id)
    if state.config.ruling("vs.summary.defeat-adds-token") == "no-token":
        return state
    ctx.fire("vs.injury.defeat-token")
    return add_random_tokens(state, 1, "vs.injury.defeat-token")


def on_combat_hit(state: GameState, face: str, kind: str, ctx: Context) -> None:
    """A Shoot or Melee rolled ``face`` against a Lair (which counts as an Intruder for actions,
    vs.lair.counts-as-intruder, and is hit only from the printed red icon up, vs.lair.hit-threshold)
    or a Void Seeder: the ruling that decided a Creeper or Adult face is recorded."""
    symbol = face in ("adult", "creeper")
    if kind == LAIR:
        ctx.fire("vs.lair.counts-as-intruder", "vs.lair.hit-threshold")
        if symbol:
            ctx.gap(state, "vs.data.lair-hit-face", "vs.lair.hit-threshold", f"a {face} face rolled against a Lair")
    elif kind in SEEDER_TYPES and symbol:
        ctx.gap(state, "vs.gap.combat-die-types", "base.combat.shoot", f"a {face} face rolled against a {kind}")


def face_injuries(state: GameState, face: str, kind: str) -> int:
    """Injuries a combat die face deals to a Void Seeder or Lair. No text says which faces hurt
    which type (ruling vs.gap.combat-die-types); the Lair needs the printed red icon (ruling
    vs.data.lair-hit-face)."""

    if face == "double":
        return 2
    if face == "single":
        return 1
    if face not in ("adult", "creeper"):
        return 0
    if kind == LAIR:
        reading = state.config.ruling("vs.data.lair-hit-face")
        return 1 if (reading == "creeper-or-better" or (reading == "adult-or-better" and face == "adult")) else 0
    if kind not in SEEDER_TYPES:
        return base_face_injuries(face, kind)
    reading = state.config.ruling("vs.gap.combat-die-types")
    if reading == "any-symbol":
        return 1
    if reading == "hits-only":
        return 0
    as_base = {"lurker": "creeper", "whisperer": "adult"}.get(kind)
    return base_face_injuries(face, as_base) if as_base else 0
