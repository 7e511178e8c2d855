"""Known-answer tests for base setup (facts.md §1, §6-9, §12; void-seeders-rulebook.txt, Setup),
named after the clauses they check: the state a seeded setup leaves, step by step."""

from __future__ import annotations

import random
from functools import cache

import pytest

from nemesis_rules.board.placement import tile_pools
from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.engine import acting_player
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.game import legal_actions, start, step
from nemesis_rules.players.play import choose, play_game
from nemesis_rules.testing import after_setup


@cache
def set_up(players: int = 2, seed: int = 0) -> tuple[GameState, frozenset[str]]:
    """A base game played from ``seed`` until setup is over, and every clause that fired."""
    rng = random.Random(seed)
    state = start("base", players)
    fired: set[str] = set()
    while state.phase == "setup":
        transition = step(state, choose(state, rng))
        fired.update(transition.fired)
        state = transition.state
    return state, frozenset(fired)


def hibernatorium(state: GameState) -> str:
    return next(p for p, r in state.config.board.printed_rooms.items() if r == "hibernatorium")


def setup_fired(ruleset: str, seed: int = 0) -> tuple[GameState, list[str]]:
    """Play setup from ``seed`` and collect every clause it fired."""
    rng = random.Random(seed)
    state = start(ruleset, 2)
    fired: list[str] = []
    while not (state.phase == "player" and acting_player(state) is not None):
        transition = step(state, choose(state, rng))
        fired.extend(transition.fired)
        state = transition.state
    return state, fired


def test_base_setup_room_tiles_1_eleven_tiles_face_down_on_the_1_slots() -> None:
    state, fired = set_up()
    board = state.config.board
    slots = [p for p in board.positions if board.kinds[p] == "slot-1"]
    tiles = [state.room(p).tile for p in slots]
    assert len(slots) == 11 and None not in tiles
    assert sorted(t or "" for t in tiles) == sorted(tile_pools(state.config.ruleset.removed_room_tiles).pool("slot-1"))
    assert not any(state.room(p).explored for p in slots)
    assert "base.setup.room-tiles-1" in fired


def test_base_setup_room_tiles_1_the_tiles_are_shuffled() -> None:
    layouts = {tuple(set_up(seed=s)[0].room(p).tile for p in ("02", "03", "04", "05")) for s in range(4)}
    assert len(layouts) > 1


def test_base_setup_board_side_basic() -> None:
    state, fired = set_up()
    assert state.config.board.layout.name == "basic"
    assert "base.setup.board-side" in fired


def test_base_setup_printed_rooms_explored_from_the_start() -> None:
    state, fired = set_up()
    printed = state.config.board.printed_rooms
    assert sorted(printed.values()) == ["cockpit", "engine-1", "engine-2", "engine-3", "hibernatorium"]
    assert all(state.room(p).explored and state.room(p).tile == r for p, r in printed.items())
    assert "base.setup.printed-rooms" in fired


def test_base_setup_coordinates_one_random_card() -> None:
    state, fired = set_up()
    assert state.coordinates in tables.coordinates_cards(state.config)
    rng = random.Random(0)
    drawing = start("base", 2)
    while drawing.coordinates is None and not any(
        isinstance(a, Outcome) and a.chance == "coordinates" for a in legal_actions(drawing)
    ):
        drawing = step(drawing, choose(drawing, rng)).state
    options = legal_actions(drawing)
    assert len(options) == 8 and {a.outcome for a in options if isinstance(a, Outcome)} == set(
        tables.coordinates_cards(state.config)
    )
    assert len({set_up(2, seed)[0].coordinates for seed in range(6)}) > 1  # chosen at random
    assert "base.setup.coordinates" in fired


def test_base_setup_destination_marker_on_b() -> None:
    state, fired = set_up()
    assert state.destination == "B"
    assert "base.setup.destination" in fired


@pytest.mark.parametrize(("players", "pods"), [(1, 2), (2, 2), (3, 3), (4, 3), (5, 4)])
def test_base_setup_escape_pods_by_player_count(players: int, pods: int) -> None:
    state, fired = set_up(players)
    assert len(state.pods) == pods
    assert len({p.number for p in state.pods}) == pods and {p.number for p in state.pods} <= {1, 2, 3, 4}
    assert "base.setup.escape-pods" in fired


@pytest.mark.parametrize("players", [3, 5])
def test_base_setup_pod_placement_lowest_to_a_alternating_locked(players: int) -> None:
    state, fired = set_up(players)
    ordered = sorted(state.pods, key=lambda p: p.number)
    assert [p.section for p in ordered] == ["A", "B", "A", "B"][: len(ordered)]
    assert all(p.locked and not p.launched and not p.occupants for p in state.pods)
    assert "base.setup.pod-placement" in fired


def test_base_setup_engines_one_working_one_damaged_each() -> None:
    state, fired = set_up()
    assert len(state.engines) == 3
    assert all(sorted(stack) == ["damaged", "working"] for stack in state.engines)
    tops = {s[0] for seed in range(6) for s in set_up(seed=seed)[0].engines}
    assert tops == {"damaged", "working"}  # the order is random
    assert "base.setup.engines" in fired


def test_base_setup_time_marker_on_green_15() -> None:
    state, fired = set_up()
    space = tables.time_track(state.config).spaces[state.time]
    assert (space.label, space.colour) == ("15", "green")
    assert "base.setup.time-marker" in fired


@pytest.mark.parametrize("players", [1, 4])
def test_base_setup_intruder_bag_contents(players: int) -> None:
    state, fired = set_up(players)
    kinds: dict[str, int] = {}
    for token, n in state.bag.items():
        kinds[token.split("-")[0]] = kinds.get(token.split("-")[0], 0) + n
    assert kinds == {"blank": 1, "larva": 4, "creeper": 1, "queen": 1, "adult": 3 + players}
    assert "base.setup.intruder-bag" in fired


