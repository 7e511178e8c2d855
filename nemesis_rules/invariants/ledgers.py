"""The ledgers of tokens and setup pieces (:mod:`.ledger`): Intruder tokens, exploration
tokens, and objective cards, Character draft cards, escape pods and engine tokens."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nemesis_rules.invariants.components import box, per_config
from nemesis_rules.invariants.ledger import Counts, Ledger, Source, never_changes, tally
from nemesis_rules.invariants.places import (
    EXPLORATION,
    TOKEN,
    CharacterPart,
    character_parts,
    fixed,
    multiset_source,
    removed_source,
    strings,
)
from nemesis_rules.model.core.config import GameConfig
from nemesis_rules.model.core.state import GameState

# -- Intruder tokens -------------------------------------------------------------------------


def _intruder_tokens(state: GameState, value: Any, acc: Counts, sign: int) -> None:
    tally(acc, TOKEN, (i.token for i in value if i.token is not None), sign)


@per_config
def _token_box(config: GameConfig) -> Counts:
    return {(TOKEN, k): n for k, n in box(config).intruder_tokens.items()}


TOKENS = Ledger(
    sources=(
        multiset_source("bag", TOKEN),
        multiset_source("token_pool", TOKEN),
        Source("intruders", _intruder_tokens),
        removed_source(TOKEN),
    ),
    box=lambda state: _token_box(state.config),
    box_changed=never_changes,
)


# -- exploration tokens ----------------------------------------------------------------------


def _room_tokens(state: GameState, value: Any, acc: Counts, sign: int) -> None:
    tally(acc, EXPLORATION, (r.token for r in value if r.token is not None), sign)


def _room_token_delta(before: GameState, after: GameState, old: Any, new: Any, acc: Counts) -> None:
    if len(old) != len(new):
        _room_tokens(before, old, acc, -1)
        _room_tokens(after, new, acc, 1)
        return
    for a, b in zip(old, new, strict=True):
        if a is not b and a.token != b.token:
            if a.token is not None:
                tally(acc, EXPLORATION, (a.token,), -1)
            if b.token is not None:
                tally(acc, EXPLORATION, (b.token,), 1)


@per_config
def _exploration_box(config: GameConfig) -> Counts:
    return {(EXPLORATION, k): n for k, n in box(config).exploration_tokens.items()}


EXPLORATION_TOKENS = Ledger(
    sources=(
        multiset_source("exploration_pool", EXPLORATION),
        Source("rooms", _room_tokens, _room_token_delta),
        removed_source(EXPLORATION),
    ),
    box=lambda state: _exploration_box(state.config),
    box_changed=never_changes,
)


# -- objectives, the draft, escape pods and engines ------------------------------------------


SETUP_CHARACTER_PARTS: Mapping[str, CharacterPart] = {
    "objectives": CharacterPart(lambda s, c, v: strings(v), fixed("objective")),
    "name": CharacterPart(lambda s, c, v: {v: 1} if v and not v.startswith("draft:") else {}, fixed("draft")),
}


def _objective_decks(state: GameState, value: Any, acc: Counts, sign: int) -> None:
    for deck in value:
        tally(acc, "objective", deck, sign)


def _pods(state: GameState, value: Any, acc: Counts, sign: int) -> None:
    tally(acc, "pod", (str(p.number) for p in value), sign)


def _engines(state: GameState, value: Any, acc: Counts, sign: int) -> None:
    for stack in value:
        tally(acc, "engine", stack, sign)


@per_config
def _setup_box(config: GameConfig) -> Counts:
    b = box(config)
    engines = b.supplies["engine"]
    out: Counts = {}
    tally(out, "objective", b.objectives)
    tally(out, "draft", b.characters)
    tally(out, "pod", b.pods)
    out[("engine", "working")] = engines // 2
    out[("engine", "damaged")] = engines - engines // 2
    return out


SETUP_PIECES = Ledger(
    sources=(
        Source("objective_decks", _objective_decks),
        character_parts(SETUP_CHARACTER_PARTS),
        multiset_source("draft_pool", "draft"),
        multiset_source("pod_pool", "pod"),
        Source("pods", _pods),
        Source("engines", _engines),
        removed_source("objective", "pod"),
    ),
    box=lambda state: _setup_box(state.config),
    box_changed=never_changes,
)
