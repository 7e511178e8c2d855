"""Goals of the goal-seeking player that only the Void Seeders ruleset has (see
:mod:`nemesis_rules.players.strategies`).

Random play rarely meets the conditions of some of the expansion's rules, or meets them and
picks another decision. Here the player prefers, each with a probability (so games still vary,
and the seeded generator keeps them deterministic):

* in the Interruption window before a Panic card's effect, playing the Interruption card
  (vs.panic.interrupt, vs.change.interruption, vs.panic.interrupt-no-insanity); outside such a
  window it often keeps the card for one: it lets ordinary actions pass, discards other cards
  first, and passes with nothing but Interruption cards in hand (Panic cards are mostly drawn
  after the Player Phase, when hands are nearly empty);
* the decisions that reach rare rules when they are on offer: Taking Aim
  (base.action-card.taking-aim), the Airlock Control (aimed at a room with a Lair when it can be:
  vs.lair.airlock), taking the Nest's Eggs and dropping a held Egg there so the next can be
  taken (base.nest.destroyed), the Scout's Security Key (base.quest-item.security-key),
  crafting and using the Antidote (vs.change.antidote), the Armory, the Emergency Room, the
  Shower Room, the Canteen and Surgery (vs.change.slime, vs.change.reduction-limited,
  vs.insanity.no-board-miniature), starting the Self-Destruct sequence (base.self-destruct.*);
* in its turn, now and then, an errand: walking towards the Airlock Control while a Lair sits
  in a room it can seal and no Malfunction blocks it (before any other errand; it finds the
  tile even face down: the condition is rare and this player serves coverage, not fair play),
  towards the Generator while the Self-Destruct sequence can be started, towards the Nest
  while it can take an Egg, towards the Emergency Room when wounded; holding an Interruption
  card, mostly towards the nearest other Character (a Panic card can only be interrupted from
  the same room).

A base game returns ``None`` at once; a call looks at the decisions once and at the board only
for an errand.
"""

from __future__ import annotations

import random

from nemesis_rules.model.core.actions import Action, Decision
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.interruption import InterruptionChoice
from nemesis_rules.model.rules.rooms import can_start_self_destruct
from nemesis_rules.model.rules.round import Turn
from nemesis_rules.model.rules.ship import doors_of
from nemesis_rules.model.rules.void_seeders.panic import PanicEffect
from nemesis_rules.players.paths import closer_moves, listed, steps

RULESET = "void-seeders"
INTERRUPT_PANIC = 0.95
"""How often a Character in a Panic card's Interruption window cancels the effect."""
KEEP_INTERRUPTION = 0.6
"""How often it lets an ordinary action pass, keeping the Interruption card for a Panic card."""
KEEP_WITH_COMPANY = 2
"""With another Character in the room it passes holding an Interruption card and this many cards."""
PREFER = 0.9
"""How often it takes one of the rare decisions of the module notes when one is on offer."""
SELF_DESTRUCT = 0.7
"""How often it starts the Self-Destruct sequence at the Generator (it ends games early)."""
ERRAND = 0.5
"""How often, in its turn, it walks one step on an errand of the module notes."""
CARE_ROOMS = frozenset({"armory", "emergency-room", "shower-room", "canteen", "surgery"})
"""Room actions it prefers where they are offered (they are offered only where they do something)."""
PREFERRED_ITEMS = frozenset({"antidote", "security-key"})
"""Items (and Quest Items) it prefers to craft, activate and use."""
BUDDY = 0.7
"""On an errand, how often a Character holding an Interruption card walks to the nearest other one."""
INTERRUPTION = "interruption"


def void_seeders_goal(state: GameState, rng: random.Random, decisions: tuple[Action, ...]) -> Action | None:
    """The Void Seeders decision a goal calls for here, if any (see the module notes)."""
    if state.config.ruleset.name != RULESET or not decisions:
        return None

    frame = state.pending[-1]
    if isinstance(frame, InterruptionChoice):
        return _interruption(frame, rng, decisions)
    keep = _keep_interruption(state, frame, decisions)
    if keep is not None and rng.random() < KEEP_INTERRUPTION:
        return keep
    rare = [a for a in listed(decisions).others if _rare(state, a)]  # no move is rare
    sealing = [a for a in rare if a.get("room") == "airlock-control" and _lair_in(state, a.get("target"))]
    rare = sealing or rare
    if rare and rng.random() < PREFER:
        chosen = rare[rng.randrange(len(rare))]
        if not _is_self_destruct(chosen) or rng.random() < SELF_DESTRUCT:
            return chosen
    if isinstance(frame, Turn) and not state.in_combat(frame.player):
        return _errand_step(state, rng, frame.player, decisions)
    return None


def _interruption(frame: object, rng: random.Random, decisions: tuple[Action, ...]) -> Action | None:
    """Interrupt a Panic card's effect; let an ordinary action pass more often than not."""

    panic = isinstance(getattr(getattr(frame, "window", None), "proceed", None), PanicEffect)
    wanted = "interrupt" if panic else "no-interruption"
    chance = INTERRUPT_PANIC if panic else KEEP_INTERRUPTION
    if rng.random() >= chance:
        return None
    return next((a for a in decisions if isinstance(a, Decision) and a.kind == wanted), None)


