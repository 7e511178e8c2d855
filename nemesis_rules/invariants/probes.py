"""Refusal probes: exercising the rules that say *no* (issue #8, clause coverage).

Many clauses are restrictions (a closed Door stops a Move, no Room action in Combat, a passed
player takes no more actions). They never fire on a legal step: the engine enforces them by
leaving the decision out of ``legal_actions`` and explains them through ``check``, whose
:class:`~nemesis_rules.model.core.engine.IllegalActionError` names the refusing clause. Random play
therefore never exercises them. A :class:`Prober` does, honestly and without changing the game:

* it remembers, per player and kind of decision node (a turn, a pass discard, an Encounter,
  ...), decisions it saw legal (every decision taken, and now and then the whole list of legal
  decisions at a node), a capped sample per action kind;
* at a decision node it re-issues a few of them that are not legal now, by the acting player
  and, now and then, by a player who may not act (out of turn, passed or dead), and asks
  ``check``; each refusal counts its clause as *refused*. A probe by the acting player is
  usually paid again from the hand it holds now (so the refusal names what forbids the
  decision here, not the cards spent since), and now and then with a Contamination card it
  holds instead of an Action card (a mistake the rules forbid, base.cost.contamination-cannot-pay);
* now and then it *mutates* a remembered decision into a mistake players make: an attack aimed
  at another Character instead of an Intruder (base.combat.no-pvp), a trade with nothing on
  either side (base.trade.not-empty), and on a turn in a room with a Malfunction, that room's
  action asked anyway (base.malfunction.blocks-room-action; in an Evacuation Section,
  base.pod.malfunction-blocks);
* once the game is over, :meth:`Prober.probe_end` re-issues one remembered decision, which the
  engine must refuse (base.end.check-needed).

The prober has its own random generator (seeded from the game's seed) and only *asks* the
engine (``check`` and ``legal_actions`` never change a state), so a game plays the same with
and without probing. The cost is capped: :data:`PROBES_PER_STEP` checks per decision node, and
the legal list is sampled at one node in :data:`SAMPLE_EVERY` (the rest remember only the
decision taken). Probes that make the engine fail with anything but a refusal are kept as
``errors`` (an engine bug: a ``check`` must answer every well-formed decision).
"""

from __future__ import annotations

import random
from bisect import insort
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from nemesis_rules.model.core.actions import Action, Decision, ParamValue
from nemesis_rules.model.core.engine import IllegalActionError, legal_actions, refusal
from nemesis_rules.model.core.frames import ChanceNode, Choice
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.pods import SECTION_TILES

PROBES_PER_STEP = 2
"""How many illegal decisions are re-issued at each decision node (0: no probing)."""
SAMPLE_EVERY = 4
"""The full legal list is remembered at about one decision node in this many."""
KEPT_PER_KIND = 8
"""How many decisions of one kind are remembered per player (a random sample beyond that)."""
OUT_OF_TURN_EVERY = 4
"""About one probe in this many is a decision by a player who may not act now."""
REPAID_EVERY = 4
"""Probes by the acting player are paid again from the hand held now, except about one in this many."""
CONTAMINATED_EVERY = 8
"""About one probe in this many by the acting player pays with a Contamination card it holds."""
MUTATED_EVERY = 6
"""About one probe in this many by the acting player is mutated into a mistake (see the notes)."""
MALFUNCTION_EVERY = 2
"""About one probe in this many by the acting player, on their turn in a room with a Malfunction,
asks for that room's action anyway (see the notes)."""
TURN = "Turn"
"""The kind of decision node a player's turn is (the frame's class name)."""
ERRORS_KEPT = 5
"""How many probe failures (engine errors) are kept with their message."""
SEED_SALT = 0x9E3779B9
"""Mixed into the game's seed, so the prober's draws are not the player's."""

Signature = tuple[type, tuple[tuple[str, ParamValue], ...]]
"""A remembered decision's class and parameters (see :meth:`Prober.remember_each`)."""


