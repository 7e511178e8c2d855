"""Setup as chance outcomes and player choices (RU-RB p.6-8; void-seeders-rulebook.txt, Setup).

Room tiles into slots, exploration tokens onto tiles, the coordinates card, escape pods,
engine stacks, weaknesses, objectives and the character draft are chance nodes; a player's
choice of character is a decision. Everything else is fixed by the ruleset's tables.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from nemesis_rules.board.graph import Board
from nemesis_rules.board.placement import next_tile_draw, tile_pools
from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.config import GameConfig
from nemesis_rules.model.core.engine import Context, settle
from nemesis_rules.model.core.frames import ChanceNode, Choice, Frame, Step
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import Character, Deck, GameState, Pod, RoomState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules import replaceable
from nemesis_rules.model.rules.round import StartRound


def new_game(config: GameConfig) -> GameState:
    """The state before setup's first chance node: an empty ship, everything in the box."""
    board = config.board
    rooms = tuple(
        RoomState(tile=board.printed_rooms.get(p), explored=p in board.printed_rooms) for p in board.positions
    )
    state = GameState(
        config=config,
        phase="setup",
        round=0,
        pending=(),
        rooms=rooms,
        doors=tuple("open" for _ in config.corridor_ids),
        noise=frozenset(),
        pod_pool=Multiset.of(str(n) for n in tables.pod_numbers(config)),
    )
    state = state.push(
        PlaceTiles(), PlaceExplorationTokens(), CoordinatesDraw(), PlacePods(), EngineSetup(1), SetupRest()
    )
    return settle(state, Context())


@dataclass(frozen=True, slots=True)
class PlaceTiles(Step):
    """Setup steps 2-3: the next empty slot gets a random tile of its pool."""

    def run(self, state: GameState, ctx: Context) -> GameState:
        pools = tile_pools(state.config.ruleset.removed_room_tiles)
        placed = dict(state.placed_tiles)
        nxt = next_tile_draw(state.config.board, pools, placed)
        if nxt is None:
            # every "1" and "2" slot of the ship's 21 numbered rooms now holds a tile
            ctx.fire("base.ship.rooms")
            return state
        return state.push(TileDraw(nxt[0]), PlaceTiles())


@dataclass(frozen=True, slots=True)
class TileDraw(ChanceNode):
    slot: str
    chance = "room-tile"
    clause = "base.setup.room-tiles-1"

    def clause_for(self, state: GameState) -> str:
        """The "2" slots are filled by setup step 2 (worded by each ruleset), the "1" slots by step 3."""
        if state.config.board.kinds[self.slot] == "slot-2":
            return state.config.ruleset.clause("setup.room-tiles-2")
        return self.clause

    def outcomes(self, state: GameState) -> tuple[tuple[str, int], ...]:
        pools = tile_pools(state.config.ruleset.removed_room_tiles)
        nxt = next_tile_draw(state.config.board, pools, dict(state.placed_tiles))
        return nxt[1] if nxt else ()

    def resolve(self, state: GameState, outcome: str, ctx: Context) -> GameState:
        room = state.room(self.slot).evolve(tile=outcome)
        state = state.with_room(self.slot, room)
        return state.evolve(placed_tiles=(*state.placed_tiles, (self.slot, outcome)))


def exploration_positions(state: GameState) -> tuple[str, ...]:
    """Every room tile slot, plus the Engines where the ruleset puts tokens there too."""
    return _exploration_positions(state.config.board, tables.exploration_in_engines(state.config))


@lru_cache(maxsize=16)
def _exploration_positions(board: Board, in_engines: bool) -> tuple[str, ...]:
    """:func:`exploration_positions`, worked out once per board and ruleset (each token placed asks)."""
    slots = tuple(p for p in board.positions if board.kinds[p] != "printed")
    if in_engines:
        slots += tuple(p for p, r in board.printed_rooms.items() if r.startswith("engine"))
    return tuple(sorted(slots))


@dataclass(frozen=True, slots=True)
class PlaceExplorationTokens(Step):
    """Setup step 4: one random exploration token face down on each tile (RU-RB p.6)."""

    def run(self, state: GameState, ctx: Context) -> GameState:
        if not state.exploration_pool and not any(r.token for r in state.rooms):
            state = state.evolve(exploration_pool=tables.exploration_tokens(state.config))
        for position in exploration_positions(state):
            if state.room(position).token is None:
                return state.push(ExplorationDraw(position), PlaceExplorationTokens())
        if clause := state.config.ruleset.clause("setup.exploration-tokens"):
            ctx.fire(clause)
        return state


@dataclass(frozen=True, slots=True)
class ExplorationDraw(ChanceNode):
    position: str
    chance = "exploration-token"
    clause = "base.setup.exploration-tokens"

    def clause_for(self, state: GameState) -> str:
        """Setup step 4 as the game's ruleset words it (Void Seeders adds Lair tokens)."""
        return state.config.ruleset.clause("setup.exploration-tokens")

    def outcomes(self, state: GameState) -> tuple[tuple[str, int], ...]:
        return state.exploration_pool.items()

    def resolve(self, state: GameState, outcome: str, ctx: Context) -> GameState:
        state = state.evolve(exploration_pool=state.exploration_pool.remove(outcome))
        return state.with_room(self.position, state.room(self.position).evolve(token=outcome))


