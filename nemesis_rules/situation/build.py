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
from nemesis_rules.model.core.actions import Action, Decision, Outcome
from nemesis_rules.model.core.engine import Context, RuleGap, chance_outcomes, legal_actions, settle, step
from nemesis_rules.model.core.frames import Frame
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.data import tables
from nemesis_rules.model.game import start
from nemesis_rules.model.rules.encounter import first_encounter
from nemesis_rules.model.rules.events import EventPhase
from nemesis_rules.model.rules.hands import ActionCardDraw
from nemesis_rules.model.rules.items import discard_item
from nemesis_rules.model.rules.round import Turn
from nemesis_rules.model.rules.setup import DraftChoice, DraftDraw, TileDraw
from nemesis_rules.model.rules.void_seeders.lairs import DESTROYED_LAIR
from nemesis_rules.model.rules.void_seeders.panic import ResolvePanic
from nemesis_rules.players.play import choose
from nemesis_rules.record.snapshot import consistency_problems
from nemesis_rules.situation.fields import CharacterSpec, RoomSpec, Situation

__all__ = ["build_state", "checked", "explore"]

MAX_SETUP_STEPS = 5_000
"""A safety net: a setup takes about a hundred steps."""
WOUND_DECK = "serious-wound"
CONTAMINATION_DECK = "contamination"
ITEM_DECKS = ("red", "yellow", "green", "blue")


class _Table:
    """The state being arranged, and the source the messages name."""

    def __init__(self, state: GameState, source: str) -> None:
        self.state = state
        self.source = source

    def fail(self, field: str, message: str) -> BadInputError:
        return BadInputError(f"{field}: {message}", self.source)


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
    state = _steered_setup(situation, source)
    table = _Table(state, source)
    for spec in situation.characters:
        _arrange_character(table, spec)
    _arrange_items(table, situation.characters)
    for spec in situation.characters:
        _arrange_ammo(table, spec)
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


# -- 1. a real setup, steered toward what the table names ------------------------------------------


def _steered_setup(situation: Situation, source: str) -> GameState:
    try:
        state = start(situation.ruleset, situation.players, situation.rulings, situation.variants)
    except BadInputError as exc:
        raise BadInputError(exc.message, source) from None
    names = {c.player: c.name for c in situation.characters if c.name}
    known = tables.character_names(state.config)
    for index, spec in enumerate(situation.characters):
        if spec.name is not None and spec.name not in known:
            raise BadInputError(
                f"character[{index}].character: unknown Character {spec.name!r} (known: {', '.join(known)})", source
            )
    if len(set(names.values())) != len(names):
        raise BadInputError("character: two players cannot play the same Character", source)
    tiles = {r.position: r.tile for r in situation.rooms if r.tile}
    hands = {c.player: Multiset.of(c.hand) for c in situation.characters if c.hand}
    rng = random.Random(situation.seed)
    for _ in range(MAX_SETUP_STEPS):
        if state.phase == "player" and isinstance(state.pending[-1], Turn):
            return state
        action = _steer(state, names, tiles, hands) or choose(state, rng)
        state = step(state, action).state
    raise AssertionError("setup did not reach the first turn")  # pragma: no cover - a bug, not input


def _steer(state: GameState, names: dict[int, str], tiles: dict[str, str], hands: dict[int, Multiset]) -> Action | None:
    """The outcome or decision the table asks for at this setup step, or None (drawn at random)."""
    frame = state.pending[-1]
    if isinstance(frame, TileDraw):
        return _prefer(state, tiles.get(frame.slot), {t for p, t in tiles.items() if p != frame.slot})
    if isinstance(frame, DraftDraw):
        return _prefer(state, names.get(frame.player), {n for p, n in names.items() if p != frame.player})
    if isinstance(frame, DraftChoice):
        wanted = names.get(frame.player)
        others = {n for p, n in names.items() if p != frame.player}
        if wanted not in frame.offered and not others.intersection(frame.offered):
            return None  # nothing asked of this choice: drawn at random like any other
        keep = wanted if wanted in frame.offered else next((c for c in frame.offered if c not in others), None)
        return Decision.make(frame.player, "choose-character", character=keep) if keep else None
    if isinstance(frame, ActionCardDraw) and frame.player in hands:
        held = state.character(frame.player).hand
        missing = [card for card, n in hands[frame.player].items() if held.count(card) < n]
        return _prefer(state, missing[0] if missing else None, set())
    return None


def _prefer(state: GameState, wanted: str | None, avoid: set[str]) -> Outcome | None:
    """The outcome ``wanted`` when it can come out now; else, when some outcome avoids every name in
    ``avoid``, one of those (the first in order: still a possible draw); else None."""
    outcomes = [o for o, _ in chance_outcomes(state)]
    for outcome in outcomes:
        if outcome.outcome == wanted:
            return outcome
    if avoid and any(o.outcome in avoid for o in outcomes):
        return next((o for o in outcomes if o.outcome not in avoid), None)
    return None


