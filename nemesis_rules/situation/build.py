"""Building the state a situation describes: a real setup, then the table's own values, then every check.

1. **A real game.** The ruleset's own setup is played from ``seed``, every chance outcome drawn with
   its weight, except that the draws the table names are steered: the room tiles named in
   ``[room."NN"]``, the Characters named in ``[[character]]`` (draft cards and the draft choice),
   the Action cards named in a hand. So every component nobody wrote about (decks, tokens face down,
   objectives, the Coordinates) is where a real game puts it.
2. **The table's values.** Each field written replaces the setup's value, taking every component from
   the place it comes from (a card from its deck, a token from beside the board or the bag, an
   exploration token out of the game when a room is explored), so nothing is created or lost.
3. **Every check.** The snapshot's consistency facts and every state invariant of the catalogue
   (:func:`nemesis_rules.invariants.violations`); an impossible table is bad input naming the
   invariant (``impossible table: supply.fire: 9 Fire markers on the board; the supply holds 8``).
"""

from __future__ import annotations

import random

from nemesis_rules.errors import BadInputError
from nemesis_rules.invariants import violations
from nemesis_rules.model.core.engine import Context, RuleGap, legal_actions, settle, step
from nemesis_rules.model.core.frames import Frame
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.encounter import first_encounter
from nemesis_rules.model.rules.events import EventPhase
from nemesis_rules.model.rules.round import Turn
from nemesis_rules.model.rules.void_seeders.lairs import DESTROYED_LAIR
from nemesis_rules.model.rules.void_seeders.panic import ResolvePanic
from nemesis_rules.players.play import choose
from nemesis_rules.record.snapshot import consistency_problems
from nemesis_rules.situation.fields import RoomSpec, Situation
from nemesis_rules.situation.holdings import arrange_ammo, arrange_character, arrange_items
from nemesis_rules.situation.steering import steered_setup
from nemesis_rules.situation.table import Table

__all__ = ["build_state", "checked", "explore"]


def build_state(situation: Situation, source: str = "<situation>") -> GameState:
    """The state ``situation`` describes, checked; BadInputError naming the field or the invariant."""
    try:
        return _build(situation, source)
    except RuleGap as gap:  # the table needs a reading the texts do not give: the file must choose one
        raise BadInputError(
            f"the rule texts say nothing about this table ({gap.situation}) [{gap.clause}]: "
            "choose a reading under [rulings]",
            source,
        ) from None


def _build(situation: Situation, source: str) -> GameState:
    state = steered_setup(situation, source)
    table = Table(state, source)
    for spec in situation.characters:
        arrange_character(table, spec)
    arrange_items(table, situation.characters)
    for spec in situation.characters:
        arrange_ammo(table, spec)
    _explore_occupied(table, situation)
    for room in situation.rooms:
        _arrange_room(table, room)
    _arrange_board(table, situation)
    _arrange_tracks(table, situation)
    _arrange_turn(table, situation)
    return checked(table.state, source)


def checked(state: GameState, source: str) -> GameState:
    """``state`` when it is a possible table; otherwise BadInputError naming the first broken fact."""
    problems = consistency_problems(state)
    if problems:
        raise BadInputError(f"impossible table: {problems[0]}", source)
    found = violations(state)
    if found:
        first = found[0]
        more = f" (and {len(found) - 1} more: {', '.join(v.invariant for v in found[1:])})" if len(found) > 1 else ""
        raise BadInputError(f"impossible table: invariant {first.invariant}: {first.message}{more}", source)
    try:
        legal_actions(state)
    except Exception as exc:  # the engine cannot run the table: never a traceback
        raise BadInputError(
            f"impossible table: the engine cannot run it ({type(exc).__name__}: {exc})", source
        ) from None
    return state


# -- 2. the table's values (the Characters' holdings: :mod:`.holdings`) ----------------------------


