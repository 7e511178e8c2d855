"""The conservation ledgers checked by difference (what the fuzzer runs after every transition)
find a card or token that appears, vanishes or changes place exactly as a full recount does,
wherever in a game it happens: the transition of a real game is taken and its result tampered
with before the checker sees it."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from nemesis_rules.invariants import Checker, violations
from nemesis_rules.invariants.card_ledger import CARDS
from nemesis_rules.invariants.checker import changed_fields
from nemesis_rules.invariants.ledger import LedgerTracker
from nemesis_rules.model.core.actions import Action
from nemesis_rules.model.core.engine import Transition, step
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.game import start
from nemesis_rules.players.play import choose

Tamper = Callable[[GameState], GameState | None]


def extra_hand_card(state: GameState) -> GameState | None:
    """A character gains a copy of a card already in its hand (one appears from nowhere)."""
    for c in state.characters:
        if c.hand:
            return state.with_character(c.evolve(hand=c.hand.add(c.hand.distinct()[0])))
    return None


def lost_deck_card(state: GameState) -> GameState | None:
    """A card of a shared deck vanishes."""
    for name, deck in state.decks:
        if deck.unknown:
            return state.with_deck(name, deck.evolve(unknown=deck.unknown.remove(deck.unknown.distinct()[0])))
    return None


def card_to_another_deck(state: GameState) -> GameState | None:
    """A card leaves its deck for another deck's discard pile (the totals stay the same)."""
    decks = [(name, deck) for name, deck in state.decks if deck.unknown]
    if len(decks) < 2:
        return None
    (source, a), (target, _) = decks[0], decks[1]
    card = a.unknown.distinct()[0]
    moved = state.with_deck(source, a.evolve(unknown=a.unknown.remove(card)))
    b = moved.deck(target)
    return moved.with_deck(target, b.evolve(discard=b.discard.add(card)))


def discard_to_deck(state: GameState) -> GameState | None:
    """A character's discard pile moves to its action deck (legal bookkeeping: nothing is wrong)."""
    for c in state.characters:
        if c.discard:
            return state.with_character(c.evolve(deck=c.deck.union(c.discard), discard=type(c.discard)()))
    return None


def token_from_nowhere(state: GameState) -> GameState | None:
    """An Intruder token appears in the bag."""
    if not state.bag:
        return None
    return state.evolve(bag=state.bag.add(state.bag.distinct()[0]))


TAMPERS = [extra_hand_card, lost_deck_card, card_to_another_deck, discard_to_deck, token_from_nowhere]


@pytest.mark.parametrize("ruleset", ["base", "void-seeders"])
@pytest.mark.parametrize("tamper", TAMPERS, ids=lambda t: t.__name__)
def test_incremental_conservation_agrees_with_a_full_recount(ruleset: str, tamper: Tamper) -> None:
    checked = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = start(ruleset, 2 + seed % 3)
        checker = Checker(ruleset)
        checker.first(state)
        stop = 40 + 45 * seed  # somewhere in setup, then later and later in the game
        for _ in range(stop):
            if state.end is not None:
                break
            action = choose(state, rng)
            transition = step(state, action)
            checker.after(state, action, transition.state, transition.fired)
            state = transition.state
        if state.end is not None:
            continue
        action = choose(state, rng)
        transition = step(state, action)
        tampered = tamper(transition.state)
        if tampered is None:
            continue
        reported = {
            v.invariant
            for v in checker.after(state, action, tampered, transition.fired)
            if v.invariant.startswith("conservation.")
        }
        full = {v.invariant for v in violations(tampered) if v.invariant.startswith("conservation.")}
        assert reported == full, (seed, tamper.__name__)
        checked += 1
    assert checked, "no game reached a state this tampering applies to"


def test_tampering_is_seen() -> None:
    """The tamperings above are real violations (so the agreement is not two empty sets)."""
    rng = random.Random(0)
    state = start("base", 3)
    for _ in range(120):
        state = step(state, choose(state, rng)).state
    for tamper in (extra_hand_card, lost_deck_card, card_to_another_deck, token_from_nowhere):
        tampered = tamper(state)
        assert tampered is not None
        assert any(v.invariant.startswith("conservation.") for v in violations(tampered)), tamper.__name__
    quiet = discard_to_deck(state)
    assert quiet is not None and not [v for v in violations(quiet) if v.invariant.startswith("conservation.")]


def _nonzero(counts: dict[tuple[str, str], int]) -> dict[tuple[str, str], int]:
    return {k: n for k, n in counts.items() if n}


@pytest.mark.parametrize("ruleset", ["base", "void-seeders"])
def test_tracked_card_counts_equal_a_full_count_after_every_transition(ruleset: str) -> None:
    """The card ledger's kept counts and box, after each transition of setup (each Character
    drafted changes the box) and of play, are what counting the new state from nothing gives."""
    drafted = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = start(ruleset, 3 + seed)
        tracker = LedgerTracker(CARDS)
        tracker.full(state)
        for _ in range(150):
            if state.end is not None:
                break
            after = step(state, choose(state, rng)).state
            drafted += state.phase == after.phase == "setup" and CARDS.box(state) != CARDS.box(after)
            assert tracker.step(state, after, changed_fields(state, after)) is None
            counts, box = tracker.tallies()
            assert counts == _nonzero(CARDS.count(after)), (seed, state.phase)
            assert box == _nonzero(CARDS.box(after)), (seed, state.phase)
            state = after
    assert drafted == 2 + 3 + 4, "each Character drafted changes the box (the last one chosen also ends setup)"


