"""The normal player's turn planning: which builds, in which order, or draw, or take cards.

At the start of a turn three plans are weighed in cards (see heuristics.py): a
build turn (the best build, applied, then the best next one, while a build is
worth more than the card its action would bring), a draw turn (the expected
worth of two draws from the best stack) and taking three cards. The first step
of the best plan is played, and the plan is made again at the next decision,
so the turn adapts to what a draw reveals.

Every input is something the seat may see, so any determinisation of its view
gives the same decisions: :func:`decide` needs no random numbers at all.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field

from ..actions import Action, Build, DrawBuilding, EndTurn, PlaceTile, SpendAmphora, StoreBuilding
from ..components import BUILDINGS, COMPONENTS
from ..game import Game
from ..hexes import Hex, distance, neighbours
from ..legality import builds
from . import heuristics as hx
from .base import done
from .greedy import cards_to_take

#: Opponents whose chain is at most this long are watched for blocks (longer ones
#: are far from winning, and the exact block search costs a search per hex).
WATCH = 8
#: A rival this close to a shrine win makes cards dearer (RESERVE times): they pay the block.
DANGER = 3
RESERVE = 1.6
#: Share of a rival's threat credited for taking one of several hexes on its shortest chains.
SPLIT = 0.4
#: Own chains this long or shorter are built wide (see :func:`fork_value`), and a wide
#: chain is worth up to FORK times what one block would cost it. Measured on 200-game
#: matches: the shrine win rises from 3-4% to 8-19% of normal self-play, the player is as
#: strong as without it against the normal player, a few points weaker as one against three
#: easy racers (docs/balance.md, "How the shrine goal was reached").
FORK_FROM = 8
FORK = 8.0


@dataclass(frozen=True)
class Style:
    """Which of the normal player's later measures a policy uses. The sparring partners
    that stand for fixed opponents (the one-turn planner, strong-1) finish their turns with
    the policy they were first measured with (FIRST), so that a change to the normal level
    is measured against the same opponents, not against opponents it also strengthens."""

    #: Lay tiles away from rivals' shrine chains (:func:`tile_race`).
    tiles: bool = True


#: The normal level's policy.
NORMAL = Style()
#: The policy of issue 29's first measurements, before tile_race.
FIRST = Style(tiles=False)


@dataclass
class Situation:
    """What one decision needs about the position, computed once per position."""

    game: Game
    seat: int
    mine: hx.Chains
    rivals: list[tuple[int, hx.Chains]]
    left: dict[str, int]
    #: What one card (or one unused action) is worth to the seat now.
    card: float
    block_cache: dict[tuple[int, Hex], int] = field(default_factory=dict)
    #: fork_value per hex: every kind and payment for a hex shares it.
    fork_cache: dict[Hex, float] = field(default_factory=dict)
    ways_cache: dict[int, int] = field(default_factory=dict)

    @classmethod
    def of(cls, game: Game) -> Situation:
        seat = game.current
        board = game.board
        rivals = [(s, hx.chains(board, s)) for s in range(len(game.players)) if s != seat]
        card = hx.card_worth(sum(game.players[seat].hand))
        if any(theirs.length <= DANGER for _, theirs in rivals):
            # Blocking a chain about to close costs cards: keep them at hand.
            card *= RESERVE
        return cls(game, seat, hx.chains(board, seat), rivals, hx.remaining(board, seat), card)

    def ways(self, rival: int) -> int:
        """How many empty hexes lie on one of the rival's shortest chains."""
        if rival not in self.ways_cache:
            theirs = dict(self.rivals)[rival]
            self.ways_cache[rival] = sum(1 for n in theirs.through.values() if n == theirs.length)
        return self.ways_cache[rival]

    def blocked_length(self, rival: int, h: Hex) -> int:
        key = (rival, h)
        if key not in self.block_cache:
            self.block_cache[key] = hx.chains(self.game.board, rival, blocked=h).length
        return self.block_cache[key]