def _arrange_room(table: Table, spec: RoomSpec) -> None:
    where = f"room.{spec.position}"
    state = table.state
    if spec.position not in state.config.board.positions:
        raise table.fail(where, f"{spec.position!r} is not a board position (01 to 21)")
    room = state.room(spec.position)
    if spec.tile is not None and room.tile != spec.tile:
        known = tables.rooms(state.config)
        if spec.tile not in known:
            raise table.fail(f"{where}.tile", f"unknown room {spec.tile!r}")
        raise table.fail(f"{where}.tile", f"setup cannot place the {spec.tile} in {spec.position}")
    if spec.explored is not None and spec.explored != room.explored:
        if not spec.explored:
            raise table.fail(f"{where}.explored", "this room is explored from the start of the game")
        state = explore(state, spec.position)
        room = state.room(spec.position)
    changes: dict[str, object] = {}
    for name in ("fire", "malfunction"):
        value = getattr(spec, name)
        if value is not None:
            changes[name] = value
    if spec.items is not None:
        if not tables.room_has_item_counter(state.config, room.tile):
            raise table.fail(f"{where}.items", f"the {room.tile} has no item counter")
        if not room.explored:
            raise table.fail(f"{where}.items", "an unexplored room's item counter is not set yet")
        changes["items"] = spec.items
    if spec.objects is not None:
        unknown = [o for o in spec.objects if o not in tables.HEAVY_OBJECTS]
        if unknown:
            raise table.fail(
                f"{where}.objects", f"{unknown[0]!r} is not a Heavy Object ({', '.join(tables.HEAVY_OBJECTS)})"
            )
        changes["objects"] = Multiset.of(spec.objects)
    table.state = state.with_room(spec.position, room.evolve(**changes))


def explore(state: GameState, position: str) -> GameState:
    """The room at ``position`` explored as the rules explore it (base.explore.reveal): its exploration
    token leaves the game (base.explore.token-removed) and the item counter shows its number
    (base.explore.item-counter). What the token did (a Fire, a Malfunction ...) the table states itself."""
    room = state.room(position)
    if room.explored:
        return state
    items = None
    removed = state.removed
    if room.token is not None:
        _, count = tables.parse_exploration_token(room.token)
        items = count if tables.room_has_item_counter(state.config, room.tile) else None
        removed = removed.add(f"exploration:{room.token}")
    return state.evolve(removed=removed).with_room(position, room.evolve(explored=True, token=None, items=items))


def _explore_occupied(table: Table, situation: Situation) -> None:
    """A room a Character stands in has been entered, so it is explored (base.explore.reveal)."""
    unexplored = {r.position for r in situation.rooms if r.explored is False}
    for c in table.state.characters:
        if c.status != "active" or table.state.room(c.position).explored:
            continue
        if c.position in unexplored:
            raise table.fail(
                f"room.{c.position}.explored",
                f"player {c.player}'s Character stands here, so the room was explored [base.explore.reveal]",
            )
        table.state = explore(table.state, c.position)


def _arrange_board(table: Table, situation: Situation) -> None:
    state = table.state
    config = state.config
    if situation.noise is not None:
        spaces = set(config.corridor_ids) | {"tech"}
        for space in situation.noise:
            if space not in spaces:
                raise table.fail("noise", f"{space!r} is not a corridor (such as '03-07') or 'tech'")
        state = state.evolve(noise=frozenset(situation.noise))
    doors = list(state.doors)
    for corridor, door in situation.doors.items():
        if corridor not in config.corridor_index:
            raise table.fail(f"doors.{corridor}", f"{corridor!r} is not a corridor (such as '03-07')")
        doors[config.corridor_index[corridor]] = door  # type: ignore[call-overload]
    state = state.evolve(doors=tuple(doors))
    table.state = state
    if situation.bag is not None:
        _arrange_bag(table, Multiset(situation.bag))
    if situation.intruders is not None:
        _arrange_intruders(table, situation)


def _arrange_bag(table: Table, wanted: Multiset) -> None:
    state = table.state
    pool = state.token_pool.union(state.bag)
    for token, count in wanted.items():
        if pool.count(token) < count:
            raise table.fail(
                f"bag.{token}", f"only {pool.count(token)} {token!r} token(s) are in the bag or beside the board"
            )
    table.state = state.evolve(bag=wanted, token_pool=pool.difference(wanted))


