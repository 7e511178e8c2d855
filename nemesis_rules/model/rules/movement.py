"""Movement, Careful Movement, Escape, entering and exploring rooms (RU-RB p.13-16, p.19;
facts.md §2, §10).

Move: 1 card, through a corridor whose door is not closed. Careful Movement: 2 cards, not in
Combat; instead of a noise roll the player puts a Noise marker in a noiseless corridor of
the room entered (not possible when all of them are noisy). Leaving a room with Intruders is
an Escape: each Intruder there attacks once first, largest first. Entering an unexplored room
reveals its tile and exploration token. A noise roll follows unless the room was occupied.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby
from operator import itemgetter

from nemesis_rules.board.layout import TECH
from nemesis_rules.model.core.actions import Decision, presorted
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import Step
from nemesis_rules.model.core.ruleset import ActionRule
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules import noise as noise_rules
from nemesis_rules.model.rules import queries, replaceable
from nemesis_rules.model.rules.attack import IntruderAttack
from nemesis_rules.model.rules.items import pay_cards
from nemesis_rules.model.rules.payment import payments

SIZE_ORDER = {"queen": 0, "breeder": 1, "adult": 2, "creeper": 3, "larva": 4}


def _exits(state: GameState, player: int) -> tuple[tuple[str, str], ...]:
    """(corridor, destination) pairs a character may walk through now. Movement and Careful
    Movement both ask for the same state and player in turn: the last answer is kept."""
    kept = _EXITS_MEMO.get(player)
    if kept is not None and kept[0] is state:
        return kept[1]
    c = state.character(player)
    board = state.config.board
    exits = tuple(
        (corridor, board.corridors[corridor].other_end(c.position))
        for corridor in board.corridors_at[c.position]
        if state.door(corridor) != "closed"
    )
    _EXITS_MEMO[player] = (state, exits)
    return exits


_EXITS_MEMO: dict[int, tuple[GameState, tuple[tuple[str, str], ...]]] = {}
"""Each player's last :func:`_exits` answer, with the state it was for; states are immutable, so the same
state object always has the same exits."""


def move_cost(state: GameState, player: int) -> int:
    return queries.move_cost(state, player, escaping=tables.hooks(state.config).escaping(state, player))


def move_options(state: GameState, player: int) -> list[Decision]:
    """Each open neighbouring room with each way to pay, in the order of their parameters
    (``pay``, then ``to``): the turn need not sort them."""
    c = state.character(player)
    cost = move_cost(state, player)
    ways = payments(c.hand, cost)
    if not ways:
        return []
    tos = [("to", to) for to in sorted({destination for _, destination in _exits(state, player)})]
    return [presorted(player, "move", (pay, to)) for pay in [("pay", way) for way in ways] for to in tos]


def careful_options(state: GameState, player: int) -> list[Decision]:
    """Each open neighbouring room with each of its corridors free of Noise and each way to
    pay, in the order of their parameters (``noise``, ``pay``, then ``to``)."""
    if state.in_combat(player):
        return []
    c = state.character(player)
    ways = payments(c.hand, queries.careful_move_cost(state, player))
    if not ways:
        return []
    noise = state.noise
    spaces_at = state.config.board.spaces_at
    pairs = sorted(
        {
            (space, destination)
            for _, destination in _exits(state, player)
            for space in spaces_at[destination]
            if space not in noise
        }
    )
    pays = [("pay", way) for way in ways]  # each parameter pair built once, not once per decision
    out: list[Decision] = []
    for space, group in groupby(pairs, key=itemgetter(0)):  # the rooms that share one Noise space
        noise_space = ("noise", space)
        tos = [("to", destination) for _, destination in group]
        out += [presorted(player, "careful-move", (noise_space, pay, to)) for pay in pays for to in tos]
    return out


def _diagnose_move(state: GameState, decision: Decision) -> tuple[str, str]:
    c = state.character(decision.player)
    board = state.config.board
    to = decision.get("to")
    if not isinstance(to, str) or to not in board.positions:
        return f"'{to}' is not a room number (01-21)", "base.move.adjacent"
    corridor = board.corridor_between.get((c.position, to))
    if corridor is None:
        if TECH in board.spaces_at[c.position] and TECH in board.spaces_at[to]:
            return (
                f"rooms {c.position} and {to} are joined only through the technical corridors, closed to Characters",
                "base.tech-corridor.characters-barred",
            )
        return f"no corridor from {c.position} to {to}", "base.move.adjacent"
    if state.door(corridor) == "closed":
        return f"the door between {c.position} and {to} is closed", "base.move.closed-door"
    cards = decision.cards()
    hand = c.hand
    for card in cards:
        if card.startswith("contamination"):
            return "contamination cards cannot pay for actions", "base.cost.contamination-cannot-pay"
    if not hand.contains_all(type(hand).of(cards)):
        return (
            f"the cards paid ({', '.join(cards)}) are not all in player {c.player}'s hand",
            "base.cost.paid-from-hand",
        )
    if decision.kind == "careful-move":
        if state.in_combat(decision.player):
            return "careful movement is not possible in combat", "base.careful-move.not-in-combat"
        if all(space in state.noise for space in board.spaces_at[to]):
            return f"every corridor of room {to} already has a noise marker", "base.careful-move.all-noisy"
        if decision.get("noise") in state.noise:
            return f"corridor {decision.get('noise')} already has a noise marker", "base.noise.limit-one"
        if decision.get("noise") not in board.spaces_at[to]:
            return f"'{decision.get('noise')}' is not a corridor of room {to}", "base.careful-move.choose-corridor"
        want = queries.careful_move_cost(state, decision.player)
        return f"careful movement costs {want} cards, {len(cards)} paid", "base.cost.careful-move"
    want = move_cost(state, decision.player)
    return f"movement costs {want} card(s) here, {len(cards)} paid", "base.cost.basic-action"


def _perform(state: GameState, decision: Decision, ctx: Context) -> GameState:
    player = decision.player
    c = state.character(player)
    cards = decision.cards()
    ctx.fire("base.cost.careful-move" if decision.kind == "careful-move" else "base.cost.basic-action")
    state = pay_cards(state, player, cards)
    to = decision.text("to")
    careful = decision.get("noise") if decision.kind == "careful-move" else None
    frames: list[Step] = []
    if state.in_combat(player):
        ctx.fire("base.combat.in-combat", "base.move.escape-attacks")  # leaving Combat is an Escape
        if c.wound_active("leg") and tables.hooks(state.config).escaping(state, player):
            ctx.fire("base.serious-wound.leg")
        attackers = sorted(state.intruders_at(c.position), key=lambda i: (SIZE_ORDER.get(i.kind, 9), i.id))

        frames.extend(IntruderAttack(i.id, player, "escape") for i in attackers)
    else:
        ctx.fire("base.careful-move.choose-corridor" if careful else "base.move.adjacent")
    escaping = bool(frames)
    frames.append(Relocate(player, c.position, to, careful if isinstance(careful, str) else None, escaping))
    return state.push(*frames)


@dataclass(frozen=True, slots=True)
class Relocate(Step):
    """The character walks into ``to`` (if still alive) and enters it. After an Escape
    (``escaping``) a Character killed by the attacks does not move, the Corpse stays; a survivor
    moves, explores and rolls for Noise as after a normal Move (facts.md §15, RU-RB p.19)."""

    player: int
    origin: str
    to: str
    careful_noise: str | None
    escaping: bool = False

    def run(self, state: GameState, ctx: Context) -> GameState:
        c = state.character(self.player)
        if self.escaping and c.status == "dead" and c.position == self.origin:
            ctx.fire("base.move.escape-death")
            return state
        if not c.active or c.position != self.origin:
            # base.hibernation.out-of-play: a Character out of play, or moved away meanwhile, is not moved again
            return state
        if self.escaping:
            ctx.fire("base.move.escape-then-normal")
        occupied = bool(state.characters_at(self.to) or state.intruders_at(self.to))
        state = state.with_character(c.evolve(position=self.to))
        corridor = state.config.board.corridor_between[(self.origin, self.to)]
        return enter_room(state, self.player, self.to, corridor, occupied, self.careful_noise, ctx)


def enter_room(
    state: GameState,
    player: int,
    position: str,
    via: str | None,
    occupied: bool,
    careful_noise: str | None,
    ctx: Context,
) -> GameState:
    """Entering a room: passive room effects, exploration of an unexplored room, then the noise
    roll, unless the room was occupied, a token cancelled it, or Careful Movement replaced it."""
    room = state.room(position)
    roll = not occupied
    if not room.explored:
        state, roll_after = explore(state, player, position, via, careful_noise is not None, ctx)
        roll = roll and roll_after
    state = replaceable.on_enter(state, player, position, ctx)
    if careful_noise is not None:
        return noise_rules.place_noise(state, position, careful_noise, player, ctx)
    if occupied:
        ctx.fire("base.noise.occupied-room-no-roll")
        return state
    if roll:
        ctx.fire("base.explore.then-noise" if not room.explored else "base.noise.after-move")
        return state.push(noise_rules.RollNoise(player, position))
    return state


def explore(
    state: GameState, player: int, position: str, via: str | None, careful: bool, ctx: Context
) -> tuple[GameState, bool]:
    """Flip the tile and its exploration token; set the item counter; resolve the token.
    Returns the state and whether the noise roll still happens (RU-RB p.14-15; facts.md §10)."""
    room = state.room(position)
    token = room.token
    ctx.fire("base.explore.reveal")
    kind, items = tables.parse_exploration_token(token)
    counter = items if tables.room_has_item_counter(state.config, room.tile) else None
    if counter is not None:
        ctx.fire("base.explore.item-counter")
    state = state.with_room(position, room.evolve(explored=True, token=None, items=counter))
    if token is not None:
        ctx.fire("base.explore.token-removed")
        state = state.evolve(removed=state.removed.add(f"exploration:{token}"))
    return replaceable.exploration_effect(state, kind, player, position, via, careful, ctx)


ACTIONS: tuple[ActionRule, ...] = (
    ActionRule("move", "base.move.adjacent", move_options, _perform, _diagnose_move, in_combat=True, ordered=True),
    # careful_options refuses Combat itself, so that a refusal names the careful-movement clause
    ActionRule(
        "careful-move",
        "base.careful-move.choose-corridor",
        careful_options,
        _perform,
        _diagnose_move,
        in_combat=True,
        ordered=True,
    ),
)
"""The actions this family adds to the turn (a ruleset takes them into its table)."""