@dataclass(slots=True)
class Prober:
    """Remembers decisions seen legal and re-issues a few illegal ones at each decision node.

    ``refused`` counts, per clause id, the probes ``check`` refused citing it; ``probes`` how
    many were asked; ``errors`` the first few probes that made the engine fail otherwise."""

    seed: int
    per_step: int = PROBES_PER_STEP
    refused: Counter[str] = field(default_factory=Counter)
    probes: int = 0
    errors: list[str] = field(default_factory=list)
    on_refusal: Callable[[GameState, Decision, IllegalActionError], None] | None = None
    """Called with each refusal (the state, the decision asked, the engine's answer): how the
    conformance suite keeps the refusals probing finds as cases."""
    _rng: random.Random = field(init=False, repr=False)
    _below: Callable[[int], int] = field(init=False, repr=False)
    """``_below(n)`` is ``_rng.randrange(n)`` for ``n`` of at least 1, the only calls made (see
    :func:`below`)."""
    _seen: dict[tuple[int, str], dict[str, list[Decision]]] = field(init=False, repr=False, default_factory=dict)
    _signatures: dict[tuple[int, str, str], tuple[list[Decision], list[Signature]]] = field(
        init=False, repr=False, default_factory=dict
    )
    """By player, node and kind: the list ``_seen`` keeps, and beside it the ``(class, params)``
    of its decisions, index for index (see :meth:`remember_each`)."""
    _kinds: dict[tuple[int, str], list[str]] = field(init=False, repr=False, default_factory=dict)
    """By player and node: the kinds ``_seen`` keeps, sorted (the plain version sorts them at each draw)."""
    _players: dict[str, list[int]] = field(init=False, repr=False, default_factory=dict)
    """By node: the players ``_seen`` keeps decisions of there, sorted (the plain version sorts
    the keys of ``_seen`` at each draw)."""

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed ^ SEED_SALT)
        self._below = below(self._rng)

    def remember(self, decision: Decision, node: str) -> None:
        """Keep ``decision`` (seen legal at a node of kind ``node``) in its player's sample."""
        self.remember_each((decision,), node)

    def remember_each(self, options: Iterable[Action], node: str) -> None:
        """:meth:`remember` each decision of ``options`` in turn (chance outcomes are skipped)."""
        # The plain test is ``decision in kept``. The decisions of one list share their player
        # and kind, so two of them are equal exactly when their class and parameters are: the
        # parallel list of those pairs answers with one comparison of tuples in C, not a
        # dataclass ``__eq__`` call per decision kept. The lists are looked up again only when
        # the player or kind changes: a listing comes sorted, so once per kind listed
        # (tests/invariants/test_probes_fast.py).
        every = self._signatures
        player, kind = -1, ""
        kept: list[Decision] = []
        signatures: list[Signature] = []
        for decision in options:
            if not isinstance(decision, Decision):
                continue
            if decision.kind != kind or decision.player != player:
                player, kind = decision.player, decision.kind
                lists = every.get((player, node, kind))
                kept, signatures = lists if lists is not None else self._new_kind(player, node, kind)
            signature = (type(decision), decision.params)
            if signature in signatures:
                continue
            if len(kept) < KEPT_PER_KIND:
                kept.append(decision)
                signatures.append(signature)
            else:
                i = self._below(KEPT_PER_KIND)
                kept[i] = decision
                signatures[i] = signature

    def _new_kind(self, player: int, node: str, kind: str) -> tuple[list[Decision], list[Signature]]:
        """The empty lists of a kind of decision not kept yet for ``player`` at ``node`` (a
        decision of it is kept next), entered in ``_seen`` and the sorted tables."""
        kinds = self._seen.get((player, node))
        if kinds is None:
            kinds = self._seen[(player, node)] = {}
            insort(self._players.setdefault(node, []), player)
        kept: list[Decision] = []
        kinds[kind] = kept
        insort(self._kinds.setdefault((player, node), []), kind)
        lists: tuple[list[Decision], list[Signature]] = (kept, [])
        self._signatures[(player, node, kind)] = lists
        return lists

    def probe(self, state: GameState, chosen: Action) -> None:
        """At a decision node, just before ``chosen`` is applied: remember what is legal, then
        ask ``check`` about a few remembered decisions that are not legal now."""
        pending = state.pending
        if self.per_step <= 0 or state.end is not None or not pending or not isinstance(chosen, Decision):
            return
        frame = pending[-1]
        if isinstance(frame, ChanceNode) or not isinstance(frame, Choice):
            return  # a chance node, or no decision pending (engine.is_chance, engine.acting_player)
        player = frame.player
        node = type(frame).__name__
        self.remember_each((chosen,), node)
        if self._below(SAMPLE_EVERY) == 0:
            self.remember_each(legal_actions(state), node)
        for _ in range(self.per_step):
            candidate = self._candidate(state, player, node, chosen)
            if candidate is not None:
                self._ask(state, candidate)

    def _candidate(self, state: GameState, player: int, node: str, chosen: Decision) -> Decision | None:
        """A remembered decision for this kind of node: by another player who may not act (now
        and then), else by the acting player (mostly paid again from the hand held now, now and
        then with a Contamination card); never the decision about to be taken."""
        below = self._below
        who = player
        if below(OUT_OF_TURN_EVERY) == 0:
            others = [p for p in self._players.get(node, ()) if p != player]
            idle = [p for p in others if _idle(state, p)]
            pool = idle or others
            if pool:
                who = pool[below(len(pool))]
        kinds = self._seen.get((who, node))
        if not kinds:
            return None
        names = self._kinds[(who, node)]
        kept = kinds[names[below(len(names))]]
        candidate = kept[below(len(kept))]
        if who == player:
            if below(REPAID_EVERY) != 0:
                candidate = _paid_from_hand(state, candidate)
            if below(CONTAMINATED_EVERY) == 0:
                candidate = _paid_with_contamination(state, candidate)
            if below(MUTATED_EVERY) == 0:
                candidate = _mutated(state, candidate)
            # asked only in a room with a Malfunction, so probing elsewhere draws as before
            mistake = _room_action_despite_malfunction(state, player, kinds) if node == TURN else None
            if mistake is not None and below(MALFUNCTION_EVERY) == 0:
                candidate = mistake
        # ``candidate == chosen`` without the dataclass's ``__eq__`` call
        if candidate is chosen or (
            type(candidate) is type(chosen)
            and candidate.params == chosen.params
            and candidate.kind == chosen.kind
            and candidate.player == chosen.player
        ):
            return None
        return candidate

    def probe_end(self, state: GameState) -> None:
        """At the end of the game: re-issue one remembered decision (every decision is refused now)."""
        if self.per_step <= 0 or state.end is None or not self._seen:
            return
        keys = sorted(self._seen)
        self._ask(state, self._any_of(self._seen[keys[self._below(len(keys))]]))

    def _any_of(self, kinds: dict[str, list[Decision]]) -> Decision:
        """A remembered decision: a kind at random, then one of its decisions."""
        names = sorted(kinds)
        kept = kinds[names[self._below(len(names))]]
        return kept[self._below(len(kept))]

    def _ask(self, state: GameState, decision: Decision) -> None:
        """Ask the engine about ``decision``: count the clause of a refusal, keep a failure.
        ``engine.refusal`` answers what ``check`` would raise; the error is built only for
        ``on_refusal``, as ``check`` would have built it."""
        self.probes += 1
        error: IllegalActionError | None = None
        try:
            refused = refusal(state, decision)
            if refused is None:
                return
            reason, clause = refused
        except IllegalActionError as raised:  # raised by a rule as it answered: a refusal all the same
            error, reason, clause = raised, raised.reason, raised.clause
        except Exception as exc:  # a check that fails on a well-formed decision is an engine bug
            if len(self.errors) < ERRORS_KEPT:
                self.errors.append(f"{decision}: {type(exc).__name__}: {exc}")
            return
        if clause:
            self.refused[clause] += 1
        if self.on_refusal is not None:
            self.on_refusal(state, decision, error or IllegalActionError(decision, reason, clause, state))


