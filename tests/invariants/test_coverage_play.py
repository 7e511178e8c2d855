"""Coverage-guided play (``fuzz --coverage``): what counts as a new kind of action, and that
games remember the kinds they took so later batches prefer others."""

from __future__ import annotations

from nemesis_rules.invariants.fuzzing import GameSpec, Setup, novelty_key, play_spec
from nemesis_rules.model.actions import Decision, Outcome


def test_a_kind_of_decision_is_its_kind_with_the_room_card_or_item_it_names() -> None:
    pistol = Decision.make(1, "use-item", item="pistol", pay=("search",))
    same = Decision.make(2, "use-item", item="pistol", pay=("rest", "search"))
    rifle = Decision.make(1, "use-item", item="rifle", pay=("search",))
    assert novelty_key(pistol) == novelty_key(same) == "decision:use-item:item=pistol"
    assert novelty_key(rifle) != novelty_key(pistol)
    assert novelty_key(Decision.make(1, "move", to="07")) == novelty_key(Decision.make(1, "move", to="08"))


def test_a_chance_outcome_is_its_own_kind() -> None:
    assert novelty_key(Outcome("item-card", "taser")) == "outcome:item-card:taser"
    assert novelty_key(Outcome("item-card", "taser")) != novelty_key(Outcome("item-card", "decoy"))


def test_coverage_games_record_their_kinds_and_plain_games_do_not() -> None:
    spec = GameSpec(0, "base", 2, 5)
    guided = play_spec(spec, Setup(coverage=True, probes=0))
    plain = play_spec(spec, Setup(probes=0))
    assert "decision:pass" in guided.novelties and any(k.startswith("outcome:") for k in guided.novelties)
    assert not plain.novelties
    # a later batch that has seen every kind of this game still plays to a real end
    later = play_spec(GameSpec(1, "base", 2, 5), Setup(coverage=True, probes=0), frozenset(guided.novelties))
    assert later.end_reason not in ("step-limit", "engine-error", "rule-gap")
