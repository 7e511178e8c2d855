"""The rule texts' universal sentences ("only", "never", "cannot", "the only way") as invariants.

The universals finder (:mod:`nemesis_rules.rulebook.finders.universals`) lists every such sentence
of the four texts and names what holds each: an invariant of the catalogue, a refusal clause whose
cases must stay illegal, or a ruling. The sentences no other invariant held yet are here; fuzzing
and ``check`` test them after every transition, so an effect elsewhere that does what a universal
forbids (an Event card, an item, a hook of the expansion) is found, not just the one action the
sentence was written for.
"""

from __future__ import annotations

from nemesis_rules.invariants.core import fired_step_invariant, problems, state_invariant, step_invariant
from nemesis_rules.invariants.effects import holds
from nemesis_rules.model.core.actions import Action, Decision, Outcome
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.items import capacity
from nemesis_rules.model.rules.noise import BAG_NOISE_RULING, EGG_NOISE_RULING, NoiseRoll
from nemesis_rules.model.rules.shoot_and_melee import EGGS, CombatRoll

LAIR_NOISE = "vs.lair.noise-roll"
NOISE_ROLL = (NoiseRoll,)
GENERATOR = "base.room.generator"
PLASMA_TORCH = "base.quest-item.plasma-torch"


def _new_noise_rolls(before: GameState, after: GameState) -> list[NoiseRoll]:
    if not holds(after.pending, NOISE_ROLL):
        return []  # most steps: no roll pending at all
    old = {id(frame) for frame in before.pending}
    return [f for f in after.pending if isinstance(f, NoiseRoll) and id(f) not in old]


@fired_step_invariant(
    "universal.noise-in-combat-only-lair",
    "With Void Seeders, a Character In Combat rolls for Noise only because of a Lair in its room "
    "(void-seeders-rulebook.txt: 'the only way to Roll for Noise when in Combat').",
    LAIR_NOISE,
    rulesets=("void-seeders",),
    reads=("pending",),  # broken only when a Noise roll it did not hold before is pending
)
def noise_in_combat_only_lair(
    before: GameState, action: Action, after: GameState, fired: tuple[str, ...]
) -> str | None:
    if LAIR_NOISE in fired or EGG_NOISE_RULING in fired or BAG_NOISE_RULING in fired:
        return None
    for roll in _new_noise_rolls(before, after):
        character = after.character(roll.player)
        if character.active and character.position == roll.position and after.in_combat(roll.player):
            return f"player {roll.player} rolls for Noise In Combat in room {roll.position}, and no Lair made them"
    return None


@fired_step_invariant(
    "universal.generator-not-while-hibernating",
    "The Generator never starts the Self-Destruct sequence while any Character is hibernating.",
    GENERATOR,
    reads=("self_destruct",),  # broken only when the Self-Destruct sequence started
)
def generator_not_while_hibernating(
    before: GameState, action: Action, after: GameState, fired: tuple[str, ...]
) -> str | None:
    if before.self_destruct is not None or after.self_destruct is None or GENERATOR not in fired:
        return None
    sleeping = [c.player for c in before.characters if c.status == "hibernating"]
    if sleeping:
        return f"the Generator started the Self-Destruct while player(s) {sleeping} hibernate"
    return None


@step_invariant(
    "universal.destination-not-while-hibernating",
    "The destination is never changed while any Character is hibernating.",
    "base.room.cockpit",
    reads=("destination",),
)
def destination_not_while_hibernating(before: GameState, action: Action, after: GameState) -> str | None:
    if after.destination == before.destination or before.coordinates is None:
        return None
    sleeping = [c.player for c in before.characters if c.status == "hibernating"]
    if sleeping:
        moved = f"{before.destination} to {after.destination}"
        return f"the destination moved from {moved} while player(s) {sleeping} hibernate"
    return None


@step_invariant(
    "universal.self-destruct-unstoppable",
    "Once the Self-Destruct marker has reached a yellow space, the sequence is never stopped.",
    "base.self-destruct.lock",
    reads=("self_destruct",),
)
def self_destruct_unstoppable(before: GameState, action: Action, after: GameState) -> str | None:
    if before.self_destruct is None or after.self_destruct is not None or after.end is not None:
        return None
    if "no-abort" in tables.self_destruct_flags(before):
        return f"the Self-Destruct sequence was stopped on space index {before.self_destruct}, past the lock"
    return None


