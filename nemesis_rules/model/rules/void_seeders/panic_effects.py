"""The effects of the 20 Panic cards (14 distinct effects; facts.md §16, paraphrased in
``void_seeders/panic_cards.toml``).

Each effect says when it *can* be carried out (otherwise the Character gains 1 Insanity instead,
vs.panic.unresolvable) and how it resolves. Where a card has two parts and only one can be
done, ruling ``vs.gap.panic-partial-effect`` decides whether the card still counts as resolved.
"""

from __future__ import annotations

from dataclasses import dataclass

from nemesis_rules.board.layout import TECH
from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import ChanceNode, Choice, Step
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.attack import IntruderAttack
from nemesis_rules.model.rules.decks import ensure_event_deck
from nemesis_rules.model.rules.items import drop
from nemesis_rules.model.rules.markers import place_fire, place_malfunction
from nemesis_rules.model.rules.movement import Relocate
from nemesis_rules.model.rules.queries import turn_order
from nemesis_rules.model.rules.void_seeders.components import LAIR, SEEDER_TYPES
from nemesis_rules.model.rules.void_seeders.insanity import raise_insanity
from nemesis_rules.model.rules.void_seeders.panic import PanicRule, RaiseInsanity, panic_failed
from nemesis_rules.model.rules.wounds import LightWound, kill, light_wounds, serious_wounds


def _always(state: GameState, player: int, ctx: Context) -> bool:
    return True


def _every_part(state: GameState, player: int, ctx: Context, situation: str) -> bool:
    """Ruling vs.gap.panic-partial-effect: must every part of a two-part effect be possible?"""
    reading = ctx.gap(state, "vs.gap.panic-partial-effect", "vs.panic.unresolvable", situation)
    return reading == "every-part"


def _room_of(state: GameState, player: int) -> str:
    return state.character(player).position


def _in_room(state: GameState, position: str) -> list[int]:
    return [p for p in turn_order(state) if state.character(p).active and state.character(p).position == position]


# -- moving a panicking character -----------------------------------------------------------


def walk(state: GameState, player: int, to: str, ctx: Context) -> GameState:
    """The Character moves into ``to`` without paying: leaving Intruders is an Escape (each
    attacks first, largest first; ruling vs.gap.panic-move-escape), entering follows the usual
    rules (RU-RB p.13-16)."""

    c = state.character(player)
    size = {kind: -rank for rank, kind in enumerate(SEEDER_TYPES)}
    attackers = sorted(state.intruders_at(c.position), key=lambda i: (size.get(i.kind, 1), i.id))
    if attackers:
        reading = ctx.gap(
            state,
            "vs.gap.panic-move-escape",
            "base.move.escape-attacks",
            f"a Panic card moves player {player} out of a room with Intruders",
        )
        if reading == "no-attacks":
            attackers = []
        else:
            ctx.fire("base.move.escape-attacks")
    frames: list[Step] = [IntruderAttack(i.id, player, "escape") for i in attackers]
    frames.append(Relocate(player, c.position, to, None))
    return state.push(*frames)


def _open_neighbours(state: GameState, position: str) -> list[str]:
    board = state.config.board
    return sorted(
        board.corridors[corridor].other_end(position)
        for corridor in board.corridors_at[position]
        if state.door(corridor) != "closed"
    )


