"""The component tables of both rulesets: counts, distributions, data variants and provenance.

Expected numbers come from facts.md (section cited per test) and void-seeders-rulebook.txt (VS-RB).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

import pytest

from nemesis_rules.model.data.character_decks import Condition
from nemesis_rules.model.data.characters import QuestActivation
from nemesis_rules.model.data.components import (
    BaseComponents,
    VoidSeedersComponents,
    base_components,
    void_seeders_components,
)
from nemesis_rules.model.data.intruder_decks import EventCard
from nemesis_rules.model.data.items import ItemCard
from nemesis_rules.model.data.reading import (
    DATA_VARIANTS,
    ComponentTableError,
    Provenance,
    Raw,
    default_variants,
    resolve_variants,
    slug,
)
from nemesis_rules.model.data.tokens import BASE_INTRUDER_TYPES, VS_INTRUDER_TYPES
from nemesis_rules.model.data.tracks import DESTINATION_LETTERS, DESTINATIONS


@pytest.fixture(scope="module")
def base() -> BaseComponents:
    return base_components()


@pytest.fixture(scope="module")
def vs() -> VoidSeedersComponents:
    return void_seeders_components()


def _choice_id(choice: dict[str, str]) -> str:
    return ",".join(f"{family}={option}" for family, option in choice.items()) or "default"


def _all_choices() -> list[dict[str, str]]:
    """The default choice, plus each non-default option of each family on its own."""
    choices: list[dict[str, str]] = [{}]
    for family, options in DATA_VARIANTS.items():
        choices.extend({family: option} for option in options[1:])
    return choices


# ----------------------------------------------------------------------------------- §1 Intruder bag


def test_intruder_supply_is_27_tokens_with_printed_numbers(base: BaseComponents) -> None:
    by_type_and_number = Counter((token.type, token.number) for token in base.intruder_tokens)
    assert by_type_and_number == {
        ("larva", 1): 8,
        ("creeper", 1): 3,
        ("adult", 2): 4,
        ("adult", 3): 5,
        ("adult", 4): 3,
        ("breeder", 3): 1,
        ("breeder", 4): 1,
        ("queen", 4): 1,
        ("blank", None): 1,
    }
    assert len(base.intruder_tokens) == 27
    assert len({token.id for token in base.intruder_tokens}) == 27


def test_reference_thresholds_are_fixed_per_type() -> None:
    reference = base_components({"token-thresholds": "reference"})
    numbers = {(token.type, token.number) for token in reference.intruder_tokens}
    assert numbers == {("larva", 2), ("creeper", 3), ("adult", 4), ("breeder", 5), ("queen", 5), ("blank", None)}
    assert Counter(token.type for token in reference.intruder_tokens) == Counter(
        token.type for token in base_components().intruder_tokens
    )
    adult = next(token for token in reference.intruder_tokens if token.type == "adult")
    assert adult.provenance.source.startswith("001")


@pytest.mark.parametrize(("players", "total", "adults"), [(1, 11, 4), (2, 12, 5), (3, 13, 6), (4, 14, 7), (5, 15, 8)])
def test_setup_bag_grows_by_one_adult_per_player(base: BaseComponents, players: int, total: int, adults: int) -> None:
    bag = dict(base.setup_bag.composition(players))
    assert sum(bag.values()) == total
    assert bag["adult"] == adults
    assert bag == {"blank": 1, "larva": 4, "creeper": 1, "queen": 1, "adult": adults}
    assert "breeder" not in bag


def test_setup_bag_rejects_impossible_player_counts(base: BaseComponents) -> None:
    with pytest.raises(ValueError, match="player count"):
        base.setup_bag.composition(6)


def test_miniature_limits(base: BaseComponents) -> None:
    limits = {type_: base.miniature_limit(type_) for type_ in BASE_INTRUDER_TYPES}
    assert limits == {"larva": 6, "creeper": 3, "adult": 8, "breeder": 2, "queen": 1}


# ------------------------------------------------------------------------------------ §3 Attack deck


def test_attack_deck_blood_histogram(base: BaseComponents) -> None:
    assert len(base.attack_cards) == 20
    assert Counter(card.blood for card in base.attack_cards) == {2: 2, 3: 4, 4: 5, 5: 5, 6: 2, None: 2}
    assert sorted(card.name for card in base.attack_cards if card.retreat) == ["Bite", "Claw Attack"]
    assert Counter(card.name for card in base.attack_cards) == {
        "Scratch": 4,
        "Claw Attack": 4,
        "Bite": 4,
        "Tail Attack": 2,
        "Transformation": 2,
        "Frenzy": 2,
        "Slime": 1,
        "Summoning": 1,
    }
    assert not any("larva" in card.attackers for card in base.attack_cards)
    assert len({card.id for card in base.attack_cards}) == 20


def test_summoning_attackers_variant() -> None:
    def summoning(components: BaseComponents) -> tuple[str, ...]:
        return next(card.attackers for card in components.attack_cards if card.effect == "summoning")

    assert summoning(base_components()) == ("creeper", "queen")
    assert summoning(base_components({"summoning-attackers": "pn"})) == ("creeper", "breeder")


# ------------------------------------------------------------------------------------- §4 Event deck


def test_event_deck_has_five_cards_per_corridor_number(base: BaseComponents) -> None:
    assert len(base.event_cards) == 20
    assert Counter(card.corridor for card in base.event_cards) == {1: 5, 2: 5, 3: 5, 4: 5}
    assert all(2 <= len(card.movers) <= 3 and "larva" not in card.movers for card in base.event_cards)


def test_event_card_disposal(base: BaseComponents) -> None:
    removed = {card.effect for card in base.event_cards if card.disposal == "remove-and-reshuffle"}
    assert removed == {"coolant-leak", "life-support-failure", "evacuation-pod-ejection", "short-circuit"}
    assert [card.effect for card in base.event_cards if card.disposal == "shuffle-back"] == ["malfunction"]


def test_the_two_hunt_cards_share_an_effect(base: BaseComponents) -> None:
    hunts = [card for card in base.event_cards if card.name == "Hunt"]
    assert [(card.effect, card.corridor) for card in hunts] == [("hunt", 2), ("hunt", 3)]
    assert hunts[0].id != hunts[1].id


def test_pn_event_deck_variant_unbalances_numbers() -> None:
    pn = base_components({"event-deck": "pn"})
    assert Counter(card.corridor for card in pn.event_cards) == {1: 5, 2: 4, 3: 7, 4: 4}
    by_effect = {card.effect: card for card in pn.event_cards}
    assert by_effect["hatching"].movers == ("creeper", "adult")
    assert by_effect["flammable-compounds"].movers == ("adult", "breeder")
    assert by_effect["lurking"].corridor == 3
    assert by_effect["lurking"].provenance.source.startswith("PN")


# ----------------------------------------------------------------------------- §5, §15 Wounds, contamination


def test_serious_wounds_by_kind(base: BaseComponents) -> None:
    assert Counter(card.effect for card in base.serious_wounds) == {
        "back": 4,
        "leg": 3,
        "hand": 3,
        "bleeding": 3,
        "arm": 3,
    }


@pytest.mark.parametrize(("option", "infected"), [("7", 7), ("13", 13)])
def test_contamination_deck(option: str, infected: int) -> None:
    deck = base_components({"contamination-infected": option}).contamination
    assert len(deck) == 27
    assert sum(card.infected for card in deck) == infected
    assert all(card.provenance.status == "reconstructed" and card.provenance.reason for card in deck)


# ----------------------------------------------------------------------------------- §10 Exploration


def test_exploration_tokens(base: BaseComponents) -> None:
    tokens = base.exploration_tokens
    assert len(tokens) == 20
    assert Counter(token.kind for token in tokens) == {
        "malfunction": 8,
        "fire": 2,
        "silence": 2,
        "slime": 2,
        "danger": 2,
        "doors": 4,
    }
    assert sum(token.items for token in tokens) == 44
    assert sorted(token.items for token in tokens if token.kind == "doors") == [1, 2, 3, 4]


# ------------------------------------------------------------------------------------------ §6 Items


def _names(deck: tuple[ItemCard, ...]) -> Counter[str]:
    return Counter(card.name for card in deck)


def test_item_decks_have_thirty_cards_each(base: BaseComponents) -> None:
    assert [len(base.item_deck(colour)) for colour in ("red", "yellow", "green", "blue")] == [30, 30, 30, 12]
    assert _names(base.red_items)["Energy Charge"] == 11
    assert _names(base.yellow_items) == {
        "Chemicals": 7,
        "Tools": 6,
        "Duct Tape": 4,
        "Fire Extinguisher": 4,
        "Energy Charge": 3,
        "Clothes": 3,
        "Technical Corridor Plans": 1,
        "Space Suit": 1,
        "Nemesis Plans": 1,
    }
    assert _names(base.green_items) == {
        "Bandages": 7,
        "Medkit": 7,
        "Synthetic Food": 5,
        "Adrenaline Injection": 3,
        "Alcohol": 3,
        "Clothes": 3,
        "Military Drugs": 2,
    }
    every = base.red_items + base.yellow_items + base.green_items + base.crafted_items
    assert len({card.id for card in every}) == len(every)
    assert all(
        card.colour == colour for colour in ("red", "yellow", "green", "blue") for card in base.item_deck(colour)
    )


def test_crafted_items_and_recipes(base: BaseComponents) -> None:
    assert _names(base.crafted_items) == {"Antidote": 3, "Taser": 3, "Flamethrower": 3, "Molotov": 3}
    recipes = {card.name: card.recipe for card in base.crafted_items}
    assert recipes == {
        "Antidote": ("flame", "cross"),
        "Taser": ("battery", "wrench"),
        "Flamethrower": ("flame", "wrench"),
        "Molotov": ("flame", "cloth"),
    }
    searchable = base.red_items + base.yellow_items + base.green_items
    assert all(card.recipe is None for card in searchable)
    # every recipe symbol is printed on some searchable item
    printed = {card.component for card in searchable}
    assert {symbol for recipe in recipes.values() if recipe for symbol in recipe} <= printed


def test_item_costs_one_use_heavy_and_weapons(base: BaseComponents) -> None:
    every = base.red_items + base.yellow_items + base.green_items + base.crafted_items
    assert {card.name for card in every if card.action_cost != 1} == {"Extended Magazine"}
    assert {card.name for card in every if not card.one_use} == {
        "Extended Magazine",
        "Prototype Rifle",
        "Prototype Shotgun",
        "Prototype Pistol",
        "Flamethrower",
    }
    assert {card.name for card in every if card.heavy} == {
        "Prototype Rifle",
        "Prototype Shotgun",
        "Prototype Pistol",
        "Fire Extinguisher",
        "Flamethrower",
    }
    weapons = {card.name: card.weapon for card in every if card.weapon is not None}
    assert {name: (w.kind, w.capacity) for name, w in weapons.items()} == {
        "Prototype Rifle": ("energy", 6),
        "Prototype Shotgun": ("energy", 2),
        "Prototype Pistol": ("energy", 3),
        "Flamethrower": ("classic", 4),
    }
    assert weapons["Flamethrower"].reloads == ("chemicals",)
    assert next(card for card in every if card.name == "Smoke Grenade").combat == "in"


def test_component_symbols_and_duct_tape_variant(base: BaseComponents) -> None:
    every = base.red_items + base.yellow_items + base.green_items
    symbols = {card.name: card.component for card in every if card.component}
    assert symbols == {
        "Energy Charge": "battery",
        "Chemicals": "flame",
        "Alcohol": "flame",
        "Clothes": "cloth",
        "Bandages": "cloth",
        "Medkit": "cross",
        "Tools": "wrench",
    }
    pn = base_components({"duct-tape-component": "pn"})
    assert {card.component for card in pn.yellow_items if card.name == "Duct Tape"} == {"wrench"}


# ------------------------------------------------------------------------------------- §7 Characters


def test_each_character_has_ten_action_cards(base: BaseComponents) -> None:
    assert [c.id for c in base.characters] == ["captain", "pilot", "scientist", "scout", "soldier", "mechanic"]
    for character in base.characters:
        deck = Counter(card.effect for card in character.action_cards)
        assert len(character.action_cards) == 10
        assert deck["search"] == 2
        assert {"demolition", "interruption", "rest"} <= set(deck)
        assert all(card.character == character.id for card in character.action_cards)
        assert len(character.quest_items) == 2
    every_id = [card.id for character in base.characters for card in character.action_cards]
    assert len(set(every_id)) == 60
    assert len({c.draft_colour for c in base.characters}) == 6


def test_action_card_costs_and_icons(base: BaseComponents) -> None:
    captain = {card.effect: card for card in base.character("captain").action_cards}
    assert (captain["basic-repairs"].extra_cost, captain["basic-repairs"].combat) == (2, "out")
    assert captain["suppressive-fire"].combat == "in"
    assert captain["reload"].combat == "any"
    mechanic = {card.effect: card for card in base.character("mechanic").action_cards}
    assert mechanic["fast-repairs"].extra_cost == 0
    assert mechanic["technical-corridors"].extra_cost == 1
    assert "computer-skills" not in captain


def test_starting_weapons(base: BaseComponents) -> None:
    weapons = {c.id: (c.weapon.name, c.weapon.weapon.kind, c.weapon.weapon.capacity) for c in base.characters}
    assert weapons == {
        "captain": ("Revolver", "classic", 6),
        "pilot": ("Shotgun", "energy", 2),
        "scientist": ("Pistol", "energy", 3),
        "scout": ("Rifle", "energy", 4),
        "soldier": ("Assault Rifle", "energy", 5),
        "mechanic": ("Sawed-off", "energy", 2),
    }
    assert all(c.weapon.heavy for c in base.characters)
    assert base.character("captain").weapon.weapon.reloads == ("reload",)
    pn = base_components({"scientist-pistol-ammo": "pn"}).character("scientist").weapon
    assert pn.weapon.capacity == 2
    assert pn.provenance.source.startswith("PN")


def test_quest_item_activation_variants(base: BaseComponents) -> None:
    def activations(components: BaseComponents, character: str) -> dict[str, QuestActivation]:
        return {item.effect: item.activation for item in components.character(character).quest_items}

    pilot = activations(base, "pilot")
    assert pilot["evacuation-key"] == QuestActivation("fire-control-system", ())
    assert pilot["orbital-maneuvering-system"] == QuestActivation(None, ("energy-charge",))
    swapped = activations(base_components({"pilot-quest-activation": "pn"}), "pilot")
    assert swapped["evacuation-key"] == pilot["orbital-maneuvering-system"]
    assert swapped["orbital-maneuvering-system"] == pilot["evacuation-key"]
    assert activations(base, "scientist")["holo-computer"].room == "generator"
    moved = activations(base_components({"holo-computer-activation": "pn"}), "scientist")
    assert moved["holo-computer"].room == "emergency-room"


# ------------------------------------------------------------------------------------- §8 Objectives


@pytest.mark.parametrize(("players", "each"), [(2, 6), (3, 7), (4, 8), (5, 9)])
def test_objectives_available_per_player_count(base: BaseComponents, players: int, each: int) -> None:
    assert len(base.objectives_for(players, "corporate")) == each
    assert len(base.objectives_for(players, "personal")) == each
    assert len(base.objectives_for(players)) == 2 * each


def test_objective_conditions(base: BaseComponents) -> None:
    assert Counter(card.kind for card in base.objectives) == {"corporate": 9, "personal": 9}
    by_effect = {card.effect: card for card in base.objectives}
    # the five "player N must not survive" cards name players 1-5 and need N players
    player_cards = [card for card in base.objectives if "player-n-dead" in card.condition.atoms()]
    assert sorted((card.condition.parts[0].n, card.min_players) for card in player_cards) == [
        (1, 2),
        (2, 2),
        (3, 3),
        (4, 4),
        (5, 5),
    ]
    quarantine = by_effect["quarantine"].condition
    assert quarantine.op == "any"
    assert quarantine.atoms() == ("ship-reaches-mars", "ship-reaches-earth", "nest-destroyed")
    assert by_effect["hoarder"].condition == Condition("pod-items", (), 7)
    signal_cards = {card.effect for card in base.objectives if "signal" in card.condition.atoms()}
    assert signal_cards == {
        "necroscopy",
        "my-precious",
        "the-great-hunt",
        "a-proper-burial",
        "relentless-investigator",
        "aliens-on-a-spaceship",
    }


# ------------------------------------------------------------------------- §12, §14 Coordinates, Weaknesses


def test_coordinates_cards(base: BaseComponents) -> None:
    assert len(base.coordinates) == 8
    assert len({card.destinations for card in base.coordinates}) == 8
    for card in base.coordinates:
        assert sorted(card.destinations) == sorted(DESTINATIONS)
    for letter in DESTINATION_LETTERS:
        assert sum(card.destination(letter) == "earth" for card in base.coordinates) == 2


def test_base_weaknesses(base: BaseComponents) -> None:
    assert len(base.weaknesses) == 8
    assert base.weakness_setup.slots == ("character-corpse", "intruder-egg", "intruder-carcass")
    assert all(card.provenance.status == "transcribed" for card in base.weaknesses)


# ------------------------------------------------------------------------------------------ §15 Dice


def test_noise_die_variants() -> None:
    printed = base_components().noise_die
    assert printed.sides == 10 and printed.copies == 2
    assert Counter(printed.outcomes()) == {"1": 2, "2": 2, "3": 2, "4": 2, "silence": 1, "danger": 1}
    reference = base_components({"noise-die": "reference"}).noise_die
    assert reference.sides == 10
    assert dict(reference.weights()) == {"1": 1, "2": 1, "3": 1, "4": 1, "silence": 3, "danger": 3}
    assert reference.provenance.status == "reconstructed" and reference.provenance.reason


@pytest.mark.parametrize(
    ("option", "counts"),
    [
        ("scan", {"blank": 1, "creeper": 2, "adult": 1, "single": 1, "double": 1}),
        ("arv", {"blank": 2, "creeper": 1, "adult": 1, "single": 1, "double": 1}),
        ("reference", {"blank": 1, "creeper": 1, "adult": 1, "single": 2, "double": 1}),
    ],
)
def test_combat_die_variants(option: str, counts: dict[str, int]) -> None:
    die = base_components({"combat-die": option}).combat_die
    assert die.sides == 6
    assert dict(die.weights()) == counts
    assert all(face.meaning for face in die.faces)


# ------------------------------------------------------------------------------- §9, §11, §12 supplies


def test_supplies(base: BaseComponents) -> None:
    sizes = {supply.id: supply.count for supply in base.supplies}
    assert sizes["noise"] == 30
    assert (sizes["fire"], sizes["malfunction"], sizes["door"]) == (8, 8, 12)
    assert (sizes["ammo-injury"], sizes["status"], sizes["engine"], sizes["escape-pod"]) == (50, 18, 6, 4)
    assert (sizes["corpse-blue"], sizes["corpse-red"], sizes["carcass"]) == (1, 5, 8)
    egg = base.supply("egg")
    assert (egg.count, egg.at_start) == (8, 5)
    assert sizes["intruder-token"] == len(base.intruder_tokens)
    assert sizes["exploration"] == len(base.exploration_tokens)


@pytest.mark.parametrize(("players", "pods"), [(1, 2), (2, 2), (3, 3), (4, 3), (5, 4)])
def test_escape_pods_by_player_count(base: BaseComponents, players: int, pods: int) -> None:
    assert base.escape_pods.count_for(players) == pods
    assert base.escape_pods.seats == 2
    assert base.escape_pods.count_for(players) <= len(base.escape_pods.numbers)


def test_time_track(base: BaseComponents) -> None:
    track = base.time_track
    assert len(track.spaces) == 16 and track.start == "15" and track.start_index == 0
    # one move per Event Phase: blue (hibernation) reached in round 7, the jump in round 15
    first_blue = next(i for i, space in enumerate(track.spaces) if "hibernation" in space.flags)
    assert first_blue - track.start_index == 7
    assert track.spaces[first_blue].label == "8"
    assert track.index("jump") - track.start_index == 15
    assert track.spaces[-1].flags == ("jump",)
    assert all(space.colour == "blue" for space in track.spaces if "hibernation" in space.flags)


def test_self_destruct_and_destination_tracks(base: BaseComponents) -> None:
    track = base.self_destruct_track
    assert [space.label for space in track.spaces] == ["6", "5", "4", "3", "2", "1", "explosion"]
    first_locked = next(i for i, space in enumerate(track.spaces) if "no-abort" in space.flags)
    assert first_locked - track.start_index == 3
    assert "pods-unlock" in track.spaces[first_locked].flags
    assert track.index("explosion") - track.start_index == 6
    destination = base.destination_track
    assert [space.label for space in destination.spaces] == list(DESTINATION_LETTERS)
    assert destination.start == "B"


# -------------------------------------------------------------------------------- §16 Void Seeders


def test_void_seeder_tokens_rulebook_and_ab(vs: VoidSeedersComponents) -> None:
    assert len(vs.void_seeder_tokens) == 16
    assert len(vs.void_seeder_tokens) + len(vs.blank_tokens) == 17  # VS-RB Components
    assert Counter(token.number for token in vs.void_seeder_tokens) == {1: 3, 2: 5, 3: 5, 4: 3}
    assert all(token.provenance.status == "reconstructed" for token in vs.void_seeder_tokens)
    assert all("ID 14" in (token.provenance.reason or "") for token in vs.void_seeder_tokens)
    ab = void_seeders_components({"vs-tokens": "ab"}).void_seeder_tokens
    assert Counter(token.number for token in ab) == {1: 3, 2: 5, 3: 6, 4: 3}
    assert all(token.provenance.status == "transcribed" and token.provenance.reason is None for token in ab)
    assert all(token.type == "void-seeder" for token in ab)


def test_vs_blank_insanity_tokens_and_setup_bag(vs: VoidSeedersComponents) -> None:
    assert [(token.type, token.number) for token in vs.blank_tokens] == [("blank", None)]
    colours = [token.colour for token in vs.insanity_tokens]
    assert len(colours) == 7 == len(set(colours))
    assert vs.insanity_token("pink").id == "insanity-pink"
    assert dict(vs.setup_bag.composition(4)) == {"blank": 1, "void-seeder": 6, "insanity": 4}


def test_vs_miniatures_type_order_and_insanity_track(vs: VoidSeedersComponents) -> None:
    limits = {type_: vs.miniature_limit(type_) for type_ in VS_INTRUDER_TYPES}
    assert limits == {"lurker": 6, "whisperer": 4, "stalker": 1, "despoiler": 1, "lair": 3}
    order = vs.type_order
    assert order.next_lower("despoiler") == "stalker"
    assert order.next_lower("stalker") == "whisperer"
    assert order.next_lower("lurker") is None
    track = vs.insanity_track
    assert [track.type_at(level) for level in range(1, 6)] == [
        "lurker",
        "whisperer",
        "whisperer",
        "stalker",
        "despoiler",
    ]
    assert (track.start, track.floor, track.max) == (1, 3, 5)


def test_panic_deck(vs: VoidSeedersComponents) -> None:
    assert len(vs.panic_cards) == 20
    assert Counter(card.level for card in vs.panic_cards) == {2: 8, 3: 9, 4: 1, 5: 2}
    names = Counter(card.name for card in vs.panic_cards)
    assert (names["Demotivation"], names["Ripping of the Bandages"], names["Sabotage"]) == (1, 2, 2)
    assert {card.effect for card in vs.panic_cards if card.level == 5} == {"heart-attack"}


def test_vs_attack_deck(vs: VoidSeedersComponents) -> None:
    assert len(vs.attack_cards) == 20
    assert Counter(card.blood for card in vs.attack_cards) == {2: 4, 3: 3, 4: 5, 5: 3, 6: 2, None: 3}
    assert {attacker for card in vs.attack_cards for attacker in card.attackers} == {
        "lurker",
        "whisperer",
        "stalker",
        "despoiler",
    }
    assert [card.attackers for card in vs.attack_cards if card.effect == "braineating"] == [("despoiler",)] * 2


def test_vs_event_deck(vs: VoidSeedersComponents) -> None:
    assert len(vs.event_cards) == 20
    assert Counter(card.corridor for card in vs.event_cards) == {1: 6, 2: 4, 3: 5, 4: 5}
    removed = {card.effect for card in vs.event_cards if card.disposal == "remove-and-reshuffle"}
    assert removed == {"computer-system-failure", "evacuation-pod-ejection", "generator-overheat", "fuel-explosion"}
    assert Counter(card.effect for card in vs.event_cards)["terror"] == 3
    assert all(set(card.movers) <= set(VS_INTRUDER_TYPES[:4]) for card in vs.event_cards)


def test_pod_ejection_direction_by_ruleset_and_variant(vs: VoidSeedersComponents) -> None:
    def pod(deck: tuple[EventCard, ...]) -> str | None:
        return next(card.parameter("pod") for card in deck if card.effect == "evacuation-pod-ejection")

    assert pod(base_components().event_cards) == "lowest"
    assert pod(vs.event_cards) == "lowest"  # ruling vs.data.pod-ejection's default: the card text
    assert pod(void_seeders_components({"vs-pod-ejection": "highest"}).event_cards) == "highest"


def test_vs_weaknesses_are_unknown_placeholders(vs: VoidSeedersComponents) -> None:
    assert [card.id for card in vs.weaknesses] == [f"vs-weakness-{n}" for n in range(1, 9)]
    assert all(card.effect == "unknown" and card.provenance.status == "reconstructed" for card in vs.weaknesses)
    assert all(card.provenance.reason for card in vs.weaknesses)
    assert vs.weakness_setup.slots[0] == "character-insanity"


def test_vs_exploration_pool(vs: VoidSeedersComponents) -> None:
    kinds = Counter(token.kind for token in vs.exploration_tokens)
    assert kinds["slime"] == kinds["silence"] == 0
    assert kinds["lair"] == 3
    # 16 room tiles + 3 engines (VS-RB Setup 4): every token is placed
    assert len(vs.exploration_tokens) == 19
    assert all(token.items == 0 and token.provenance.reason for token in vs.lair_tokens)
    assert vs.base.exploration_tokens == base_components().exploration_tokens


# ------------------------------------------------------------------------------ provenance and ids


@pytest.mark.parametrize("choice", _all_choices(), ids=_choice_id)
def test_every_entry_has_provenance(choice: dict[str, str]) -> None:
    entries = list(void_seeders_components(choice).provenance_entries())
    entries += list(base_components(choice).provenance_entries())
    assert len(entries) > 400
    for label, provenance in entries:
        assert isinstance(provenance, Provenance), label
        assert provenance.source.strip(), label
        assert provenance.status in ("transcribed", "reconstructed"), label
        if provenance.status == "reconstructed":
            assert provenance.reason and provenance.reason.strip(), label
        else:
            assert provenance.reason is None, label


def test_reconstructed_entries_are_the_expected_ones(base: BaseComponents, vs: VoidSeedersComponents) -> None:
    reconstructed = {
        label.split(":")[0]
        for label, provenance in [*base.provenance_entries(), *vs.provenance_entries()]
        if provenance.status == "reconstructed"
    }
    assert reconstructed == {"contamination", "vs-token", "vs-weakness", "vs-exploration-token"}


def test_effect_ids_are_slugs_of_names(base: BaseComponents, vs: VoidSeedersComponents) -> None:
    named: list[Any] = [
        *base.attack_cards,
        *base.event_cards,
        *base.serious_wounds,
        *base.red_items,
        *base.yellow_items,
        *base.green_items,
        *base.crafted_items,
        *base.objectives,
        *base.weaknesses,
        *vs.panic_cards,
        *vs.attack_cards,
        *vs.event_cards,
    ]
    for character in base.characters:
        named += [character.weapon, *character.action_cards, *character.quest_items]
    for card in named:
        assert card.effect == slug(card.name), card.id
    assert slug("Evacuation Pod Ejection") == "evacuation-pod-ejection"
    assert slug("Sawed-off") == "sawed-off"
    assert slug("  The Right Moment to Strike!") == "the-right-moment-to-strike"


def test_card_ids_are_unique_per_deck(base: BaseComponents, vs: VoidSeedersComponents) -> None:
    decks: list[tuple[Any, ...]] = [
        base.intruder_tokens,
        base.attack_cards,
        base.event_cards,
        base.serious_wounds,
        base.contamination,
        base.exploration_tokens,
        base.objectives,
        base.weaknesses,
        base.coordinates,
        vs.void_seeder_tokens + vs.blank_tokens,
        vs.panic_cards,
        vs.attack_cards,
        vs.event_cards,
        vs.weaknesses,
        vs.exploration_tokens,
    ]
    for deck in decks:
        ids = [entry.id for entry in deck]
        assert len(ids) == len(set(ids)), ids


# ------------------------------------------------------------------------------------------ variants


def test_data_variant_families_list_defaults_first() -> None:
    assert DATA_VARIANTS["noise-die"] == ("printed", "reference")
    assert DATA_VARIANTS["combat-die"] == ("scan", "arv", "reference")
    assert DATA_VARIANTS["contamination-infected"] == ("7", "13")
    assert DATA_VARIANTS["token-thresholds"] == ("printed", "reference")
    assert DATA_VARIANTS["vs-tokens"] == ("rulebook", "ab")
    assert default_variants() == {family: options[0] for family, options in DATA_VARIANTS.items()}


@pytest.mark.parametrize("choice", _all_choices()[1:], ids=_choice_id)
def test_every_non_default_option_changes_the_data(choice: dict[str, str]) -> None:
    def content(components: VoidSeedersComponents) -> tuple[object, ...]:
        return tuple(getattr(components, f.name) for f in dataclasses.fields(components) if f.name != "variants")

    default = void_seeders_components()
    chosen = void_seeders_components(choice)
    assert content(chosen) != content(default)
    assert dict(chosen.variants)[next(iter(choice))] == next(iter(choice.values()))


def test_unknown_variant_family_is_rejected() -> None:
    with pytest.raises(ValueError, match="unknown data variant 'noise-dice'") as info:
        base_components({"noise-dice": "printed"})
    assert "\n" not in str(info.value)


def test_unknown_variant_option_is_rejected_naming_the_allowed_options() -> None:
    with pytest.raises(ValueError) as info:
        void_seeders_components({"combat-die": "pn"})
    message = str(info.value)
    assert "'combat-die'" in message and "scan, arv, reference" in message and "'pn'" in message
    assert "\n" not in message


def test_components_are_cached_per_resolved_choice() -> None:
    assert base_components() is base_components({"noise-die": "printed"})
    assert base_components({"noise-die": "reference"}) is not base_components()
    assert void_seeders_components().base is base_components()
    assert resolve_variants({"noise-die": "reference"}) == tuple(
        sorted({**default_variants(), "noise-die": "reference"}.items())
    )


def test_entries_are_frozen_and_slotted(base: BaseComponents) -> None:
    card = base.attack_cards[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        card.blood = 1  # type: ignore[misc]
    assert not hasattr(card, "__dict__")
    assert hash(base) == hash(base_components())


# ------------------------------------------------------------------------------- data-file checking


def test_variant_override_without_provenance_is_a_data_error() -> None:
    row = {"name": "X", "variants": {"noise-die": {"reference": {"count": 2}}}}
    with pytest.raises(ComponentTableError, match="needs its own source and status"):
        Raw(row, "test.toml", default_variants())


def test_override_for_an_unknown_family_or_default_option_is_a_data_error() -> None:
    with pytest.raises(ComponentTableError, match="unknown data variant"):
        Raw({"variants": {"nope": {}}}, "test.toml", default_variants())
    default_override = {"variants": {"noise-die": {"printed": {"source": "s", "status": "transcribed"}}}}
    with pytest.raises(ComponentTableError, match="non-default option"):
        Raw(default_override, "test.toml", default_variants())


def test_applied_override_replaces_provenance() -> None:
    row = {
        "count": 1,
        "source": "A",
        "status": "reconstructed",
        "reason": "guess",
        "variants": {"noise-die": {"reference": {"count": 2, "source": "B", "status": "transcribed"}}},
    }
    raw = Raw(row, "test.toml", {**default_variants(), "noise-die": "reference"})
    assert raw.integer("count") == 2
    assert raw.provenance() == Provenance("B", "transcribed")
    raw.finish()


def test_unknown_keys_and_missing_reasons_are_data_errors() -> None:
    raw = Raw({"count": 1, "cuont": 2}, "test.toml", default_variants())
    raw.integer("count")
    with pytest.raises(ComponentTableError, match="unknown key"):
        raw.finish()
    with pytest.raises(ComponentTableError, match="needs a reason"):
        Raw({"source": "s", "status": "reconstructed"}, "t", default_variants()).provenance()