def build_value(sit: Situation, action: Build) -> float:
    """What placing this building is worth to the seat, its payment subtracted."""
    game = sit.game
    board = game.board
    seat = sit.seat
    kind, h = action.building, action.hex
    player = game.players[seat]
    if player.built + 1 >= hx.PER_PLAYER:
        return hx.WIN
    value = hx.BUILDING - sit.card * sum(action.payment)
    mine = sit.mine
    through = mine.through.get(h, hx.FAR)
    if through <= mine.length:
        now = through - 1
        if now <= 0:
            return hx.WIN
        value += hx.threat(now) - hx.threat(mine.length)
        value += fork_value(sit, h)
    for rival, theirs in sit.rivals:
        if theirs.length <= WATCH and theirs.through.get(h, hx.FAR) == theirs.length:
            after = sit.blocked_length(rival, h)
            if after > theirs.length:
                value += hx.threat(theirs.length) - hx.threat(after)
            else:
                # One of several equally short ways: taking it leaves fewer to block later.
                value += hx.threat(theirs.length) * SPLIT / sit.ways(rival)
    left = sit.left
    value += hx.follow_potential(board, seat, kind, h, left)
    value -= hx.crowding(board, seat, kind, h, left)
    own_near = hx.touches_own(board, seat, h)
    if not own_near:
        value -= hx.SETTLE
    if hx.completes_group(board, seat, kind, h, player.rewarded):
        value += hx.AMPHORA
    elif own_near and hx.same_group_near(board, seat, kind, h):
        value += 0.2
    return value


def fork_value(sit: Situation, h: Hex) -> float:
    """Worth of building on ``h`` for how hard the seat's chain is to cut afterwards.

    Every rival blocks a chain one hex at a time, so a chain with several empty hexes on
    its shortest ways to close (up to 4 counted) survives a block that would lengthen a
    narrow one: the wider, the more of that block's cost the building saves."""
    mine = sit.mine
    if not 2 <= mine.length <= FORK_FROM or mine.through.get(h) != mine.length:
        return 0.0
    if h not in sit.fork_cache:
        after = hx.chains(sit.game.board, sit.seat, built=h)
        ways = sum(1 for n in after.through.values() if n == after.length)
        wide = hx.threat(after.length) - hx.threat(after.length + 1)
        sit.fork_cache[h] = FORK * min(ways, 4) / 4 * wide
    return sit.fork_cache[h]


#: Builds weighed between two yields of :func:`deciding` (each may make a chain search
#: per rival): a 4-player plan weighs a hundred and more.
WEIGHED = 12


def best_build(sit: Situation, options: list[Build]) -> tuple[float, Build | None]:
    return done(weighing(sit, options))


def weighing(
    sit: Situation, options: list[Build]
) -> Generator[None, None, tuple[float, Build | None]]:
    """:func:`best_build`, yielding after every WEIGHED builds weighed."""
    best: Build | None = None
    top = -1e9
    for i, action in enumerate(options):
        if i and i % WEIGHED == 0:
            yield
        v = build_value(sit, action)
        if v > top:
            top, best = v, action
    return top, best


def _stack_pools(game: Game, seat: int, left: dict[str, int]) -> tuple[list[str], list[str]]:
    """The seat's buildings still face down: main ones (stack 0) and the others."""
    player = game.players[seat]
    unseen = dict(left)
    for kind, n in player.stored.items():
        unseen[kind] -= n
    if game.turn.drawn is not None:
        unseen[game.turn.drawn[0]] -= 1
    mains = [k for k, n in unseen.items() if BUILDINGS[k].main for _ in range(n)]
    others = [k for k, n in unseen.items() if not BUILDINGS[k].main for _ in range(n)]
    return mains, others


