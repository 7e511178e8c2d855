"""Step 1 of building a situation: a real setup played from the seed, steered toward what the table
names (:mod:`.build`).

The ruleset's own setup runs, every chance outcome drawn with its weight and every decision by the
uniform random player, except the draws the file names: a room tile for its position
(base.setup.room-tiles-1), a Character in the draft (base.setup.character-draft), the Action cards of
a hand (base.round.draw). A named outcome is taken when it is possible now; an outcome another
position or player names is avoided while another is possible. Nothing is placed by hand here.
"""

from __future__ import annotations

import random

from nemesis_rules.errors import BadInputError
from nemesis_rules.model.core.actions import Action, Decision, Outcome
from nemesis_rules.model.core.engine import chance_outcomes, step
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.game import start
from nemesis_rules.model.rules.hands import ActionCardDraw
from nemesis_rules.model.rules.round import Turn
from nemesis_rules.model.rules.setup import DraftChoice, DraftDraw, TileDraw
from nemesis_rules.players.play import choose
from nemesis_rules.situation.fields import Situation

__all__ = ["MAX_SETUP_STEPS", "steered_setup"]

MAX_SETUP_STEPS = 5_000
"""A safety net: a setup takes about a hundred steps."""


def steered_setup(situation: Situation, source: str) -> GameState:
    """The situation's game played from ``situation.seed`` up to its first turn, steered toward the
    tiles, Characters and hands it names; a name no setup can give is bad input naming the field."""
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
