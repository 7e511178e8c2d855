"""The words of a game record, declared once: every decision kind (action word) with its
parameters and their domains, and every chance node with the domain of its outcomes.

A record line reads like the game: ``{"player": 2, "action": "move", "to": "07", "pay":
["search"]}`` or ``{"chance": "noise-roll", "outcome": "3"}`` (design.md, "The game record").
This table is what the record schema publishes (``nemesis-rules schema record``: an unknown word
or parameter fails validation), what replay asks to tell a misspelt word (bad input) from an
action the rules forbid now, and what the conformance suite's protocol speaks. The engine is held
to it, not the other way round: ``tests/model/test_vocabulary.py`` plays seeded games of both
rulesets and fails on any decision or outcome the engine offers that this table does not declare,
and on any word declared here that no game offers unless its entry says why it is rare.

A domain says what a value looks like (a string or a list of strings, a pattern or a closed set
of values), not whether it is legal now: ``move to=99`` is a well-formed line the rules refuse.
The closed sets are those the rule texts fix (a Door is open or closed, an Evacuation destination
is A to D, the noise die shows 1 to 4, Danger or Silence); names of cards, items, rooms and
Intruders are slugs, since the component tables (and a data variant) decide which exist.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

__all__ = [
    "CHANCES",
    "DOMAINS",
    "VOCABULARY_VERSION",
    "WORDS",
    "Chance",
    "Domain",
    "Param",
    "Word",
    "unknown_word",
]

VOCABULARY_VERSION = 1
"""Raised when a word or parameter is removed or its domain narrowed (adding one keeps it)."""


@dataclass(frozen=True, slots=True)
class Domain:
    """What a parameter's value looks like: one string or a list of strings (``many``), each
    matching ``pattern`` or one of ``values``."""

    name: str
    description: str
    pattern: str | None = None
    values: tuple[str, ...] = ()
    many: bool = False

    def accepts(self, value: str | tuple[str, ...]) -> bool:
        """Whether ``value`` has this domain's shape (list or string) and every string fits it."""
        if isinstance(value, tuple) != self.many:
            return False
        items = value if isinstance(value, tuple) else (value,)
        return all(self._fits(item) for item in items)

    def _fits(self, item: str) -> bool:
        if self.values:
            return item in self.values
        return self.pattern is None or _compiled(self.pattern).fullmatch(item) is not None


@dataclass(frozen=True, slots=True)
class Param:
    """One parameter of an action word: its name, its domain, and whether every line has it."""

    name: str
    domain: str
    required: bool = True


@dataclass(frozen=True, slots=True)
class Word:
    """An action word (a decision kind): what it does and the parameters it takes.

    ``rare`` is empty for a word seeded games offer; otherwise it says why they seldom or never
    reach it (the test that holds the engine to this table accepts its absence then)."""

    kind: str
    description: str
    params: tuple[Param, ...] = ()
    rare: str = ""

    @property
    def names(self) -> frozenset[str]:
        return frozenset(p.name for p in self.params)

    @property
    def required(self) -> frozenset[str]:
        return frozenset(p.name for p in self.params if p.required)

    def param(self, name: str) -> Param | None:
        for p in self.params:
            if p.name == name:
                return p
        return None


@dataclass(frozen=True, slots=True)
class Chance:
    """A chance node: its record name, what it draws or rolls, and the domain of its outcomes.

    An outcome's domain is its shape only: whether the card, face or token can come out now is
    what replay checks against the chance node's outcomes (a die face 7 is refused by the rules,
    base.noise.roll, not by the format)."""

    name: str
    description: str
    outcome: str = "slug"
    rare: str = ""


_SLUG = r"[a-z0-9]+(?:-[a-z0-9]+)*"

