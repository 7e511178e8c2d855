"""The check's report as one self-contained HTML page (no network: inline CSS, inline SVG pictures,
plain JavaScript): the verdict first, then per ruleset the conflict entries grouped by rule family
and severity (passages side by side, question, readings, default and why, the situation's steps
with the ship under each reading), then the proofs, clause coverage, the invariants and what the
fuzz campaign found, and the alignment of the rule texts. A filter (kind, severity, ruleset) and a
search box narrow the entries."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

SEVERITY_ORDER = ("play", "setup", "wording", "unrated")
KIND_ORDER = ("contradiction", "ambiguity", "gap", "data", "settled")

_CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1d1d1f;background:#fafafa}
header{background:#1d2b3a;color:#fff;padding:1.2em 2em}header h1{margin:0 0 .3em;font-size:1.5em}
main{padding:1em 2em;max-width:1400px}section{margin:1.5em 0}h2{border-bottom:2px solid #1d2b3a;padding-bottom:.2em}
.verdict{font-size:1.1em;padding:.8em 1em;border-radius:6px}.ok{background:#ddf3e0;border:1px solid #3b8c48}
.failed{background:#fbe0de;border:1px solid #b3261e}table{border-collapse:collapse;margin:.5em 0}
td,th{border:1px solid #ccc;padding:.25em .6em;text-align:left;vertical-align:top;font-size:.92em}
th{background:#eef1f5}.controls{position:sticky;top:0;background:#fafafa;padding:.6em 0;z-index:2;
border-bottom:1px solid #ddd}.controls label{margin-right:1em}.entry{background:#fff;border:1px solid #d5d9df;
border-radius:6px;padding:.7em 1em;margin:.7em 0}.entry h4{margin:.1em 0 .4em}.tag{display:inline-block;
border-radius:3px;padding:0 .4em;margin-right:.3em;font-size:.8em;background:#e8e8ee}
.kind-contradiction{background:#f6c9c6}.kind-ambiguity{background:#fbe3b3}.kind-gap{background:#d6e4f7}.kind-data{background:#dcefd6}
.sev-play{background:#b3261e;color:#fff}.sev-setup{background:#8a6d00;color:#fff}
.sev-wording{background:#667;color:#fff}
.passages{display:flex;gap:.8em;flex-wrap:wrap}.passage{flex:1 1 280px;background:#f5f5f7;border-left:3px solid #1d2b3a;
padding:.4em .7em;font-size:.9em}.passage cite{display:block;font-style:normal;color:#555;font-size:.85em}
.pictures{display:flex;gap:1em;flex-wrap:wrap}.pictures figure{margin:0;flex:1 1 420px;max-width:640px}
.ship{width:100%;height:auto;background:#fff;border:1px solid #ddd}.ship text{text-anchor:middle;font-size:10px}
.ship .room{font-weight:bold;font-size:10.5px}.ship .corridor{font-size:9px;fill:#444}.ship .note{fill:#333}
ol.steps{font-family:ui-monospace,monospace;font-size:.85em}.muted{color:#666}.family{margin-left:.5em}
"""

_JS = """
(function(){
  const entries = Array.from(document.querySelectorAll('.entry'));
  const kind = document.getElementById('filter-kind');
  const severity = document.getElementById('filter-severity');
  const ruleset = document.getElementById('filter-ruleset');
  const search = document.getElementById('search');
  const shown = document.getElementById('shown');
  function apply(){
    const q = search.value.trim().toLowerCase();
    let count = 0;
    for (const e of entries){
      const ok = (!kind.value || e.dataset.kind === kind.value)
        && (!severity.value || e.dataset.severity === severity.value)
        && (!ruleset.value || e.dataset.ruleset === ruleset.value)
        && (!q || e.dataset.text.includes(q));
      e.hidden = !ok;
      if (ok) count++;
    }
    for (const g of document.querySelectorAll('.group')){
      g.hidden = !g.querySelector('.entry:not([hidden])');
    }
    shown.textContent = count + ' of ' + entries.length + ' entries shown';
  }
  for (const c of [kind, severity, ruleset]) c.addEventListener('change', apply);
  search.addEventListener('input', apply);
  apply();
})();
"""


def _e(value: object) -> str:
    return escape(str(value))


def _options(select_id: str, label: str, values: Sequence[str]) -> str:
    items = "".join(f'<option value="{_e(v)}">{_e(v)}</option>' for v in values)
    return f'<label>{label} <select id="{select_id}"><option value="">all</option>{items}</select></label>'


def _passages(entry: Mapping[str, Any]) -> str:
    parts = []
    for p in entry.get("passages", []):
        where = f"{p['file']}, {p['section']}" + (f", line {p['line']}" if p.get("line") else "")
        text = p.get("text")
        body = f"<q>{_e(text)}</q>" if text else '<span class="muted">(passage not quoted: no rule texts given)</span>'
        parts.append(f'<div class="passage"><cite>{_e(where)}</cite>{body}</div>')
    return f'<div class="passages">{"".join(parts)}</div>' if parts else ""


