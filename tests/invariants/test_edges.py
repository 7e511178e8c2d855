"""Reaching the edges (issue #19): campaign games that start next to each limit of the
specification's numbers, every edge state accepted by the invariants, and a defect that shows only
at a limit caught by a campaign that mixes them in."""

from __future__ import annotations

import pytest

from nemesis_rules.invariants import violations
from nemesis_rules.invariants.edges import EDGES, edge_for, edge_start, near_edge
from nemesis_rules.invariants.fuzzing import GameSpec, Setup, plan, play_spec
from nemesis_rules.invariants.fuzzing import plan as campaign_plan
from nemesis_rules.model.data import tables
from nemesis_rules.rulebook.spec import spec_value


@pytest.mark.parametrize("ruleset", ["base", "void-seeders"])
def test_every_edge_state_is_a_state_the_invariants_accept(ruleset: str) -> None:
    reached = set()
    for spec in campaign_plan(80, 100, (1, 2, 3, 4, 5), ("base", "void-seeders")):
        edge = edge_for(spec.index, spec.ruleset)
        if edge is None or spec.ruleset != ruleset:
            continue
        state = edge_start(spec.index, ruleset, spec.players, spec.seed)
        if state is None:
            continue
        assert violations(state) == [], edge.id
        reached.add(edge.id)
    assert reached == {e.id for e in EDGES if e.rulesets is None or ruleset in e.rulesets}


def test_edge_starts_are_deterministic_and_mixed_into_every_campaign() -> None:
    specs = plan(60, 1, (1, 2, 3, 4, 5), ("base", "void-seeders"))
    edged = [s for s in specs if edge_for(s.index, s.ruleset) is not None]
    assert len(edged) == 30
    for ruleset in ("base", "void-seeders"):  # sixty games meet every edge of both rulesets
        met = {edge_for(s.index, s.ruleset).id for s in edged if s.ruleset == ruleset}  # type: ignore[union-attr]
        assert met == {e.id for e in EDGES if e.rulesets is None or ruleset in e.rulesets}
    first = edged[0]
    assert edge_start(first.index, first.ruleset, first.players, first.seed) == edge_start(
        first.index, first.ruleset, first.players, first.seed
    )


def test_base_fire_exhaustion_near_edge_counts_a_state_at_the_limit() -> None:
    index = next(i for i in range(100) if edge_for(i, "base") is not None and edge_for(i, "base").id == "fire-all-out")  # type: ignore[union-attr]
    at_limit = edge_start(index, "base", 2, 7)
    assert at_limit is not None and "supply.fire" in near_edge(at_limit)
    assert sum(1 for r in at_limit.rooms if r.fire) == spec_value("supply.fire")
    position = next(p for p in at_limit.config.board.positions if at_limit.room(p).fire)
    short = at_limit.with_room(position, at_limit.room(position).evolve(fire=False))
    assert "supply.fire" not in near_edge(short)


def test_base_fire_exhaustion_a_fire_supply_of_nine_is_caught_by_an_edge_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """The planted defect (a ninth Fire marker in the table) shows only at the limit: the games
    that start with every Fire marker on the board get there."""
    engine_supply = tables.supply

    def nine_fires(config: object, name: str) -> int:
        return 9 if name == "fire" else engine_supply(config, name)  # type: ignore[arg-type]

    monkeypatch.setattr(tables, "supply", nine_fires)
    fire_games = [
        GameSpec(i, "base", i % 4 + 2, 50 + i)
        for i in range(400)
        if edge_for(i, "base") is not None and edge_for(i, "base").id == "fire-all-out"  # type: ignore[union-attr]
    ][:6]
    setup = Setup(invariant_ids=("supply.fire",), probes=0)
    found = {f.invariant for spec in fire_games for f in play_spec(spec, setup).found}
    assert "supply.fire" in found