# -- 2. the table's values -------------------------------------------------------------------------


def _take_from_deck(table: _Table, deck_name: str, card: str, field: str) -> None:
    state = table.state
    deck = state.deck(deck_name)
    if card in deck.unknown:
        table.state = state.with_deck(deck_name, deck.evolve(unknown=deck.unknown.remove(card)))
    elif card in deck.top:
        top = list(deck.top)
        top.remove(card)
        table.state = state.with_deck(deck_name, deck.evolve(top=tuple(top)))
    elif card in deck.discard:
        table.state = state.with_deck(deck_name, deck.evolve(discard=deck.discard.remove(card)))
    else:
        raise table.fail(field, f"no {card!r} is left in the {deck_name} deck")


def _item_deck(table: _Table, item: str) -> str | None:
    for name, cards in tables.item_decks(table.state.config):
        if item in cards:
            return name
    return None


def _arrange_character(table: _Table, spec: CharacterSpec) -> None:
    where = f"character[player {spec.player}]"
    if spec.player > len(table.state.characters):
        raise table.fail(where, f"player {spec.player} has no Character")
    c = table.state.character(spec.player)
    if spec.name is not None and c.name != spec.name:
        raise table.fail(f"{where}.character", f"setup could not deal {spec.name!r} to player {spec.player}")
    if spec.room is not None:
        if spec.room not in table.state.config.board.positions:
            raise table.fail(f"{where}.room", f"{spec.room!r} is not a board position (01 to 21)")
        c = c.evolve(position=spec.room)
    for name in ("status", "light_wounds", "insanity", "slime", "larva", "signal", "passed"):
        value = getattr(spec, name)
        if value is not None:
            c = c.evolve(**{name: value})
    table.state = table.state.with_character(c)
    if spec.hand is not None or spec.discard is not None:
        _arrange_cards(table, spec, where)
    if spec.serious_wounds is not None:
        _arrange_wounds(table, spec.player, spec.serious_wounds, f"{where}.serious_wounds")
    if spec.dressed is not None:
        c = table.state.character(spec.player)
        table.state = table.state.with_character(c.evolve(dressed=tuple(spec.dressed)))


def _arrange_cards(table: _Table, spec: CharacterSpec, where: str) -> None:
    """Hand and discard pile from the Character's own Action cards, the rest its deck; Contamination
    cards go back to their deck and the ones asked for are taken from it."""
    c = table.state.character(spec.player)
    owned = c.hand.union(c.deck).union(c.discard)
    own = owned.difference(_contamination(owned))
    piles = {
        pile: getattr(c, pile) if getattr(spec, pile) is None else Multiset.of(getattr(spec, pile))
        for pile in ("hand", "discard")
    }
    asked = piles["hand"].union(piles["discard"])
    asked = asked.difference(_contamination(asked))
    for card, count in asked.items():
        if own.count(card) < count:
            pile = "hand" if card in piles["hand"] else "discard"
            have = own.count(card)
            raise table.fail(f"{where}.{pile}", f"{card!r} x{count}: the {c.name}'s Action cards hold {have} of it")
    for card in _contamination(owned):
        table.state = _return_contamination(table.state, card)
    for pile, cards in piles.items():
        for card in _contamination(cards):
            _take_from_deck(table, CONTAMINATION_DECK, card, f"{where}.{pile}")
    c = table.state.character(spec.player)
    table.state = table.state.with_character(
        c.evolve(hand=piles["hand"], discard=piles["discard"], deck=own.difference(asked))
    )


def _contamination(cards: Multiset) -> Multiset:
    return Multiset((k, n) for k, n in cards.items() if k.startswith("contamination"))


def _return_contamination(state: GameState, card: str) -> GameState:
    deck = state.deck(CONTAMINATION_DECK)
    return state.with_deck(CONTAMINATION_DECK, deck.evolve(unknown=deck.unknown.add(card)))


def _check_items(table: _Table, wanted: tuple[str, ...], field: str, *, heavy: bool) -> None:
    config = table.state.config
    for item in wanted:
        if item in tables.HEAVY_OBJECTS:
            if not heavy:
                raise table.fail(field, f"{item!r} is a Heavy Object: it is carried in a hand (carrying)")
            continue
        try:
            tables.item(config, item)
        except KeyError:
            raise table.fail(field, f"unknown item {item!r}") from None
        if tables.is_heavy(config, item) != heavy:
            where = "carried in a hand (carrying)" if not heavy else "kept in the inventory (items)"
            raise table.fail(field, f"{item!r} is {where}")
    if heavy and len(wanted) > 2:
        raise table.fail(field, f"a Character has two hands, not {len(wanted)}")