def below(rng: random.Random) -> Callable[[int], int]:
    """``rng.randrange`` for a positive bound ``n`` alone: the same draws from the same state.
    ``Random.randrange(n)`` checks its arguments and then returns ``rng._randbelow(n)``
    (CPython's ``random.py``); a prober draws a few numbers per step, all with a positive bound,
    so the checks are skipped. Where a ``Random`` has no ``_randbelow``, ``randrange`` itself
    (tests/invariants/test_probes_fast.py holds the two to the same draws)."""
    fast: Callable[[int], int] | None = getattr(rng, "_randbelow", None)
    return fast if fast is not None else rng.randrange


def _idle(state: GameState, player: int) -> bool:
    """Whether ``player`` may take no action this phase: passed, dead or out of play."""
    character = state.character(player)
    return bool(character.passed) or not character.active


def _mutated(state: GameState, decision: Decision) -> Decision:
    """``decision`` turned into a mistake players make: an attack (or a card aimed at a target)
    aimed at another Character, preferably one in the same room; a trade offering and asking
    nothing. Unchanged when no mistake of that kind fits."""
    params = dict(decision.params)
    if decision.kind == "trade":
        params["give"], params["take"] = "", ""
        return Decision.make(decision.player, decision.kind, **params)
    if "target" not in params:
        return decision
    me = state.character(decision.player)
    others = [c for c in state.characters if c.player != decision.player]
    near = [c for c in others if c.position == me.position] or others
    if not near:
        return decision
    params["target"] = near[0].name
    return Decision.make(decision.player, decision.kind, **params)


