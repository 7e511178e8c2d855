"""The methodical conflict finders (issue #23): each is shown a small made-up text, catalogue or rule
module with a conflict planted in it and must find it, and each finds real questions in the four
rule texts, every one answered by a ruling, a settled sentence, a clause or an invariant, or shown
as an open entry of the conflict report."""

from __future__ import annotations

from pathlib import Path

import pytest

from nemesis_rules.rulebook import catalogue, rulings
from nemesis_rules.rulebook.alignment import AlignmentRow, align
from nemesis_rules.rulebook.catalogue import Clause
from nemesis_rules.rulebook.finders import all_findings, ruling_finders
from nemesis_rules.rulebook.finders.citations import unsupported_citations
from nemesis_rules.rulebook.finders.kinds import LAIR_RULING, term_coverage, term_findings, two_kind_findings
from nemesis_rules.rulebook.finders.modality import modality_findings
from nemesis_rules.rulebook.finders.questions import FinderDataError, load_settled, settled
from nemesis_rules.rulebook.finders.totality import gap_rulings, places, totality_findings
from nemesis_rules.rulebook.finders.totals import component_findings, list_totals, number_findings, number_index
from nemesis_rules.rulebook.finders.universals import universal_findings
from nemesis_rules.rulebook.numbers import load_quantities, numeric_conflicts
from nemesis_rules.rulebook.passages import rule_text
from nemesis_rules.rulebook.sources import FACTS_FILE, RULE_FILES, VS_FILE, Citation

needs_texts = pytest.mark.skipif(rule_text(VS_FILE) is None, reason="the rule texts are not available")


def texts() -> dict[str, str]:
    return {f: t for f in RULE_FILES if (t := rule_text(f)) is not None}


# -- numbers ------------------------------------------------------------------------------------------


PLANTED_TABLE = "## 3. Widget deck (10)\n| Card | # | Effect |\n|---|---|---|\n| Spanner | 4 | x |\n| Bolt | 5 | y |\n"


def test_numbers_finder_a_list_that_does_not_add_up_to_its_stated_total_is_an_open_question() -> None:
    [total] = list_totals(FACTS_FILE, PLANTED_TABLE)
    assert (total.name, total.total, total.parts, total.adds_up) == ("Widget deck", 10, (4, 5), False)
    [finding] = number_findings({FACTS_FILE: PLANTED_TABLE}, [], {})
    assert finding.finder == "numbers" and finding.is_open and "adds up to 9" in finding.question


def test_numbers_finder_lists_of_a_line_add_up_by_copies_and_by_printed_values() -> None:
    times = "\u00d7"  # the times sign the texts print
    line = (
        f"- Gadget deck (6; note): Alpha {times}2 (a; b); Beta 1,2,R [X]; Gamma (c).\n"
        "- 5 Widget tokens (1 blank, 3 Widget)\n"
    )
    found = {t.name: t for t in list_totals(FACTS_FILE, line)}
    assert found["Gadget deck"].parts == (2, 3, 1) and found["Gadget deck"].adds_up
    assert found["Widget tokens"].parts == (1, 3) and not found["Widget tokens"].adds_up


def test_numbers_finder_every_number_of_a_sentence_is_held_by_a_clause_a_quantity_or_a_review() -> None:
    clauses = {
        "base.x.draw": Clause(
            "base.x.draw", "x", "Draw two cards.", ("base",), Citation(FACTS_FILE, "§2 Turn structure")
        )
    }
    table = load_quantities(
        '[[quantity]]\nid = "supply.fire"\ndescription = "x"\n'
        'values = [{ value = 8, file = "facts.md", section = "§11 Markers and supplies" }]\n'
    )
    text = "17) Draw 2 cards [RU-RB p.10]; 8 Fire markers; 5 Widgets; room 07: 3."
    row = AlignmentRow(FACTS_FILE, 4, 0, text, "item", ("base.x.draw",), "aligned", "", "", "")
    found = {f.id.rsplit("=", 1)[1]: f for f in number_index([row], clauses, table, {})}
    assert set(found) == {"2", "8", "5", "3"}  # not the step 17, the page 10 or the room 07
    assert found["2"].answer == "clause:base.x.draw" and found["8"].answer == "quantity:supply.fire"
    assert found["5"].is_open and found["3"].is_open
    reviewed = number_index([row], clauses, table, {f"{FACTS_FILE}:4.0=5": "widgets count nothing"})
    assert not {f.id.rsplit("=", 1)[1]: f for f in reviewed}["5"].is_open