_DOMAINS: tuple[Domain, ...] = (
    Domain("slug", "a component's name in lower case with hyphens: a card, item, room, token or objective", _SLUG),
    Domain("slugs", "a list of names (cards paid, items combined)", _SLUG, many=True),
    Domain("slug-or-empty", "a name, or the empty string for nothing (an empty side of a trade)", f"(?:{_SLUG})?"),
    Domain("position", "a room position on the board, two digits ('01' to '21' on the basic side)", r"[0-9]{2}"),
    Domain("corridor", "a corridor by the positions at its two ends, lower first ('05-10')", r"[0-9]{2}-[0-9]{2}"),
    Domain(
        "noise-corridor", "the corridor a careful move puts its Noise marker in, or 'tech'", r"[0-9]{2}-[0-9]{2}|tech"
    ),
    Domain(
        "door-settings",
        "corridors with the state set for each ('05-10=closed')",
        r"[0-9]{2}-[0-9]{2}=(?:open|closed)",
        many=True,
    ),
    Domain("player", "a player's number, 1 to 5", r"[1-5]"),
    Domain("target", "what an attack or effect aims at: an Intruder's id, 'eggs', a position or a name", _SLUG),
    Domain("door", "the state a Door is set to", values=("open", "closed")),
    Domain("yes-no", "whether an optional part of an effect is used", values=("no", "yes")),
    Domain("insanity", "whether an Insanity level is lowered or kept", values=("keep", "lower")),
    Domain(
        "flight",
        "what the Cockpit's action does: set a destination or check the coordinates",
        values=("check-coordinates", "set-destination"),
    ),
    Domain("destination", "an Evacuation destination", values=("A", "B", "C", "D")),
    Domain("sequence", "the Self-Destruct sequence started or stopped", values=("start", "stop")),
    Domain("deck", "an Item deck by colour", values=("green", "red", "yellow")),
    Domain("repair", "what a repair aims at", values=("engine", "malfunction")),
    Domain("remove", "the marker removed from oneself", values=("fire", "slime")),
    Domain("noise-result", "a noise die face", values=("1", "2", "3", "4", "danger", "silence")),
)

DOMAINS: Mapping[str, Domain] = MappingProxyType({d.name: d for d in _DOMAINS})
"""Every parameter domain by name."""


def _p(name: str, domain: str, required: bool = True) -> Param:
    return Param(name, domain, required)


_PAY = _p("pay", "slugs")
_EFFECT_OPTIONS = (
    _p("at", "position", False),
    _p("character", "player", False),
    _p("corridor", "corridor", False),
    _p("craft", "slug", False),
    _p("deck", "deck", False),
    _p("destination", "destination", False),
    _p("discard", "slug", False),
    _p("door", "door", False),
    _p("flight", "flight", False),
    _p("heal", "slug", False),
    _p("insanity", "insanity", False),
    _p("object", "slug", False),
    _p("partner", "player", False),
    _p("parts", "slugs", False),
    _p("peek", "position", False),
    _p("pod", "player", False),
    _p("remove", "remove", False),
    _p("repair", "repair", False),
    _p("scan", "yes-no", False),
    _p("sequence", "sequence", False),
    _p("tape", "slugs", False),
    _p("target", "target", False),
    _p("to", "position", False),
    _p("treatment", "slug", False),
    _p("use", "slug", False),
    _p("weapon", "slug", False),
    _p("wound", "slug", False),
)
"""The parameters an effect's variant may add to the generic words (``play-card``, ``use-item``,
``room-action``, ``use-quest``): which one, where, how (the effect tables of the rule families)."""

_PANIC = "a Void Seeders Panic card's effect, reached only when a Character's Insanity track triggers that card"
_REACTION = "a reaction offered only at the moment its trigger happens to the player holding the card"

