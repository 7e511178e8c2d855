"""Fingerprints of seeded random games: a change meant only to make the engine faster must
leave every one of them as it was.

Run ``python benchmarks/fingerprint.py --out before.txt`` before the change and
``python benchmarks/fingerprint.py --compare before.txt`` after it. Each line is one game
(ruleset, seed, steps, and a hash of every action with the clauses its transition fired and of
how the game ended); the last line hashes them all. A game that raises (a rule gap no ruling
decides) is fingerprinted by its exception. Exit code 1 when the comparison finds a difference.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

from nemesis_rules.model.core.actions import Action
from nemesis_rules.model.core.engine import Transition
from nemesis_rules.model.core.state import GameState
from nemesis_rules.players.play import play_game


def fingerprint(ruleset: str, seed: int) -> str:
    """One game's line: ``ruleset seed steps hash`` (steps -1 when the game raised)."""
    digest = hashlib.sha256()
    steps = 0

    def note(state: GameState, action: Action, transition: Transition) -> None:
        nonlocal steps
        steps += 1
        digest.update(json.dumps(action.to_json(), sort_keys=True).encode())
        digest.update(repr(transition.fired).encode())

    try:
        final, _ = play_game(seed, 1 + seed % 5, ruleset, on_step=note)
        digest.update(repr(final.end).encode())
    except Exception as exc:  # a rule gap reached is part of the fingerprint
        digest.update(repr(exc).encode())
        steps = -1
    return f"{ruleset} {seed} {steps} {digest.hexdigest()[:16]}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=30, help="games per ruleset (seeds 0..N-1; default 30)")
    parser.add_argument("--out", type=Path, help="write the fingerprints to this file")
    parser.add_argument("--compare", type=Path, help="compare with fingerprints written before")
    args = parser.parse_args()
    lines = [fingerprint(ruleset, seed) for ruleset in ("base", "void-seeders") for seed in range(args.seeds)]
    lines.append("all " + hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16])
    text = "\n".join(lines) + "\n"
    if args.out is not None:
        args.out.write_text(text)
    if args.compare is None:
        print(text, end="")
        return
    before = args.compare.read_text().splitlines()
    changed = [f"- {a}\n+ {b}" for a, b in zip(before, lines, strict=False) if a != b]
    if len(before) != len(lines):
        changed.append(f"{len(before)} lines before, {len(lines)} now")
    print("\n".join(changed) if changed else f"the same {len(lines) - 1} games")
    sys.exit(1 if changed else 0)


if __name__ == "__main__":
    main()