@dataclass(frozen=True, slots=True)
class CoordinatesDraw(ChanceNode):
    """Setup step 5: a random Coordinates card face down; step 6: destination marker on B."""

    chance = "coordinates"
    clause = "base.setup.coordinates"

    def outcomes(self, state: GameState) -> tuple[tuple[str, int], ...]:
        return tuple((card, 1) for card in sorted(tables.coordinates_cards(state.config)))

    def resolve(self, state: GameState, outcome: str, ctx: Context) -> GameState:
        ctx.fire("base.setup.destination")
        return state.evolve(coordinates=outcome, destination="B")


@dataclass(frozen=True, slots=True)
class PlacePods(Step):
    """Setup step 7: 2 pods for 1-2 players, 3 for 3-4, 4 for 5, chosen at random; the lowest
    number to section A, the next to B, alternating; Locked side up."""

    def run(self, state: GameState, ctx: Context) -> GameState:
        want = tables.pods_for(state.config)
        numbers = tables.pod_numbers(state.config)
        drawn = [n for n in numbers if str(n) not in state.pod_pool]
        if len(drawn) < want:
            return state.push(PodDraw(), PlacePods())
        ordered = sorted(drawn)
        pods = tuple(Pod(number=n, section="AB"[i % 2]) for i, n in enumerate(ordered))
        ctx.fire("base.setup.escape-pods", "base.setup.pod-placement")
        if want != tables.base(state.config).escape_pods.count_for(state.config.players):
            ctx.fire("base.de.escape-pods")  # the German overview's four pods at every player count
        return state.evolve(pods=pods)


@dataclass(frozen=True, slots=True)
class PodDraw(ChanceNode):
    chance = "escape-pod"
    clause = "base.setup.escape-pods"

    def outcomes(self, state: GameState) -> tuple[tuple[str, int], ...]:
        return state.pod_pool.items()

    def resolve(self, state: GameState, outcome: str, ctx: Context) -> GameState:
        return state.evolve(pod_pool=state.pod_pool.remove(outcome))


@dataclass(frozen=True, slots=True)
class EngineSetup(Step):
    """Setup step 8: each Engine gets its Working and Damaged token shuffled face down; the top tells."""

    engine: int

    def run(self, state: GameState, ctx: Context) -> GameState:
        if self.engine > 3:
            ctx.fire("base.setup.engines")
            return state
        return state.push(EngineDraw(self.engine), EngineSetup(self.engine + 1))


@dataclass(frozen=True, slots=True)
class EngineDraw(ChanceNode):
    engine: int
    chance = "engine-stack"
    clause = "base.setup.engines"

    def outcomes(self, state: GameState) -> tuple[tuple[str, int], ...]:
        return (("damaged-on-top", 1), ("working-on-top", 1))

    def resolve(self, state: GameState, outcome: str, ctx: Context) -> GameState:
        stack = ("working", "damaged") if outcome == "working-on-top" else ("damaged", "working")
        return state.evolve(engines=(*state.engines, stack))


@dataclass(frozen=True, slots=True)
class SetupRest(Step):
    """Setup steps 9-21: Intruder board, bag, decks, objectives, draft, characters, time marker."""

    def run(self, state: GameState, ctx: Context) -> GameState:
        config = state.config
        decks = tuple((name, Deck(unknown=cards)) for name, cards in tables.shared_decks(config))
        corporate, personal = tables.objective_decks(config)
        state = state.evolve(
            eggs=tables.starting_eggs(config),
            decks=decks,
            token_pool=tables.token_supply(config),
            objective_decks=(corporate, personal),
            draft_pool=Multiset.of(tables.character_names(config)),
            time=tables.time_track_start(config),
        )
        # the Intruder board and the decks beside it as the game's ruleset words them
        ctx.fire(*(c for c in (config.ruleset.clause(s) for s in ("setup.intruder-board", "setup.decks")) if c))
        ctx.fire(
            "base.setup.time-marker",
            "base.setup.board-side",
            "base.setup.printed-rooms",
            "base.setup.token-supply",
            "base.setup.player-numbers",
            "base.setup.start-room",
        )
        # what the decks, the draft pool and the time marker just put into play
        ctx.fire("base.item.decks", "base.contamination.deck", "base.character.roster", "base.time.track")
        hibernatorium = next(p for p, r in config.board.printed_rooms.items() if r == "hibernatorium")
        state = state.evolve(
            characters=tuple(
                Character(player=p, name="", position=hibernatorium) for p in range(1, config.players + 1)
            ),
        )
        frames: list[Frame] = [WeaknessDraw(), WeaknessDraw(), WeaknessDraw()]
        frames.extend(replaceable.bag_setup_frames(state))
        if corporate and personal:
            for player in range(1, config.players + 1):
                frames.extend((ObjectiveDraw(player, 0), ObjectiveDraw(player, 1)))
        else:
            reading = ctx.gap(
                state,
                "base.gap.solo-objectives",
                "base.setup.objectives",
                f"every objective card needs more than {config.players} player(s)",
            )
            if reading == "survival-only":
                state = state.evolve(flags=state.flags | {"survival-only"})
        for player in range(1, config.players + 1):
            frames.extend((DraftDraw(player), DraftDraw(player)))
        frames.append(FinishSetup())
        return state.push(*frames)