_WORDS: tuple[Word, ...] = (
    Word("accept-trade", "the partner accepts the trade offered"),
    Word("activate-quest", "activate a Quest Item", (_p("item", "slug"), _PAY, _p("discard", "slug", False))),
    Word(
        "careful-move",
        "Careful Movement: move and place the Noise marker in a corridor of one's choice",
        (_p("to", "position"), _p("noise", "noise-corridor"), _PAY),
    ),
    Word("choose-character", "draft a Character", (_p("character", "slug"),)),
    Word("craft", "craft an item from two items", (_p("item", "slug"), _p("parts", "slugs"), _PAY)),
    Word("decline-trade", "the partner declines the trade offered"),
    Word("discard", "discard a card (the Pass or hand limit)", (_p("card", "slug"),)),
    Word("discard-item", "discard an item (a Panic card's effect)", (_p("item", "slug"),), rare=_PANIC),
    Word("doors-done", "end the setting of Doors"),
    Word("doors-of", "choose the room whose Doors are set", (_p("target", "position"),)),
    Word("drop", "drop a Heavy item or Object", (_p("item", "slug"),)),
    Word("escape-unattacked", "escape to a neighbouring room without an Intruder Attack", (_p("to", "position"),)),
    Word("fire-control", "the Fire Control System: put out fire in a room", (_p("target", "position"),)),
    Word(
        "ignore-attack",
        "ignore an Intruder Attack with a card or an item",
        (_p("card", "slug", False), _p("item", "slug", False)),
    ),
    Word("interrupt", "play an Interruption card"),
    Word("keep-engine-order", "keep the Engine tokens in their order"),
    Word(
        "keep-event-on-top",
        "leave the Event card seen on top of its deck",
        (_p("card", "slug"),),
        rare="offered only after an Action card that looks at the top Event card",
    ),
    Word("keep-hand", "keep the cards in hand"),
    Word(
        "keep-item",
        "keep an item drawn, dropping another when the hands are full",
        (_p("item", "slug"), _p("drop", "slug", False)),
    ),
    Word("keep-noise-roll", "keep the noise roll", (_p("result", "noise-result"),)),
    Word("keep-objective", "keep an Objective card", (_p("objective", "slug"),)),
    Word("keep-roll", "keep the combat roll"),
    Word("launch-pod", "launch the Escape Pod one is in"),
    Word(
        "leave-pod", "leave the Escape Pod", rare="offered only to a Character in an unlaunched pod at a round's start"
    ),
    Word("look-at", "look at an unexplored room's Exploration token", (_p("target", "position"),)),
    Word("melee", "Melee Attack on an Intruder", (_p("target", "target"), _PAY)),
    Word("move", "move to a neighbouring room", (_p("to", "position"), _PAY)),
    Word("no-interruption", "play no Interruption card"),
    Word("panic-move", "move as a Panic card says", (_p("to", "position"),), rare=_PANIC),
    Word("pass", "pass for the rest of the round"),
    Word("peek-tile", "look at a room tile", (_p("at", "position"),)),
    Word("pick-up", "pick up a Heavy Object", (_p("object", "slug"), _PAY)),
    Word(
        "play-card",
        "play an Action card (its effect's variant names the rest)",
        (_p("card", "slug"), _PAY, *_EFFECT_OPTIONS),
    ),
    Word(
        "put-event-at-bottom",
        "put the Event card seen at the bottom of its deck",
        (_p("card", "slug"),),
        rare="offered only after an Action card that looks at the top Event card",
    ),
    Word("remove-card", "remove a card from one's deck", (_p("card", "slug"),)),
    Word("reroll", "reroll the combat die"),
    Word("reroll-noise", "reroll the noise die", (_PAY,)),
    Word(
        "room-action",
        "the action of the room one stands in (its variant names the rest)",
        (_p("room", "slug"), _PAY, *_EFFECT_OPTIONS),
    ),
    Word("search-deck", "search an Item deck", (_p("deck", "deck"),)),
    Word("set-doors", "set the Doors of a room", (_p("doors", "door-settings"),)),
    Word("shoot", "Shoot at an Intruder", (_p("weapon", "slug"), _p("target", "target"), _PAY)),
    Word(
        "spend-ammo",
        "spend one more ammunition for one more Injury (the Prototype Rifle)",
        rare="offered only on a double hit with the Prototype Rifle holding ammunition (base.item.prototype-rifle)",
    ),
    Word("stay", "stay where one is"),
    Word(
        "stay-in-pod",
        "stay in the Escape Pod",
        rare="offered only to a Character in an unlaunched pod at a round's start",
    ),
    Word("swap-engine-tokens", "swap the Engine tokens"),
    Word("switch-door", "open or close a Door", (_p("corridor", "corridor"),)),
    Word("take-attack", "take the Intruder Attack"),
    Word(
        "trade",
        "offer a trade to a Character in the same room",
        (_p("partner", "player"), _p("give", "slug-or-empty"), _p("take", "slug-or-empty"), _PAY),
    ),
    Word(
        "undress", "take the dressing off a Serious Wound (a Panic card's effect)", (_p("wound", "slug"),), rare=_PANIC
    ),
    Word("unload", "unload a weapon (a Panic card's effect)", (_p("weapon", "slug"),), rare=_PANIC),
    Word("use-item", "use an item (its effect's variant names the rest)", (_p("item", "slug"), _PAY, *_EFFECT_OPTIONS)),
    Word(
        "use-quest",
        "use an active Quest Item (its variant names the rest)",
        (_p("item", "slug"), _PAY, *_EFFECT_OPTIONS),
    ),
    Word("wait-in-pod", "wait in the Escape Pod"),
)

