"""The same-trigger check: clauses for one situation, in force together, cited from disjoint sources."""

from __future__ import annotations

import pytest

from nemesis_rules.rulebook import CatalogueError, Clause, Reading, Ruling, RulingKind, catalogue, load_clauses
from nemesis_rules.rulebook.sources import FACTS_FILE, REF_FILE, VS_FILE, Citation
from nemesis_rules.rulebook.triggers import (
    Review,
    TriggerReviewError,
    Verdict,
    clause_sources,
    load_reviews,
    open_pairs,
    reviews,
    same_trigger_pairs,
    stale_reviews,
)

FACTS = Citation(FACTS_FILE, "§2 Turn structure")
REF = Citation(REF_FILE, "Noise")
VS_MAIN = Citation(VS_FILE, "Void Seeders Rules > Encounter")
VS_SUMMARY = Citation(VS_FILE, "Rules Summary > Encounters")
BOTH = ("base", "void-seeders")


def _clause(
    cid: str,
    citation: Citation,
    rulesets: tuple[str, ...] = BOTH,
    also: tuple[Citation, ...] = (),
    replaces: tuple[str, ...] = (),
) -> Clause:
    family = cid.split(".")[1]
    statement = f"Statement of {cid}."
    return Clause(cid, family, statement, rulesets, citation, also, replaces, trigger="encounter.start")


def _pairs(*clauses: Clause, table: dict[str, Ruling] | None = None) -> list[tuple[str, str]]:
    found = same_trigger_pairs({c.id: c for c in clauses}, table or {}, {})
    return [p.ids for p in found]


def test_disjoint_sources_with_a_shared_ruleset_make_a_pair() -> None:
    first = _clause("base.encounter.a", FACTS)
    second = _clause("vs.encounter.b", VS_MAIN, ("void-seeders",))
    assert _pairs(first, second) == [("base.encounter.a", "vs.encounter.b")]


def test_a_shared_source_is_no_pair() -> None:
    first = _clause("base.encounter.a", FACTS)
    second = _clause("base.encounter.b", REF, also=(FACTS,))
    assert _pairs(first, second) == []


def test_main_text_and_rules_summary_count_as_two_sources() -> None:
    assert clause_sources(_clause("vs.encounter.a", VS_MAIN)) != clause_sources(_clause("vs.encounter.b", VS_SUMMARY))
    first = _clause("vs.encounter.a", VS_MAIN, ("void-seeders",))
    second = _clause("vs.encounter.b", VS_SUMMARY, ("void-seeders",))
    assert _pairs(first, second) == [("vs.encounter.a", "vs.encounter.b")]


def test_clauses_never_in_force_together_are_no_pair() -> None:
    base_only = _clause("base.encounter.a", FACTS, ("base",))
    vs_only = _clause("vs.encounter.b", VS_MAIN, ("void-seeders",))
    assert _pairs(base_only, vs_only) == []


def test_a_replacement_is_no_pair() -> None:
    base = _clause("base.encounter.a", FACTS)
    vs = _clause("vs.encounter.b", VS_MAIN, ("void-seeders",), replaces=("base.encounter.a",))
    assert _pairs(base, vs) == []


def test_different_triggers_are_no_pair() -> None:
    first = _clause("base.encounter.a", FACTS)
    second = Clause("base.noise.b", "noise", "Other.", BOTH, REF, trigger="noise-roll.danger")
    assert _pairs(first, second) == []


def test_a_ruling_listing_both_clauses_links_the_pair() -> None:
    first = _clause("base.encounter.a", FACTS)
    second = _clause("base.encounter.b", REF)
    link = Ruling(
        "base.ref.demo",
        RulingKind.CONTRADICTION,
        "Which?",
        (FACTS, REF),
        (Reading("a", "A."), Reading("b", "B.")),
        "a",
        "Best evidence.",
        ("base.encounter.a", "base.encounter.b"),
        severity="play",
        erratum="Use A.",
    )
    (pair,) = same_trigger_pairs({c.id: c for c in (first, second)}, {link.id: link}, {})
    assert pair.linked_by == ("base.ref.demo",) and not pair.is_open


def test_a_review_settles_the_pair() -> None:
    first = _clause("base.encounter.a", FACTS)
    second = _clause("base.encounter.b", REF)
    review = Review(("base.encounter.a", "base.encounter.b"), Verdict.COMPATIBLE, "Both apply.")
    (pair,) = same_trigger_pairs({c.id: c for c in (first, second)}, {}, {review.clauses: review})
    assert pair.review == review and not pair.is_open


def test_package_pairs_are_all_settled_or_reported() -> None:
    pairs = same_trigger_pairs()
    assert pairs, "the catalogue's triggers give no pair at all"
    assert {p.ids for p in open_pairs()} == {p.ids for p in pairs if not p.linked_by and p.review is None}
    lair_noise = next(p for p in pairs if p.ids == ("base.fire.end-of-turn", "vs.lair.noise-roll"))
    assert lair_noise.linked_by == ("vs.ambiguity.lair-noise-timing",)


def test_no_review_is_stale() -> None:
    assert stale_reviews() == []


def test_reviews_name_real_pairs_with_a_verdict_and_reason() -> None:
    table = reviews()
    assert table
    for (first, second), review in table.items():
        assert first < second and first in catalogue() and second in catalogue()
        assert review.reason.strip()


def test_triggers_are_used_by_several_clauses() -> None:
    triggers = [c.trigger for c in catalogue().values() if c.trigger is not None]
    assert len(triggers) >= 150
    assert len(set(triggers)) < len(triggers)


def test_malformed_trigger_is_rejected() -> None:
    text = (
        '[[clause]]\nid = "base.noise.x"\nfamily = "noise"\nrulesets = ["base"]\nfile = "facts.md"\n'
        'section = "§15 Combat and dice"\nstatement = "A statement."\ntrigger = "Noise Roll"\n'
    )
    with pytest.raises(CatalogueError, match="bad trigger 'Noise Roll'"):
        load_clauses(text)
    assert load_clauses(text.replace("Noise Roll", "noise-roll.danger"))["base.noise.x"].trigger == "noise-roll.danger"


def test_broken_reviews_are_rejected_with_every_problem_named() -> None:
    text = (
        '[[review]]\nclauses = ["base.noise.danger"]\nverdict = "compatible"\nreason = "x"\n'
        '[[review]]\nclauses = ["base.noise.danger", "base.noise.nope"]\nverdict = "maybe"\nreason = "x"\n'
        '[[review]]\nclauses = ["base.noise.danger", "base.noise.silence"]\nverdict = "compatible"\nreason = ""\n'
    )
    with pytest.raises(TriggerReviewError) as info:
        load_reviews(text)
    message = str(info.value)
    assert "two different clause ids" in message and "verdict must be one of" in message and "needs a reason" in message


def test_reviews_are_keyed_by_sorted_ids() -> None:
    text = '[[review]]\nclauses = ["base.noise.silence", "base.noise.danger"]\nverdict = "exception"\nreason = "x"\n'
    table = load_reviews(text)
    assert list(table) == [("base.noise.danger", "base.noise.silence")]
    assert table[("base.noise.danger", "base.noise.silence")].verdict is Verdict.EXCEPTION