def _checked_until(
    ruleset: str, players: int, seed: int, stop: Callable[[GameState, GameState], bool]
) -> tuple[Checker, GameState, Action, Transition]:
    """A seeded game checked transition by transition up to the first one for which
    ``stop(before, after)`` holds, which the checker is not shown: the checker, the state
    before that transition, its action, and the transition."""
    rng = random.Random(seed)
    state = start(ruleset, players)
    checker = Checker(ruleset)
    checker.first(state)
    while True:
        action = choose(state, rng)
        transition = step(state, action)
        if stop(state, transition.state):
            return checker, state, action, transition
        checker.after(state, action, transition.state, transition.fired)
        state = transition.state


def _chosen(before: GameState, after: GameState) -> bool:
    return any(a.name != b.name and b.deck for a, b in zip(before.characters, after.characters, strict=False))


@pytest.mark.parametrize("ruleset", ["base", "void-seeders"])
def test_a_card_from_nowhere_as_a_character_is_chosen_is_reported(ruleset: str) -> None:
    """At the very transition that drafts a Character (the box grows by its cards), one card
    too many in its action deck is reported, as a full recount reports it."""
    checker, state, action, transition = _checked_until(ruleset, 2, 5, _chosen)
    drafted = next(b for a, b in zip(state.characters, transition.state.characters, strict=True) if a.name != b.name)
    tampered = transition.state.with_character(drafted.evolve(deck=drafted.deck.add(drafted.deck.distinct()[0])))
    reported = [
        v for v in checker.after(state, action, tampered, transition.fired) if v.invariant == "conservation.cards"
    ]
    assert reported and "more than the box holds" in reported[0].message
    assert [v.invariant for v in violations(tampered) if v.invariant == "conservation.cards"] == ["conservation.cards"]


def _first_draft_card(before: GameState, after: GameState) -> bool:
    return any(
        a.name != b.name and b.name.startswith("draft:")
        for a, b in zip(before.characters, after.characters, strict=False)
    )


@pytest.mark.parametrize("ruleset", ["base", "void-seeders"])
def test_a_draft_card_held_changes_no_box_and_a_card_from_nowhere_is_still_reported(ruleset: str) -> None:
    """A seat's first draft card, held on the character as ``draft:<name>``, brings no card to
    the box (only a Character chosen does), so the card ledger goes on by difference there; a
    card from nowhere at that very transition is reported all the same, as a full recount
    reports it."""
    checker, state, action, transition = _checked_until(ruleset, 2, 5, _first_draft_card)
    assert not CARDS.box_changed(state, transition.state)
    assert CARDS.box(state) == CARDS.box(transition.state)
    name, deck = next((name, deck) for name, deck in transition.state.decks if deck.unknown)
    tampered = transition.state.with_deck(name, deck.evolve(unknown=deck.unknown.add(deck.unknown.distinct()[0])))
    reported = [
        v for v in checker.after(state, action, tampered, transition.fired) if v.invariant == "conservation.cards"
    ]
    assert reported and "more than the box holds" in reported[0].message
    assert [v.invariant for v in violations(tampered) if v.invariant == "conservation.cards"] == ["conservation.cards"]
    chosen = _checked_until(ruleset, 2, 5, _chosen)
    assert CARDS.box_changed(chosen[1], chosen[3].state), "a Character chosen changes the box"


@pytest.mark.parametrize("ruleset", ["base", "void-seeders"])
def test_a_card_left_out_in_setup_is_reported_as_setup_ends(ruleset: str) -> None:
    """During setup a card may still be in the box; once setup ends every card must be
    somewhere. A card taken out of its deck during setup (quietly: not laid out yet) is
    reported missing at the very transition that ends setup, though that transition does not
    move it, as a full recount reports it."""
    checker, state, action, _ = _checked_until(ruleset, 3, 7, lambda _, after: after.phase != "setup")
    name, deck = next((name, deck) for name, deck in state.decks if deck.unknown)
    short = state.with_deck(name, deck.evolve(unknown=deck.unknown.remove(deck.unknown.distinct()[0])))
    assert not [v for v in checker.after(state, action, short, ()) if v.invariant == "conservation.cards"]
    ended = step(short, action)
    assert ended.state.phase != "setup"
    reported = [
        v for v in checker.after(short, action, ended.state, ended.fired) if v.invariant == "conservation.cards"
    ]
    assert reported and "missing (in no place)" in reported[0].message
    full = [v.invariant for v in violations(ended.state) if v.invariant == "conservation.cards"]
    assert full == ["conservation.cards"]
