"""The base game's versions of the replaceable steps: setup's Intruder bag and last words, what an
explored token does, entering and passing, an Intruder's attack and injuries, the Event Phase
steps, Fire Damage to the Nest (RU-RB p.6, p.14-15, p.18-21, p.28). The base ruleset puts them in
its table (:mod:`nemesis_rules.model.rulesets.base`); the expansion keeps some and replaces others.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import Frame, Step
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.attack import DrawAttackCard, larva_attack
from nemesis_rules.model.rules.events import AttackStep, BagDevelopmentStep, EventCardStep, FireDamageStep, TimeStep
from nemesis_rules.model.rules.intruder_injuries import EnduranceCheck, destroy_nest_eggs, kill_intruder
from nemesis_rules.model.rules.markers import place_fire, place_malfunction
from nemesis_rules.model.rules.noise import danger
from nemesis_rules.model.rules.round import EndRoundStep
from nemesis_rules.model.rules.ship import take_door_token
from nemesis_rules.model.rules.wounds import light_wounds


@dataclass(frozen=True, slots=True)
class FillBag(Step):
    """Setup step 10: 1 Blank, 4 Larvae, 1 Creeper, 1 Queen, 3 Adults and 1 Adult per player."""

    def run(self, state: GameState, ctx: Context) -> GameState:
        ctx.fire("base.setup.intruder-bag")
        return state.evolve(bag=tables.base_setup_bag(state.config))


def base_finish_setup(state: GameState, ctx: Context) -> GameState:
    """The base game's last setup words: the three Weaknesses lie on the Intruder board's slots
    for a Character Corpse, an Egg and a Carcass, in the order drawn (RU-RB p.6 step 9, p.21), and
    the 27 Intruder tokens not in the bag wait beside the board (RU-RB p.2, p.6 step 10)."""
    ctx.fire("base.weakness.slots", "base.supply.token-supply")
    return state


def base_encounter_noise_spaces(state: GameState, position: str, ctx: Context) -> frozenset[str]:
    """Encounter step 1: every Noise marker around the room goes, technical entrance included
    (RU-RB p.18)."""
    ctx.fire("base.encounter.discard-noise")
    return frozenset(state.config.board.spaces_at[position])


def base_exploration_effect(
    state: GameState, kind: str, player: int, position: str, via: str | None, careful: bool, ctx: Context
) -> tuple[GameState, bool]:
    """Resolve a revealed exploration token; returns whether the noise roll still happens
    (RU-RB p.14-15, p.28; FAQ Actions 11: Careful Movement cancels Silence and Danger)."""

    if kind == "silence":
        if careful:
            ctx.fire("base.careful-move.cancels-tokens")
            return state, True
        c = state.character(player)
        if c.slime:
            ctx.fire("base.noise.slimed-silence")
            return danger(state, position, player, ctx), False
        ctx.fire("base.explore.silence-token")
        return state, _roll_anyway(state, ctx)
    if kind == "danger":
        if careful:
            ctx.fire("base.careful-move.cancels-tokens")
            return state, True
        ctx.fire("base.explore.danger-token")
        return danger(state, position, player, ctx), _roll_anyway(state, ctx)
    if kind == "slime":
        ctx.fire("base.explore.slime-token")
        return give_slime(state, player, ctx), True
    if kind == "fire":
        ctx.fire("base.explore.fire-token")
        return place_fire(state, position, ctx), True
    if kind == "malfunction":
        ctx.fire("base.explore.malfunction-token")
        return place_malfunction(state, position, ctx), True
    if kind == "doors":
        if via is None:
            ctx.fire("base.explore.door-token")
            return state, True
        ctx.fire("base.explore.door-token")
        if state.door(via) == "open":
            state = take_door_token(state, via, ctx).with_door(via, "closed")
        else:
            ctx.fire("base.door.one-per-corridor")  # a Door is there already: no second one
        return state, True
    return state, True


def _roll_anyway(state: GameState, ctx: Context) -> bool:
    """Whether the Noise roll follows a Silence or Danger token: not in the rulebook (facts.md §10), which
    has the token cancel it; yes in the German overview's account of exploring (ruling
    base.de.explore-roll, reading ``always-roll``)."""
    reading = ctx.gap(
        state,
        "base.de.explore-roll",
        "base.explore.then-noise",
        "a Silence or Danger token was revealed: does the Noise roll still follow",
    )
    return reading == "always-roll"


def give_slime(state: GameState, player: int, ctx: Context) -> GameState:
    c = state.character(player)
    if c.slime:
        # base.slime.one-per-character: a slimed Character gets no second Slime marker
        return state
    ctx.fire("base.slime.one-per-character")
    return state.with_character(c.evolve(slime=True))


def base_on_enter(state: GameState, player: int, position: str, ctx: Context) -> GameState:
    if state.room(position).tile == "room-covered-with-slime":
        ctx.fire("base.room.room-covered-with-slime")
        return give_slime(state, player, ctx)
    return state


def base_on_pass(state: GameState, player: int, ctx: Context) -> GameState:
    c = state.character(player)
    if c.wound_active("bleeding"):
        ctx.fire("base.serious-wound.bleeding")
        return light_wounds(state, player, 1, ctx)
    return state


def base_attack_procedure(state: GameState, intruder: Intruder, target: int, why: str, ctx: Context) -> GameState:
    if intruder.kind == "larva":
        return larva_attack(state, intruder.id, target, ctx)
    return state.push(DrawAttackCard(intruder.id, target))


def base_injure(state: GameState, intruder: Intruder, count: int, ctx: Context) -> GameState:
    """Injury markers, then the endurance check (RU-RB p.20)."""

    ctx.fire("base.combat.injury-markers")
    hurt = replace(intruder, injuries=intruder.injuries + count)
    state = state.with_intruder(hurt)
    if intruder.kind == "larva":
        return kill_intruder(state, hurt, ctx)
    cards = 2 if intruder.kind in ("breeder", "queen") else 1
    return state.push(EnduranceCheck(intruder.id, cards, "sum"))


def base_event_steps() -> tuple[Frame, ...]:
    return (TimeStep(), AttackStep(), FireDamageStep(), EventCardStep(), BagDevelopmentStep(), EndRoundStep())


def base_end_of_turn(state: GameState, player: int, ctx: Context) -> GameState:
    """The base game adds nothing when a turn ends (its burning-room wound is the turn's own step)."""
    # base.fire.end-of-turn: the base game's only end-of-turn effect is the turn's own burning-room step
    return state


def base_fire_damage_extra(state: GameState, ctx: Context) -> GameState:
    """Fire also destroys one uncarried Egg in a burning Nest (facts.md §2; FAQ: eggs on the
    Intruder board count as in the Nest); the last one destroys the Nest."""
    for position in state.config.board.positions:
        room = state.room(position)
        if room.fire and room.tile == "nest" and state.eggs > 0:
            ctx.fire("base.event.fire-damage")
            state = destroy_nest_eggs(state, 1, ctx)
        elif room.fire and room.objects.count("egg"):
            ctx.fire("base.event.fire-damage")
            state = state.with_room(position, room.evolve(objects=room.objects.remove("egg")))
    return state