def test_base_setup_token_supply_holds_every_token_not_in_the_bag() -> None:
    state, fired = set_up(3)
    assert state.token_pool.count("breeder-3") + state.token_pool.count("breeder-4") == 2
    assert state.bag.total + state.token_pool.total == len(tables.base(state.config).intruder_tokens) == 27
    assert state.token_pool.total == 27 - (1 + 4 + 1 + 1 + 3 + 3)
    assert "base.setup.token-supply" in fired


@pytest.mark.parametrize("players", [2, 4])
def test_base_setup_player_numbers_one_to_n(players: int) -> None:
    state, fired = set_up(players)
    assert [c.player for c in state.characters] == list(range(1, players + 1))
    assert "base.setup.player-numbers" in fired


def test_base_setup_start_room_every_character_in_the_hibernatorium() -> None:
    state, fired = set_up(4)
    assert {c.position for c in state.characters} == {hibernatorium(state)}
    assert "base.setup.start-room" in fired


def test_base_setup_objectives_one_corporate_one_personal_each() -> None:
    state, fired = set_up(3)
    for c in state.characters:
        assert len(c.objectives) == 2
        assert c.objectives[0] not in state.objective_decks[0] and c.objectives[1] not in state.objective_decks[1]
    all_objectives = [o for c in state.characters for o in c.objectives]
    assert len(set(all_objectives)) == len(all_objectives)
    assert "base.setup.objectives" in fired


def test_base_setup_character_draft_two_drawn_one_kept_other_back() -> None:
    rng = random.Random(0)
    state = start("base", 2)
    while not (state.pending and type(state.pending[-1]).__name__ == "DraftChoice"):
        state = step(state, choose(state, rng)).state
    options = legal_actions(state)
    assert len(options) == 2 and all(isinstance(o, Decision) and o.player == 1 for o in options)
    offered = {o.get("character") for o in options if isinstance(o, Decision)}
    pool_before = state.draft_pool
    keep, other = sorted(offered)  # type: ignore[type-var]
    transition = step(state, Decision.make(1, "choose-character", character=str(keep)))
    after = transition.state
    assert after.character(1).name == keep
    assert after.draft_pool.count(str(keep)) == pool_before.count(str(keep)) - 1
    assert after.draft_pool.count(str(other)) == 1  # shuffled back in, drawable by player 2
    assert "base.setup.character-draft" in set_up()[1]


def test_base_setup_character_components_deck_weapon_quests() -> None:
    state, fired = set_up(3)
    for c in state.characters:
        assert c.deck == tables.action_deck(state.config, c.name) and c.deck.total == 10
        assert len(c.quests) == 2 and all(status == "inactive" for _, status in c.quests)
        assert [q for q, _ in c.quests] == list(tables.quest_items(state.config, c.name))
    assert "base.setup.character-components" in fired


def test_base_setup_starting_weapon_loaded_to_capacity() -> None:
    state, fired = set_up(4)
    for c in state.characters:
        weapon, capacity = tables.starting_weapon(state.config, c.name)
        assert weapon in c.hands
        assert dict(c.ammo)[weapon] == capacity > 0
    assert "base.setup.starting-weapon-loaded" in fired


def test_base_setup_first_player_is_player_1() -> None:
    state, fired = set_up(3)
    assert state.first_player == 1
    assert "base.setup.first-player" in fired


def test_base_setup_blue_corpse_in_the_hibernatorium() -> None:
    state, fired = set_up()
    assert state.room(hibernatorium(state)).objects.count("corpse-blue") == 1
    others = [p for p in state.config.board.positions if p != hibernatorium(state)]
    assert not any(state.room(p).objects.count("corpse-blue") for p in others)
    assert "base.setup.blue-corpse" in fired


def test_base_setup_intruder_board_is_not_named_by_a_void_seeders_setup() -> None:
    _, fired = setup_fired("void-seeders")
    for clause in (
        "base.weakness.slots",
        "base.supply.token-supply",
        "base.setup.intruder-board",
        "base.setup.decks",
        "base.setup.room-tiles-2",
        "base.setup.exploration-tokens",
    ):
        assert clause not in fired
    assert "vs.setup.void-seeder-board" in fired


def test_base_setup_places_every_tile_and_token() -> None:
    state = after_setup(players=3, seed=1)
    tiles = [r.tile for r in state.rooms]
    assert all(tiles)
    assert sum(1 for r in state.rooms if r.token) == 16
    assert len(state.pods) == 3 and all(p.locked for p in state.pods)
    assert [p.section for p in sorted(state.pods, key=lambda p: p.number)] == ["A", "B", "A"]
    assert state.bag.total == 1 + 4 + 1 + 1 + 3 + 3
    assert state.room("11").objects.count("corpse-blue") == 1
    assert {c.position for c in state.characters} == {"11"}
    assert all(len(c.objectives) == 2 and c.hand.total == 5 for c in state.characters)


@pytest.mark.parametrize("ruleset", ["base", "void-seeders"])
def test_setup_fires_the_static_clauses_it_puts_into_play(ruleset: str) -> None:
    _, log = play_game(5, players=2, ruleset=ruleset)
    for clause in (
        "base.ship.rooms",
        "base.item.decks",
        "base.contamination.deck",
        "base.character.roster",
        "base.time.track",
    ):
        assert log.clauses[clause] == 1, clause
    for clause in (
        "base.character.action-deck",
        "base.character.shared-cards",
        "base.character.starting-weapon",
        "base.quest-item.inactive",
    ):
        assert log.clauses[clause] == 2, clause  # once per drafted character
