"""Is this action legal here? (``nemesis-rules ask``): the verdict, the clause and its citation, and for
a legal action the clauses that fire and what changed.

An action is written as a record line (``{"player": 1, "action": "move", "to": "07", "pay": ["search"]}``)
or in the short form (docs/situations.md)::

    move 07 pay=search            the acting player moves to 07, paying with Search
    careful-move 07 noise=03-07 pay=search,rest
    melee 1 pay=order             a Melee attack on Intruder 1
    play-card rest insanity=lower
    player=2 move 07 pay=search   a decision by player 2
    noise-roll 3                  a chance outcome: the chance node's name and the result

The first word is the action (or a chance node's name); a word without ``=`` after it is the action's
main parameter (:data:`MAIN_PARAMETER`); ``name=value`` gives any parameter, ``a,b`` a list (``pay``
is always a list). Without ``player=`` the player to decide now acts. Without ``pay=`` a decision
that costs cards is paid the first way the hand allows (the answer lists every way); where no way
makes it legal, it is asked as written.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from nemesis_rules.errors import BadInputError
from nemesis_rules.model.core.actions import Action, Decision, Outcome, ParamValue
from nemesis_rules.model.core.engine import IllegalActionError, RuleGap, acting_player, check, legal_actions, step
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.data.vocabulary import CHANCES, WORDS
from nemesis_rules.model.rules.round import Turn
from nemesis_rules.record.describe import short_summary, whose_move
from nemesis_rules.record.lines import parse_action, parse_json
from nemesis_rules.record.replay import Citation, cite
from nemesis_rules.record.vocabulary import unknown_word
from nemesis_rules.situation.changes import changes
from nemesis_rules.situation.legal import line_of

__all__ = ["MAIN_PARAMETER", "Answer", "ask", "parse_asked"]

MAIN_PARAMETER = {
    "move": "to",
    "careful-move": "to",
    "melee": "target",
    "shoot": "target",
    "play-card": "card",
    "use-item": "item",
    "room-action": "room",
    "pick-up": "item",
    "drop": "item",
    "activate-quest": "item",
    "use-quest": "item",
    "choose-character": "character",
    "keep-objective": "objective",
}
"""The parameter a bare word after the action names, by action."""


def parse_asked(text: str, state: GameState, where: str = "ACTION") -> Action:
    """The action ``text`` writes (a record line or the short form); BadInputError naming ``where``."""
    text = text.strip()
    if not text:
        raise BadInputError("empty action", where)
    players = state.config.players
    if text.startswith("{"):
        return parse_action(parse_json(text, where), players, where)
    words = text.split()
    player: int | None = None
    if words[0].startswith("player="):
        value = words.pop(0).partition("=")[2]
        if not value.isdigit() or not 1 <= int(value) <= players:
            raise BadInputError(f"player={value}: there is no such player in a {players}-player game", where)
        player = int(value)
    if not words:
        raise BadInputError("no action word after player=", where)
    kind, rest = words[0], words[1:]
    if kind not in WORDS and kind not in CHANCES:
        raise BadInputError(f"unknown action {kind!r} (known: {', '.join(sorted(WORDS))})", where)
    if kind in CHANCES and player is None:
        if len(rest) != 1 or "=" in rest[0]:
            raise BadInputError(f"a chance outcome is written '{kind} RESULT'", where)
        return Outcome(kind, rest[0])
    params: dict[str, ParamValue] = {}
    for word in rest:
        name, sep, value = word.partition("=")
        if not sep:
            main = MAIN_PARAMETER.get(kind)
            if main is None or main in params:
                raise BadInputError(
                    f"{word!r}: write it as NAME=VALUE (the action {kind!r} has no main parameter left)", where
                )
            name, value = main, word
        if name in params:
            raise BadInputError(f"{name!r} is given twice", where)
        params[name] = tuple(v for v in value.split(",") if v) if name == "pay" or "," in value else value
    if player is None:
        player = acting_player(state)
        if player is None:
            raise BadInputError("no player decides now (a chance outcome is due): write player=N", where)
    return Decision.make(player, kind, **params)


def _paid(state: GameState, action: Action) -> tuple[Action, tuple[tuple[str, ...], ...]]:
    """An unpaid decision completed with the first way to pay that makes it legal, and all such ways."""
    if not isinstance(action, Decision) or action.get("pay") is not None:
        return action, ()
    ways = []
    for option in legal_actions(state):
        if not isinstance(option, Decision) or option.get("pay") is None:
            continue
        if Decision.make(option.player, option.kind, **{k: v for k, v in option.params if k != "pay"}) == action:
            ways.append(option.cards())
    if not ways:
        return action, ()
    return Decision.make(action.player, action.kind, **dict(action.params), pay=ways[0]), tuple(ways)


def _rule_of(state: GameState, action: Action) -> str:
    """The clause a legal action is taken under: its action rule at a turn, else the open frame's."""
    frame = state.pending[-1] if state.pending else None
    if isinstance(action, Decision) and isinstance(frame, Turn):
        ruleset = state.config.ruleset
        effect = None
        if action.kind == "play-card":
            effect = ruleset.action_cards.get(str(action.get("card")))
        elif action.kind == "use-item":
            effect = ruleset.items.get(str(action.get("item")))
        elif action.kind == "room-action":
            room = tables.rooms(state.config).get(str(action.get("room")))
            effect = ruleset.rooms.get(room.action) if room is not None else None
        if effect is not None:
            return effect.clause  # the card's, item's or room's own rule, beyond the cost
        rule = ruleset.actions.get(action.kind)
        if rule is not None:
            return rule.clause
        return "base.round.pass-voluntary" if action.kind == "pass" else frame.clause
    if frame is not None and isinstance(action, Outcome):
        clause_for = getattr(frame, "clause_for", None)
        return str(clause_for(state)) if clause_for is not None else ""
    return str(getattr(frame, "clause", ""))


