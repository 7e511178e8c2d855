"""``nemesis-rules rules``: the clause catalogue, the conflict report and clause coverage.

* ``rules list`` — the catalogued clauses (filter by ruleset and family);
* ``rules show ID`` — one clause (statement, citations with the quoted passage, the code that implements
  it, its tests, its rulings) or one ruling;
* ``rules conflicts`` — every ruling, plus the open findings of the automatic checks (numeric cross-check,
  same-trigger check, gaps reached by a short campaign of random games), each ruling with a situation
  where its readings differ, from the campaign or from its hand-built scenario (``--situations DIR``
  writes its records, one per reading, for ``replay`` and ``show``);
* ``rules coverage`` — which clauses a campaign of seeded random games (or ``--record`` files, or a
  ``fuzz`` campaign's ``--summary``) exercised: fired, or cited by ``check`` refusing a probe.

Unknown ids, rulesets and families are bad input: one line naming close matches, exit code 2.
"""

from __future__ import annotations

import json
from difflib import get_close_matches
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from nemesis_rules.cli.common import parse_assignments
from nemesis_rules.cli.options import ReportFormat, RulesetName, RulesetsName, value_of
from nemesis_rules.errors import BadInputError
from nemesis_rules.rulebook import RULESETS, catalogue, check_ruleset, rulings
from nemesis_rules.rulebook.errors import RulebookError

if TYPE_CHECKING:
    from nemesis_rules.findings.campaign import Campaign
    from nemesis_rules.invariants.coverage import RulesetCoverage

rules_app = typer.Typer(
    name="rules",
    help="The clause catalogue, the conflict report (rulings and automatic findings) and clause coverage.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
)

DEFAULT_COVERAGE_GAMES = 20
DEFAULT_CONFLICT_GAMES = 10

RulesetOption = Annotated[RulesetName | None, typer.Option("--ruleset", help="Only this ruleset's clauses.")]
JsonOption = Annotated[bool, typer.Option("--json", help="Machine-readable output.")]
GamesRulesetOption = Annotated[RulesetsName, typer.Option("--ruleset", help="One ruleset, or all.")]
SeedOption = Annotated[int, typer.Option("--seed", help="The first seed; game n uses seed + n.")]
PlayersOption = Annotated[
    int | None, typer.Option("--players", help="1 to 5 (default: every game cycles through 1 to 5).")
]
RulingOption = Annotated[list[str] | None, typer.Option("--ruling", help="Ruling reading ID=READING.")]
VariantOption = Annotated[list[str] | None, typer.Option("--variant", help="Data variant FAMILY=OPTION.")]


def _suggest(name: str, valid: list[str]) -> str:
    close = get_close_matches(name, valid, n=3, cutoff=0.6)
    return " (did you mean " + " or ".join(repr(c) for c in close) + "?)" if close else ""


SUGGESTED = 5


def nearest_ids(name: str, valid: list[str], most: int = SUGGESTED) -> list[str]:
    """The ids nearest to ``name``: those it is part of (shortest first), then the closest by
    difflib over whole ids and over their last parts (``panic`` finds ``vs.panic.draw``)."""
    wanted = name.lower().strip()
    found = sorted((v for v in valid if wanted and wanted in v.lower()), key=lambda v: (len(v), v))
    by_tail: dict[str, list[str]] = {}
    for v in valid:
        parts = v.split(".")
        for i in range(1, len(parts)):
            by_tail.setdefault(".".join(parts[i:]), []).append(v)
    for close in get_close_matches(wanted, valid, n=most, cutoff=0.5):
        found.append(close)
    for tail in get_close_matches(wanted, list(by_tail), n=most, cutoff=0.6):
        found.extend(sorted(by_tail[tail]))
    unique = list(dict.fromkeys(found))
    return unique[:most]


def _ruleset(choice: RulesetName | str | None, option: str = "--ruleset") -> str | None:
    if choice is None:
        return None
    name = value_of(choice)
    try:
        return check_ruleset(name)
    except RulebookError as error:
        raise BadInputError(str(error), option) from None


def _played_rulesets(choice: RulesetsName | str) -> tuple[str, ...]:
    name = value_of(choice)
    if name == "all":
        return RULESETS
    if name not in RULESETS:
        raise BadInputError(f"unknown ruleset {name!r} (valid: {', '.join(RULESETS)}, all)", "--ruleset")
    return (name,)


def _echo_json(data: Any) -> None:
    typer.echo(json.dumps(data, indent=2, ensure_ascii=False))


