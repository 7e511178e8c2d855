"""Conservation: every token and card is in exactly one place (bag, set aside, supply, board, a
deck, a discard pile, a hand, out of the game) and the totals never change (facts.md §1, §10,
§11; RU-RB p.3 component list).

Each kind of component is a ledger (:mod:`.places`) compared with the box: during setup,
components not yet laid out are still in the box, so a category may hold fewer than the box
but never more; once setup is over every component is somewhere, exactly once. After every
transition the fuzzer checks them incrementally (:class:`~.ledger.LedgerTracker`).
"""

from __future__ import annotations

from nemesis_rules.invariants.card_ledger import CARDS
from nemesis_rules.invariants.components import box, per_config
from nemesis_rules.invariants.core import Invariant, problems, register, state_invariant
from nemesis_rules.invariants.ledger import register_ledger
from nemesis_rules.invariants.ledgers import EXPLORATION_TOKENS, SETUP_PIECES, TOKENS
from nemesis_rules.invariants.places import unaccounted_fields, unknown_removed_kinds
from nemesis_rules.model.core.config import GameConfig
from nemesis_rules.model.core.state import Deck, GameState

register_ledger(
    "conservation.intruder-tokens",
    "Every Intruder token is in exactly one place: the bag, the pool beside the board, set aside "
    "on its Intruder, or out of the game; none appears or vanishes.",
    "base.setup.token-supply",
    TOKENS,
)


register_ledger(
    "conservation.exploration-tokens",
    "Every exploration token is in exactly one place: the pool, face down on a room tile, or out of the game.",
    "base.explore.token-removed",
    EXPLORATION_TOKENS,
)


register_ledger(
    "conservation.cards",
    "Every card is in exactly one place: its deck or discard pile, a hand, an action deck or discard "
    "pile, a character board, hand slot or inventory, a procedure resolving it, or out of the game.",
    "base.setup.decks",
    CARDS,
)


register_ledger(
    "conservation.setup-pieces",
    "Objective cards, Character draft cards, escape pod tokens and engine tokens are each in exactly one place.",
    "base.setup.objectives",
    SETUP_PIECES,
)


@state_invariant(
    "conservation.fields",
    "Every field of the state and every kind of component out of the game is one the conservation "
    "invariants account for.",
    "base.supply.components",
    # an out-of-the-game Item card is told from a quest item by the characters' names
    reads=("removed", "characters"),
    character_reads=("name",),
)
def fields_accounted(state: GameState) -> str | None:
    found = [f"state field {name} is not accounted for by conservation" for name in unaccounted_fields()]
    found.extend(f"out-of-the-game entries of unknown kind '{kind}:'" for kind in unknown_removed_kinds(state))
    return problems(found)


@per_config
def _deck_contents(config: GameConfig) -> dict[str, dict[str, int]]:
    """Each shared deck's full contents as a key -> count map (looked up once per card)."""
    return {name: cards.as_dict() for name, cards in box(config).decks.items()}


def _pile_problem(state: GameState, name: str, deck: Deck) -> str | None:
    own = _deck_contents(state.config).get(name)
    have = deck.unknown.as_dict()
    for key, n in deck.discard.items():
        have[key] = have.get(key, 0) + n
    for pile in (deck.top, deck.bottom):
        for key in pile:
            have[key] = have.get(key, 0) + 1
    extra = sorted(k for k, n in have.items() if own is None or n > own.get(k, 0))
    if extra:
        return f"the {name} deck and its discard pile hold cards it does not have: {', '.join(extra)}"
    return None


def deck_piles(state: GameState) -> str | None:
    return problems(m for name, deck in state.decks if (m := _pile_problem(state, name, deck)) is not None)


class _DeckPilesTracker:
    """Re-checks only the decks a transition replaced."""

    __slots__ = ()

    def full(self, state: GameState) -> str | None:
        return deck_piles(state)

    def step(self, before: GameState, after: GameState) -> str | None:
        old, new = before.decks, after.decks
        if old is new:
            return None
        if len(old) != len(new):
            return deck_piles(after)
        return problems(
            m
            for (_, a), (name, b) in zip(old, new, strict=True)
            if a is not b and (m := _pile_problem(after, name, b)) is not None
        )


register(
    Invariant(
        "conservation.deck-piles",
        "A deck and its discard pile never hold more copies of a card than that deck has: a card "
        "discarded to another deck's pile shows up even when the totals agree.",
        "base.setup.decks",
        "state",
        deck_piles,
        reads=frozenset({"decks"}),
        tracker=_DeckPilesTracker,
    )
)