def draw_values(sit: Situation) -> dict[int, float]:
    """Expected worth of one draw from each non-empty stack: build it at once or store it.

    Cheap on purpose (it runs in every rollout): a kind is worth a free build when an
    own building's arrow points at it from beside an empty hex, otherwise its printed
    cost less one symbol, if the hand can pay, or the worth of keeping it.
    """
    game = sit.game
    board = game.board
    seat = sit.seat
    player = game.players[seat]
    hand = sum(player.hand)
    mains, others = _stack_pools(game, seat, sit.left)
    sources = {
        kind for h, (s, kind) in board.buildings.items() if s == seat and hx.empty_around(board, h)
    }
    worth: dict[str, float] = {}
    # Keeping one more is worth less the more already wait on the player board.
    keep = hx.STORED * max(0.2, 1.0 - player.in_storage() / 8)
    for kind in set(mains) | set(others):
        b = BUILDINGS[kind]
        if not b.free_after.isdisjoint(sources):
            worth[kind] = hx.BUILDING + 0.5
            continue
        price = max(0, sum(b.cost) + b.any_cost - 2)
        quick = hx.BUILDING - sit.card * price - hx.SETTLE if hand >= price else 0.0
        worth[kind] = max(keep, quick)
    values: dict[int, float] = {}
    # A board running out of room grows only when a stack runs out.
    crowded = max(0.0, 6.0 - len(board.empty_sites())) if game.tile_stack else 0.0
    for i, stack in enumerate(player.stacks):
        if not stack:
            continue
        pool = mains if i == 0 else others
        if not pool:
            continue
        v = sum(worth[k] for k in pool) / len(pool)
        if game.tile_stack:
            v += (0.6 if len(stack) == 1 else 0.0) + crowded / len(stack)
        values[i] = v
    return values


def build_plan(game: Game, limit: int) -> tuple[float, Build | None]:
    """Worth of the best sequence of up to ``limit`` builds from storage, and its first build.

    Each step plays the best build (``push``, taken back with ``pop`` at the end), so a
    quarry then a free fortress next to it, or a chain closed by the second build, are
    found.
    """
    return done(planning(game, limit))


def planning(game: Game, limit: int) -> Generator[None, None, tuple[float, Build | None]]:
    """:func:`build_plan`, yielding between its steps (a step of a 4-player plan takes
    milliseconds). Between yields the plan's builds stand pushed on the game; at the end
    they are taken back."""
    total = 0.0
    first: Build | None = None
    pushed = 0
    for _ in range(limit):
        if game.winner is not None:
            break
        sit = Situation.of(game)
        options = builds(game, sorted(game.players[sit.seat].stored))
        value, action = yield from weighing(sit, options)
        if action is None or value <= sit.card:
            break
        if game.turn.used >= game.turn.allowance(2, 3):
            if not game.players[sit.seat].amphorae or value <= sit.card + hx.AMPHORA:
                break
            game.push(SpendAmphora("action"))
            pushed += 1
            total -= hx.AMPHORA
        total += value - sit.card
        if first is None:
            first = action
        game.push(action)
        pushed += 1
    for _ in range(pushed):
        game.pop()
    return total, first


def tile_race(game: Game, centre: Hex, before: list[int]) -> float:
    """What laying the tile at ``centre`` does to the shrine race, in cards: new land can
    join two shrines, so it shortens the seat's own chain (worth the threat it gains) or
    a rival's (the threat handed over, lost). Every rotation covers the same hexes, so one
    look per centre serves all six. Measured on 40 games of one normal against three easy
    players (seeds 2000..): 6 of the easy players' 10 shrine wins came right after normal
    laid a tile that shortened their chains, from no route or 4-5 buildings to 2-3.
    ``before`` holds every seat's chain length now."""
    seat = game.current
    players = range(len(game.players))
    game.push(PlaceTile(centre, 0))
    after = [hx.chains(game.board, s).length for s in players]
    game.pop()
    value = 0.0
    for s in players:
        gain = hx.threat(after[s]) - hx.threat(before[s])
        value += gain if s == seat else -gain
    return value


def place_tile(game: Game, options: list[PlaceTile], style: Style = NORMAL) -> PlaceTile:
    """Lay new land where it does not open a shrine chain for a rival (:func:`tile_race`),
    next to own buildings, away from others', turned so its symbols lie by own buildings
    (they lower the price of the next builds there)."""
    return done(placing(game, options, style))


