"""Gameplay changes of the expansion that the base game's actions call (void-seeders-rulebook.txt,
Gameplay Changes; Rules Summary > Rest, Canteen and Shower Room; Rules Summary > Laboratory).

These are the entry points for the Rest card, the Shower Room, the Canteen, Surgery, the
Antidote and the Laboratory in a Void Seeders game: the base actions keep their other parts
(the Canteen's healing, Surgery's scan, wound and reshuffle) and call these for the Insanity
parts. No Slime exists: :func:`give_slime` does nothing.
"""

from __future__ import annotations

from collections.abc import Mapping

from nemesis_rules.model.core.actions import ParamValue
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.healing import scan_hand
from nemesis_rules.model.rules.void_seeders.insanity import can_lower, lower_insanity, raise_insanity, why_not_lower

REST_CLAUSES = {"rest": "vs.change.rest", "shower-room": "vs.change.shower", "canteen": "vs.change.canteen"}


def rest_variants(state: GameState, player: int) -> list[dict[str, ParamValue]]:
    """The ways to resolve the Insanity part of Rest / Shower Room / Canteen now: ``insanity``
    ``lower`` or ``keep`` and ``scan`` ``yes`` or ``no``. Lowering is offered only where the
    track allows it, the scan only with a Contamination card in hand; ruling
    vs.summary.rest-insanity = mandatory forces the lowering, vs.summary.rest-scan = no-scan
    removes the scan."""
    lowers = ["lower", "keep"] if can_lower(state, player) else ["keep"]
    if state.config.ruling("vs.summary.rest-insanity") == "mandatory" and can_lower(state, player):
        lowers = ["lower"]
    hand = state.character(player).hand
    scannable = any(card.startswith("contamination") for card in hand.distinct())
    scans = ["yes", "no"] if scannable and state.config.ruling("vs.summary.rest-scan") == "scan" else ["no"]
    return [{"insanity": i, "scan": s} for i in lowers for s in scans]


def rest_why_not(state: GameState, player: int, params: Mapping[str, ParamValue]) -> tuple[str, str] | None:
    """Why a way to resolve Rest / Shower Room / Canteen is not open: a reduction the Insanity track
    does not allow (:func:`why_not_lower`), a scan with no Contamination card in hand."""
    if params.get("insanity") == "lower":
        found = why_not_lower(state, player)
        if found is not None:
            return found
    if params.get("scan") == "yes" and not any(c.startswith("contamination") for c in state.character(player).hand):
        return f"player {player} holds no Contamination card to scan", REST_CLAUSES[str(params.get("action", "rest"))]
    return None


def rest_resolve(state: GameState, player: int, params: Mapping[str, ParamValue], ctx: Context) -> GameState:
    """:func:`vs_rest_effect` with the parameters of one of :func:`rest_variants` (the form the
    effect tables use); ``action`` names the Shower Room or the Canteen instead of the card."""
    action = params.get("action", "rest")
    return vs_rest_effect(
        state,
        player,
        ctx,
        lower=params.get("insanity") == "lower",
        scan=params.get("scan") == "yes",
        action=action if isinstance(action, str) else "rest",
    )


def vs_rest_effect(
    state: GameState, player: int, ctx: Context, *, lower: bool, scan: bool, action: str = "rest"
) -> GameState:
    """Rest, the Shower Room or the Canteen (``action``): lower Insanity by 1 and/or scan the
    Contamination cards in hand; an INFECTED card then puts Insanity on 5 whether or not it was
    lowered (the base scan calls the ruleset's INFECTED consequence). Where the track allows no
    reduction (at 1, or at 3 and above once 3 was reached) the level stays (vs.change.reduction-limited)."""

    ctx.fire(REST_CLAUSES[action])
    if lower:
        state = lower_insanity(state, player, ctx)
    elif not can_lower(state, player):
        ctx.fire("vs.change.reduction-limited")  # the track allows no reduction from here
    if scan:
        state = scan_hand(state, player, ctx)
    return state


def _to_three(state: GameState, player: int, ctx: Context, clause: str) -> GameState:
    """Insanity down to 3 where the base effect removes the Larva from the Character board: no
    miniature is ever there in the expansion (vs.insanity.no-board-miniature)."""
    ctx.fire(clause, "vs.insanity.no-board-miniature")
    level = state.character(player).insanity
    if level > 3:
        return lower_insanity(state, player, ctx, to=3)
    if level < 3:
        reading = ctx.gap(
            state,
            "vs.ambiguity.surgery-below-3",
            clause,
            f"player {player} at Insanity {level} is brought 'down' to 3",
        )
        if reading == "set-to-3":
            return raise_insanity(state, player, ctx, to=3)
    return state


def vs_surgery_insanity(state: GameState, player: int, ctx: Context) -> GameState:
    """Surgery brings Insanity down to 3 where it would have removed a Larva (vs.change.surgery)."""
    return _to_three(state, player, ctx, "vs.change.surgery")


def vs_antidote_insanity(state: GameState, player: int, ctx: Context) -> GameState:
    """The Antidote brings Insanity down to 3 where it would have removed a Larva (vs.change.antidote)."""
    return _to_three(state, player, ctx, "vs.change.antidote")


INSANITY_SLOT = "character-insanity"


def can_analyse_insanity(state: GameState, position: str) -> bool:
    """The Laboratory may analyse a Character's Insanity (the ``character-insanity`` Weakness slot)
    when a living Character of Insanity 3 or more is in the room (vs.change.laboratory)."""
    return any(c.insanity >= 3 for c in state.characters_at(position))


def give_slime(state: GameState, player: int, ctx: Context) -> GameState:
    """There is no Slime in the expansion (vs.change.slime), so no Slime marker goes on the board."""
    ctx.fire("vs.change.slime", "vs.insanity.no-board-miniature")
    return state