def test_numbers_finder_a_key_with_two_values_is_a_data_question_answered_by_its_ruling() -> None:
    table = load_quantities(
        '[[quantity]]\nid = "widgets"\ndescription = "Widgets in the box"\nvalues = [\n'
        '  { value = 3, file = "facts.md", section = "§11 Markers and supplies" },\n'
        '  { value = 4, file = "base-rules-reference.txt", section = "Noise" },\n]\n'
    )
    conflicts = numeric_conflicts(table)
    [open_one] = number_findings({}, conflicts, {})
    [ruled] = number_findings({}, conflicts, {"widgets": "base.data.widgets"})
    assert open_one.is_open and open_one.kind == "data"
    assert ruled.answer == "ruling:base.data.widgets"


def test_numbers_finder_a_component_count_the_cross_table_lacks_or_states_otherwise_is_open() -> None:
    text = "## 11. Markers and supplies\n- 30 Noise, 9 Fire, 2 Widgets, 1 blue + 5 red Corpses. [RU-RB p.3]\n"
    lists = [
        {
            "file": FACTS_FILE,
            "section": "§11 Markers and supplies",
            "starts": "- 30 Noise,",
            "names": {"Noise": "supply.noise", "Fire": "supply.fire", "blue": "supply.blue-corpse"},
        }
    ]
    section = 'file = "facts.md", section = "§11 Markers and supplies"'
    table = load_quantities(
        "".join(
            f'[[quantity]]\nid = "{qid}"\ndescription = "x"\nvalues = [{{ value = {value}, {section} }}]\n'
            for qid, value in (("supply.noise", 30), ("supply.fire", 8), ("supply.blue-corpse", 1))
        )
    )
    found = {f.id.rsplit(":", 1)[1]: f for f in component_findings({FACTS_FILE: text}, lists, table)}
    assert set(found) == {"Noise", "Fire", "Widgets", "blue", "red Corpses"}
    assert found["Noise"].answer == "quantity:supply.noise" and found["blue"].answer == "quantity:supply.blue-corpse"
    assert found["Fire"].is_open and "gives [8]" in found["Fire"].question
    assert found["Widgets"].is_open and found["red Corpses"].is_open


@needs_texts
def test_numbers_finder_in_the_texts_every_stated_list_adds_up_and_each_quantity_with_two_values_is_ruled() -> None:
    found = [f for f in all_findings(texts()) if f.finder == "numbers"]
    totals = [f for f in found if f.id.count(":") == 2 and "=" not in f.id]
    assert len(totals) >= 8 and all(not f.is_open for f in totals)
    counts = [f for f in found if f.id.count(":") == 3]
    assert len(counts) >= 40 and [f.question for f in counts if f.is_open] == []
    numbers = [f for f in found if "=" in f.id]
    assert len(numbers) >= 500 and [f.id for f in numbers if f.is_open] == []
    ruled = [f for f in found if f.answered_by[0] == "ruling"]
    assert len(ruled) == len(numeric_conflicts()) and {f.answered_by[1] for f in ruled} <= set(rulings())


# -- universals ---------------------------------------------------------------------------------------


def _row(text: str, clauses: tuple[str, ...] = (), line: int = 7) -> AlignmentRow:
    return AlignmentRow(
        FACTS_FILE, line, 0, text, "sentence", clauses, "aligned" if clauses else "uncatalogued", "", "", ""
    )