@dataclass(frozen=True, slots=True)
class WeaknessDraw(ChanceNode):
    """Setup step 9: three random Weakness cards face down on the Intruder board."""

    chance = "weakness"
    clause = "base.setup.intruder-board"

    def clause_for(self, state: GameState) -> str:
        """Setup step 9 as the game's ruleset words it (the Void Seeder board's Weaknesses)."""
        return state.config.ruleset.clause("setup.intruder-board")

    def outcomes(self, state: GameState) -> tuple[tuple[str, int], ...]:
        return tuple((w, 1) for w in tables.weakness_cards(state.config) if w not in state.weaknesses)

    def resolve(self, state: GameState, outcome: str, ctx: Context) -> GameState:
        return state.evolve(weaknesses=(*state.weaknesses, outcome))


@dataclass(frozen=True, slots=True)
class ObjectiveDraw(ChanceNode):
    """Setup step 16: each player gets 1 Corporate and 1 Personal objective (player-count filter)."""

    player: int
    deck: int
    chance = "objective"
    clause = "base.setup.objectives"

    def outcomes(self, state: GameState) -> tuple[tuple[str, int], ...]:
        return state.objective_decks[self.deck].items()

    def resolve(self, state: GameState, outcome: str, ctx: Context) -> GameState:
        decks = list(state.objective_decks)
        decks[self.deck] = decks[self.deck].remove(outcome)
        state = state.evolve(objective_decks=(decks[0], decks[1]))
        character = state.character(self.player)
        return state.with_character(character.evolve(objectives=(*character.objectives, outcome)))


@dataclass(frozen=True, slots=True)
class DraftDraw(ChanceNode):
    """Setup step 17: a player draws 2 random Character draft cards; the first is held on the
    character as ``draft:<name>`` until the second is drawn."""

    player: int
    chance = "draft-card"
    clause = "base.setup.character-draft"

    def outcomes(self, state: GameState) -> tuple[tuple[str, int], ...]:
        held = _drafted_first(state, self.player)
        return tuple((c, n) for c, n in state.draft_pool.items() if c not in held)

    def resolve(self, state: GameState, outcome: str, ctx: Context) -> GameState:
        held = _drafted_first(state, self.player)
        if not held:
            character = state.character(self.player)
            return state.with_character(character.evolve(name=f"draft:{outcome}"))
        return state.push(DraftChoice(self.player, (held[0], outcome)))


def _drafted_first(state: GameState, player: int) -> tuple[str, ...]:
    name = state.character(player).name
    return (name.removeprefix("draft:"),) if name.startswith("draft:") else ()


@dataclass(frozen=True, slots=True)
class DraftChoice(Choice):
    """The player keeps one of the two drawn characters; the other goes back into the draft deck."""

    offered: tuple[str, str]
    clause = "base.setup.character-draft"

    def options(self, state: GameState) -> tuple[Decision, ...]:
        return tuple(sorted({Decision.make(self.player, "choose-character", character=c) for c in self.offered}))

    def diagnose(self, state: GameState, decision: Decision) -> tuple[str, str]:
        return (f"player {self.player} drew {' and '.join(self.offered)} and must keep one of them", self.clause)

    def resolve(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        name = decision.text("character")
        state = state.evolve(draft_pool=state.draft_pool.remove(name))
        character = state.character(self.player)
        weapon, capacity = tables.starting_weapon(state.config, name)
        character = character.evolve(
            name=name,
            deck=tables.action_deck(state.config, name),
            hands=(weapon,),
            ammo=((weapon, capacity),),
            quests=tuple((q, "inactive") for q in tables.quest_items(state.config, name)),
            insanity=tables.starting_insanity(state.config),
        )
        # the Character is seated with the player who drafted it: decisions of that seat act for it alone
        ctx.fire("base.setup.own-character")
        ctx.fire("base.setup.character-components", "base.setup.starting-weapon-loaded", "base.character.quest-items")
        ctx.fire(
            "base.character.action-deck",
            "base.character.shared-cards",
            "base.character.starting-weapon",
            "base.quest-item.inactive",
        )
        return state.with_character(character)


@dataclass(frozen=True, slots=True)
class FinishSetup(Step):
    """Setup steps 18-21: the ruleset's last additions; the first player token to player 1; round 1."""

    def run(self, state: GameState, ctx: Context) -> GameState:
        state = replaceable.finish_setup(state, ctx)
        hibernatorium = next(p for p, r in state.config.board.printed_rooms.items() if r == "hibernatorium")
        room = state.room(hibernatorium)
        state = state.with_room(hibernatorium, room.evolve(objects=room.objects.add("corpse-blue")))
        ctx.fire("base.setup.first-player", "base.setup.blue-corpse")
        return state.evolve(first_player=1).push(StartRound())
