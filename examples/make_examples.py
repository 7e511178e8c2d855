"""Regenerate the records in this folder: ``python examples/make_examples.py``.

* ``game-*.jsonl`` — complete legal games, exactly what ``nemesis-rules play --seed N --players P
  --out FILE`` writes.
* ``scenario-*.jsonl`` — short records that start from a state snapshot (the header's
  ``"snapshot"``, written compact: fields holding their defaults left out) and then a few lines
  written by hand, each illegal in one specific way (or legal, to show a scenario that passes: a Move,
  the Armory loading 2 Ammo into an empty Rifle).
* ``bad-*.jsonl`` — malformed files (exit 2).

The scenario states come from seeded setups, so the hand-written lines below name real cards
and rooms of those games.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from nemesis_rules.findings.scenarios.base_arrange import at, explored, position_of
from nemesis_rules.model.core.actions import Action, Decision, Outcome
from nemesis_rules.model.core.engine import is_chance, step
from nemesis_rules.model.core.state import GameState
from nemesis_rules.players.play import choose, play_game
from nemesis_rules.record import RecordHeader, record_from_log, write_record
from nemesis_rules.record.lines import RECORD_FORMAT, RECORD_VERSION
from nemesis_rules.record.snapshot import to_snapshot
from nemesis_rules.testing import after_setup

HERE = Path(__file__).parent
GAMES = (("base", 1, 2), ("base", 7, 4), ("void-seeders", 2, 3))
"""(ruleset, seed, players) of the complete games."""


def write_game(ruleset: str, seed: int, players: int) -> None:
    state, log = play_game(seed, players, ruleset)
    record = record_from_log(state.config, log)
    write_record(HERE / f"game-{ruleset}-seed{seed}-{players}p.jsonl", record.header, record.actions)
    (HERE / f"game-{ruleset}-seed{seed}-{players}p.jsonl").chmod(0o644)


def scenario_header(state: GameState) -> str:
    """A hand-writing friendly header: default rulings left out, the snapshot compact."""
    header = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "ruleset": state.config.ruleset.name,
        "players": state.config.players,
        "snapshot": to_snapshot(state, with_config=False, compact=True),
    }
    return json.dumps(header)


def write_scenario(name: str, state: GameState, lines: list[Action]) -> None:
    text = [scenario_header(state), *(json.dumps(a.to_json()) for a in lines)]
    (HERE / f"scenario-{name}.jsonl").write_text("\n".join(text) + "\n", encoding="utf-8")


def at_first(frame: str, seed: int) -> GameState:
    """The first state of a seeded 2-player game where a chance node of class ``frame`` is open."""
    rng = random.Random(seed)
    state = after_setup(2, seed=seed)
    while True:
        if is_chance(state) and type(state.pending[-1]).__name__ == frame:
            return state
        state = step(state, choose(state, rng)).state


def main() -> None:
    for ruleset, seed, players in GAMES:
        write_game(ruleset, seed, players)
    start = after_setup(2, seed=1)  # the captain (player 1) in 11 holds interruption, motivation, order, rest, search
    write_scenario(
        "legal-move",
        start,
        [Decision.make(1, "move", to="08", pay=("search",))],
    )
    write_scenario(
        "move-without-corridor",
        start,
        [Decision.make(1, "move", to="01", pay=("search",))],
    )
    write_scenario(
        "card-not-in-hand",
        start,
        [Decision.make(1, "move", to="08", pay=("reload",))],
    )
    write_scenario(
        "not-your-turn",
        start,
        [Decision.make(2, "move", to="08", pay=("search",))],
    )
    scout = after_setup(2, seed=3)  # the scout (player 1) holds the Rifle, an Energy Weapon of capacity 4
    armory = position_of(scout, "armory")
    scout = explored(at(scout, 1, armory), armory)
    scout = scout.with_character(scout.character(1).with_ammo("rifle", 0))
    write_scenario(
        "armory-reload",
        scout,
        [Decision.make(1, "room-action", pay=("scavenging", "search"), room="armory", weapon="rifle")],
    )
    noise = at_first("NoiseRoll", seed=3)
    write_scenario("impossible-die-face", noise, [Outcome("noise-roll", "7")])
    token = at_first("BagDevelopmentDraw", seed=3)
    write_scenario("token-not-in-bag", token, [Outcome("intruder-token", "queen-99")])
    game = (HERE / "game-base-seed1-2p.jsonl").read_text(encoding="utf-8").splitlines()
    (HERE / "bad-truncated-line.jsonl").write_text("\n".join([*game[:5], game[5][:30]]) + "\n", encoding="utf-8")
    header = RecordHeader(ruleset="base", players=2).to_json() | {"version": 99}
    (HERE / "bad-unknown-version.jsonl").write_text(json.dumps(header) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
