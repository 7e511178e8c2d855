"""The stated effects of the players' decisions: basic actions, Action cards, items, choices
(facts.md §2 Turn structure, §6 Items, §15 Combat and dice; RU-RB p.10, p.13-14, p.22-23).

* Every paid action discards its paying cards to its player's discard pile (RU-RB p.12-13).
* Move: the character is in the room it moved to (unless it was in Combat: then the Escape's
  attacks come first); an unexplored room's Fire or Malfunction token put its marker there (or
  ended the game, with every marker of the kind on the board). Careful Movement: the same, and a
  Noise marker in the chosen corridor.
* Shoot: the weapon loses exactly one Ammo. Drop: the thing leaves the hand slot.
* Search (the Action card): the room's item counter drops by one. Keeping a searched card: the
  card is the searcher's, the other drawn card goes to the bottom of its deck (FAQ via SU).
* Pass: the player has passed (and takes no more turns this round).
* Every other decision: the decision it answers is no longer open.
"""

from __future__ import annotations

from nemesis_rules.invariants.core import problems, step_invariant
from nemesis_rules.invariants.effects import EFFECTS, Effect, deferred, dispatch, effect, in_play, resolved
from nemesis_rules.model.core.actions import Action, Decision
from nemesis_rules.model.core.engine import is_chance
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.data.vocabulary import WORDS
from nemesis_rules.model.rules.items import SearchKeep

ID = "effects.decisions"


def _decision(action: Action) -> Decision:
    assert isinstance(action, Decision)
    return action


def paid_to_discard(before: GameState, action: Action, after: GameState) -> str | None:
    """The paying cards left the hand for the discard pile (unless the step reshuffled the
    discard pile into the deck, or the game ended)."""
    if not isinstance(action, Decision) or after.end is not None or deferred(after):
        return None
    paid = action.cards()
    if not paid:
        return None
    b, a = before.character(action.player), after.character(action.player)
    if a.deck.total > b.deck.total or a.discard.total < b.discard.total:
        return None  # a reshuffle (Rest, Surgery, Antidote, a draw on an empty deck) moved the pile
    missing = [card for card in set(paid) if a.discard.count(card) < b.discard.count(card) + paid.count(card)]
    return f"player {action.player} paid {', '.join(sorted(missing))} but not to the discard pile" if missing else None


@effect("decision", "move", "The character walks into the neighbouring room it chose.", "base.move.adjacent", ID)
def move(before: GameState, action: Action, after: GameState) -> str | None:
    d = _decision(action)
    if before.in_combat(d.player) or not in_play(after, d.player):
        return None
    to = d.text("to")
    where = after.character(d.player).position
    if where != to:
        return f"player {d.player} moved to {to} but is in {where}"
    return _explored(before, to, after)


def _explored(before: GameState, to: str, after: GameState) -> str | None:
    """Entering an unexplored room resolves its token (facts.md §10): a Fire token sets the room
    on fire and a Malfunction token breaks it, or, with every such marker on the board, the ship
    is destroyed or the hull breached (the game is over)."""
    token = before.room(to).token
    if token is None or before.room(to).explored or after.end is not None:
        return None
    room = after.room(to)
    if token.startswith("fire") and not room.fire:
        return f"room {to} was explored with a Fire token but does not burn and the game goes on"
    tile = room.tile or ""
    if token.startswith("malfunction") and not room.malfunction and tables.room_can_malfunction(after.config, tile):
        return f"room {to} was explored with a Malfunction token but has none and the game goes on"
    kind, _, printed = token.rpartition("-")
    counted = tables.room_has_item_counter(after.config, tile) and after.config.players > 1
    if counted and kind in BASE_TOKENS and printed.isdigit() and room.items != int(printed):
        return f"room {to} was explored with the token {token!r}: its item counter is {room.items}, not {printed}"
    return None


BASE_TOKENS = frozenset({"fire", "malfunction", "silence", "slime", "danger", "doors"})
"""The base game's exploration tokens, each printed with the room's item count (facts.md §10;
solo games, which halve the counters, are left out)."""


@effect(
    "decision",
    "careful-move",
    "The character walks into the room it chose and puts a Noise marker in the corridor it chose instead of rolling.",
    "base.careful-move.choose-corridor",
    ID,
)
def careful_move(before: GameState, action: Action, after: GameState) -> str | None:
    d = _decision(action)
    moved = move(before, action, after)
    if moved is not None or not in_play(after, d.player):
        return moved
    noise = d.text("noise")
    encounter = len(after.intruders) != len(before.intruders) or is_chance(after)
    if noise not in after.noise and not encounter:
        return f"player {d.player} moved carefully but no Noise marker is in {noise}"
    return None


