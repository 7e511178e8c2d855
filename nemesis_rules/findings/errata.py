"""The errata document for a publisher, and the CSV of the conflict entries, drawn from the check's
report: each contradiction and ambiguity with the passages it rests on, the question, the readings
and a proposed wording that would settle it (the ruling's ``erratum``, in the project's words)."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from typing import Any

ERRATA_KINDS = ("contradiction", "ambiguity")


def _quote(text: str) -> str:
    return "\n".join("> " + line for line in text.splitlines())


def _entry_markdown(entry: Mapping[str, Any]) -> list[str]:
    lines = [f"### {entry['id']} ({entry['kind']}, severity: {entry['severity']})", "", f"**{entry['question']}**", ""]
    for p in entry.get("passages", []):
        where = f"{p['file']}, {p['section']}" + (f", line {p['line']}" if p.get("line") else "")
        lines += [f"*{where}*", ""] + ([_quote(p["text"]), ""] if p.get("text") else [])
    if entry.get("readings"):
        lines.append("Readings:")
        for r in entry["readings"]:
            mark = " (the default here)" if r["id"] == entry.get("default") else ""
            lines.append(f"1. **{r['id']}**{mark}: {r['summary']}")
        lines.append("")
    if entry.get("erratum"):
        lines += [f"**Proposed wording:** {entry['erratum']}", ""]
    elif entry.get("status") == "open":
        lines += ["**Proposed wording:** none yet: an open finding that no ruling decides.", ""]
    elif entry.get("reason"):
        lines += [f"**Default and why:** {entry.get('default')}: {entry['reason']}", ""]
    return lines


def render_markdown(
    title: str, intro: str, rulesets: Sequence[str], entries: Sequence[Mapping[str, Any]], texts_given: bool
) -> str:
    """Entries as Markdown, per ruleset (those that concern it), by rule family."""
    note = (
        "Passages are quoted from the rule texts given."
        if texts_given
        else "No rule texts were given: each place is cited by file and section (give --rules-dir DIR to quote it)."
    )
    lines = [f"# {title}", "", f"{intro} {note}", ""]
    for ruleset in rulesets:
        chosen = [e for e in entries if ruleset in e.get("concerns", [])]
        lines += [f"## {ruleset} ({len(chosen)})", ""]
        for entry in sorted(chosen, key=lambda e: (e["family"], e["id"])):
            lines += _entry_markdown(entry)
    return "\n".join(lines).rstrip() + "\n"


def render_errata(report: Mapping[str, Any]) -> str:
    """The Markdown errata: per ruleset, every contradiction and ambiguity, by rule family."""
    return render_markdown(
        "Nemesis: errata and clarifications",
        "Where the rule texts contradict each other or admit readings that lead to different games, "
        "with the passages, the question, the readings and a proposed wording.",
        report["rulesets"],
        [e for e in report["conflicts"] if e["kind"] in ERRATA_KINDS],
        report["rule_texts"],
    )


CSV_COLUMNS = ("id", "kind", "severity", "finder", "family", "concerns", "status", "question", "default", "sources")


def render_csv(report: Mapping[str, Any]) -> str:
    """One row per conflict entry of ``report["conflicts"]`` (sources as ``file:line`` or
    ``file, section``)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for e in report["conflicts"]:
        sources = "; ".join(
            f"{p['file']}:{p['line']}" if p.get("line") else f"{p['file']}, {p['section']}"
            for p in e.get("passages", [])
        )
        writer.writerow(
            (e["id"], e["kind"], e["severity"], e["finder"], e["family"], " ".join(e.get("concerns", [])),
             e.get("status", ""), e["question"], e.get("default") or "", sources)
        )  # fmt: skip
    return buffer.getvalue()