def _keep_interruption(state: GameState, frame: object, decisions: tuple[Action, ...]) -> Action | None:
    """A decision that keeps an Interruption card in hand for a Panic card: with nothing but
    Interruption cards left in hand, or with another Character in the room and at most
    :data:`KEEP_WITH_COMPANY` cards, pass (a passed Character may still play them); asked to
    discard, discard another card."""
    player = getattr(frame, "player", None)
    if not isinstance(player, int) or not state.character(player).hand.count(INTERRUPTION):
        return None
    own = [a for a in decisions if isinstance(a, Decision)]
    c = state.character(player)
    company = any(o.player != player and o.active and o.position == c.position for o in state.characters)
    if c.hand.count(INTERRUPTION) == c.hand.total or (company and c.hand.total <= KEEP_WITH_COMPANY):
        return next((a for a in own if a.kind == "pass"), None)
    others = [a for a in own if a.kind == "discard" and a.get("card") != INTERRUPTION]
    return others[0] if others and len(others) < len(own) else None


def _rare(state: GameState, a: Decision) -> bool:
    """Whether ``a`` is one of the rare decisions the module notes prefer."""
    kind = a.kind
    if kind == "play-card":
        return a.get("card") == "taking-aim"
    if kind == "room-action":
        room = a.get("room")
        if room == "generator":
            return a.get("sequence") == "start"
        return room in ("nest", "airlock-control") or room in CARE_ROOMS
    if kind in ("craft", "use-item", "activate-quest", "use-quest"):
        return a.get("item") in PREFERRED_ITEMS
    if kind == "drop" and a.get("item") == "egg":
        c = state.character(a.player)
        return state.eggs > 0 and state.room(c.position).tile == "nest"
    return False


def _lair_in(state: GameState, position: object) -> bool:
    return any(i.kind == "lair" and i.position == position for i in state.intruders)


def _is_self_destruct(a: Decision) -> bool:
    return a.get("room") == "generator"


def _errand_step(state: GameState, rng: random.Random, player: int, decisions: tuple[Action, ...]) -> Action | None:
    """One step closer to the target of an errand (chosen at random among those that apply), with
    probability :data:`ERRAND` (:data:`PREFER` for an urgent one)."""
    moves = [a for a, _ in listed(decisions).moves]
    if not moves:
        return None
    draw = rng.random()
    if draw >= max(ERRAND, PREFER):
        return None
    targets, urgent = _errands(state, player)
    if draw >= (PREFER if urgent else ERRAND):
        return None
    target = None if urgent else _companion(state, player)
    if target is None or rng.random() >= BUDDY:
        if not targets:
            return None
        target = targets[rng.randrange(len(targets))]
    closer = closer_moves(state, player, (target,), moves)
    return closer[rng.randrange(len(closer))] if closer else None


def _errands(state: GameState, player: int) -> tuple[list[str], bool]:
    """Where an errand of the module notes takes ``player`` now (board positions), and whether it
    is urgent: a Lair the Airlock Control can seal comes before every other errand."""

    c = state.character(player)
    rooms: dict[str, str] = {}
    airlock = None
    for position in state.config.board.positions:
        room = state.room(position)
        if room.tile == "airlock-control":
            airlock = position  # face down too: a coverage device, not a fair player
        if room.explored and room.tile is not None:
            rooms.setdefault(room.tile, position)
    if airlock is not None and not state.room(airlock).malfunction and _lair_to_seal(state, airlock):
        return ([airlock] if c.position != airlock else []), True
    out: list[str] = []
    if "generator" in rooms and can_start_self_destruct(state):
        out.append(rooms["generator"])
    if "nest" in rooms and state.eggs > 0 and ("egg" in c.hands or len(c.hands) < 2):
        out.append(rooms["nest"])
    if "emergency-room" in rooms and (c.light_wounds or c.serious_wounds):
        out.append(rooms["emergency-room"])
    return [p for p in out if p != c.position], False


def _companion(state: GameState, player: int) -> str | None:
    """Where the nearest other active Character is, when ``player`` holds an Interruption card
    and is alone in the room (a Panic card is interrupted from the same room)."""
    c = state.character(player)
    if not c.hand.count(INTERRUPTION):
        return None
    others = [o.position for o in state.characters if o.player != player and o.active]
    if not others or c.position in others:
        return None
    board = state.config.board
    return min(others, key=lambda p: steps(board, c.position, p))


def _lair_to_seal(state: GameState, airlock: str) -> bool:
    """A Lair in a room the Airlock Control at ``airlock`` could seal: another explored yellow
    room with no Destroyed Door (the targets of :func:`~nemesis_rules.model.rules.rooms_doors.airlock_targets`)."""

    for p in {i.position for i in state.intruders if i.kind == "lair"} - {airlock}:
        tile = state.room(p).tile
        if tile is None or not state.room(p).explored or tables.room_colour(state.config, tile) != "yellow":
            continue
        if all(state.door(c) != "destroyed" for c in doors_of(state, p)):
            return True
    return False