def test_universals_finder_a_universal_sentence_nothing_holds_is_open() -> None:
    rows = [_row("Lairs can never fly."), _row("Lairs fly at night.")]
    [finding] = universal_findings(rows, {"universal": []})
    assert finding.finder == "universals" and finding.is_open and "never fly" in finding.question


def test_universals_finder_an_invariant_named_in_the_data_holds_the_sentence() -> None:
    rows = [_row("Only one Lair per room.", ("vs.lair.immobile",))]
    [held] = universal_findings(rows, {"universal": [{"at": f"{FACTS_FILE}:7.0", "invariant": "vs.lair.immobile"}]})
    [by_clause] = universal_findings(rows, {"universal": []})
    assert held.answer == "invariant:vs.lair.immobile" and by_clause.answer == "clause:vs.lair.immobile"


@needs_texts
def test_universals_finder_in_the_texts_every_universal_is_held_and_two_hits_became_rulings() -> None:
    found = universal_findings(align(texts()))
    assert len(found) >= 40 and not [f.id for f in found if f.is_open]
    assert "invariant:universal.noise-in-combat-only-lair" in {f.answer for f in found}
    finders = ruling_finders(texts())
    assert "universals" in finders["vs.ambiguity.egg-noise-in-combat"]
    assert "universals" in finders["base.ambiguity.bag-noise-combat-timing"]


# -- totality -----------------------------------------------------------------------------------------


PLANTED_RULE = """
def quiet(state, ctx):
    if not state.ready:
        return state
    return state.evolve(x=1)


def cited(state, ctx):
    if not state.ready:
        ctx.fire("base.noise.silence")
        return state
    return state


def commented(state, ctx):
    # nothing is placed where no corridor has the number (base.noise.unique-numbers)
    return state


def changed(state, ctx):
    state = state.evolve(x=2)
    return state


def asks(state, ctx):
    if ctx.gap(state, "base.gap.widget", "base.noise.number", "no widget") == "skip":
        return state
    return state
"""


def test_totality_finder_an_unchanged_state_that_names_no_clause_is_found(tmp_path: Path) -> None:
    (tmp_path / "family.py").write_text(PLANTED_RULE, encoding="utf-8")
    found = {(p.function, p.cites) for p in places(tmp_path)}
    assert ("quiet", "") in found and ("cited", "base.noise.silence") in found
    assert ("commented", "base.noise.unique-numbers") in found
    assert not any(f == "changed" for f, _ in found)
    [open_one] = [f for f in totality_findings(tmp_path) if f.is_open]
    assert "quiet (line 4)" in open_one.question and "family.py" in open_one.id
    assert gap_rulings(tmp_path) == {"base.gap.widget": "family.py:26"}


def test_totality_finder_the_rule_code_asks_the_new_rulings_instead_of_choosing() -> None:
    asked = gap_rulings()
    for ruling in ("vs.ambiguity.egg-noise-in-combat", "base.ambiguity.bag-noise-combat-timing"):
        assert ruling in asked
    assert set(asked) <= set(rulings())
    assert any(p.cites for p in places())


# -- terms and two kinds ------------------------------------------------------------------------------


def test_terms_finder_a_term_bound_to_two_things_and_a_thing_named_two_ways_are_found() -> None:
    data = {
        "term": [
            {"id": "gizmo", "names": ["Gizmo"], "things": ["a token", "a card"]},
            {"id": "doohickey", "names": ["Doohickey", "Thingamajig"], "things": ["a room"], "answer": "clause:x"},
            {"id": "absent", "names": ["Nowhere", "Noplace"], "things": ["a room"]},
        ]
    }
    given = {FACTS_FILE: "A Gizmo is drawn. The Doohickey burns; a Thingamajig too."}
    found = {f.id: f for f in term_findings(data, given)}
    assert set(found) == {"terms:gizmo", "terms:doohickey"}
    assert found["terms:gizmo"].is_open and "2 things" in found["terms:gizmo"].question
    assert found["terms:doohickey"].answer == "clause:x"


