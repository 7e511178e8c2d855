"""Fuzzing: seeded random games with every invariant checked after every transition (the
engine behind ``nemesis-rules fuzz``; Pokemon Showdown's exhaustive runner and OpenSpiel's
random-simulation test are the models).

A campaign is a list of :class:`GameSpec` (ruleset, player count, seed), the same for the same
arguments. Game ``g`` of a campaign with seed ``S`` plays with seed ``S + g``; without
``coverage`` it is exactly the game ``nemesis-rules play --seed S+g`` plays. Each game reports
the clauses it fired, how it ended, the first violation of each invariant (with the step), the
rule gaps it reached, and an engine failure if there was one.

With ``coverage`` the player prefers, at each decision and chance node, what the campaign has
not seen yet: now and then a decision of a kind never taken (an item never used, a card never
played, a room action never taken; :func:`novelty_key`) or a chance outcome never drawn (an Item
card, an Objective, an attack card), now and then an action that leads toward a clause needing
many steps of the same tendency (:mod:`.steering`: Doors closed until the 12 tokens run out,
unseen Objectives dealt and their holders spared so that they reach the victory check), else an
action that fires a clause not fired yet (trying a few candidates on the immutable state, a
capped number), so rare rules get exercised. A kind of action whose look-ahead fired nothing
unseen is *dull* from then on and is not stepped ahead again (:func:`dull_key`): after the first
games of a block most kinds are, and coverage play costs little more than plain play.

What counts as "not seen yet" (and as dull) is what the game so far and every earlier game of
its *block* saw (per ruleset). A campaign is cut into fixed blocks of consecutive games (:func:`block_size`, a
function of the number of games alone); each block starts with an empty coverage memory and is
played in order by one worker. A game's result therefore depends on its block and nothing else:
the campaign is the same whether it runs on one process, ``--jobs J``, ``--shard I/N`` (whole
blocks per shard) or a cluster, and its summary is the same, timings aside.

With ``probes`` (the default), a :class:`~.probes.Prober` re-issues at each decision node a few
decisions that were legal earlier and are not now, and counts the clause each refusal cites as
*refused*: restrictions are exercised too, and the game is the same one (the prober has its own
random generator and only asks ``check``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import chain

from nemesis_rules.invariants.catalogue import invariant
from nemesis_rules.invariants.checker import Checker
from nemesis_rules.invariants.core import Invariant
from nemesis_rules.invariants.edges import edge_start, near_edge
from nemesis_rules.invariants.probes import PROBES_PER_STEP, Prober
from nemesis_rules.invariants.steering import steered
from nemesis_rules.invariants.user import load_user_invariant
from nemesis_rules.model.core import fast
from nemesis_rules.model.core.actions import Action, Decision, Outcome
from nemesis_rules.model.core.engine import RuleGap, Transition, legal_actions, step
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data.vocabulary import WORDS
from nemesis_rules.model.game import start
from nemesis_rules.model.rulesets import RULESETS
from nemesis_rules.players.play import MAX_STEPS
from nemesis_rules.players.strategies import DEFAULT_PLAYER, PLAYERS, Player

ENGINE_ERROR = "engine.error"
"""The pseudo-invariant an engine failure (an exception other than a rule gap) is reported under."""
COVERAGE_BLOCK = 25
"""The most games a block holds (see :func:`block_size`): with ``coverage`` a game sees what the
earlier games of its block fired and took."""
MIN_BLOCKS = 16
"""A campaign is cut into at least this many blocks when it has that many games, so that it
spreads over processes and machines."""
COVERAGE_CANDIDATES = 6
"""With ``coverage``, how many candidate actions are tried per step (a cap on the extra cost)."""
NOVELTY = 0.5
"""With ``coverage``, how often a decision of a kind never taken (or an outcome never drawn) is
preferred when there is one; the rest of the time the clause look-ahead decides."""
_NOVELTY_PARAMS = ("room", "card", "item", "weapon", "recipe", "quest", "objective")
"""The parameters that tell decisions of one kind apart for :func:`novelty_key` (with the
Objective kept at the first Encounter, so a campaign spreads the Objectives it plays for)."""


@dataclass(frozen=True, slots=True)
class GameSpec:
    """One game of a campaign: its index, ruleset, player count and seed."""

    index: int
    ruleset: str
    players: int
    seed: int


@dataclass(frozen=True, slots=True)
class Setup:
    """What every game of a campaign shares: rulings, data variants, the invariants to check
    (catalogue ids and users' ``FILE.py:NAME`` specs, rebuilt in each worker process)."""

    rulings: tuple[tuple[str, str], ...] = ()
    variants: tuple[tuple[str, str], ...] = ()
    invariant_ids: tuple[str, ...] = ()
    user_invariants: tuple[str, ...] = ()
    coverage: bool = False
    player: str = DEFAULT_PLAYER
    """The random player (``nemesis_rules.players.strategies.PLAYERS``) that makes every decision."""
    probes: int = PROBES_PER_STEP
    """Illegal decisions re-issued per decision node (0: none; see :mod:`.probes`)."""

    def invariants(self) -> tuple[Invariant, ...]:
        return _invariants(self.invariant_ids, self.user_invariants)


_invariant_cache: dict[tuple[tuple[str, ...], tuple[str, ...]], tuple[Invariant, ...]] = {}


def _invariants(ids: tuple[str, ...], users: tuple[str, ...]) -> tuple[Invariant, ...]:
    key = (ids, users)
    if key not in _invariant_cache:
        _invariant_cache[key] = (*(invariant(i) for i in ids), *(load_user_invariant(u) for u in users))
    return _invariant_cache[key]


@dataclass(frozen=True, slots=True)
class Found:
    """The first violation of one invariant in a game: after action number ``step`` (0: the
    initial state)."""

    invariant: str
    message: str
    step: int


@dataclass(frozen=True, slots=True)
class GapFound:
    """A rule gap a game reached at action number ``step``; ``ruling`` None when no ruling
    decides it (the engine raised :class:`RuleGap` and the game stopped there)."""

    clause: str
    situation: str
    ruling: str | None
    reading: str | None
    step: int


@dataclass(slots=True)
class GameResult:
    """What one fuzzed game did. ``actions``: the game up to its last violation or gap (the
    records of what it found are prefixes of it). ``refused``: per clause, how many probes
    ``check`` refused citing it; ``probe_errors``: probes that made the engine fail otherwise."""

    spec: GameSpec
    steps: int = 0
    end_reason: str = ""
    clauses: Counter[str] = field(default_factory=Counter)
    refused: Counter[str] = field(default_factory=Counter)
    probes: int = 0
    probe_errors: list[str] = field(default_factory=list)
    found: list[Found] = field(default_factory=list)
    gaps: list[GapFound] = field(default_factory=list)
    actions: tuple[Action, ...] = ()
    novelties: set[str] = field(default_factory=set)
    """With ``coverage``: the :func:`novelty_key` of every action taken (campaign bookkeeping)."""
    dull: set[str] = field(default_factory=set)
    """With ``coverage``: the :func:`dull_key` of every kind of action whose look-ahead fired nothing
    unseen (campaign bookkeeping: later games of the block do not step it ahead)."""
    near: Counter[str] = field(default_factory=Counter)
    """Per invariant, the states of the game holding its condition at the limit (:mod:`.edges`)."""


def first_state(spec: GameSpec, setup: Setup) -> GameState:
    """The state game ``spec`` starts from: an edge (:mod:`.edges`) or a new game."""
    edge = edge_start(spec.index, spec.ruleset, spec.players, spec.seed, setup.rulings, setup.variants)
    return edge if edge is not None else start(spec.ruleset, spec.players, dict(setup.rulings), dict(setup.variants))


def playable_rulesets() -> tuple[str, ...]:
    """The names of the package's rulesets (every ruleset value is playable: it is built
    whole from its rule families)."""
    return tuple(RULESETS)


def block_size(games: int) -> int:
    """How many consecutive games a block of a campaign of ``games`` games holds: at most
    :data:`COVERAGE_BLOCK`, and small enough for :data:`MIN_BLOCKS` blocks (500 games: 20 blocks
    of 25; 200 games: 16 blocks of 13; 6 games: 6 blocks of 1). It depends on nothing but the
    number of games, so the split of a campaign over processes, shards or machines does not change it."""
    return max(1, min(COVERAGE_BLOCK, -(-games // MIN_BLOCKS)))


def plan(
    games: int,
    seed: int,
    players: Sequence[int],
    rulesets: Sequence[str],
    shard: tuple[int, int] | None = None,
    block: int | None = None,
) -> list[GameSpec]:
    """The campaign's games (or shard ``(i, n)``'s slice: the games of blocks ``b`` with
    ``b % n == i - 1``, whole blocks of ``block`` games, by default :func:`block_size`). Ruleset
    and player count cycle over every combination, so any prefix of a campaign (and every block) is mixed."""
    combos = [(r, p) for r in rulesets for p in players]
    size = block or block_size(games)
    out = []
    for g in range(games):
        if shard is not None and (g // size) % shard[1] != shard[0] - 1:
            continue
        ruleset, count = combos[g % len(combos)]
        out.append(GameSpec(g, ruleset, count, seed + g))
    return out


def novelty_key(action: Action) -> str:
    """What coverage play counts as one *kind* of action: a decision's kind with the room, card,
    item, weapon, recipe, quest or Objective it names; a chance outcome itself."""
    if isinstance(action, Outcome):
        return f"outcome:{action.chance}:{action.outcome}"
    named = [f"{p}={action.get(p)}" for p in _NOVELTY_PARAMS if action.get(p) is not None]
    return ":".join(("decision", action.kind, *named))


NOVELTY_KEYS_KEPT = 200_000
"""How many actions' novelty keys are remembered at once (:data:`_novelty`)."""
_remembered_key: Callable[[Action], str] = fast.remembered(novelty_key, NOVELTY_KEYS_KEPT)
""":func:`novelty_key`, remembered (an action is a value, so its key never changes)."""
_KIND_KEYS: dict[str, str] = {
    kind: f"decision:{kind}" for kind, word in WORDS.items() if not word.names & frozenset(_NOVELTY_PARAMS)
}
"""The novelty key of every decision of a word none of whose declared parameters tells kinds apart
(a Move, a pass, a careful Move: about half the options of a turn), by word."""


def _novelty(action: Action) -> str:
    """:func:`novelty_key`, fast: coverage play asks it of every option at every step. A decision of a
    word in :data:`_KIND_KEYS` has its word's key (looked up by the word, a string whose hash Python
    keeps, instead of hashing the whole decision); any other action's key is remembered. The engine
    offers no parameter its word does not declare (``tests/model/test_vocabulary.py``), and
    ``tests/invariants/test_coverage_play.py`` holds this to :func:`novelty_key` on seeded games."""
    if type(action) is Decision:
        key = _KIND_KEYS.get(action.kind)
        if key is not None:
            return key
    return _remembered_key(action)


DULL = "ahead:"
"""How a :func:`dull_key` begins (no clause id or novelty key does)."""


def dull_key(action: Action) -> str:
    """The coverage memory's mark that ``action``'s kind (:func:`novelty_key`) was stepped ahead and
    fired nothing unseen: coverage play does not step that kind ahead again. (Measured on the
    default campaign: only about 2.5% of look-aheads found a clause, and a campaign that never looks
    ahead exercises as many clauses; marking dull kinds keeps the look-ahead where it may still pay.)"""
    return DULL + novelty_key(action)


def _dull(action: Action) -> str:
    """:func:`dull_key` through the fast novelty key (asked of every candidate)."""
    return DULL + _novelty(action)


def _coverage_choice(
    state: GameState, rng: random.Random, seen: set[str], choose: Player
) -> tuple[Action, Transition | None]:
    """A decision or outcome of a kind not in ``seen`` now and then (:data:`NOVELTY`); else, now
    and then (each steer's rate), an action leading toward a clause not in ``seen``
    that takes many steps (the table :data:`~.steering.STEERS`: Doors closed, Objectives dealt,
    Characters spared); else an action firing a clause not in ``seen`` when one of a few
    candidates does; otherwise the ordinary random choice. A candidate that makes the engine
    raise counts as new; a candidate of a dull kind (:func:`dull_key` in ``seen``) is not tried, and
    one that fires nothing unseen makes its kind dull (added to ``seen``, which the caller keeps). With
    the action, its transition when the look-ahead made it already, whichever way it was then chosen:
    the caller applies it instead of stepping again (a step is a function of the state and the
    action, and ``tests/invariants/test_coverage_play.py`` holds every look-ahead to a fresh step)."""
    options = legal_actions(state)
    if len(options) <= 1:
        return choose(state, rng), None
    if rng.random() < NOVELTY:
        novel = [a for a in options if _novelty(a) not in seen]
        if novel:
            return novel[rng.randrange(len(novel))], None
    lead = steered(state, options, seen, rng)
    if lead is not None:
        return lead, None
    picks = options if len(options) <= COVERAGE_CANDIDATES else rng.sample(options, COVERAGE_CANDIDATES)
    fresh: list[tuple[Action, Transition | None]] = []
    stepped: dict[Action, Transition] = {}
    for candidate in picks:
        dull = _dull(candidate)
        if dull in seen:
            continue
        try:
            ahead = step(state, candidate)
        except Exception:
            fresh.append((candidate, None))  # stepped again by the caller, which reports what it raises
            continue
        stepped[candidate] = ahead
        for c in ahead.fired:
            if c not in seen:
                fresh.append((candidate, ahead))
                break
        else:
            seen.add(dull)
    if fresh:
        return fresh[rng.randrange(len(fresh))]
    action = choose(state, rng)
    return action, stepped.get(action) if stepped else None


def play_spec(spec: GameSpec, setup: Setup, seen: frozenset[str] = frozenset()) -> GameResult:
    """Play one game of the campaign, checking every invariant after every transition."""
    result = GameResult(spec)
    rng = random.Random(spec.seed)
    state = first_state(spec, setup)  # issue #19: half the games start next to a limit
    checker = Checker(spec.ruleset, setup.invariants())
    reported: set[str] = set()
    for v in checker.first(state):
        reported.add(v.invariant)
        result.found.append(Found(v.invariant, v.message, 0))
    actions: list[Action] = []
    known = set(seen)
    gap_keys: set[tuple[str, str]] = set()
    prober = Prober(spec.seed, setup.probes)
    choose = PLAYERS[setup.player]
    fired: list[tuple[str, ...]] = []  # counted once at the end: one Counter.update per step costs more
    for _ in range(MAX_STEPS):
        if state.end is not None:
            result.end_reason = state.end.reason
            break
        if setup.coverage:
            action, ahead = _coverage_choice(state, rng, known, choose)
        else:
            action, ahead = choose(state, rng), None
        prober.probe(state, action)
        actions.append(action)
        try:
            transition = ahead if ahead is not None else step(state, action)
        except RuleGap as gap:
            result.gaps.append(GapFound(gap.clause, gap.situation, None, None, len(actions)))
            result.end_reason = "rule-gap"
            break
        except Exception as exc:
            result.found.append(Found(ENGINE_ERROR, f"{type(exc).__name__}: {exc}", len(actions)))
            result.end_reason = "engine-error"
            break
        if transition.fired:
            fired.append(transition.fired)
        if setup.coverage:
            known.update(transition.fired)
            key = _novelty(action)
            known.add(key)
            result.novelties.add(key)
        for reached in transition.gaps:
            if (reached.clause, reached.situation) not in gap_keys:
                gap_keys.add((reached.clause, reached.situation))
                result.gaps.append(
                    GapFound(reached.clause, reached.situation, reached.ruling, reached.reading, len(actions))
                )
        for v in checker.after(state, action, transition.state, transition.fired):
            if v.invariant not in reported:
                reported.add(v.invariant)
                result.found.append(Found(v.invariant, v.message, len(actions)))
        state = transition.state
        near = near_edge(state)
        if near:
            result.near.update(near)
    else:
        result.end_reason = "step-limit"
        result.found.append(Found(ENGINE_ERROR, f"no end after {MAX_STEPS} steps", len(actions)))
    prober.probe_end(state)
    result.steps = len(actions)
    result.clauses = Counter(chain.from_iterable(fired))
    if setup.coverage:
        result.dull = {k for k in known if k.startswith(DULL) and k not in seen}
    result.refused, result.probes = prober.refused, prober.probes
    result.probe_errors = list(prober.errors)
    if result.found or result.gaps:
        needed = max([f.step for f in result.found] + [g.step for g in result.gaps])
        result.actions = tuple(actions[:needed])
    return result


def blocks(specs: Sequence[GameSpec], size: int) -> list[list[GameSpec]]:
    """``specs`` (games of a campaign, in campaign order) grouped by blocks of ``size`` games, in
    campaign order."""
    out: dict[int, list[GameSpec]] = {}
    for spec in specs:
        out.setdefault(spec.index // size, []).append(spec)
    return [out[b] for b in sorted(out)]


def play_block(specs: Sequence[GameSpec], setup: Setup) -> list[GameResult]:
    """Play one block's games in order. With ``coverage`` each game is told what the earlier
    games of the block *of its own ruleset* fired and took (clause coverage is measured per
    ruleset, so what one ruleset reached is still worth seeking in the other)."""
    return list(block_games(specs, setup))


def block_games(specs: Sequence[GameSpec], setup: Setup) -> Iterator[GameResult]:
    """:func:`play_block` one game at a time (each played when the next result is asked for)."""
    seen: dict[str, set[str]] = {}
    for spec in specs:
        result = play_spec(spec, setup, frozenset(seen.get(spec.ruleset, ())))
        if setup.coverage:
            known = seen.setdefault(spec.ruleset, set())
            known.update(result.clauses)
            known.update(result.novelties)
            known.update(result.dull)
        yield result
