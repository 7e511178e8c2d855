"""What every Void Seeders rule family asks of the components: types, tokens, player colours
and cards (void-seeders-rulebook.txt, Components and Setup; facts.md §16).

Bag tokens read like the game: ``void-seeder-3`` (a Void Seeder token, the number on its back),
``blank``, and ``insanity-<colour>``. Player colours are not printed on anything the rules
name, so the model maps them from the data deterministically: player *n* owns the *n*-th colour
of the Insanity token list in ``void_seeders/tokens.toml`` (player 1 blue, 2 red, 3 yellow,
4 green, 5 purple).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from nemesis_rules.model.core.config import GameConfig
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.data import tables
from nemesis_rules.model.data.character_decks import PanicCard
from nemesis_rules.model.data.components import VoidSeedersComponents, void_seeders_components
from nemesis_rules.model.data.reading import DATA_VARIANTS

SEEDER_TYPES = ("lurker", "whisperer", "stalker", "despoiler")
"""The four Void Seeder types, lowest first (VS-RB Encounter; Lairs are not Void Seeders)."""
LAIR = "lair"
BLANK = "blank"
SEEDER_TOKEN = "void-seeder"
INSANITY_TOKEN = "insanity"
PANIC_DECK = "panic"


def data(config: GameConfig) -> VoidSeedersComponents:
    return tables.void_seeders(config)


def is_void_seeder(intruder: Intruder) -> bool:
    """A Lurker, Whisperer, Stalker or Despoiler (not a Lair)."""
    return intruder.kind in SEEDER_TYPES


def is_seeder_token(token: str) -> bool:
    return token.startswith(SEEDER_TOKEN + "-")


def is_insanity_token(token: str) -> bool:
    return token.startswith(INSANITY_TOKEN + "-")


def seeder_token_number(token: str) -> int:
    """The Surprise Attack number on a Void Seeder token's back (``void-seeder-3`` -> 3)."""
    return int(token.rsplit("-", 1)[1])


def player_colour(config: GameConfig, player: int) -> str:
    """Player ``player``'s colour: the ``player``-th Insanity token colour of the data."""
    return data(config).insanity_tokens[player - 1].colour


def insanity_token(config: GameConfig, player: int) -> str:
    return f"{INSANITY_TOKEN}-{player_colour(config, player)}"


def token_owner(config: GameConfig, token: str) -> int:
    """The player whose colour an Insanity token shows."""
    for player in range(1, config.players + 1):
        if insanity_token(config, player) == token:
            return player
    raise KeyError(token)


@cache
def _panic_cards(variants: tuple[tuple[str, str], ...]) -> Mapping[str, PanicCard]:
    return {card.id: card for card in void_seeders_components(dict(variants)).panic_cards}


def panic_card(config: GameConfig, card: str) -> PanicCard:
    return _panic_cards(tuple(sorted((k, v) for k, v in config.variants.items() if k in DATA_VARIANTS)))[card]


def seeders_in_supply(state: GameState) -> bool:
    """Whether a Void Seeder token is left beside the board."""
    return any(is_seeder_token(t) for t in state.token_pool.distinct())


def absent(state: GameState, player: int) -> bool:
    """Dead, hibernating, escaped, or waiting in an Escape Pod (VS-RB Event step 9)."""
    c = state.character(player)
    return c.status != "active" or any(player in pod.occupants for pod in state.pods)
