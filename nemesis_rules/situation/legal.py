"""What may be done here: every legal decision grouped by kind with its ways to pay, and why not for
the mistakes players make (``nemesis-rules legal``).

The decisions are the engine's own (:func:`~nemesis_rules.model.core.engine.legal_actions`), in
record-line form; decisions that differ only in the cards paid are one entry with its ways to pay
(the Action cards of the hand that can pay, RU-RB p.12-13). The mistakes are asked of the engine
(:func:`~nemesis_rules.model.core.engine.check`), never judged here: a move to each room that is
not a neighbour, an attack aimed at a Character (base.combat.no-pvp), an item not held
(base.item.inventory), a decision out of turn; each comes back with the engine's reason, the clause
that forbids it and the clause's citation.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from nemesis_rules.model.core.actions import Action, Decision, Outcome
from nemesis_rules.model.core.engine import IllegalActionError, acting_player, chance_outcomes, check, legal_actions
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.round import Turn
from nemesis_rules.record.describe import short_summary, whose_move
from nemesis_rules.record.replay import Citation, cite

__all__ = ["Entry", "Group", "LegalAnswer", "Mistake", "legal_answer", "line_of", "natural_mistakes"]

ITEMS_ASKED = 3
"""How many items the player does not hold are asked about (one per Item deck, in deck order)."""


def line_of(action: Action, *, without_pay: bool = False) -> dict[str, Any]:
    """An action as its record line (``{"player": 1, "action": "move", "to": "07"}``)."""
    data = action.to_json()
    if without_pay:
        data.pop("pay", None)
    return data


@dataclass(frozen=True, slots=True)
class Entry:
    """One decision up to its payment, and the ways to pay it (empty: it costs nothing)."""

    line: dict[str, Any]
    ways: tuple[tuple[str, ...], ...]

    def to_json(self) -> dict[str, Any]:
        return {"line": self.line, "pay": [list(w) for w in self.ways] if self.ways else None}


@dataclass(frozen=True, slots=True)
class Group:
    """The legal decisions of one kind."""

    kind: str
    clause: str
    entries: tuple[Entry, ...]
    count: int

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "clause": self.clause,
            "decisions": self.count,
            "entries": [e.to_json() for e in self.entries],
        }


@dataclass(frozen=True, slots=True)
class Mistake:
    """A decision players get wrong, and the engine's refusal."""

    what: str
    action: Decision
    reason: str
    citation: Citation

    def to_json(self) -> dict[str, Any]:
        c = self.citation
        return {
            "what": self.what,
            "line": line_of(self.action),
            "reason": self.reason,
            "clause": c.clause,
            "statement": c.statement,
            "citation": {"file": c.file, "section": c.section} if c.file else None,
        }


@dataclass(frozen=True, slots=True)
class LegalAnswer:
    """Everything ``legal`` answers at one state."""

    state: GameState
    groups: tuple[Group, ...]
    outcomes: tuple[tuple[Outcome, int], ...]
    mistakes: tuple[Mistake, ...]

    @property
    def decisions(self) -> int:
        return sum(g.count for g in self.groups)

    def to_json(self) -> dict[str, Any]:
        return {
            "state": short_summary(self.state),
            "next": whose_move(self.state),
            "decisions": self.decisions,
            "groups": [g.to_json() for g in self.groups],
            "outcomes": [{"line": line_of(o), "weight": w} for o, w in self.outcomes],
            "mistakes": [m.to_json() for m in self.mistakes],
        }

    def text(self, heading: str) -> str:
        lines = [f"{heading}: {short_summary(self.state)}"]
        if self.state.end is not None:
            lines.append(f"the game is over ({self.state.end.reason}): nothing is legal [base.end.check-needed]")
        if self.outcomes:
            total = sum(w for _, w in self.outcomes)
            lines.append(f"chance outcomes ({len(self.outcomes)}), each with its weight out of {total}:")
            lines.extend(f"  {json.dumps(line_of(o))}  weight {w}" for o, w in self.outcomes)
        if self.groups:
            lines.append(f"legal decisions ({self.decisions} in {len(self.groups)} kind(s)):")
        for group in self.groups:
            rule = f" [{group.clause}]" if group.clause else ""
            lines.append(f"  {group.kind} ({group.count}){rule}:")
            for entry in group.entries:
                pay = ""
                if entry.ways == ((),):
                    pay = "  pay: nothing more"
                elif entry.ways:
                    shown = " ".join("[" + ", ".join(w) + "]" for w in entry.ways)
                    pay = f"  pay one of: {shown}"
                lines.append(f"    {json.dumps(entry.line)}{pay}")
        if self.mistakes:
            lines.append("why not (natural mistakes, the engine's refusals):")
            for m in self.mistakes:
                where = f" ({m.citation.file}, {m.citation.section})" if m.citation.file else ""
                lines.append(f"  {m.what}: {json.dumps(line_of(m.action))}")
                lines.append(f"    {m.reason} [{m.citation.clause}]{where}")
        return "\n".join(lines) + "\n"