@effect("decision", "shoot", "Shooting spends exactly one Ammo of the weapon.", "base.combat.shoot", ID)
def shoot(before: GameState, action: Action, after: GameState) -> str | None:
    d = _decision(action)
    weapon = d.text("weapon")
    b, a = before.character(d.player), after.character(d.player)
    if weapon not in a.hands or after.end is not None:
        return None
    spent = b.ammo_of(weapon) - a.ammo_of(weapon)
    return None if spent == 1 else f"player {d.player} shot the {weapon}: {spent} Ammo spent, 1 expected"


@effect("decision", "drop", "The dropped thing leaves its hand slot.", "base.item.drop", ID)
def drop(before: GameState, action: Action, after: GameState) -> str | None:
    d = _decision(action)
    item = d.text("item")
    b, a = before.character(d.player), after.character(d.player)
    if a.hands.count(item) < b.hands.count(item):
        return None
    return f"player {d.player} dropped {item} but still holds as many"


@effect(
    "decision",
    "play-card",
    "An Action card leaves the hand; Search lowers the room's item counter by one.",
    "base.search.counter",
    ID,
)
def play_card(before: GameState, action: Action, after: GameState) -> str | None:
    d = _decision(action)
    if after.end is not None:
        return None
    card = d.text("card")
    b, a = before.character(d.player), after.character(d.player)
    found = []
    if a.hand.count(card) >= b.hand.count(card) and a.deck.total <= b.deck.total:
        found.append(f"player {d.player} played {card} but holds as many")
    if card == "search" and b.position == a.position:
        old, new = before.room(b.position).items, after.room(a.position).items
        if old and new != old - 1:
            found.append(f"a Search in room {b.position}: the item counter went from {old} to {new}, not {old - 1}")
    return problems(found)


@effect(
    "decision",
    "keep-item",
    "The searcher keeps the card chosen; the other drawn card goes to the bottom of its deck.",
    "base.search.draw-two",
    ID,
)
def keep_item(before: GameState, action: Action, after: GameState) -> str | None:
    d = _decision(action)
    frame = before.pending[-1] if before.pending else None
    if not isinstance(frame, SearchKeep) or after.end is not None:
        return None
    item = d.text("item")
    b, a = before.character(d.player), after.character(d.player)
    held_before = b.hands.count(item) + b.inventory.count(item)
    held_after = a.hands.count(item) + a.inventory.count(item)
    found = []
    dropped = 1 if d.get("drop") == item else 0  # full hands: the same item let go to keep the new one
    if held_after != held_before + 1 - dropped:
        found.append(f"player {d.player} kept {item} but holds {held_after - held_before:+d} of it")
    rest = list(frame.drawn)
    rest.remove(item)
    deck = dict(after.decks).get(frame.colour)
    if rest and deck is not None and tuple(deck.bottom[-len(rest) :]) != tuple(rest):
        found.append(f"the card(s) not kept ({', '.join(rest)}) are not at the bottom of the {frame.colour} deck")
    return problems(found)


@effect("decision", "pass", "A player who passes takes no more turns this round.", "base.round.passed-no-actions", ID)
def pass_(before: GameState, action: Action, after: GameState) -> str | None:
    d = _decision(action)
    if after.round != before.round or after.phase != "player" or not in_play(after, d.player):
        return None
    return None if after.character(d.player).passed else f"player {d.player} passed but has not passed"


def _register_the_rest() -> None:
    """Every other decision word: the decision it answers is no longer open."""
    for word in sorted(WORDS):
        if ("decision", word) not in EFFECTS and word != "room-action":
            EFFECTS[("decision", word)] = Effect(
                word, "decision", "The decision answers the frame that asked for it.", "", resolved, ID
            )


_register_the_rest()
_dispatch = dispatch(ID)


@step_invariant(
    ID,
    "Each decision has its stated effect: paid cards are discarded, a move arrives, a shot spends one Ammo, "
    "a Search lowers the item counter, a kept card is held and the other goes to the bottom, a pass passes.",
    "base.cost.basic-action",
    only_after="decision",  # a chance outcome pays nothing and no chance word is this family's
)
def decision_effects(before: GameState, action: Action, after: GameState) -> str | None:
    paid, done = paid_to_discard(before, action, after), _dispatch(before, action, after)
    if not paid:
        return done or None
    return f"{paid}; {done}" if done else paid
