"""The round: the Player Phase (first player token, turns, a turn begun in an Escape Pod,
passing), the hand-over to the Event Phase, and the round's end (step 9), after which the next
begins (RU-RB p.10; base-rules-reference.txt, The turn). Drawing the hand is :mod:`hands`'.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import Choice, Frame, Step
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules import events, interruption, item_effects, replaceable, rooms_doors, wounds
from nemesis_rules.model.rules.hands import DrawUp, OfferPassDiscard
from nemesis_rules.model.rules.pods import launch_pod, may_launch, pass_in_pod, pod_of, settle_pods, waiting, with_pod
from nemesis_rules.model.rules.queries import turn_order
from nemesis_rules.model.rules.registry import turn_options


def sorted_unique(decisions: list[Decision]) -> tuple[Decision, ...]:
    """The decisions sorted, each once: equal decisions have equal sort keys (player, kind,
    params), so keying a dict by them removes duplicates and sorting the keys sorts them."""
    by_key = {(d.player, d.kind, d.params): d for d in decisions}
    return tuple([by_key[k] for k in sorted(by_key)])


@dataclass(frozen=True, slots=True)
class StartRound(Step):
    """Player Phase steps 1-2: everyone draws up to their hand size; the First Player token
    passes left, except in the first round."""

    def run(self, state: GameState, ctx: Context) -> GameState:
        state = state.evolve(round=state.round + 1, phase="player")
        ctx.fire("base.round.phases")
        if state.round > 1:
            state = state.evolve(first_player=_next_active(state, state.first_player))
            ctx.fire("base.round.first-player-passes")
        state = state.evolve(characters=tuple(c.evolve(passed=False) for c in state.characters))
        draws = [DrawUp(p) for p in turn_order(state) if state.character(p).active]
        ctx.fire("base.round.draw")
        return state.push(*draws, NextTurn(0))


def _next_active(state: GameState, after: int) -> int:
    n = state.config.players
    for i in range(1, n + 1):
        candidate = (after - 1 + i) % n + 1
        if state.character(candidate).active:
            return candidate
    return after


@dataclass(frozen=True, slots=True)
class NextTurn(Step):
    """Turns go clockwise from the first player, cycle after cycle, until everyone has passed;
    then the Event Phase begins (RU-RB p.10)."""

    after: int
    on_top = True

    def run(self, state: GameState, ctx: Context) -> GameState:
        return self._next(state, ctx, False)

    def run_on_top(self, state: GameState, ctx: Context) -> GameState:
        return self._next(state, ctx, True)

    def _next(self, state: GameState, ctx: Context, top: bool) -> GameState:
        """:meth:`run`, on ``state`` without this step or, with ``top``, with it still on top."""
        order = turn_order(state)
        start = order.index(self.after) + 1 if self.after in order else 0
        ctx.fire("base.round.turn-order")
        if self.after and start >= len(order):
            ctx.fire("base.round.cycles")  # past the last player: another cycle of turns
        for i in range(len(order)):
            player = order[(start + i) % len(order)]
            c = state.character(player)
            if c.active and not c.passed:
                return state.replace_top(BeginTurn(player)) if top else state.push(BeginTurn(player))
        clause = state.config.ruleset.clause("round.event-phase-order")
        if clause:  # Void Seeders' own step order fires vs.event.step-order itself
            ctx.fire(clause)
        return state.replace_top(events.EventPhase()) if top else state.push(events.EventPhase())


BASIC_ACTIONS = frozenset({"move", "careful-move", "shoot", "melee", "pick-up", "trade", "craft"})
"""The basic actions every Character may take, each for 1 card (RU-RB p.10: base.cost.basic-actions)."""


@dataclass(frozen=True, slots=True)
class Turn(Choice):
    """A turn: up to 2 actions, or 1 action and a pass, or a pass (RU-RB p.10)."""

    done: int
    clause = "base.round.turn"

    def options(self, state: GameState) -> tuple[Decision, ...]:
        return turn_options(state, self.player, Decision.make(self.player, "pass"))

    def diagnose(self, state: GameState, decision: Decision) -> tuple[str, str]:
        rule = state.config.ruleset.actions.get(decision.kind)
        if rule is None:
            return f"there is no action '{decision.kind}' available now", self.clause
        if not rule.in_combat and state.in_combat(self.player):
            clause = "base.combat.no-room-action" if decision.kind == "room-action" else "base.combat.allowed-actions"
            return f"'{decision.kind}' cannot be taken in combat", clause
        return rule.diagnose(state, decision)

    on_top = True

    def resolve(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        return self._take(state, decision, ctx, False)

    def resolve_on_top(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        return self._take(state, decision, ctx, True)

    def _take(self, state: GameState, decision: Decision, ctx: Context, top: bool) -> GameState:
        """:meth:`resolve`, on ``state`` without this frame or, with ``top``, with it still on top."""
        ctx.fire("base.round.turn")
        if decision.kind == "pass":
            ctx.fire("base.round.pass-voluntary")
            c = state.character(self.player)
            state = state.with_character(c.evolve(passed=True))
            offer, end = OfferPassDiscard(self.player), EndTurn(self.player)
            state = state.replace_top(offer, end) if top else state.push(offer, end)
            # on top of the pass frames, so that a wound for passing resolves now
            return replaceable.on_pass(state, self.player, ctx)
        rule = state.config.ruleset.actions[decision.kind]
        ctx.fire(rule.clause)
        if decision.kind in BASIC_ACTIONS:
            ctx.fire("base.cost.basic-actions")
        after = AfterAction(self.player, self.done if rule.free else self.done + 1)
        state = state.replace_top(after) if top else state.push(after)
        # the action's own frames go above AfterAction so they resolve first; another
        # Character in the room holding an Interruption card may cancel it first
        return interruption.perform_or_interrupt(state, rule, decision, ctx)


@dataclass(frozen=True, slots=True)
class AfterAction(Step):
    """After an action: a second action may follow; after two the turn ends, unless an
    Adrenaline Injection this round lifted the limit (the turn then ends by passing)."""

    player: int
    done: int
    on_top = True

    def run(self, state: GameState, ctx: Context) -> GameState:
        return self._next(state, False)

    def run_on_top(self, state: GameState, ctx: Context) -> GameState:
        return self._next(state, True)

    def _next(self, state: GameState, top: bool) -> GameState:
        """:meth:`run`, on ``state`` without this step or, with ``top``, with it still on top."""
        state = item_effects.clear_old_adrenaline(state, self.player)
        c = state.character(self.player)
        over = not c.active or c.passed or (self.done >= 2 and not item_effects.adrenaline_active(state, self.player))
        follow: Frame = EndTurn(self.player) if over else Turn(self.player, self.done)
        return state.replace_top(follow) if top else state.push(follow)


@dataclass(frozen=True, slots=True)
class EndTurn(Step):
    """Ending a turn in a burning room gives a Light Wound (RU-RB p.17); the ruleset may add
    its own end-of-turn effects; then the next turn."""

    player: int
    on_top = True

    def run(self, state: GameState, ctx: Context) -> GameState:
        return self._end(state, ctx, False)

    def run_on_top(self, state: GameState, ctx: Context) -> GameState:
        return self._end(state, ctx, True)

    def _end(self, state: GameState, ctx: Context, top: bool) -> GameState:
        """:meth:`run`, on ``state`` without this step or, with ``top``, with it still on top."""
        c = state.character(self.player)
        state = state.replace_top(NextTurn(self.player)) if top else state.push(NextTurn(self.player))
        if c.active and state.room(c.position).fire:
            ctx.fire("base.fire.end-of-turn")
            state = wounds.light_wounds(state, self.player, 1, ctx)
        # the ruleset's own end-of-turn effects (a Lair's noise roll) resolve before the next turn
        return replaceable.end_of_turn(state, self.player, ctx)


@dataclass(frozen=True, slots=True)
class EndRoundStep(Step):
    """Step 9: the round ends once everything triggered is resolved; the next round begins."""

    def run(self, state: GameState, ctx: Context) -> GameState:
        ctx.fire("base.round.end")
        state = state.evolve(flags=state.flags - {"skip-intruder-attack"})  # Orbital Maneuvering System
        return state.push(StartRound())


@dataclass(frozen=True, slots=True)
class BeginTurn(Step):
    """The start of a player's turn: pods and the Decompression token are brought up to date;
    a character waiting in a pod decides about the pod, every other one plays a normal turn."""

    player: int
    on_top = True

    def run(self, state: GameState, ctx: Context) -> GameState:
        return self._begin(state, ctx, False)

    def run_on_top(self, state: GameState, ctx: Context) -> GameState:
        return self._begin(state, ctx, True)

    def _begin(self, state: GameState, ctx: Context, top: bool) -> GameState:
        """:meth:`run`, on ``state`` without this step or, with ``top``, with it still on top."""
        state = rooms_doors.release_opened_airlocks(settle_pods(state, ctx), ctx)
        follow: Frame = PodTurn(self.player) if waiting(state, self.player) else Turn(self.player, 0)
        return state.replace_top(follow) if top else state.push(follow)


@dataclass(frozen=True, slots=True)
class PodTurn(Choice):
    """A turn begun in a pod: launch it, step out (no action spent) and play the turn, or stay
    in it, which passes (RU-RB p.26)."""

    clause = "base.pod.launch"

    def options(self, state: GameState) -> tuple[Decision, ...]:
        pod = pod_of(state, self.player)
        out = [Decision.make(self.player, "leave-pod"), Decision.make(self.player, "stay-in-pod")]
        if pod is not None and may_launch(state, pod):
            out.append(Decision.make(self.player, "launch-pod"))
        return tuple(sorted(out))

    def diagnose(self, state: GameState, decision: Decision) -> tuple[str, str]:
        if decision.kind == "launch-pod":
            return "the pod was locked again after boarding", "base.gap.locked-pod-launch"
        return (
            f"player {self.player} waits in an escape pod: only 'launch-pod', 'leave-pod' or 'stay-in-pod'",
            self.clause,
        )

    def resolve(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        pod = pod_of(state, self.player)
        if pod is None:  # pragma: no cover - the frame exists only while the player is seated
            return state.push(Turn(self.player, 0))
        if decision.kind == "leave-pod":
            ctx.fire("base.pod.step-out")
            state = with_pod(state, replace(pod, occupants=tuple(p for p in pod.occupants if p != self.player)))
            return state.push(Turn(self.player, 0))
        if decision.kind == "launch-pod":
            ctx.fire("base.pod.launch")
            if pod.locked:
                ctx.gap(
                    state,
                    "base.gap.locked-pod-launch",
                    "base.pod.launch",
                    f"player {self.player} launches escape pod {pod.number}, locked again after boarding",
                )
            return launch_pod(state.push(EndTurn(self.player)), pod.number, self.player, ctx)
        return pass_in_pod(state.push(EndTurn(self.player)), self.player, ctx)