@dataclass(frozen=True, slots=True)
class RoomChoice(Choice):
    """Choose the room a Panic effect moves you into."""

    rooms: tuple[str, ...]
    clause = "vs.panic-card.insane-courage"

    def options(self, state: GameState) -> tuple[Decision, ...]:
        return tuple(Decision.make(self.player, "panic-move", to=r) for r in self.rooms)

    def resolve(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        return walk(state, self.player, decision.text("to"), ctx)


# -- the effects -----------------------------------------------------------------------------


def _outburst_ok(state: GameState, player: int, ctx: Context) -> bool:
    room = state.room(_room_of(state, player))
    return tables.room_can_malfunction(state.config, room.tile) and not room.malfunction


def destructive_outburst(state: GameState, player: int, ctx: Context) -> GameState:
    return place_malfunction(state, _room_of(state, player), ctx)


def defeatism(state: GameState, player: int, ctx: Context) -> GameState:
    for other in _in_room(state, _room_of(state, player)):
        state = raise_insanity(state, other, ctx)
    return state


def _escape_ok(state: GameState, player: int, ctx: Context) -> bool:
    deck = state.deck("event")
    return bool(deck.draw_outcomes() or deck.discard)


def blind_escape(state: GameState, player: int, ctx: Context) -> GameState:
    return ensure_event_deck(state, ctx).push(BlindEscapeDraw(player))


@dataclass(frozen=True, slots=True)
class BlindEscapeDraw(ChanceNode):
    """Blind Escape: an Event card names the corridor to run through; no such corridor a
    Character can take (none, a Closed Door, the technical corridors) means the effect fails."""

    player: int
    chance = "event-card"
    clause = "vs.panic-card.blind-escape"

    def outcomes(self, state: GameState) -> tuple[tuple[str, int], ...]:
        return state.deck("event").draw_outcomes()

    def resolve(self, state: GameState, outcome: str, ctx: Context) -> GameState:
        state = state.with_deck("event", state.deck("event").remove_top(outcome).discarded(outcome))
        position = _room_of(state, self.player)
        number = tables.event_card(state.config, outcome).number
        space = state.config.board.space_by_number[position].get(number)
        if space is None or space == TECH or state.door(space) == "closed":
            return panic_failed(state, self.player, ctx)
        return walk(state, self.player, state.config.board.corridors[space].other_end(position), ctx)


def _heavy_items(state: GameState, player: int) -> list[str]:
    return sorted({h for h in state.character(player).hands if h not in tables.HEAVY_OBJECTS})


def destruction(state: GameState, player: int, ctx: Context) -> GameState:
    items = _heavy_items(state, player)
    if len(items) == 1:
        return _discard_heavy(state, player, items[0], ctx)
    return state.push(HeavyItemChoice(player, tuple(items)))


def _discard_heavy(state: GameState, player: int, slug: str, ctx: Context) -> GameState:
    return drop(state, player, slug, ctx)


@dataclass(frozen=True, slots=True)
class HeavyItemChoice(Choice):
    """Destruction: which Heavy Item to discard."""

    items: tuple[str, ...]
    clause = "vs.panic-card.destruction"

    def options(self, state: GameState) -> tuple[Decision, ...]:
        return tuple(Decision.make(self.player, "discard-item", item=i) for i in self.items)

    def resolve(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        return _discard_heavy(state, self.player, decision.text("item"), ctx)


def _courage_rooms(state: GameState, player: int) -> list[str]:
    return [
        r
        for r in _open_neighbours(state, _room_of(state, player))
        if any(i.kind in (*SEEDER_TYPES, LAIR) for i in state.intruders_at(r))
    ]


def insane_courage(state: GameState, player: int, ctx: Context) -> GameState:
    rooms = _courage_rooms(state, player)
    if len(rooms) == 1:
        return walk(state, player, rooms[0], ctx)
    return state.push(RoomChoice(player, tuple(rooms)))


def _sabotage_ok(state: GameState, player: int, ctx: Context) -> bool:
    items = state.room(_room_of(state, player)).items
    return items is not None and items > 0


def sabotage(state: GameState, player: int, ctx: Context) -> GameState:
    position = _room_of(state, player)
    return state.with_room(position, state.room(position).evolve(items=0))


def self_mutilation(state: GameState, player: int, ctx: Context) -> GameState:
    return light_wounds(state, player, 2, ctx)


def heart_attack(state: GameState, player: int, ctx: Context) -> GameState:
    return kill(state, player, ctx, "Heart Attack")


def bloodlust(state: GameState, player: int, ctx: Context) -> GameState:
    others = [p for p in _in_room(state, _room_of(state, player)) if p != player]
    for victim in others or [player]:
        state = serious_wounds(state, victim, 1, ctx)
    return state


def _demotivation_ok(state: GameState, player: int, ctx: Context) -> bool:
    here = _in_room(state, _room_of(state, player))
    if all(state.character(p).hand for p in here):
        return True
    return not _every_part(state, player, ctx, "Demotivation: somebody in the room has no card to discard")


def demotivation(state: GameState, player: int, ctx: Context) -> GameState:
    here = _in_room(state, _room_of(state, player))
    return state.push(*(DiscardOneStep(p) for p in here), RaiseInsanity(player))


@dataclass(frozen=True, slots=True)
class DiscardOneStep(Step):
    """A Character discards 1 card of their choice (none if the hand is empty)."""

    player: int

    def run(self, state: GameState, ctx: Context) -> GameState:
        c = state.character(self.player)
        if not c.active or not c.hand:
            # vs.panic.resolve: a Character out of play or with an empty hand has nothing to discard
            return state
        return state.push(DiscardOneChoice(self.player))


@dataclass(frozen=True, slots=True)
class DiscardOneChoice(Choice):
    clause = "vs.panic-card.demotivation"

    def options(self, state: GameState) -> tuple[Decision, ...]:
        hand = state.character(self.player).hand
        return tuple(Decision.make(self.player, "discard", card=card) for card in sorted(hand.distinct()))

    def resolve(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        card = decision.text("card")
        c = state.character(self.player)
        return state.with_character(c.evolve(hand=c.hand.remove(card), discard=c.discard.add(card)))


def _ripping_ok(state: GameState, player: int, ctx: Context) -> bool:
    if state.character(player).dressed:
        return True
    return not _every_part(state, player, ctx, "Ripping of the Bandages with no Dressed Serious Wound")


def ripping_of_the_bandages(state: GameState, player: int, ctx: Context) -> GameState:
    dressed = sorted(set(state.character(player).dressed))
    if len(dressed) == 1:
        state = _undress(state, player, dressed[0])
    elif dressed:
        return state.push(UndressChoice(player, tuple(dressed)), LightWound(player))
    return state.push(LightWound(player))


def _undress(state: GameState, player: int, wound: str) -> GameState:
    c = state.character(player)
    dressed = list(c.dressed)
    dressed.remove(wound)
    return state.with_character(c.evolve(dressed=tuple(dressed)))


@dataclass(frozen=True, slots=True)
class UndressChoice(Choice):
    """Ripping of the Bandages: which Dressed Serious Wound comes undone."""

    wounds: tuple[str, ...]
    clause = "vs.panic-card.ripping-of-the-bandages"

    def options(self, state: GameState) -> tuple[Decision, ...]:
        return tuple(Decision.make(self.player, "undress", wound=w) for w in self.wounds)

    def resolve(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        return _undress(state, self.player, decision.text("wound"))


def _cards_left(state: GameState, player: int, ctx: Context) -> bool:
    c = state.character(player)
    return bool(c.deck or c.discard)


def hopelessness(state: GameState, player: int, ctx: Context) -> GameState:
    return state.push(HopelessDraw(player, ()))


@dataclass(frozen=True, slots=True)
class HopelessDraw(Step):
    """Hopelessness: draw 3 action cards into the hand (the discard pile reshuffled when the deck
    runs out); ``drawn`` are the cards drawn so far."""

    player: int
    drawn: tuple[str, ...]

    def run(self, state: GameState, ctx: Context) -> GameState:
        c = state.character(self.player)
        if not c.active:
            # base.hibernation.out-of-play: a Character out of play (dead, hibernating, escaped) takes no further part
            return state
        if len(self.drawn) < 3 and (c.deck or c.discard):
            if not c.deck:
                ctx.fire("base.round.reshuffle-discard")
                state = state.with_character(c.evolve(deck=c.discard, discard=c.deck))
            return state.push(HopelessCard(self.player, self.drawn))
        keepable = sorted({card for card in self.drawn if not card.startswith("contamination")})
        if not keepable:
            state = _discard_drawn(state, self.player, self.drawn)
            if _every_part(state, self.player, ctx, "Hopelessness drew only Contamination cards"):
                return panic_failed(state, self.player, ctx)
            return state
        return state.push(HopelessChoice(self.player, self.drawn))


def _discard_drawn(state: GameState, player: int, cards: tuple[str, ...]) -> GameState:
    """The drawn ``cards`` go from the hand to the discard pile."""
    c = state.character(player)
    drawn = Multiset.of(cards)
    return state.with_character(c.evolve(hand=c.hand.difference(drawn), discard=c.discard.union(drawn)))


@dataclass(frozen=True, slots=True)
class HopelessCard(ChanceNode):
    player: int
    drawn: tuple[str, ...]
    chance = "action-card"
    clause = "vs.panic-card.hopelessness"

    def outcomes(self, state: GameState) -> tuple[tuple[str, int], ...]:
        return state.character(self.player).deck.items()

    def resolve(self, state: GameState, outcome: str, ctx: Context) -> GameState:
        c = state.character(self.player)
        state = state.with_character(c.evolve(deck=c.deck.remove(outcome), hand=c.hand.add(outcome)))
        return state.push(HopelessDraw(self.player, (*self.drawn, outcome)))


@dataclass(frozen=True, slots=True)
class HopelessChoice(Choice):
    """Hopelessness: the drawn card (not Contamination) removed from the game; the other drawn
    cards are discarded."""

    drawn: tuple[str, ...]
    clause = "vs.panic-card.hopelessness"

    def options(self, state: GameState) -> tuple[Decision, ...]:
        keepable = sorted({card for card in self.drawn if not card.startswith("contamination")})
        return tuple(Decision.make(self.player, "remove-card", card=card) for card in keepable)

    def resolve(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        card = decision.text("card")
        rest = list(self.drawn)
        rest.remove(card)
        c = state.character(self.player)
        state = state.with_character(c.evolve(hand=c.hand.remove(card)))
        state = state.evolve(removed=state.removed.add(f"action-card:{self.player}:{card}"))
        return _discard_drawn(state, self.player, tuple(rest))


def _loaded_weapons(state: GameState, player: int) -> list[str]:
    c = state.character(player)
    return sorted({h for h in c.hands if tables.weapon(state.config, h) is not None and c.ammo_of(h) > 0})


def hallucinations(state: GameState, player: int, ctx: Context) -> GameState:
    weapons = _loaded_weapons(state, player)
    if len(weapons) == 1:
        return _unload(state, player, weapons[0])
    return state.push(WeaponChoice(player, tuple(weapons)))


def _unload(state: GameState, player: int, weapon: str) -> GameState:
    return state.with_character(state.character(player).with_ammo(weapon, 0))


@dataclass(frozen=True, slots=True)
class WeaponChoice(Choice):
    """Hallucinations: which weapon loses all its Ammo."""

    weapons: tuple[str, ...]
    clause = "vs.panic-card.hallucinations"

    def options(self, state: GameState) -> tuple[Decision, ...]:
        return tuple(Decision.make(self.player, "unload", weapon=w) for w in self.weapons)

    def resolve(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        return _unload(state, self.player, decision.text("weapon"))


def _not_burning(state: GameState, player: int, ctx: Context) -> bool:
    return not state.room(_room_of(state, player)).fire


def pyromaniac(state: GameState, player: int, ctx: Context) -> GameState:
    return place_fire(state, _room_of(state, player), ctx)


PANIC_EFFECTS: dict[str, PanicRule] = {  # the ruleset holds it as extra["panic-effects"]
    "destructive-outburst": PanicRule(_outburst_ok, destructive_outburst),
    "defeatism": PanicRule(_always, defeatism),
    "blind-escape": PanicRule(_escape_ok, blind_escape),
    "destruction": PanicRule(lambda s, p, c: bool(_heavy_items(s, p)), destruction),
    "insane-courage": PanicRule(lambda s, p, c: bool(_courage_rooms(s, p)), insane_courage),
    "sabotage": PanicRule(_sabotage_ok, sabotage),
    "self-mutilation": PanicRule(_always, self_mutilation),
    "heart-attack": PanicRule(_always, heart_attack),
    "bloodlust": PanicRule(_always, bloodlust),
    "demotivation": PanicRule(_demotivation_ok, demotivation),
    "ripping-of-the-bandages": PanicRule(_ripping_ok, ripping_of_the_bandages),
    "hopelessness": PanicRule(_cards_left, hopelessness),
    "hallucinations": PanicRule(lambda s, p, c: bool(_loaded_weapons(s, p)), hallucinations),
    "pyromaniac": PanicRule(_not_burning, pyromaniac),
}
