"""Scenarios for the Void Seeders setup and component rulings: the number of Void Seeder tokens,
the Exploration tokens in the Engines and a Lair room's item counter (void-seeders-rulebook.txt,
Components; Setup; Void Seeders Features > Lairs), and the Weakness texts no source gives."""

from __future__ import annotations

from nemesis_rules.findings.scenarios import Scenario, no_situation, scenario
from nemesis_rules.findings.scenarios.vs_states import game, setup_lines
from nemesis_rules.model.core.actions import Decision


@scenario("vs.data.token-count")
def token_count() -> Scenario:
    return Scenario(
        "vs.data.token-count",
        "the setup of seed 0's two-player game: 16 numbered Void Seeder tokens (rulebook) or 17, one more "
        "numbered 3 (fan app), so one more stays in the supply",
        setup_lines("void-seeders", 2, 0),
        None,
        "void-seeders",
        2,
    )


@scenario("vs.gap.engine-exploration-token")
def engine_exploration_token() -> Scenario:
    return Scenario(
        "vs.gap.engine-exploration-token",
        "the setup of seed 0's two-player game: the Engines holding an Exploration token are turned face "
        "down until their first visitor, or stay explored with the token unrevealed",
        setup_lines("void-seeders", 2, 0),
        None,
        "void-seeders",
        2,
    )


@scenario("vs.data.lair-item-counter")
def lair_item_counter() -> Scenario:
    return Scenario(
        "vs.data.lair-item-counter",
        "player 1 explores the Engine Control Room (15) and reveals a Lair: its item counter shows 0 or 2",
        (Decision.make(1, "move", to="15", pay=("search",)),),
        game(),
    )


no_situation(
    "vs.gap.weakness-texts",
    "only the 'no-effect' reading can be played: no source gives the eight Void Seeder Weakness texts, and "
    "'base-texts' names no mapping from them to the base game's effects, so the engine does not invent one",
)
