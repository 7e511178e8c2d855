"""The crafted (blue) items' actions (facts.md §6; SCAN §5.4; RU-RB p.13, p.23).

The Antidote cures (scan everything, remove INFECTED cards and the Larva, then a new
Contamination card, a fresh deck and a pass); the Taser stuns an Intruder or makes a
Character drop their hand; the Molotov sets a room on Fire and hurts everyone in it. The
Flamethrower is a weapon: its ability is Shoot's (shoot_and_melee.py), Chemicals reload it.
"""

from __future__ import annotations

from dataclasses import dataclass

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import Step
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.effects import Params, always
from nemesis_rules.model.rules.healing import reshuffle_all, scan_everything
from nemesis_rules.model.rules.intruder_injuries import destroy_nest_eggs
from nemesis_rules.model.rules.item_effects import (
    ItemInjury,
    Variants,
    fire_injuries,
    force_pass,
    injure_then_retreat,
    item_table,
    open_neighbours,
)
from nemesis_rules.model.rules.markers import place_fire
from nemesis_rules.model.rules.noise import EggNoise
from nemesis_rules.model.rules.wounds import GainContamination, SeriousWound

EGGS = "eggs"
MOLOTOV_EGGS = 1

# -- Antidote ------------------------------------------------------------------------------------------


def remove_larva(state: GameState, player: int, ctx: Context) -> GameState:
    """The base game's cure: the Larva on the character board is removed (facts.md §6)."""
    c = state.character(player)
    if not c.larva:
        # base.item.antidote: with no Larva there is none to remove
        return state
    ctx.fire("base.contamination.remove")
    return state.with_character(c.evolve(larva=False))


def cure_larva(state: GameState, player: int, ctx: Context) -> GameState:
    """What the Antidote (and any effect that "removes your Larva") does: the ruleset's cure
    (the base game's :func:`remove_larva`; the Void Seeders set Insanity to 3 instead)."""
    return state.config.ruleset.hooks.larva_cure(state, player, ctx)


def _antidote(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Scan the whole deck, hand and discard pile and remove the INFECTED cards; remove the
    Larva; then take 1 Contamination card, shuffle every Action card into a new deck, pass."""
    state, _ = scan_everything(state, player, ctx)
    state = cure_larva(state, player, ctx)
    return state.push(GainContamination(player), AntidoteFinish(player))


@dataclass(frozen=True, slots=True)
class AntidoteFinish(Step):
    """After the new Contamination card: every Action card into a new deck, then a pass."""

    player: int

    def run(self, state: GameState, ctx: Context) -> GameState:
        if not state.character(self.player).active:
            # base.hibernation.out-of-play: a Character out of play (dead, hibernating, escaped) takes no further part
            return state
        state = reshuffle_all(state, self.player)
        return force_pass(state, self.player, ctx)


# -- Taser ------------------------------------------------------------------------------------------------


def _taser_variants(state: GameState, player: int) -> Variants:
    position = state.character(player).position
    out: Variants = [{"target": str(i.id)} for i in state.intruders_at(position)]
    out.extend({"character": str(c.player)} for c in state.characters_at(position) if c.player != player and c.hand)
    return out


def _taser(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """1 Injury to an Intruder in your room and it Retreats, or a Character in your room
    discards their whole hand."""
    target = params.get("target")
    if isinstance(target, str):
        intruder = next(i for i in state.intruders if str(i.id) == target)
        return injure_then_retreat(state, intruder, 1, ctx)
    other = state.character(int(str(params.get("character"))))
    return state.with_character(other.evolve(hand=Multiset(), discard=other.discard.union(other.hand)))


# -- Molotov ----------------------------------------------------------------------------------------------


def _molotov_reach(state: GameState, player: int) -> list[str]:
    position = state.character(player).position
    if state.config.rulings.get("base.ambiguity.molotov-closed-door") == "not-blocked":
        return [position, *state.config.board.neighbours[position]]
    return [position, *open_neighbours(state, position)]


def _nest_with_eggs(state: GameState, position: str) -> bool:
    room = state.room(position)
    return room.tile == "nest" and room.explored and state.eggs > 0


def _molotov_variants(state: GameState, player: int) -> Variants:
    """Your room or a neighbouring one that holds an Intruder (or the Nest's Eggs, RU-RB p.25)."""
    return [{"at": p} for p in _molotov_reach(state, player) if state.intruders_at(p) or _nest_with_eggs(state, p)]


def _molotov(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Fire in the room; every Intruder there 1 Injury (2 with Vulnerability to Fire), every
    Character there 1 Serious Wound; in the Nest 1 Egg is destroyed and a noise roll follows."""

    position = str(params.get("at"))
    here = state.character(player).position
    corridor = state.config.board.corridor_between.get((here, position))
    if corridor is not None and state.door(corridor) == "closed":
        ctx.fire("base.ambiguity.molotov-closed-door")
    state = place_fire(state, position, ctx)
    if state.end is not None:
        return state
    frames: list[Step] = []
    intruders = state.intruders_at(position)
    if intruders:
        injuries = fire_injuries(state, ctx)
        frames.extend(ItemInjury(i.id, injuries) for i in intruders)
    frames.extend(SeriousWound(c.player) for c in state.characters_at(position))
    if _nest_with_eggs(state, position):
        ctx.fire("base.nest.item-eggs")
        state = destroy_nest_eggs(state, MOLOTOV_EGGS, ctx)
        frames.append(EggNoise(player, here))
    return state.push(*frames)


ITEM_EFFECTS = item_table(
    {
        "antidote": (always, _antidote),
        "taser": (_taser_variants, _taser),
        "molotov": (_molotov_variants, _molotov),
    }
)