WORDS: Mapping[str, Word] = MappingProxyType({w.kind: w for w in _WORDS})
"""Every action word by kind."""

_CHANCES: tuple[Chance, ...] = (
    Chance("action-card", "an Action card drawn from a Character's deck"),
    Chance("attack-card", "an Intruder Attack card drawn"),
    Chance("combat-die", "the combat die rolled"),
    Chance("contamination-card", "a Contamination card drawn"),
    Chance("contamination-scan", "a Contamination card scanned: infected or not"),
    Chance("coordinates", "the Coordinates card drawn at setup"),
    Chance("draft-card", "a Character card drawn in the draft"),
    Chance("engine-stack", "the order of an Engine's tokens at setup"),
    Chance("escape-pod", "an Escape Pod drawn"),
    Chance("event-card", "an Event card drawn"),
    Chance("exploration-token", "an Exploration token placed face down at setup"),
    Chance("intruder-token", "a token drawn from the Intruder bag"),
    Chance("item-card", "an Item card drawn"),
    Chance("noise-roll", "the noise die rolled"),
    Chance("objective", "an Objective card dealt"),
    Chance("objective-peek", "an Objective card looked at", rare="only through an item that looks at Objectives"),
    Chance("panic-card", "a Void Seeders Panic card drawn"),
    Chance("room-tile", "a room tile placed face down at setup"),
    Chance("serious-wound", "a Serious Wound card drawn"),
    Chance("void-seeder-token", "a Void Seeder token drawn"),
    Chance("weakness", "a Weakness card dealt at setup"),
)

CHANCES: Mapping[str, Chance] = MappingProxyType({c.name: c for c in _CHANCES})
"""Every chance node by its record name."""


def unknown_word(kind: str, params: tuple[tuple[str, object], ...] = (), *, chance: bool = False) -> str | None:
    """Why a record line's word or parameter names are not declared (a chance node when
    ``chance``), or None. Values are not judged: a well-formed value the rules refuse is the
    rules' business, not the vocabulary's."""
    if chance:
        return None if kind in CHANCES else f"unknown chance node {kind!r}"
    word = WORDS.get(kind)
    if word is None:
        return f"unknown action {kind!r} (known: {', '.join(sorted(WORDS))})"
    for name, _ in params:
        if name not in word.names:
            expected = ", ".join(sorted(word.names)) or "none"
            return f"unknown field {name!r} for action {kind!r} (its fields: {expected})"
    return None


@functools.cache
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)
