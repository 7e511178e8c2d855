"""Fingerprints of seeded random games: a change meant only to make the engine faster must
leave every one of them as it was.

Run ``python benchmarks/fingerprint.py --out before.txt`` before the change and
``python benchmarks/fingerprint.py --compare before.txt`` after it. Each line is one game
(ruleset, seed, steps, and a hash of every action with the clauses its transition fired and of
how the game ended); the last line hashes them all. A game that raises (a rule gap no ruling
decides) is fingerprinted by its exception. Exit code 1 when the comparison finds a difference.

``--campaign`` fingerprints the games ``fuzz`` plays instead: a coverage-guided campaign with
probes and every invariant, in blocks of the default campaign's size (:data:`CAMPAIGN_BLOCK`),
one line per game (its steps, and a hash of how it ended, the clauses it fired and how often,
the refusals its probes met, the kinds of action it took, what it found, and its actions up to
the last finding), then a hash of the campaign's summary without its timings. A change to how
coverage play decides (a speed trick in :mod:`nemesis_rules.invariants.fuzzing`) must leave it
as it was.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

from nemesis_rules.invariants.campaign import Campaign, play_all, summarise
from nemesis_rules.invariants.catalogue import catalogue
from nemesis_rules.invariants.fuzzing import GameResult, Setup, playable_rulesets
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


CAMPAIGN_BLOCK = 25
"""The default campaign's block size (500 games: blocks of 25)."""
TIMINGS = ("seconds", "steps_per_second")


def game_line(result: GameResult) -> str:
    """One coverage game's line: ``ruleset seed steps hash``."""
    digest = hashlib.sha256()
    for part in (
        result.end_reason,
        sorted(result.clauses.items()),
        sorted(result.refused.items()),
        result.probes,
        result.probe_errors,
        sorted(result.novelties),
        result.found,
        result.gaps,
        [a.to_json() for a in result.actions],
    ):
        digest.update(repr(part).encode())
    spec = result.spec
    return f"{spec.ruleset} {spec.seed} {result.steps} {digest.hexdigest()[:16]}"


def campaign_lines(games: int, out: Path) -> list[str]:
    """The lines of a coverage campaign of ``games`` games (seed 1, players 1-5, both rulesets)."""
    setup = Setup(invariant_ids=tuple(i.id for i in catalogue()), coverage=True)
    campaign = Campaign(games, 1, (1, 2, 3, 4, 5), playable_rulesets(), setup, out=out, block=CAMPAIGN_BLOCK)
    results = play_all(campaign, jobs=2)
    summary = {k: v for k, v in summarise(campaign, results, 1.0, shrinking=True).items() if k not in TIMINGS}
    lines = [game_line(r) for r in results]
    lines.append("summary " + hashlib.sha256(json.dumps(summary, sort_keys=True).encode()).hexdigest()[:16])
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=30, help="games per ruleset (seeds 0..N-1; default 30)")
    parser.add_argument("--out", type=Path, help="write the fingerprints to this file")
    parser.add_argument("--compare", type=Path, help="compare with fingerprints written before")
    parser.add_argument(
        "--campaign", type=int, metavar="GAMES", help="fingerprint a coverage campaign of GAMES games instead"
    )
    parser.add_argument("--campaign-out", type=Path, default=Path("fingerprint-out"), help="its records' folder")
    args = parser.parse_args()
    if args.campaign:
        lines = campaign_lines(args.campaign, args.campaign_out)
    else:
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