@state_invariant(
    "universal.weapon-within-capacity",
    "A weapon never holds more Ammo than its capacity (with an Extended Magazine or the Autoloader attached, theirs).",
    "base.item.ammo-capacity",
    # a weapon's Ammo and what is attached to it (its capacity); the rest is the config
    reads=("characters",),
    character_reads=("ammo", "mods"),
)
def weapon_within_capacity(state: GameState) -> str | None:
    found = [
        f"player {c.player}'s {weapon} holds {count} Ammo, capacity {capacity(state, c.player, weapon)}"
        for c in state.characters
        for weapon, count in c.ammo
        if count > capacity(state, c.player, weapon)
    ]
    return problems(found)


@step_invariant(
    "universal.melee-at-most-one-injury",
    "A Melee attack never deals more than one Injury.",
    "base.combat.melee-max-one",
    reads=("intruders",),
    only_after="outcome",  # a Melee's Injury comes with its combat die
)
def melee_at_most_one_injury(before: GameState, action: Action, after: GameState) -> str | None:
    if not isinstance(action, Outcome) or action.chance != "combat-die" or not before.pending:
        return None
    roll = before.pending[-1]
    if not isinstance(roll, CombatRoll) or roll.weapon or roll.target == EGGS:
        return None
    was = {i.id: i.injuries for i in before.intruders}
    dealt = [i.injuries - was[i.id] for i in after.intruders if i.id in was and str(i.id) == roll.target]
    if dealt and dealt[0] > 1:
        return f"player {roll.player}'s Melee dealt {dealt[0]} Injuries to Intruder {roll.target}"
    return None


@step_invariant(
    "universal.contamination-never-pays",
    "A Contamination card never pays for anything.",
    "base.cost.contamination-cannot-pay",
    only_after="decision",
)
def contamination_never_pays(before: GameState, action: Action, after: GameState) -> str | None:
    if not isinstance(action, Decision):
        return None
    paid = action.get("pay")
    cards = (paid,) if isinstance(paid, str) else paid or ()
    bad = [card for card in cards if card.startswith("contamination")]
    return f"player {action.player} paid with {', '.join(bad)}" if bad else None


@fired_step_invariant(
    "universal.engine-control-changes-nothing",
    "The Engine Control Room shows the Engines without changing them.",
    "base.room.engine-control-room",
    reads=("engines",),  # broken only when an Engine's tokens changed
)
def engine_control_changes_nothing(
    before: GameState, action: Action, after: GameState, fired: tuple[str, ...]
) -> str | None:
    if "base.room.engine-control-room" in fired and after.engines != before.engines:
        return "the Engine Control Room changed an Engine's tokens"
    return None


@fired_step_invariant(
    "universal.destroyed-door-stays-open",
    "A Destroyed Door stays open: only the Plasma Torch closes it again.",
    "base.door.destroyed",
    reads=("doors",),  # broken only when a Door changed
)
def destroyed_door_stays_open(
    before: GameState, action: Action, after: GameState, fired: tuple[str, ...]
) -> str | None:
    if before.doors == after.doors or PLASMA_TORCH in fired:
        return None
    reopened = [
        corridor
        for corridor in before.config.board.corridors
        if before.door(corridor) == "destroyed" and after.door(corridor) != "destroyed"
    ]
    return f"the Destroyed Door(s) in {', '.join(reopened)} changed without the Plasma Torch" if reopened else None


@fired_step_invariant(
    "universal.only-repairs-change-engines",
    "An Engine's tokens change only by a repair (a Malfunction never changes an Engine's status).",
    "base.end.malfunction-engines",
    reads=("engines",),  # broken only when an Engine's tokens changed
)
def only_repairs_change_engines(
    before: GameState, action: Action, after: GameState, fired: tuple[str, ...]
) -> str | None:
    if before.phase == "setup" or after.engines == before.engines or "base.room.engine" in fired:
        return None
    if isinstance(action, Decision) and action.kind == "swap-engine-tokens":
        return None  # the repair's second half: the repairer reorders the tokens it looked at
    return "an Engine's tokens changed without a repair"