# -- list ---------------------------------------------------------------------------------


def list_command(
    ruleset: RulesetOption = None,
    family: Annotated[
        str | None, typer.Option("--family", help="A family ('noise') or a prefixed family ('base.noise').")
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """List the catalogued clauses."""
    chosen = _ruleset(ruleset)
    clauses = [c for c in catalogue().values() if chosen is None or c.applies_to(chosen)]
    if family is not None:
        keys = sorted({".".join(c.id.split(".")[:2]) for c in catalogue().values()})
        names = sorted({c.family for c in catalogue().values()})
        if family not in keys and family not in names:
            raise BadInputError(f"unknown family {family!r}" + _suggest(family, keys + names), "--family")
        clauses = [c for c in clauses if family in (c.family, ".".join(c.id.split(".")[:2]))]
    if as_json:
        _echo_json(
            [
                {
                    "id": c.id,
                    "family": c.family,
                    "rulesets": list(c.rulesets),
                    "statement": c.statement,
                    "citation": {"file": c.citation.file, "section": c.citation.section},
                    "trigger": c.trigger,
                    "card": c.card,
                }
                for c in clauses
            ]
        )
        return
    width = max((len(c.id) for c in clauses), default=0)
    for item in clauses:
        typer.echo(f"{item.id:<{width}}  {item.statement}")
    typer.echo(f"{len(clauses)} clause(s)")


# -- show ---------------------------------------------------------------------------------


def _show_clause_text(data: dict[str, Any]) -> None:
    typer.echo(f"{data['id']}  ({data['family']}; rulesets: {', '.join(data['rulesets'])})")
    typer.echo(f"  {data['statement']}")
    if data["trigger"]:
        typer.echo(f"trigger: {data['trigger']}")
    typer.echo("cited:")
    for citation in data["citations"]:
        line = f" (line {citation['line']})" if citation["line"] else ""
        typer.echo(f"  {citation['file']}, {citation['section']}{line}")
        if citation["passage"]:
            typer.echo(f"    \u201c{citation['passage']}\u201d")
        elif citation["problem"]:
            typer.echo(f"    ({citation['problem']})")
    for key, label in (("replaces", "replaces"), ("replaced_by", "replaced by")):
        if data[key]:
            typer.echo(f"{label}: {', '.join(data[key])}")
    typer.echo("implemented in:" if data["implemented_by"] else "implemented in: (no engine code names it yet)")
    for where in data["implemented_by"]:
        pattern = f"  (pattern {where['pattern']})" if where["pattern"] else ""
        typer.echo(f"  {where['file']}:{where['line']}{pattern}")
    if not data["tests_available"]:
        typer.echo("tests: (no tests/ folder beside the package)")
    else:
        typer.echo("tests:" if data["tests"] else "tests: (no test names it yet)")
    for where in data["tests"]:
        typer.echo(f"  {where['file']}:{where['line']}" + (f" {where['test']}" if where["test"] else ""))
    if data["rulings"]:
        typer.echo(f"rulings: {', '.join(data['rulings'])}")
    for other in data["same_trigger"]:
        typer.echo(f"same trigger: {other['id']} ({other['status']})")


def show_command(
    clause_id: Annotated[str, typer.Argument(metavar="ID", help="A clause id (or a ruling id).")],
    as_json: JsonOption = False,
) -> None:
    """Show one clause: statement, citations with the quoted passage, implementing code, tests, rulings."""
    from nemesis_rules.rulebook.details import clause_details

    if clause_id in rulings() and clause_id not in catalogue():
        from nemesis_rules.findings.check import enrich
        from nemesis_rules.findings.report import conflict_report
        from nemesis_rules.rulebook.passages import rules_dir

        entry = next(e for e in enrich(conflict_report(), rules_dir() is not None) if e["id"] == clause_id)
        if as_json:
            _echo_json(entry)
        else:
            _print_entry(entry)
        return
    if clause_id not in catalogue():
        near = [repr(n) for n in nearest_ids(clause_id, [*catalogue(), *rulings()])]
        search = f"`rules search {clause_id}` searches the statements"
        guess = ", ".join(near[:-1]) + f" or {near[-1]}" if len(near) > 1 else "".join(near)
        hint = f" (did you mean {guess}? {search})" if near else f" ({search})"
        raise BadInputError(f"unknown clause {clause_id!r}{hint}", "rules show")
    data = clause_details(clause_id)
    if as_json:
        _echo_json(data)
    else:
        _show_clause_text(data)


# -- search -------------------------------------------------------------------------------

SEARCH_SHOWN = 50


def _matches(words: list[str], text: str) -> bool:
    lowered = text.lower()
    return all(w in lowered for w in words)


def search_command(
    text: Annotated[str, typer.Argument(metavar="TEXT", help="Words to find (all of them, any case).")],
    ruleset: RulesetOption = None,
    rules_dir_option: Annotated[
        Path | None,
        typer.Option("--rules-dir", help="Also search the passages of the rule texts (default: $NEMESIS_RULES_DIR)."),
    ] = None,
    limit: Annotated[int, typer.Option("--limit", min=1, help="At most this many of each kind.")] = SEARCH_SHOWN,
    as_json: JsonOption = False,
) -> None:
    """Find TEXT in the clause ids and statements, and (when the rule texts are given) in their passages,
    each passage with the clauses it is aligned to."""
    from nemesis_rules.cli.texts import read_texts
    from nemesis_rules.rulebook.alignment import align
    from nemesis_rules.rulebook.passages import rules_dir

    words = text.lower().split()
    if not words:
        raise BadInputError("give at least one word to search for", "rules search")
    chosen = _ruleset(ruleset)
    clauses = []
    for c in catalogue().values():
        if chosen is not None and not c.applies_to(chosen):
            continue
        if _matches(words, c.id):
            clauses.append({"id": c.id, "statement": c.statement, "matched": "id"})
        elif _matches(words, c.statement):
            clauses.append({"id": c.id, "statement": c.statement, "matched": "statement"})
    texts_given = rules_dir_option is not None or rules_dir() is not None
    passages: list[dict[str, Any]] = []
    if texts_given:
        try:
            rows = align(read_texts(rules_dir_option, None))
        except RulebookError as error:
            raise BadInputError(str(error), "alignment data") from None
        passages = [
            {"file": r.file, "line": r.line, "text": r.text, "clauses": list(r.clauses)}
            for r in rows
            if _matches(words, r.text)
        ]
    if as_json:
        _echo_json({"query": text, "texts": texts_given, "clauses": clauses[:limit], "passages": passages[:limit]})
        return
    width = max((len(found["id"]) for found in clauses[:limit]), default=0)
    for found in clauses[:limit]:
        typer.echo(f"{found['id']:<{width}}  {found['statement']}")
    more = f" (first {limit} shown)" if len(clauses) > limit else ""
    typer.echo(f"{len(clauses)} clause(s){more}")
    if not texts_given:
        typer.echo("passages: not searched (give --rules-dir DIR or set NEMESIS_RULES_DIR)")
        return
    for p in passages[:limit]:
        said = f"  [{', '.join(p['clauses'])}]" if p["clauses"] else ""
        typer.echo(f"{p['file']}:{p['line']}: {p['text']}{said}")
    more = f" (first {limit} shown)" if len(passages) > limit else ""
    typer.echo(f"{len(passages)} passage(s){more}")


# -- conflicts ----------------------------------------------------------------------------


def _print_entry(entry: dict[str, Any]) -> None:
    status = "" if entry["status"] == "decided" else f", {entry['status']}"
    typer.echo(f"{entry['id']}  [{entry['kind']}{status}, severity {entry['severity']}, found by {entry['finder']}]")
    typer.echo(f"  {entry['question']}")
    for passage in entry["passages"]:
        line = f", line {passage['line']}" if passage.get("line") else ""
        typer.echo(f"  source: {passage['file']}, {passage['section']}{line}")
        if passage.get("text"):
            typer.echo(f"    {passage['text']}")
    for reading in entry["readings"]:
        mark = " (default)" if reading["id"] == entry["default"] else ""
        typer.echo(f"  reading {reading['id']}{mark}: {reading['summary']}")
    if entry["reason"]:
        typer.echo(f"  {'why the default' if entry['default'] else 'status'}: {entry['reason']}")
    if entry["clauses"]:
        typer.echo(f"  clauses: {', '.join(entry['clauses'])}")
    for numeric in entry["numeric"]:
        values = " vs ".join(str(v["value"]) for v in numeric["values"])
        typer.echo(f"  numbers: {numeric['quantity']}: {values}")
    for pair in entry["same_trigger"]:
        typer.echo(f"  same trigger: {' / '.join(pair)}")
    situation = entry["situation"]
    if situation is not None:
        typer.echo(f"  situation: {entry['situation_note']}")
        for reading, path in situation["records"].items():
            if path:
                typer.echo(f"    {reading}: {path}")
    reached = entry["reached"]
    if reached is not None:
        first = reached["first"]
        typer.echo(
            f"  reached: {reached['gaps']} gap(s) in {reached['games']} game(s); first: {first['ruleset']}, "
            f"{first['players']} player(s), seed {first['seed']}, step {first['step']}"
        )


def _campaign(
    games: int, seed: int, ruleset: str, players: int | None, ruling: list[str], variant: list[str]
) -> Campaign:
    from nemesis_rules.findings.campaign import campaign_specs, run_campaign

    if games < 0:
        raise BadInputError(f"the number of games must be 0 or more, got {games}", "--games")
    if players is not None and not 1 <= players <= 5:
        raise BadInputError(f"player count must be 1 to 5, got {players}", "--players")
    rulings_chosen = parse_assignments(ruling, "--ruling")
    variants = parse_assignments(variant, "--variant")
    specs = campaign_specs(games, seed, _played_rulesets(ruleset), players)
    if specs:  # bad --ruling / --variant values are bad input before any game is played
        from nemesis_rules.model.game import make_config

        make_config(specs[0].ruleset, specs[0].players, rulings_chosen, variants)
    return run_campaign(specs, rulings_chosen, variants)


def _note_failures(campaign: Campaign) -> None:
    failures = campaign.failures
    if failures:
        first = failures[0]
        typer.echo(
            f"nemesis-rules: note: {len(failures)} game(s) stopped by an engine error; first: "
            f"{first.game.describe()}, step {first.step}: {first.error}",
            err=True,
        )


FORMATS = ("text", "json", "markdown", "html", "csv")
SEVERITY_CHOICES = ("play", "setup", "wording", "unrated")


def conflicts_command(
    as_json: JsonOption = False,
    output_choice: Annotated[
        ReportFormat, typer.Option("--format", help="How to print the report.")
    ] = ReportFormat.text,
    games: Annotated[
        int, typer.Option("--games", help="Random games per ruleset played to find gaps (0: none).")
    ] = DEFAULT_CONFLICT_GAMES,
    seed: SeedOption = 1,
    ruleset: GamesRulesetOption = RulesetsName.all,
    players: PlayersOption = None,
    ruling: RulingOption = None,
    variant: VariantOption = None,
    kind: Annotated[
        str | None, typer.Option("--kind", help="Only contradiction, ambiguity, gap, data or settled entries.")
    ] = None,
    severity: Annotated[
        str | None, typer.Option("--severity", help="Only play, setup, wording (or unrated) entries.")
    ] = None,
    source: Annotated[
        str | None, typer.Option("--source", metavar="FILE", help="Only entries citing this rule text.")
    ] = None,
    rules_dir_option: Annotated[
        Path | None,
        typer.Option("--rules-dir", help="The rule texts, to quote passages (default: $NEMESIS_RULES_DIR)."),
    ] = None,
    situations: Annotated[
        Path | None,
        typer.Option("--situations", help="Write each situation's records (one per reading) to this folder."),
    ] = None,
) -> None:
    """The conflict report: every ruling and every open finding of the automatic checks. ``--ruleset``
    lists the entries that concern that ruleset; ``--kind``, ``--severity`` and ``--source`` filter."""
    import os

    from nemesis_rules.findings.check import enrich
    from nemesis_rules.findings.errata import render_csv, render_markdown
    from nemesis_rules.findings.page import render_page
    from nemesis_rules.findings.report import conflict_report, report_summary
    from nemesis_rules.rulebook.passages import rules_dir
    from nemesis_rules.rulebook.rulings import RulingKind
    from nemesis_rules.rulebook.sources import RULE_FILES

    chosen_format = "json" if as_json else output_choice.value
    ruleset = value_of(ruleset)
    kinds = [*(k.value for k in RulingKind), "settled"]
    if kind is not None and kind not in kinds:
        raise BadInputError(f"unknown kind {kind!r} (valid: {', '.join(kinds)})", "--kind")
    if severity is not None and severity not in SEVERITY_CHOICES:
        raise BadInputError(f"unknown severity {severity!r} (valid: {', '.join(SEVERITY_CHOICES)})", "--severity")
    if source is not None and source not in RULE_FILES:
        raise BadInputError(f"unknown rule text {source!r}" + _suggest(source, list(RULE_FILES)), "--source")
    played = _played_rulesets(ruleset)
    if rules_dir_option is not None:
        if not rules_dir_option.is_dir():
            raise BadInputError(f"{str(rules_dir_option)!r} is not a folder", "--rules-dir")
        os.environ["NEMESIS_RULES_DIR"] = str(rules_dir_option)
    campaign = _campaign(games, seed, ruleset, players, ruling or [], variant or []) if games else None
    if situations is not None and situations.exists() and not situations.is_dir():
        raise BadInputError(f"{str(situations)!r} exists and is not a folder", "--situations")
    texts_given = rules_dir() is not None
    entries = enrich(conflict_report(campaign, situations), texts_given)
    shown = [
        e
        for e in entries
        if (kind is None or e["kind"] == kind)
        and (severity is None or e["severity"] == severity)
        and (source is None or any(s["file"] == source for s in e["sources"]))
        and (ruleset == "all" or ruleset in e["concerns"])
    ]
    if chosen_format == "json":
        _echo_json(shown)
    elif chosen_format == "csv":
        typer.echo(render_csv({"conflicts": shown}), nl=False)
    elif chosen_format == "markdown":
        intro = (
            "Every ruling and every open finding of the automatic checks, with the passages, the question "
            "and the readings."
        )
        typer.echo(render_markdown("Nemesis: the conflict report", intro, played, shown, texts_given), nl=False)
    elif chosen_format == "html":
        report = {"title": "nemesis-rules conflicts", "rulesets": list(played), "conflicts": shown}
        typer.echo(render_page(report), nl=False)
    else:
        for entry in shown:
            _print_entry(entry)
        summary = report_summary(entries, campaign)
        filters = [f"{n} {v}" for n, v in (("kind", kind), ("severity", severity), ("source", source)) if v]
        if ruleset != "all":
            filters.append(f"concerning {ruleset}")
        typer.echo(
            f"{len(shown)} of {summary['entries']} entries shown"
            + (f" ({'; '.join(filters)}: {summary['entries'] - len(shown)} filtered out)" if filters else "")
            + f"; all entries: {', '.join(f'{k} {v}' for k, v in summary['by_kind'].items())}; "
            f"numeric cross-check: {summary['numeric_conflicts']} conflicts, {summary['numeric_open']} open; "
            f"same-trigger check: {summary['same_trigger_pairs']} pairs, {summary['same_trigger_linked']} linked "
            f"by rulings, {summary['same_trigger_reviewed']} reviewed, {summary['same_trigger_open']} open"
        )
        asked = "; ".join(
            f"{name} {sum(counts.values())} ({', '.join(f'{k} {v}' for k, v in sorted(counts.items()))})"
            for name, counts in summary["finders"].items()
        )
        typer.echo(f"questions the finders asked, by what answers them: {asked}")
        if campaign is not None:
            typer.echo(
                f"random play: {summary['games']} games, {summary['gaps_decided']} gaps decided by rulings, "
                f"{summary['gaps_undecided']} undecided, {summary['engine_failures']} stopped by an engine error"
            )
    if campaign is not None:
        _note_failures(campaign)


# -- coverage -----------------------------------------------------------------------------


def _print_coverage(cov: RulesetCoverage) -> None:
    typer.echo(
        f"{cov.ruleset}: {len(cov.exercised)} of {len(cov.clauses)} clauses exercised ({cov.percent}%) in "
        f"{cov.games} games: {len(cov.fired)} fired, {len(cov.refused)} cited refusing a probe"
    )
    for fam in cov.families():
        typer.echo(f"  {fam.family:<28} {fam.exercised:>3}/{fam.total:<3} {fam.percent:5.1f}%  ({fam.fired} fired)")
    only_refused = [cid for cid in cov.refused if cid not in cov.counts]
    if only_refused:
        typer.echo(f"  exercised by refusals only: {', '.join(only_refused)}")
    never: dict[str, list[str]] = {}
    for cid in cov.never_exercised_reachable:
        prefix, _, rest = cid.partition(".")
        family, _, rule = rest.partition(".")
        never.setdefault(f"{prefix}.{family}", []).append(rule)
    if never:
        typer.echo("  never exercised (never fired, never cited by a refusal):")
        for key, rules in never.items():
            typer.echo(f"    {key}: {', '.join(rules)}")
    out_of_reach = {cid: why for cid, why in cov.unreachable.items() if cid in cov.never_exercised}
    if out_of_reach:
        typer.echo("  never exercised, and no game of this ruleset can meet them:")
        for cid, why in out_of_reach.items():
            typer.echo(f"    {cid}: {why}")
    if cov.rulings_fired:
        typer.echo(f"  rulings fired: {', '.join(f'{k} {v}' for k, v in sorted(cov.rulings_fired.items()))}")
    if cov.uncatalogued:
        typer.echo(f"  uncatalogued ids fired: {', '.join(sorted(cov.uncatalogued))}")
    if cov.outside_ruleset:
        typer.echo(f"  clauses fired outside the ruleset: {', '.join(sorted(cov.outside_ruleset))}")


def coverage_command(
    games: Annotated[int, typer.Option("--games", help="Random games per ruleset.")] = DEFAULT_COVERAGE_GAMES,
    seed: SeedOption = 1,
    ruleset: GamesRulesetOption = RulesetsName.all,
    players: PlayersOption = None,
    ruling: RulingOption = None,
    variant: VariantOption = None,
    record: Annotated[
        list[Path] | None,
        typer.Option("--record", help="Replay this game record instead of playing games (repeatable)."),
    ] = None,
    summary: Annotated[
        Path | None,
        typer.Option("--summary", help="Report the coverage of a fuzz campaign (its summary.json) instead of playing."),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Play seeded random games (or replay records, or read a fuzz summary) and report which catalogued clauses
    were exercised (fired, or cited by a refusal of a probed illegal decision), and which never were."""
    from nemesis_rules.findings.campaign import Campaign, run_record
    from nemesis_rules.invariants.coverage import overall_coverage, ruleset_coverage

    if games < 1:
        raise BadInputError(f"the number of games must be at least 1, got {games}", "--games")
    if summary is not None and record:
        raise BadInputError("give --summary or --record, not both", "--summary")
    campaign: Campaign | None = None
    if summary is not None:
        coverages, game_count = _summary_coverages(summary)
    else:
        if record:
            campaign = Campaign(tuple(run_record(path) for path in record))
            played = campaign.rulesets
        else:
            campaign = _campaign(games, seed, ruleset, players, ruling or [], variant or [])
            played = _played_rulesets(ruleset)
        runs = campaign.runs
        coverages = [
            ruleset_coverage(r, campaign.fired(r), sum(1 for run in runs if run.game.ruleset == r), campaign.refused(r))
            for r in played
        ]
        game_count = len(runs)
    total = overall_coverage(coverages)
    if as_json:
        _echo_json(
            {
                "games": game_count,
                "seed": None if record or summary else seed,
                "records": [str(path) for path in record or ()],
                "summary": None if summary is None else str(summary),
                "overall": {
                    "rulesets": total.family,
                    "fired": total.fired,
                    "exercised": total.exercised,
                    "total": total.total,
                    "percent": total.percent,
                },
                "rulesets": [c.to_json() for c in coverages],
                "gaps": [g.to_json() for g in campaign.gaps] if campaign is not None else [],
                "failures": [f.to_json() for f in campaign.failures] if campaign is not None else [],
            }
        )
    else:
        for cov in coverages:
            _print_coverage(cov)
        typer.echo(
            f"overall: {total.exercised} of {total.total} catalogued clauses exercised ({total.percent}%), "
            f"{total.fired} fired"
        )
    if campaign is not None:
        _note_failures(campaign)


def _summary_coverages(path: Path) -> tuple[list[RulesetCoverage], int]:
    """The per-ruleset coverage a fuzz summary records (``fuzz --json`` / ``summary.json``), and its games."""
    from nemesis_rules.invariants.coverage import ruleset_coverage
    from nemesis_rules.invariants.shards import load_summary

    try:
        data = load_summary(path)
    except ValueError as exc:
        raise BadInputError(str(exc), "--summary") from None
    try:
        fired = data["clauses_by_ruleset"]
        refused = data.get("refused_by_ruleset", {})
        games = data["games_by_ruleset"]
        coverages = [
            ruleset_coverage(check_ruleset(r), fired[r], int(games.get(r, 0)), refused.get(r, {}))
            for r in RULESETS
            if r in fired
        ]
        return coverages, int(data["games"])
    except (ValueError, KeyError, TypeError, AttributeError, RulebookError) as exc:
        raise BadInputError(f"{path}: not a fuzz summary (missing or malformed {exc})", "--summary") from None


def register(app: typer.Typer) -> None:
    rules_app.command("list")(list_command)
    rules_app.command("show")(show_command)
    rules_app.command("search")(search_command)
    rules_app.command("conflicts")(conflicts_command)
    rules_app.command("coverage")(coverage_command)
    app.add_typer(rules_app, name="rules")