def placing(
    game: Game, options: list[PlaceTile], style: Style = NORMAL
) -> Generator[None, None, PlaceTile]:
    """:func:`place_tile`, yielding after every centre weighed (a chain search per seat):
    a board with twenty places for a tile would otherwise be one step of eighty searches."""
    seat = game.current
    board = game.board
    own = [h for h, (s, _) in board.buildings.items() if s == seat]
    if not own:
        return options[0]
    rivals = [h for h, (s, _) in board.buildings.items() if s != seat]
    tile = COMPONENTS.tiles[game.turn.tile or ""]
    near_own = {n for h in own for n in neighbours(h)}
    before = [hx.chains(board, s).length for s in range(len(game.players))] if style.tiles else []
    place: dict[Hex, float] = {}
    best = options[0]
    top = -1e9
    for option in options:
        centre = option.centre
        if centre not in place:
            d_own = min(distance(centre, h) for h in own)
            d_rival = min((distance(centre, h) for h in rivals), default=9)
            near = -3.0 * d_own + 0.5 * min(d_rival, 4)
            race = 0.0
            if style.tiles:
                yield
                race = tile_race(game, centre, before)
            place[centre] = race + (near if d_own <= 3 else -1e6 - d_own)
        score = place[centre]
        if score > -1e6:
            for h, land in tile.hexes(centre, option.rotation).items():
                if land is not None and h in near_own:
                    score += 0.5
        if score > top:
            top, best = score, option
    return best


def decide(game: Game, style: Style = NORMAL) -> Action:
    """The normal player's action in ``game`` for the seat to play."""
    return done(deciding(game, style))


def deciding(game: Game, style: Style = NORMAL) -> Generator[None, None, Action]:
    """:func:`decide` as a generator that yields between the parts of its plan, so a page
    thinking in slices (the strong level's playouts) never waits long for one decision.
    Yields nothing but time: the action is the same."""
    legal = game.legal_actions()
    if len(legal) == 1:
        return legal[0]
    turn = game.turn
    if turn.tile is not None:
        return (yield from placing(game, [a for a in legal if isinstance(a, PlaceTile)], style))
    sit = Situation.of(game)
    if turn.drawn is not None:
        value, action = yield from weighing(sit, [a for a in legal if isinstance(a, Build)])
        if action is not None and value > hx.STORED:
            return action
        return StoreBuilding()
    player = game.players[sit.seat]
    may_act = not turn.cards_taken and turn.used < turn.allowance(2, 3)
    amphora = SpendAmphora("action") in legal
    if turn.mode == "build":
        if may_act:
            value, action = yield from weighing(sit, [a for a in legal if isinstance(a, Build)])
            if action is not None and value > sit.card:
                return action
        elif amphora:
            value, action = yield from weighing(sit, builds(game, sorted(player.stored)))
            if action is not None and value > sit.card + hx.AMPHORA:
                return SpendAmphora("action")
        return EndTurn()
    if turn.mode == "draw":
        draws = draw_values(sit)
        if draws:
            stack = max(draws, key=lambda i: (draws[i], -i))
            if may_act and draws[stack] > sit.card:
                return DrawBuilding(stack)
            if not may_act and amphora and draws[stack] > sit.card + hx.AMPHORA:
                return SpendAmphora("action")
        return EndTurn()
    # A fresh turn: weigh building, drawing and taking cards.
    plan_value, first = yield from planning(game, 3 + min(player.amphorae, 2))
    draws = draw_values(sit)
    draw_value = -1e9
    stack = -1
    if draws:
        stack = max(draws, key=lambda i: (draws[i], -i))
        draw_value = 2 * draws[stack]
    cards_value = 3 * sit.card
    plan_total = plan_value + 3 * sit.card
    if first is not None and plan_total >= draw_value and plan_total > cards_value:
        return first
    if stack >= 0 and draw_value > cards_value:
        return DrawBuilding(stack)
    if not cards_to_take(game):
        # Ending the turn would bring nothing: build the best or draw rather than pass.
        _, dear = yield from weighing(sit, [a for a in legal if isinstance(a, Build)])
        if dear is not None:
            return dear
        if stack >= 0:
            return DrawBuilding(stack)
    return EndTurn()