def test_terms_finder_every_term_of_several_words_is_bound_by_the_catalogue_a_group_or_a_heading() -> None:
    given = {
        FACTS_FILE: "The Noise Marker moves. A Noise Marker stays. The Gizmo Card flies. A Gizmo Card.\nSetup Steps\n"
    }
    clauses = {
        "base.x.noise": Clause(
            "base.x.noise", "x", "A Noise marker.", ("base",), Citation(FACTS_FILE, "§1 Intruder bag")
        )
    }
    found = {f.detail: f for f in term_coverage(given, clauses, {"term": []}, frozenset())}
    assert found["Noise Marker"].answer == "clause:base.x.noise" and found["Gizmo Card"].is_open
    grouped = term_coverage(given, clauses, {"term": [{"names": ["Gizmo Card"], "answer": "clause:y"}]}, frozenset())
    assert {f.detail: f.answer for f in grouped}["Gizmo Card"] == "clause:y"
    ignored = term_coverage(given, clauses, {"ignore": {"names": ["Gizmo Card"]}}, frozenset({"Noise Marker"}))
    assert ignored == []


def test_two_kinds_finder_every_void_seeder_rule_is_asked_whether_a_lair_counts() -> None:
    clauses = {
        c.id: c
        for c in (
            Clause("vs.x.moves", "x", "A Void Seeder moves.", ("void-seeders",), Citation(VS_FILE, "Setup")),
            Clause(
                "vs.x.lair", "x", "A Lair and an Intruder share a room.", ("void-seeders",), Citation(VS_FILE, "Setup")
            ),
            Clause("base.x.base", "x", "An Intruder attacks.", ("base",), Citation(FACTS_FILE, "§2 Turn structure")),
            Clause("vs.x.other", "x", "A Character rests.", ("void-seeders",), Citation(VS_FILE, "Setup")),
        )
    }
    found = {f.id: f.answer for f in two_kind_findings(clauses, {"rule": [{"clause": "vs.x.moves", "answer": ""}]})}
    assert found == {"two-kinds:vs.x.moves": "", "two-kinds:vs.x.lair": "clause:vs.x.lair"}
    general = {f.id: f.answer for f in two_kind_findings(clauses, {"rule": []})}
    assert general["two-kinds:vs.x.moves"] == f"ruling:{LAIR_RULING}"


@needs_texts
def test_terms_and_two_kinds_find_real_questions_in_the_texts() -> None:
    found = all_findings(texts())
    terms = [f for f in found if f.finder == "terms"]
    assert {"settled:settled.terms.intruder-void-seeder", "ruling:vs.ambiguity.lair-is-void-seeder"} <= {
        f.answer for f in terms
    }
    assert "settled:settled.terms.evacuation-key" in {f.answer for f in terms}
    assert len(terms) > 100 and [f.detail for f in terms if f.is_open] == []
    kinds = [f for f in found if f.finder == "two-kinds"]
    assert kinds and all(not f.is_open for f in kinds)
    known = {*catalogue(), *rulings(), *settled()}
    assert all(f.answered_by[1] in known for f in terms + kinds if f.answer)


# -- settled questions --------------------------------------------------------------------------------


def test_settled_questions_refuse_a_bad_id_an_unknown_finder_and_a_bad_citation() -> None:
    bad = {
        "settled": [
            {
                "id": "answered.x",
                "finder": "guessing",
                "question": "q",
                "answer": "a",
                "severity": "play",
                "sentence": {"file": "facts.md", "section": "§99 Nothing", "line": 1, "starts": "x"},
            }
        ]
    }
    with pytest.raises(FinderDataError) as error:
        load_settled(bad)
    assert "bad id" in str(error.value) and "unknown finder" in str(error.value) and "§99" in str(error.value)


