"""``show GAME.jsonl --html FILE``: a self-contained page that steps through a record.

At each line of the record the page shows the ship as SVG (the picture of
:mod:`nemesis_rules.findings.ship_picture`), the record line, who acts next, the clauses the line
fired and the legal actions open after it; buttons, a slider and the keyboard (left and right
arrows, Home, End, Page Up and Page Down for ten lines) step through it. The pictures of
successive lines share most of their shapes, so the page keeps each distinct shape's markup once
and each step as the list of the shapes it draws: a 600-line game stays a few megabytes.
Replay stops at the first illegal line, which the page shows with its reason and clause.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from html import escape
from typing import Any

from nemesis_rules.board.picture_svg import svg_parts
from nemesis_rules.findings.ship_picture import ship_picture
from nemesis_rules.model.core.engine import IllegalActionError, RuleGap, legal_actions, step
from nemesis_rules.model.core.frames import ChanceNode
from nemesis_rules.model.core.state import GameState
from nemesis_rules.record.describe import whose_move
from nemesis_rules.record.lines import Record, action_line
from nemesis_rules.record.replay import initial_state

LEGAL_SHOWN = 60
"""Legal actions listed at a step; the rest are counted."""


@dataclass(frozen=True, slots=True)
class Step:
    """One line of the record as the page shows it."""

    line: int
    text: str
    state: GameState
    fired: tuple[str, ...]
    problem: str = ""


def record_steps(record: Record, first: int = 1, last: int | None = None) -> list[Step]:
    """The state after each line from ``first`` to ``last`` (line 1 is the header: the state before
    the first action). Replay stops at the first line the rules refuse: that step carries the
    problem and the state it was played in."""
    last = record.last_line if last is None else last
    state = initial_state(record)
    steps: list[Step] = []
    if first <= 1:
        steps.append(Step(1, "(the header: the game as set up)", state, ()))
    for index, action in enumerate(record.actions):
        line = record.line_number(index)
        if line > last:
            break
        text = record.line_text(index)
        try:
            transition = step(state, action)
        except IllegalActionError as exc:
            steps.append(Step(line, text, state, (), f"illegal: {exc.reason} [{exc.clause}]"))
            break
        except RuleGap as exc:
            steps.append(Step(line, text, state, (), f"rule gap: {exc.situation} [{exc.clause}]"))
            break
        except Exception as exc:  # as replay does: an engine failure is the line's problem, not a crash
            steps.append(Step(line, text, state, (), f"engine error: {type(exc).__name__}: {exc}"))
            break
        state = transition.state
        if line >= first:
            steps.append(Step(line, text, state, transition.fired))
    return steps


def _legal(state: GameState) -> tuple[list[str], int]:
    if state.end is not None or not state.pending:
        return [], 0
    options = legal_actions(state)
    frame = state.pending[-1]
    if isinstance(frame, ChanceNode):
        weights: dict[Any, int] = dict(frame.actions(state))
        total = sum(weights.values()) or 1
        shown = [f"{action_line(o)}  (weight {weights[o]}/{total})" for o in options[:LEGAL_SHOWN]]
    else:
        shown = [action_line(o) for o in options[:LEGAL_SHOWN]]
    return shown, len(options)


class _ShapeTable:
    """Each distinct shape markup once; a step is the list of their indices."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.index: dict[str, int] = {}

    def add(self, markup: str) -> int:
        found = self.index.get(markup)
        if found is None:
            found = self.index[markup] = len(self.parts)
            self.parts.append(markup)
        return found


def viewer_data(record: Record, steps: list[Step], open_at: int | None = None) -> dict[str, Any]:
    """What the page's script reads: the shape table, the SVG's opening tag, every step, and the line
    the page opens at (the first, unless ``open_at`` names another)."""
    table = _ShapeTable()
    out = []
    opening = ""
    for s in steps:
        picture = ship_picture(s.state, [f"{record.source}, line {s.line}"])
        opening, parts = svg_parts(picture)
        legal, count = _legal(s.state)
        out.append(
            {
                "line": s.line,
                "text": s.text,
                "next": whose_move(s.state),
                "fired": list(s.fired),
                "legal": legal,
                "legal_count": count,
                "problem": s.problem,
                "shapes": [table.add(p) for p in parts],
            }
        )
    first = steps[0].line if steps else 1
    return {"source": record.source, "svg": opening, "parts": table.parts, "steps": out, "open": open_at or first}