def _arrange_intruders(table: Table, situation: Situation) -> None:
    state = table.state
    for intruder in state.intruders:  # the setup's own (none in either ruleset): their tokens go back
        if intruder.token is not None:
            state = state.evolve(token_pool=state.token_pool.add(intruder.token))
    state = state.evolve(intruders=())
    next_id = 1
    assert situation.intruders is not None
    for index, spec in enumerate(situation.intruders):
        where = f"intruder[{index}]"
        if spec.room not in state.config.board.positions:
            raise table.fail(f"{where}.room", f"{spec.room!r} is not a board position (01 to 21)")
        try:
            tables.miniature_limit(state.config, spec.kind)
        except KeyError:
            raise table.fail(
                f"{where}.kind", f"no {spec.kind!r} miniature in a {state.config.ruleset.name} game"
            ) from None
        token = spec.token if spec.token is not None else _token_for(state, spec.kind)
        if token is not None:
            if token in state.token_pool:
                state = state.evolve(token_pool=state.token_pool.remove(token))
            elif token in state.bag:
                state = state.evolve(bag=state.bag.remove(token))
            else:
                raise table.fail(f"{where}.token", f"no {token!r} token is left beside the board or in the bag")
        state = state.with_intruder(Intruder(next_id, spec.kind, spec.room, spec.injuries, token))
        next_id += 1
    table.state = state.evolve(next_intruder=next_id)


def _token_for(state: GameState, kind: str) -> str | None:
    """The first token of ``kind`` beside the board, else in the bag; None when there is none."""
    for pile in (state.token_pool, state.bag):
        for token in sorted(pile.distinct()):
            if token.rsplit("-", 1)[0] == kind:
                return token
    return None


def _arrange_tracks(table: Table, situation: Situation) -> None:
    state = table.state
    changes: dict[str, object] = {}
    if situation.round is not None:
        changes["round"] = situation.round
        changes["time"] = situation.round - 1
    if situation.time is not None:
        changes["time"] = situation.time
    for name in ("self_destruct", "destination", "eggs", "first_player"):
        value = getattr(situation, name)
        if value is not None:
            changes[name] = value
    state = state.evolve(**changes)
    if situation.destroyed_lairs is not None:
        if not state.config.ruleset.hooks.immobile:
            raise table.fail("destroyed_lairs", "only a Void Seeders game has Lairs")
        flags = frozenset(f for f in state.flags if not f.startswith(DESTROYED_LAIR + "-"))
        lairs = {f"{DESTROYED_LAIR}-{n}" for n in range(1, situation.destroyed_lairs + 1)}
        state = state.evolve(flags=flags | lairs)
    table.state = state
    if situation.first_encounter:
        _first_encounter(table, situation.seed)


def _first_encounter(table: Table, seed: int) -> None:
    """The first Encounter has happened: as the rules do it, every player has kept one objective."""
    state = table.state
    if state.first_encounter:
        return
    ctx = Context()
    turn = state.pending
    state = first_encounter(state.evolve(pending=()), ctx)
    rng = random.Random(seed)
    while state.pending:
        state = step(state, choose(state, rng)).state
    table.state = state.evolve(pending=turn)


def _arrange_turn(table: Table, situation: Situation) -> None:
    """A player's turn (``turn``, ``actions_taken``), a Panic card to draw first (``panic``), or the
    start of the Event Phase (``phase = "event"``: everyone has passed, and the phase's steps run
    up to its first chance outcome or decision, base.round.phases)."""
    state = table.state
    if situation.phase == "event":
        if situation.turn is not None or situation.actions_taken or situation.panic is not None:
            raise table.fail("phase", "the Event Phase has no turn: leave out turn, actions_taken and panic")
        passed = tuple(c.evolve(passed=True) if c.active else c for c in state.characters)
        state = state.evolve(characters=passed, pending=(EventPhase(),))
        table.state = settle(state, Context())
        return
    player = situation.turn or state.first_player
    c = state.character(player)
    if not c.active:
        raise table.fail("turn", f"player {player}'s Character is {c.status}: it takes no turn [base.round.turn-order]")
    if c.passed:
        raise table.fail("turn", f"player {player} has passed: no more turns this round [base.round.passed-no-actions]")
    frames: tuple[Frame, ...] = (Turn(player, situation.actions_taken),)
    state = state.evolve(phase=situation.phase, pending=frames)
    if situation.panic is not None:
        if not any(name == "panic" for name, _ in state.decks):
            raise table.fail("panic", "only a Void Seeders game has Panic cards")
        if not state.character(situation.panic).active:
            status = state.character(situation.panic).status
            raise table.fail("panic", f"player {situation.panic}'s Character is {status}: it draws no Panic card")
        state = settle(state.push(ResolvePanic(situation.panic)), Context())
    table.state = state