def _groups(state: GameState, decisions: Iterable[Decision]) -> tuple[Group, ...]:
    by_kind: dict[str, dict[str, tuple[dict[str, Any], list[tuple[str, ...]]]]] = {}
    counts: dict[str, int] = {}
    for decision in decisions:
        line = line_of(decision, without_pay=True)
        key = json.dumps(line, sort_keys=True)
        entries = by_kind.setdefault(decision.kind, {})
        entry = entries.setdefault(key, (line, []))
        if decision.get("pay") is not None:
            entry[1].append(decision.cards())
        counts[decision.kind] = counts.get(decision.kind, 0) + 1
    frame = state.pending[-1] if state.pending else None
    actions = state.config.ruleset.actions
    out = []
    for kind in sorted(by_kind):
        rule = actions.get(kind) if isinstance(frame, Turn) else None
        clause = rule.clause if rule is not None else str(getattr(frame, "clause", ""))
        listed = tuple(Entry(line, tuple(ways)) for line, ways in by_kind[kind].values())
        out.append(Group(kind, clause, listed, counts[kind]))
    return tuple(out)


def legal_answer(state: GameState) -> LegalAnswer:
    """Every legal decision (or chance outcome) in ``state``, and the natural mistakes refused."""
    options = legal_actions(state)
    decisions = [a for a in options if isinstance(a, Decision)]
    return LegalAnswer(state, _groups(state, decisions), chance_outcomes(state), natural_mistakes(state))


def _refusal(state: GameState, what: str, action: Decision) -> Mistake | None:
    try:
        check(state, action)
    except IllegalActionError as refusal:
        return Mistake(what, action, refusal.reason, cite(refusal.clause))
    return None


def _payment(state: GameState, player: int, size: int = 1) -> tuple[str, ...]:
    """The first ``size`` Action cards of the hand (a payment that is not itself the mistake)."""
    cards = sorted(c for c in state.character(player).hand if not c.startswith("contamination"))
    return tuple(cards[:size])


def natural_mistakes(state: GameState) -> tuple[Mistake, ...]:
    """The mistakes players make at a turn, each asked of the engine: a move to every room that is not
    a neighbour, an attack on each other Character, using items not held, acting out of turn."""
    player = acting_player(state)
    if player is None or not isinstance(state.pending[-1], Turn):
        return ()
    c = state.character(player)
    board = state.config.board
    pay = _payment(state, player)
    asked: list[tuple[str, Decision]] = []
    neighbours = set(board.neighbours[c.position])
    for position in board.positions:
        if position != c.position and position not in neighbours:
            asked.append((f"move {c.position} -> {position}", Decision.make(player, "move", to=position, pay=pay)))
    weapon = next((h for h in c.hands if tables.weapon(state.config, h) is not None), None)
    for other in state.characters:
        if other.player == player or not other.active:
            continue
        asked.append((f"melee at {other.name}", Decision.make(player, "melee", target=other.name, pay=pay)))
        if weapon is not None:
            shot = Decision.make(player, "shoot", target=other.name, weapon=weapon, pay=pay)
            asked.append((f"shoot at {other.name}", shot))
    held = set(c.inventory) | set(c.hands)
    shown = 0
    for _, cards in tables.item_decks(state.config):
        item = next((i for i in sorted(cards.distinct()) if i not in held and _has_action(state, i)), None)
        if item is not None and shown < ITEMS_ASKED:
            asked.append((f"use {item} (not held)", Decision.make(player, "use-item", item=item, pay=pay)))
            shown += 1
    for other in state.characters:
        if other.player != player and other.active:
            asked.append(
                (f"player {other.player} acts now", Decision.make(other.player, "move", to=other.position, pay=pay))
            )
            break
    found = (_refusal(state, what, action) for what, action in asked)
    return tuple(m for m in found if m is not None)


def _has_action(state: GameState, item: str) -> bool:
    return item in state.config.ruleset.items