def _situation(entry: Mapping[str, Any], pictures: Mapping[str, str]) -> str:
    situation = entry.get("situation")
    note = entry.get("situation_note") or ""
    if not situation:
        return f'<p class="muted">Situation: {_e(note)}</p>'
    steps = "".join(f"<li>{_e(json.dumps(line, ensure_ascii=False))}</li>" for line in situation.get("lines", []))
    outcomes = "".join(f"<li><b>{_e(r)}</b>: {_e(o)}</li>" for r, o in situation.get("outcomes", {}).items())
    figures = "".join(
        f"<figure>{svg}<figcaption>under reading <b>{_e(reading)}</b>, after the deciding step</figcaption></figure>"
        for reading, svg in pictures.items()
    )
    differing = ", ".join(situation.get("differing_fields", [])) or "none"
    return (
        f'<details><summary>Situation: {_e(note)}</summary><ol class="steps">{steps}</ol>'
        f"<p>The readings differ in: {_e(differing)}</p><ul>{outcomes}</ul>"
        f'<div class="pictures">{figures}</div></details>'
    )


def _entry(entry: Mapping[str, Any], ruleset: str, pictures: Mapping[str, str]) -> str:
    readings = "".join(
        f"<li><b>{_e(r['id'])}</b>{' (default)' if r['id'] == entry.get('default') else ''}: {_e(r['summary'])}</li>"
        for r in entry.get("readings", [])
    )
    default = entry.get("default")
    why = (
        f"<p><b>Default:</b> {_e(default)}. {_e(entry.get('reason', ''))}</p>"
        if default
        else (f"<p><b>Open:</b> {_e(entry.get('reason', ''))}</p>")
    )
    erratum = f"<p><b>Proposed wording:</b> {_e(entry['erratum'])}</p>" if entry.get("erratum") else ""
    text = " ".join(
        str(x)
        for x in (
            entry["id"],
            entry["question"],
            entry.get("reason", ""),
            *[r["summary"] for r in entry.get("readings", [])],
        )
    ).lower()
    return (
        f'<article class="entry" id="{_e(ruleset)}--{_e(entry["id"])}" data-kind="{_e(entry["kind"])}" '
        f'data-severity="{_e(entry["severity"])}" data-ruleset="{_e(ruleset)}" data-text="{_e(text)}">'
        f'<h4><span class="tag kind-{_e(entry["kind"])}">{_e(entry["kind"])}</span>'
        f'<span class="tag sev-{_e(entry["severity"])}">{_e(entry["severity"])}</span>'
        f'<span class="tag">found by {_e(entry["finder"])}</span> {_e(entry["id"])}</h4>'
        f"<p><b>{_e(entry['question'])}</b></p>{_passages(entry)}<ol>{readings}</ol>{why}{erratum}"
        f"{_situation(entry, pictures)}</article>"
    )


def _conflicts(report: Mapping[str, Any], pictures: Mapping[str, Mapping[str, str]]) -> str:
    out = []
    for ruleset in report["rulesets"]:
        mine = [e for e in report["conflicts"] if ruleset in e.get("concerns", [])]
        groups: dict[tuple[str, str], list[Mapping[str, Any]]] = defaultdict(list)
        for entry in mine:
            groups[(entry["family"], entry["severity"])].append(entry)
        order = sorted(groups, key=lambda k: (k[0], SEVERITY_ORDER.index(k[1]) if k[1] in SEVERITY_ORDER else 9))
        body = "".join(
            f'<div class="group"><h3>{_e(family)}<span class="family tag sev-{_e(sev)}">{_e(sev)}</span></h3>'
            + "".join(_entry(e, ruleset, pictures.get(e["id"], {})) for e in groups[(family, sev)])
            + "</div>"
            for family, sev in order
        )
        out.append(
            f'<section id="conflicts-{_e(ruleset)}"><h2>Conflicts: {_e(ruleset)} ({len(mine)})</h2>{body}</section>'
        )
    return "".join(out)


def _verdict(report: Mapping[str, Any]) -> str:
    v = report["verdict"]
    css = "ok" if v["ok"] else "failed"
    kinds = ", ".join(f"{n} {k}" for k, n in v["by_kind"].items())
    severities = ", ".join(f"{n} {s}" for s, n in v["by_severity"].items())
    texts = (
        "rule texts given: passages quoted"
        if report["rule_texts"]
        else "no rule texts given: citations and the project's own statements only "
        "(give --rules-dir DIR to quote passages)"
    )
    return (
        f'<section id="verdict"><div class="verdict {css}"><b>{"OK" if v["ok"] else "FAILED"}</b>: '
        f"{_e(v['summary'])}</div>"
        f"<p>Checked: the ship board ({v['board_problems']} problem(s)); {len(report['proofs'])} Z3 proof results "
        f"({v['proofs_failed']} counterexample(s)); a fuzz campaign of {report['fuzz']['games']} games "
        f"({v['violations']} invariant violation(s)); {v['conflicts']} conflict entries: {_e(kinds)}; by severity: "
        f"{_e(severities)}; {_e(texts)}. Rulesets: {_e(', '.join(report['rulesets']))}; "
        f"{report['seconds']} s of a {report['budget_seconds']:.0f} s budget.</p></section>"
    )