def _room_action_despite_malfunction(
    state: GameState, player: int, remembered: dict[str, list[Decision]]
) -> Decision | None:
    """The action of the room ``player`` stands in, asked although the room has a Malfunction (a
    mistake players make; RU-RB p.24: a Malfunction blocks the room's action, an Evacuation
    Section's pods included): as remembered for that room when it was, else its bare form (an
    Evacuation Section's first pod). None when the room has no Malfunction or no known action."""
    room = state.room(state.character(player).position)
    if not room.malfunction or not room.explored or room.tile is None:
        return None
    same_room = [d for d in remembered.get("room-action", ()) if d.get("room") == room.tile]
    if same_room:
        return _paid_from_hand(state, same_room[0])
    params: dict[str, ParamValue] = {"room": room.tile}
    pods = sorted(p.number for p in state.pods if SECTION_TILES.get(p.section) == room.tile)
    if pods:
        params["pod"] = str(pods[0])
    hand = sorted(c for c in state.character(player).hand.distinct() if not c.startswith("contamination"))
    params["pay"] = tuple(hand[:2])
    return Decision.make(player, "room-action", **params)


def _paid_with_contamination(state: GameState, decision: Decision) -> Decision:
    """``decision`` with its first payment card swapped for a Contamination card its player
    holds (unchanged when it pays nothing or the player holds none)."""
    paid = decision.cards()
    if not paid:
        return decision
    held = sorted(card for card in state.character(decision.player).hand.distinct() if card.startswith("contamination"))
    if not held:
        return decision
    params = dict(decision.params)
    params["pay"] = (held[0], *paid[1:])
    return Decision.make(decision.player, decision.kind, **params)


def _paid_from_hand(state: GameState, decision: Decision) -> Decision:
    """``decision`` paid with as many Action cards from its player's hand now (the first ones in
    card order); unchanged when it pays nothing, is paid from the hand already, or the hand is short."""
    paid = decision.cards()
    if not paid:
        return decision
    hand = state.character(decision.player).hand
    for card in paid:  # the plain test: ``hand.contains_all(Multiset.of(paid))``
        if hand.count(card) < paid.count(card):
            break
    else:
        return decision
    reserved = decision.get("card")
    cards = [
        card
        for card, count in hand.items()
        if not card.startswith("contamination")
        for _ in range(count - (1 if card == reserved else 0))
    ]
    if len(cards) < len(paid):
        return decision
    params = dict(decision.params)
    params["pay"] = tuple(sorted(cards[: len(paid)]))
    return Decision.make(decision.player, decision.kind, **params)