@needs_texts
def test_every_settled_question_names_a_sentence_that_is_in_the_texts() -> None:
    given = texts()
    for item in settled().values():
        line = given[item.sentence.file].splitlines()[item.sentence.line - 1]
        assert " ".join(line.split()).startswith(item.sentence.starts), item.id
        assert set(item.clauses) <= set(catalogue()), item.id


# -- citations ----------------------------------------------------------------------------------------


def test_citations_check_a_citation_no_aligned_sentence_of_its_section_supports_is_found() -> None:
    text = "## 1. Intruder bag\nThe bag rule.\n## 2. Turn structure\nThe turn rule.\n"
    item = Clause("base.x.bag", "x", "The bag rule.", ("base",), Citation(FACTS_FILE, "§2 Turn structure"))
    rows = [
        AlignmentRow(FACTS_FILE, 2, 0, "The bag rule.", "sentence", ("base.x.bag",), "aligned", "", "", ""),
        AlignmentRow(FACTS_FILE, 3, 0, "## 2. Turn structure", "heading", (), "no-rule-content", "", "", ""),
    ]
    [wrong] = unsupported_citations({item.id: item}, rows, {FACTS_FILE: text})
    assert wrong.clause == "base.x.bag" and wrong.aligned_at == (2,) and "lines 3-4" in wrong.problem
    right = Clause("base.x.bag", "x", "The bag rule.", ("base",), Citation(FACTS_FILE, "§1 Intruder bag"))
    assert unsupported_citations({item.id: right}, rows, {FACTS_FILE: text}) == []


@needs_texts
def test_citations_check_every_citation_of_the_catalogue_is_supported_by_the_alignment() -> None:
    given = texts()
    problems = [
        f"{u.clause}: {u.citation}: {u.problem}" for u in unsupported_citations(catalogue(), align(given), given)
    ]
    assert problems == []


def test_totality_finder_every_unchanged_state_in_the_rule_code_names_a_known_clause_or_ruling() -> None:
    known = {*catalogue(), *rulings()}
    found = places()
    assert len(found) > 100
    assert [f"{p.module}:{p.line}" for p in found if not p.cites] == []
    named = [p for p in found if p.cites.startswith(("base.", "vs."))]
    assert [f"{p.module}:{p.line} {p.cites}" for p in named if p.cites not in known] == []


# -- same trigger: the modality of a restatement --------------------------------------------------------


def _vs_row(line: int, text: str, clause: str, ruling: str = "") -> AlignmentRow:
    relation = "differs" if ruling else "same"
    return AlignmentRow(VS_FILE, line, 0, text, "sentence", (clause,), "aligned", "", relation, ruling)


def test_same_trigger_finder_a_restatement_that_makes_an_option_mandatory_is_found() -> None:
    rows = [
        _vs_row(10, "The Character may lower Insanity by 1.", "vs.x.rest"),
        _vs_row(90, "The Character lowers Insanity by 1.", "vs.x.rest"),
        _vs_row(91, "The Character may scan.", "vs.x.scan"),
        _vs_row(11, "The Character may scan.", "vs.x.scan"),
    ]
    restated = {VS_FILE: frozenset({90, 91})}
    [found] = modality_findings(rows, restated, {}, {})
    assert found.is_open and found.clauses == ("vs.x.rest",) and "'must'" in found.question
    [ruled] = modality_findings(rows, restated, {"vs.x.rest": ("vs.summary.rest",)}, {})
    assert ruled.answer == "ruling:vs.summary.rest"
    [reviewed] = modality_findings(rows, restated, {}, {f"{VS_FILE}:90.0 vs.x.rest": "same rule"})
    assert reviewed.answer == "clause:vs.x.rest"


@needs_texts
def test_same_trigger_finder_re_finds_the_rest_ruling_by_the_modality_of_the_summary() -> None:
    found = [f for f in all_findings(texts()) if f.finder == "same-trigger"]
    assert found and [f.id for f in found if f.is_open] == []
    assert "ruling:vs.summary.rest-insanity" in {f.answer for f in found}