def _table(headings: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    head = "".join(f"<th>{_e(h)}</th>" for h in headings)
    body = "".join("<tr>" + "".join(f"<td>{_e(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _proofs(report: Mapping[str, Any]) -> str:
    rows = [
        (p["id"], p["status"], ", ".join(f"{k}={v}" for k, v in p.get("rulings", {}).items()), p.get("detail", ""))
        for p in report["proofs"]
    ]
    table = _table(("obligation", "status", "under", "detail"), rows)
    return f'<section id="proofs"><h2>Proofs ({len(rows)})</h2>{table}</section>'


def _coverage(report: Mapping[str, Any]) -> str:
    rows = [
        (r, c["clauses"], c["exercised"], f"{c['percent']}%", ", ".join(c["never_exercised_reachable"]) or "none")
        for r, c in report["coverage"].items()
    ]
    table = _table(("ruleset", "clauses", "exercised", "share", "reachable, not exercised"), rows)
    return f'<section id="coverage"><h2>Clause coverage</h2>{table}</section>'


def _fuzz(report: Mapping[str, Any]) -> str:
    fuzz = report["fuzz"]
    violations = [(v["invariant"], v["ruleset"], v["seed"], v["step"], v["message"]) for v in fuzz["violations"]]
    found = (
        _table(("invariant", "ruleset", "seed", "step", "message"), violations)
        if violations
        else "<p>No invariant was violated.</p>"
    )
    invariants = _table(
        ("invariant", "statement", "clause"), [(i["id"], i["statement"], i["clause"]) for i in report["invariants"]]
    )
    return (
        f'<section id="fuzz"><h2>Invariants and fuzzing</h2><p>{fuzz["games"]} games, {fuzz["steps"]} steps, '
        f"every invariant after every transition; {fuzz['gaps']} rule gap(s) met, each decided by a ruling.</p>"
        f"{found}<details><summary>The {len(report['invariants'])} invariants</summary>{invariants}</details></section>"
    )


def _alignment(report: Mapping[str, Any]) -> str:
    data = report["alignment"]
    if not data["available"]:
        return (
            '<section id="alignment"><h2>Alignment of the rule texts</h2>'
            '<p class="muted">No rule texts given (--rules-dir DIR).</p></section>'
        )
    counts = ", ".join(f"{n} {s}" for s, n in data["counts"].items())
    rows = [
        (f"{r['file']}:{r['line']}.{r['index']}", r["status"], r.get("reason", ""), r["text"]) for r in data["open"]
    ]
    table = _table(("unit", "status", "reason", "text"), rows) if rows else "<p>Every unit is accounted for.</p>"
    return (
        f'<section id="alignment"><h2>Alignment of the rule texts</h2><p>{data["units"]} units: {_e(counts)}.</p>'
        f"{table}</section>"
    )


def render_page(report: Mapping[str, Any], pictures: Mapping[str, Mapping[str, str]] | None = None) -> str:
    """The report page's HTML text; ``pictures``: entry id -> reading -> SVG of its situation."""
    kinds = sorted(
        {e["kind"] for e in report["conflicts"]}, key=lambda k: KIND_ORDER.index(k) if k in KIND_ORDER else 9
    )
    severities = sorted(
        {e["severity"] for e in report["conflicts"]},
        key=lambda s: SEVERITY_ORDER.index(s) if s in SEVERITY_ORDER else 9,
    )
    controls = (
        '<div class="controls">'
        + _options("filter-kind", "Kind", kinds)
        + _options("filter-severity", "Severity", severities)
        + _options("filter-ruleset", "Ruleset", report["rulesets"])
        + '<label>Search <input id="search" type="search" placeholder="words, ids"></label>'
        + '<span id="shown" class="muted"></span></div>'
    )
    parts = [
        _verdict(report) if "verdict" in report else "",
        controls,
        _conflicts(report, pictures or {}),
        *(render(report) for key, render in _SECTIONS if key in report),
    ]
    title = report.get("title", "nemesis-rules check")
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{_e(title)}: {_e(', '.join(report['rulesets']))}</title><style>{_CSS}</style></head><body>"
        f"<header><h1>{_e(title)}</h1>"
        f"<div>The rules of Nemesis, checked: {_e(', '.join(report['rulesets']))}</div></header>"
        f"<main>{''.join(parts)}</main><script>{_JS}</script></body></html>"
    )


_SECTIONS = (("proofs", _proofs), ("coverage", _coverage), ("fuzz", _fuzz), ("alignment", _alignment))
"""The sections after the conflicts, each shown when the report has its key (the conflict report
alone, ``rules conflicts --format html``, has none of them)."""