@dataclass(frozen=True, slots=True)
class Answer:
    """The verdict on one action."""

    action: Action
    legal: bool
    reason: str
    citation: Citation
    state: GameState
    ways: tuple[tuple[str, ...], ...] = ()
    fired: tuple[str, ...] = ()
    after: GameState | None = None
    changed: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        c = self.citation
        out: dict[str, Any] = {
            "line": line_of(self.action),
            "legal": self.legal,
            "reason": self.reason,
            "clause": c.clause,
            "statement": c.statement,
            "citation": {"file": c.file, "section": c.section} if c.file else None,
            "state": short_summary(self.state),
        }
        if self.ways:
            out["pay"] = [list(w) for w in self.ways]
        if self.legal:
            out["fired"] = list(self.fired)
            out["changed"] = list(self.changed)
            out["next"] = whose_move(self.after) if self.after is not None else None
        return out

    def text(self, heading: str) -> str:
        c = self.citation
        where = f" ({c.file}, {c.section})" if c.file else ""
        lines = [f"{heading}: {short_summary(self.state)}"]
        lines.append(f"{'legal' if self.legal else 'illegal'}: {json.dumps(line_of(self.action))}")
        if not self.legal:
            lines.append(f"  why not: {self.reason}")
        lines.append(f"  rule: {c.clause}{': ' + c.statement if c.statement else ''}{where}")
        if self.ways and len(self.ways) > 1:
            lines.append("  other ways to pay: " + " ".join("[" + ", ".join(w) + "]" for w in self.ways[1:]))
        if self.legal:
            lines.append(f"  clauses that fire: {', '.join(dict.fromkeys(self.fired)) or 'none'}")
            lines.append("  what changed:")
            lines.extend(f"    {line}" for line in self.changed or ("nothing shown on the table",))
            if self.after is not None:
                lines.append(f"  next: {whose_move(self.after)}")
        return "\n".join(lines) + "\n"


def ask(state: GameState, action: Action, where: str = "ACTION") -> Answer:
    """Whether ``action`` is legal in ``state``, under which clause, and what it does when it is.

    A word the engine does not know (an action, a parameter or a chance node) is bad input."""
    action, ways = _paid(state, action)
    try:
        check(state, action)
    except IllegalActionError as refusal:
        word = unknown_word(action)
        if word is not None:
            raise BadInputError(word, where) from None
        return Answer(action, False, refusal.reason, cite(refusal.clause), state, ways)
    clause = _rule_of(state, action)
    try:
        transition = step(state, action)
    except RuleGap as gap:
        return Answer(action, True, f"rule gap: {gap.situation}", cite(gap.clause), state, ways, (gap.clause,))
    after = transition.state
    return Answer(action, True, "", cite(clause), state, ways, transition.fired, after, tuple(changes(state, after)))