def _arrange_items(table: _Table, specs: tuple[CharacterSpec, ...]) -> None:
    """Inventories and hand slots, all Characters at once: what a Character no longer holds is let
    go first, and what one holds now is taken from what was let go (a traded weapon), else from its
    Item deck; what nobody takes is dropped as the rules drop it (base.item.drop: an item to its
    discard pile or out of the game, a Heavy Object on the floor of its room)."""
    loose: list[tuple[str, int]] = []  # (item, player who let it go)
    asked: list[tuple[CharacterSpec, str, tuple[str, ...], bool]] = []
    for spec in specs:
        for field, wanted, heavy in (("items", spec.items, False), ("carrying", spec.carrying, True)):
            if wanted is None:
                continue
            where = f"character[player {spec.player}].{field}"
            _check_items(table, wanted, where, heavy=heavy)
            c = table.state.character(spec.player)
            held = list(c.hands) if heavy else list(c.inventory)
            for item in wanted:
                if item in held:
                    held.remove(item)
            loose.extend((item, spec.player) for item in held)
            asked.append((spec, where, wanted, heavy))
    for spec, where, wanted, heavy in asked:
        c = table.state.character(spec.player)
        before = list(c.hands) if heavy else list(c.inventory)
        for item in wanted:
            if item in before:
                before.remove(item)
                continue
            given = next((entry for entry in loose if entry[0] == item), None)
            if given is not None:
                loose.remove(given)
                continue
            if item in tables.HEAVY_OBJECTS:
                _pick_up(table, spec.player, item)
                continue
            deck = _item_deck(table, item)
            if deck is None:
                raise table.fail(where, f"{item!r} is in no Item deck and nobody let it go")
            _take_from_deck(table, deck, item, where)
        c = table.state.character(spec.player)
        if heavy:
            ammo = tuple((w, n) for w, n in c.ammo if w in wanted)
            for item in wanted:
                weapon = tables.weapon(table.state.config, item)
                if weapon is not None and item not in dict(ammo):
                    ammo = (*ammo, (item, weapon.capacity))  # a weapon taken up is fully loaded
            c = c.evolve(hands=wanted, ammo=tuple(sorted(ammo)))
        else:
            c = c.evolve(inventory=Multiset.of(wanted))
        table.state = table.state.with_character(c)
    for item, player in loose:
        if item in tables.HEAVY_OBJECTS:
            position = table.state.character(player).position
            room = table.state.room(position)
            table.state = table.state.with_room(position, room.evolve(objects=room.objects.add(item)))
        else:
            table.state = discard_item(table.state, item)


def _pick_up(table: _Table, player: int, item: str) -> None:
    """A Heavy Object now carried: from the floor of the Character's room, else of the first room where
    one lies, else (a new Carcass or Egg) from the supply, which the invariants hold to its count."""
    state = table.state
    here = state.character(player).position
    positions = [here, *(p for p in state.config.board.positions if p != here)]
    for position in positions:
        room = state.room(position)
        if item in room.objects:
            table.state = state.with_room(position, room.evolve(objects=room.objects.remove(item)))
            return


def _arrange_ammo(table: _Table, spec: CharacterSpec) -> None:
    if spec.ammo is None:
        return
    c = table.state.character(spec.player)
    for weapon, count in spec.ammo.items():
        where = f"character[player {spec.player}].ammo.{weapon}"
        if weapon not in c.hands:
            raise table.fail(where, f"player {spec.player} carries no {weapon!r}")
        found = tables.weapon(table.state.config, weapon)
        if found is None or count > found.capacity:
            top = found.capacity if found is not None else 0
            raise table.fail(where, f"the {weapon} holds 0 to {top} Ammo markers, not {count}")
        c = c.with_ammo(weapon, count)
    table.state = table.state.with_character(c)


def _arrange_wounds(table: _Table, player: int, wounds: tuple[str, ...], field: str) -> None:
    c = table.state.character(player)
    deck = table.state.deck(WOUND_DECK)
    table.state = table.state.with_deck(
        WOUND_DECK, deck.evolve(unknown=deck.unknown.union(Multiset.of(c.serious_wounds)))
    )
    for wound in wounds:
        _take_from_deck(table, WOUND_DECK, wound, field)
    c = table.state.character(player)
    table.state = table.state.with_character(c.evolve(serious_wounds=tuple(wounds)))


def _arrange_room(table: _Table, spec: RoomSpec) -> None:
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


def _explore_occupied(table: _Table, situation: Situation) -> None:
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


def _arrange_board(table: _Table, situation: Situation) -> None:
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


def _arrange_bag(table: _Table, wanted: Multiset) -> None:
    state = table.state
    pool = state.token_pool.union(state.bag)
    for token, count in wanted.items():
        if pool.count(token) < count:
            raise table.fail(
                f"bag.{token}", f"only {pool.count(token)} {token!r} token(s) are in the bag or beside the board"
            )
    table.state = state.evolve(bag=wanted, token_pool=pool.difference(wanted))


def _arrange_intruders(table: _Table, situation: Situation) -> None:
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


def _arrange_tracks(table: _Table, situation: Situation) -> None:
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


def _first_encounter(table: _Table, seed: int) -> None:
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


def _arrange_turn(table: _Table, situation: Situation) -> None:
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