_CSS = """
body{font:14px/1.4 system-ui,sans-serif;margin:0;color:#222}
header{padding:8px 14px;background:#1b2a4a;color:#fff;display:flex;gap:14px;align-items:center;
  flex-wrap:wrap}
header h1{font-size:16px;margin:0 12px 0 0}
header button{font-size:15px;min-width:36px}
#slider{flex:1;min-width:200px}
main{display:grid;grid-template-columns:minmax(0,3fr) minmax(260px,1fr);gap:12px;padding:12px}
#ship svg{width:100%;height:auto;border:1px solid #ccc}
aside section{margin-bottom:12px}
aside h2{font-size:14px;margin:0 0 4px}
code,pre{font:12px/1.35 ui-monospace,monospace}
pre{white-space:pre-wrap;word-break:break-all;background:#f5f5f5;padding:6px;margin:0}
ul{margin:0;padding-left:18px;max-height:260px;overflow:auto}
.problem{color:#b00000;font-weight:bold}
.hint{color:#bbc;font-size:12px}
"""

_SCRIPT = """
const DATA = JSON.parse(document.getElementById('data').textContent);
const steps = DATA.steps;
let at = 0;
const $ = (id) => document.getElementById(id);
function list(id, items, more) {
  const ul = $(id);
  const item = (text, code) => {
    const li = document.createElement('li');
    if (code) { const c = document.createElement('code'); c.textContent = text; li.append(c); }
    else { li.textContent = text; }
    return li;
  };
  ul.replaceChildren(...items.map((t) => item(t, true)));
  if (more > 0) ul.append(item('... and ' + more + ' more', false));
  if (!items.length && !(more > 0)) ul.append(item('(none)', false));
}
function show(i) {
  at = Math.max(0, Math.min(steps.length - 1, i));
  const s = steps[at];
  $('ship').innerHTML = DATA.svg + s.shapes.map((k) => DATA.parts[k]).join('') + '</svg>';
  $('line').textContent = 'line ' + s.line;
  $('position').textContent = (at + 1) + ' / ' + steps.length;
  $('text').textContent = s.text;
  $('next').textContent = s.next;
  $('problem').textContent = s.problem;
  list('fired', s.fired, 0);
  list('legal', s.legal, s.legal_count - s.legal.length);
  $('slider').value = at;
  history.replaceState(null, '', '#line=' + s.line);
}
$('slider').max = steps.length - 1;
$('slider').addEventListener('input', (e) => show(Number(e.target.value)));
$('first').addEventListener('click', () => show(0));
$('prev').addEventListener('click', () => show(at - 1));
$('next-step').addEventListener('click', () => show(at + 1));
$('last').addEventListener('click', () => show(steps.length - 1));
document.addEventListener('keydown', (e) => {
  if (e.target.tagName === 'INPUT' && e.target.type !== 'range') return;
  const moves = {ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: steps.length - 1,
                 PageDown: at + 10, PageUp: at - 10};
  if (e.key in moves) { e.preventDefault(); show(moves[e.key]); }
});
const wanted = /#line=(\\d+)/.exec(location.hash);
const opening = wanted ? Number(wanted[1]) : DATA.open;
show(Math.max(0, steps.findIndex((s) => s.line >= opening)));
"""


def viewer_page(record: Record, steps: list[Step], open_at: int | None = None) -> str:
    """The whole page, opening at line ``open_at`` (or its first): no file or network access beyond itself."""
    data = json.dumps(viewer_data(record, steps, open_at), ensure_ascii=False, separators=(",", ":"))
    data = data.replace("</", "<\\/")  # the JSON sits in a <script> element
    title = f"nemesis-rules: {record.source}"
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>{_CSS}</style></head>
<body><header><h1>{escape(record.source)}</h1>
<button id="first" title="first line (Home)">|&#x25C0;</button>
<button id="prev" title="previous line (left arrow)">&#x25C0;</button>
<button id="next-step" title="next line (right arrow)">&#x25B6;</button>
<button id="last" title="last line (End)">&#x25B6;|</button>
<input id="slider" type="range" min="0" value="0" aria-label="step"><span id="line"></span><span id="position"></span>
<span class="hint">arrows step, Page Up/Down ten lines</span></header>
<main><div id="ship"></div><aside>
<section><h2>Record line</h2><pre id="text"></pre><p id="problem" class="problem"></p></section>
<section><h2>Next</h2><div id="next"></div></section>
<section><h2>Clauses fired</h2><ul id="fired"></ul></section>
<section><h2>Legal actions now</h2><ul id="legal"></ul></section>
</aside></main>
<script type="application/json" id="data">{data}</script>
<script>{_SCRIPT}</script></body></html>
"""
