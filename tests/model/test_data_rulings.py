"""A data ruling and its data-variant family are one choice: either spelling sets both."""

from __future__ import annotations

import pytest

from nemesis_rules.errors import BadInputError
from nemesis_rules.model.data.data_rulings import DATA_RULING_VARIANTS
from nemesis_rules.model.data.tables import resolve_game_variants
from nemesis_rules.model.game import make_config
from nemesis_rules.rulebook import rulings


def test_every_linked_ruling_maps_each_reading_to_an_option_of_its_family() -> None:
    families = resolve_game_variants({})
    for ruling, (family, options) in DATA_RULING_VARIANTS.items():
        assert family in families, ruling
        assert set(options) == set(rulings()[ruling].reading_ids), ruling
        for option in options.values():
            resolve_game_variants({family: option})  # a known option, or BadInputError


def test_a_ruling_reading_sets_its_variant() -> None:
    config = make_config("base", 2, {"base.data.infected-count": "thirteen"})
    assert config.variants["contamination-infected"] == "13"


def test_a_variant_sets_its_ruling_reading() -> None:
    config = make_config("base", 2, None, {"scientist-pistol-ammo": "pn"})
    assert config.rulings["base.data.pistol-ammo"] == "two"


def test_defaults_agree() -> None:
    config = make_config("void-seeders", 3)
    for ruling, (family, options) in DATA_RULING_VARIANTS.items():
        assert options[config.rulings[ruling]] == config.variants[family], ruling


def test_a_ruling_and_a_variant_that_disagree_are_bad_input() -> None:
    with pytest.raises(BadInputError, match="noise-die"):
        make_config("base", 2, {"base.data.noise-die": "printed"}, {"noise-die": "reference"})


def test_a_reading_the_engine_cannot_play_is_refused_with_the_reason() -> None:
    with pytest.raises(BadInputError, match="cannot be played: no list of the reference's 33 corridors"):
        make_config("base", 2, {"base.data.corridor-count": "reference-33"})
    with pytest.raises(BadInputError, match="parallel"):
        make_config("base", 2, {"base.ambiguity.two-number-corridors": "parallel"})
