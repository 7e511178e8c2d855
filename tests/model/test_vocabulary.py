"""The declared vocabulary (nemesis_rules.model.data.vocabulary) against the engine: every
decision and chance outcome seeded games of both rulesets offer uses a declared word, declared
parameters with values in their domains and every required parameter; every declared word and
chance node is offered somewhere or says why it is rare; every turn action of a ruleset is declared."""

from __future__ import annotations

import functools
from collections import Counter

from nemesis_rules.model.core.actions import Action, Decision, Outcome
from nemesis_rules.model.core.engine import legal_actions
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data.vocabulary import CHANCES, DOMAINS, WORDS, unknown_word
from nemesis_rules.model.rulesets import RULESETS
from nemesis_rules.players.play import play_game
from nemesis_rules.players.strategies import goal_seeking, uniform

GAMES = 40
"""Seeded games per ruleset (players 1 to 5 in turn, the two random players alternating)."""


def _problem(action: Action) -> str | None:
    if isinstance(action, Outcome):
        chance = CHANCES.get(action.chance)
        if chance is None:
            return f"undeclared chance node {action.chance!r}"
        if not DOMAINS[chance.outcome].accepts(action.outcome):
            return f"outcome {action.outcome!r} of {action.chance!r} outside domain {chance.outcome!r}"
        return None
    word = unknown_word(action.kind, action.params)
    if word is not None:
        return word
    declared = WORDS[action.kind]
    missing = declared.required - {name for name, _ in action.params}
    if missing:
        return f"{action}: required parameter(s) {sorted(missing)} missing"
    for name, value in action.params:
        param = declared.param(name)
        assert param is not None
        if not DOMAINS[param.domain].accepts(value):
            return f"{action}: {name}={value!r} outside domain {param.domain!r}"
    return None


@functools.cache
def _offered() -> tuple[Counter[str], Counter[str], tuple[str, ...]]:
    words: Counter[str] = Counter()
    chances: Counter[str] = Counter()
    problems: list[str] = []

    def on_step(state: GameState, action: Action, _: object) -> None:
        for option in legal_actions(state):
            if isinstance(option, Decision):
                words[option.kind] += 1
            else:
                chances[option.chance] += 1
            problem = _problem(option)
            if problem is not None and len(problems) < 10:
                problems.append(f"{state.config.ruleset.name}: {problem}")

    for ruleset in ("base", "void-seeders"):
        for seed in range(GAMES):
            chooser = uniform if seed % 2 else goal_seeking
            play_game(seed, players=1 + seed % 5, ruleset=ruleset, on_step=on_step, chooser=chooser)
    return words, chances, tuple(problems)


def test_vocabulary_declares_every_decision_and_outcome_the_engine_offers() -> None:
    assert _offered()[2] == ()


def test_vocabulary_every_declared_word_is_offered_or_documented_rare() -> None:
    words, chances, _ = _offered()
    unseen = sorted(kind for kind, word in WORDS.items() if not word.rare and kind not in words)
    assert unseen == [], "declared words no game offered (mark them rare with why, or remove them)"
    unseen_chances = sorted(name for name, c in CHANCES.items() if not c.rare and name not in chances)
    assert unseen_chances == []


def test_vocabulary_declares_every_turn_action_of_every_ruleset() -> None:
    for ruleset in RULESETS.values():
        assert set(ruleset.actions) <= set(WORDS), ruleset.name


def test_vocabulary_domains_are_declared_and_shapes_checked() -> None:
    for word in WORDS.values():
        for param in word.params:
            assert param.domain in DOMAINS, (word.kind, param.name)
    assert DOMAINS["slugs"].accepts(("search", "rest"))
    assert not DOMAINS["slugs"].accepts("search")
    assert not DOMAINS["door"].accepts("ajar")
    assert unknown_word("fly") is not None and unknown_word("move", (("speed", "fast"),)) is not None
