"""Checks of a layout that report every problem at once (not the first).

What the printed board obeys (facts.md §9; base-rules-reference.txt, Noise): at each position
the corridor numbers and technical-entrance numbers are distinct and within 1-4, so a noise
roll names at most one corridor; the ship is connected; the counts match the declared layout.
"""

from __future__ import annotations

from collections import Counter, defaultdict

import networkx as nx

from nemesis_rules.board.layout import POSITION_KINDS, Layout
from nemesis_rules.board.rooms import room_catalogue


def layout_problems(layout: Layout) -> list[str]:
    """Every problem of ``layout`` as one lower-case line each; an empty list means it is sound."""
    problems: list[str] = []
    ids = [p.id for p in layout.positions]
    known = set(ids)
    for pid, n in sorted(Counter(ids).items()):
        if n > 1:
            problems.append(f"position {pid} is declared {n} times")
    rooms = room_catalogue()
    for p in layout.positions:
        if p.kind not in POSITION_KINDS:
            problems.append(f"position {p.id} has unknown kind {p.kind!r}")
        if p.kind == "printed" and p.room not in rooms:
            problems.append(f"printed position {p.id} names unknown room {p.room!r}")
        if p.kind != "printed" and p.room is not None:
            problems.append(f"slot {p.id} must not name a printed room ({p.room!r})")

    seen_pairs: Counter[str] = Counter()
    numbers_at: dict[str, list[tuple[int, str]]] = defaultdict(list)
    for c in layout.corridors:
        a, b = c.between
        seen_pairs[c.id] += 1
        for end in (a, b):
            if end not in known:
                problems.append(f"corridor {c.id} leads to unknown position {end}")
        if a == b:
            problems.append(f"corridor {c.id} leads from {a} to itself")
        if not c.numbers:
            problems.append(f"corridor {c.id} bears no number")
        for n in c.numbers:
            if not 1 <= n <= 4:
                problems.append(f"corridor {c.id} bears number {n}, outside 1-4")
            numbers_at[a].append((n, f"corridor {c.id}"))
            if b != a:
                numbers_at[b].append((n, f"corridor {c.id}"))
    for cid, n in sorted(seen_pairs.items()):
        if n > 1:
            problems.append(f"corridor {cid} is declared {n} times")

    tech_seen: Counter[str] = Counter()
    for t in layout.technical_entrances:
        tech_seen[t.position] += 1
        if t.position not in known:
            problems.append(f"technical entrance at unknown position {t.position}")
        for n in t.numbers:
            if not 1 <= n <= 4:
                problems.append(f"technical entrance at {t.position} bears number {n}, outside 1-4")
            numbers_at[t.position].append((n, "technical entrance"))
    for pid, n in sorted(tech_seen.items()):
        if n > 1:
            problems.append(f"position {pid} has {n} technical entrances")

    for pid in sorted(numbers_at):
        by_number: dict[int, list[str]] = defaultdict(list)
        for n, what in numbers_at[pid]:
            by_number[n].append(what)
        for n in sorted(by_number):
            if len(by_number[n]) > 1:
                problems.append(f"position {pid}: number {n} appears on {' and '.join(by_number[n])}")

    graph: nx.Graph = nx.Graph()
    graph.add_nodes_from(known)
    graph.add_edges_from(c.between for c in layout.corridors if set(c.between) <= known)
    if known and not nx.is_connected(graph):
        parts = sorted(sorted(part) for part in nx.connected_components(graph))
        problems.append("the ship is not connected: " + " | ".join(",".join(part) for part in parts))

    counts: dict[str, int] = {
        "positions": len(layout.positions),
        "corridors": len(layout.corridors),
        "technical_entrances": len(layout.technical_entrances),
        **{kind: sum(1 for p in layout.positions if p.kind == kind) for kind in POSITION_KINDS},
    }
    for key, want in layout.expected:
        have = counts.get(key)
        if have is None:
            problems.append(f"declared count {key!r} is not a known quantity")
        elif have != want:
            problems.append(f"layout declares {want} {key} but has {have}")
    return problems
