"""The yardstick: a player that plans its whole turn at once by the work left to win.

No search and no playouts: a few milliseconds a decision. Every position is scored by the
work each seat has left toward both ways to win, in cards (one card, one unused action):

- placing all 30 buildings (:func:`work`): each piece still in a stack needs a draw (half
  of a two-draw turn, ``DRAW`` cards), each stored piece a build (a third of a three-build
  turn, ``BUILD``), and every piece its expected price (:func:`pieces`: none beside an own
  building whose arrow points at it and that still has room, little when that building is
  yet to come, the printed price less a symbol otherwise); the hand (worth less past six
  cards), the amphorae and fewer settlements count against it. Paying a building's
  expected price is then no loss: all 30 must be paid for; paying more than it is.
- joining two shrines: the chain's threat as the normal player counts it
  (heuristics.threat), a rival chain the rival can close on its coming turn (tempo.reach)
  weighs ``CLOSING``, so it is cut, and while a rival chain is short a hand too small to
  pay a block costs (``RESERVE``).

The turn is chosen whole at its start: three builds from the player board played greedily,
two draws valued by what each kind the stack may hold would be worth (built at its best
site or stored), or three cards. Each later decision of the turn re-plans with what the
draw showed. The measured strength is in docs/benchmarks.md ("the yardstick, and strong's building
race").

It reads only public facts and the seat's own hand (through :func:`determinise`); the
stacks' order is never read: a draw is valued by the kinds the stack may hold.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass

from ..actions import Action, Build, DrawBuilding, EndTurn, PlaceTile, SpendAmphora, StoreBuilding
from ..components import BUILDINGS
from ..game import Game
from ..hexes import Hex, neighbours
from ..legality import builds
from ..rng import Rng
from . import heuristics as hx
from . import tempo
from .greedy import instead_of_passing
from .plans import WEIGHED, deciding, done
from .world import View, determinise

#: What the draw of a piece still in a stack costs, in cards: half a turn of two draws.
DRAW = 1.5
#: What the build of a stored piece costs: a third of a turn of three builds.
BUILD = 1.0
#: Expected price of a piece whose arrow's building is still to be placed (free later,
#: mostly).
LATER = 0.8
#: A follower drawn before its arrow's building may wait on the player board: the share
#: of a build action it is expected to cost more.
WAIT = 0.7
#: Symbols lower a printed price by about this much.
SYMBOLS = 1.0
#: An amphora: one more action or a card.
AMPHORA = 1.3
#: Each settlement makes the next one dearer by a card.
SETTLEMENT = 0.6
#: How much of heuristics.threat an own chain, and a rival's, counts.
OWN = 1.0
THEIRS = 1.0
#: A rival chain its owner can close on the coming turn.
CLOSING = 60.0
#: A rival chain this short asks for KEEP cards in hand to pay a block; each card short
#: costs RESERVE for each building the chain is shorter than DANGER + 1.
DANGER = 3
KEEP = 3
RESERVE = 0.8
#: Rival chains at most this long are checked for blocks (a chain search per hex).
WATCH = 8


def printed(kind: str) -> float:
    """The price a piece pays with no arrow: printed cards less about one symbol."""
    b = BUILDINGS[kind]
    return max(0.0, sum(b.cost) + b.any_cost - (2 * SYMBOLS if b.is_road else SYMBOLS))


def hand_value(cards: int) -> float:
    """What a hand is worth: a card each up to HAND, less and less after (heuristics.card_worth),
    so the yardstick does not hoard cards it cannot spend."""
    return sum(hx.card_worth(k) for k in range(1, cards + 1))


def rooms(buildings: dict[Hex, tuple[int, str]], land: set[Hex], seat: int) -> dict[str, int]:
    """Empty neighbours of the seat's buildings, summed by the buildings' kind: where the
    followers of each kind can still be built free."""
    room: dict[str, int] = {}
    for h, (owner, kind) in buildings.items():
        if owner != seat:
            continue
        free = sum(1 for n in neighbours(h) if n in land and n not in buildings)
        if free:
            room[kind] = room.get(kind, 0) + free
    return room


def rooms_after(
    room: dict[str, int],
    board_buildings: dict[Hex, tuple[int, str]],
    land: set[Hex],
    seat: int,
    kind: str,
    h: Hex,
) -> dict[str, int]:
    """:func:`rooms` once the seat builds ``kind`` on the empty hex ``h``."""
    after = dict(room)
    free = 0
    for n in neighbours(h):
        placed = board_buildings.get(n)
        if placed is None:
            free += n in land
        elif placed[0] == seat and after.get(placed[1], 0) > 0:
            after[placed[1]] -= 1
    if free:
        after[kind] = after.get(kind, 0) + free
    return after


def pieces(room: dict[str, int], left: dict[str, int], stored: dict[str, int]) -> float:
    """Expected work in cards for every piece in ``left``: its action (a draw for a piece
    in a stack, a build for a stored one) and its price. A follower is free while an own
    building whose arrow points at it has an empty neighbour (one piece a neighbour), and
    the stored ones take that room first; a follower whose arrow's building is still to
    come pays LATER, and if still in a stack it may have to wait on the player board
    (WAIT: a build action more). ``room`` is :func:`rooms`."""
    room = dict(room)
    total = 0.0
    for kind, n in left.items():
        if n <= 0:
            continue
        held = min(n, stored.get(kind, 0))
        total += BUILD * held + DRAW * (n - held)
        b = BUILDINGS[kind]
        if b.main:
            total += n * printed(kind)
            continue
        space = 0
        for source in b.free_after:
            space += room.get(source, 0)
        free = min(n, space)
        taken = free
        for source in b.free_after:
            take = min(room.get(source, 0), taken)
            if take:
                room[source] -= take
                taken -= take
        rest = n - free
        if not rest:
            continue
        stacked_rest = min(rest, n - held)
        if any(left.get(source, 0) > (1 if source == kind else 0) for source in b.free_after):
            total += rest * LATER + stacked_rest * WAIT
        elif kind == "road" and free == 0:
            total += printed(kind) + (rest - 1) * LATER
        else:
            total += rest * printed(kind)
    return total


@dataclass
class Seat:
    """One seat's counts that the work to place all 30 reads."""

    left: dict[str, int]
    #: Stored pieces by kind, a drawn one still to place included.
    stored: dict[str, int]
    hand: int
    amphorae: int
    settlements: int


def counts(game: Game, seat: int) -> Seat:
    player = game.players[seat]
    stored = dict(player.stored)
    if game.turn.drawn is not None and game.current == seat:
        kind = game.turn.drawn[0]
        stored[kind] = stored.get(kind, 0) + 1
    return Seat(
        hx.remaining(game.board, seat),
        stored,
        sum(player.hand),
        player.amphorae,
        game.board.settlement_count(seat),
    )


def work(room: dict[str, int], s: Seat) -> float:
    """Cards of work left to place all 30 (see the module's note); ``room`` is :func:`rooms`."""
    return (
        pieces(room, s.left, s.stored)
        - hand_value(s.hand)
        - AMPHORA * s.amphorae
        + SETTLEMENT * s.settlements
    )


class Plan:
    """One decision's scoring: the seat's work, its chain, the rivals' chains."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.seat = seat = game.current
        self.board = game.board
        self.land = set(game.board.landscape)
        self.me = counts(game, seat)
        self.room = rooms(game.board.buildings, self.land, seat)
        self.mine = hx.chains(game.board, seat)
        self.rivals = [
            (s, hx.chains(game.board, s), tempo.reach(game, s))
            for s in range(len(game.players))
            if s != seat
        ]
        self.blocked: dict[tuple[int, Hex], int] = {}
        self.now = self.score(
            work(self.room, self.me),
            self.me.hand,
            self.mine.length,
            [c.length for _, c, _ in self.rivals],
        )

    def score(self, mine: float, hand: int, chain: int, rivals: list[int]) -> float:
        """The seat's standing: its work left (``mine``, cards), its shrine chain, the
        rivals' chains, and a hand kept for a block while a rival chain is short."""
        if chain <= 0:
            return hx.WIN
        value = -mine + OWN * hx.threat(chain)
        danger = 0
        for (_, _, reach), length in zip(self.rivals, rivals, strict=True):
            value -= THEIRS * hx.threat(length) / len(self.rivals)
            if length <= reach:
                value -= CLOSING
            danger = max(danger, DANGER + 1 - length)
        return value - RESERVE * danger * max(0, KEEP - hand)

    def rival_after(self, h: Hex) -> list[int]:
        lengths = []
        for rival, theirs, _ in self.rivals:
            length = theirs.length
            if length <= WATCH and theirs.through.get(h, hx.FAR) == length:
                key = (rival, h)
                if key not in self.blocked:
                    self.blocked[key] = hx.chains(self.board, rival, blocked=h).length
                length = self.blocked[key]
            lengths.append(length)
        return lengths

    def built(self, kind: str, h: Hex, paid: int, source: str) -> float:
        """The score after building ``kind`` on ``h`` for ``paid`` cards; ``source`` is
        where the piece comes from: ``stored`` (a drawn one waiting included) or ``stack``."""
        me = self.me
        left = dict(me.left)
        left[kind] -= 1
        seat = self.seat
        buildings = self.board.buildings
        new = not any(buildings.get(n, (-1, ""))[0] == seat for n in neighbours(h))
        stored = dict(me.stored)
        if source == "stack":
            pass
        else:
            stored[kind] -= 1
        after = Seat(left, stored, me.hand - paid, me.amphorae, me.settlements + new)
        done = hx.PER_PLAYER - sum(left.values())
        if done >= hx.PER_PLAYER:
            return hx.WIN
        mine = work(rooms_after(self.room, buildings, self.land, seat, kind, h), after)
        if hx.completes_group(self.board, seat, kind, h, self.game.players[seat].rewarded):
            mine -= AMPHORA
        chain = min(self.mine.length, self.mine.through.get(h, hx.FAR) - 1)
        return self.score(mine, after.hand, chain, self.rival_after(h))

    def stored(self, kind: str | None = None) -> float:
        """The score with ``kind`` drawn and stored (None: as it is)."""
        me = self.me
        stored = dict(me.stored)
        if kind is not None:
            stored[kind] = stored.get(kind, 0) + 1
        after = Seat(me.left, stored, me.hand, me.amphorae, me.settlements)
        return self.score(
            work(self.room, after),
            after.hand,
            self.mine.length,
            [c.length for _, c, _ in self.rivals],
        )

    def best_build(self, options: list[Build], source: str) -> tuple[float, Build | None]:
        return done(self.weighing(options, source))

    def weighing(
        self, options: list[Build], source: str
    ) -> Generator[None, None, tuple[float, Build | None]]:
        """:meth:`best_build`, yielding after every WEIGHED builds (a build on a rival's
        chain costs a chain search)."""
        top, best = -1e18, None
        for i, a in enumerate(options):
            if i and i % WEIGHED == 0:
                yield
            v = self.built(a.building, a.hex, sum(a.payment), source)
            if v > top:
                top, best = v, a
        return top, best

    def draw_gain(self) -> Generator[None, None, dict[int, float]]:
        """Expected gain of one draw from each stack: each kind it may hold, built at its
        best site or stored, whichever scores higher, weighed by how many there are. Only
        the stacks' sizes and what the seat has not placed or stored are read, never their
        order. Yields between kinds."""
        game, seat = self.game, self.seat
        player = game.players[seat]
        unseen = dict(self.me.left)
        for kind, n in player.stored.items():
            unseen[kind] -= n
        mains = {k: n for k, n in unseen.items() if n > 0 and BUILDINGS[k].main}
        others = {k: n for k, n in unseen.items() if n > 0 and not BUILDINGS[k].main}
        kinds = sorted(set(mains) | set(others))
        # One pricing of every site for all kinds at once (each site's neighbourhood is
        # read once), then each kind weighed on its own.
        by_kind: dict[str, list[Build]] = {kind: [] for kind in kinds}
        for option in builds(game, kinds):
            by_kind[option.building].append(option)
        worth: dict[str, float] = {}
        for kind in kinds:
            yield
            top, _ = yield from self.weighing(by_kind[kind], "stack")
            worth[kind] = max(top, self.stored(kind))
        gains: dict[int, float] = {}
        for i, stack in enumerate(player.stacks):
            pool = mains if i == 0 else others
            total = sum(pool.values())
            if not stack or not total:
                continue
            gains[i] = sum(worth[k] * n for k, n in pool.items()) / total - self.now
        return gains


def build_turn(game: Game, limit: int) -> Generator[None, None, tuple[float, Build | None]]:
    """The gain of builds from the player board played greedily, each while it gains more
    than the card its unused action would bring, and the first of them. Yields between
    builds; the builds stand pushed on the game meanwhile and are taken back at the end."""
    total = 0.0
    first: Build | None = None
    pushed = 0
    seat = game.current
    for _ in range(limit):
        if game.winner is not None:
            break
        yield
        plan = Plan(game)
        options = builds(game, sorted(game.players[seat].stored))
        value, action = yield from plan.weighing(options, "stored")
        card = hx.card_worth(sum(game.players[seat].hand) + 1)
        if action is None or value - plan.now <= card:
            break
        total += value - plan.now - card
        first = first or action
        game.push(action)
        pushed += 1
        if value >= hx.WIN:
            break
    for _ in range(pushed):
        game.pop()
    return total, first


def choose(game: Game) -> Action:
    """The yardstick's action for the seat to play."""
    return done(choosing(game))


def choosing(game: Game) -> Generator[None, None, Action]:
    """:func:`choose` as a generator that yields between the parts of its plan (a few
    chain searches each), so the strong level's playouts, which finish the seat's turn
    with it, keep a page's slices short. The action is the same."""
    legal = game.legal_actions()
    if len(legal) == 1:
        return legal[0]
    turn = game.turn
    if turn.tile is not None or isinstance(legal[0], PlaceTile):
        return (yield from deciding(game))
    plan = Plan(game)
    if turn.drawn is not None:
        now = plan.now
        value, action = yield from plan.weighing(
            [a for a in legal if isinstance(a, Build)], "stored"
        )
        return action if action is not None and value > now else StoreBuilding()
    player = game.players[plan.seat]
    card = hx.card_worth(sum(player.hand) + 1)
    may_act = not turn.cards_taken and turn.used < turn.allowance(2, 3)
    amphora = SpendAmphora("action") in legal
    if turn.mode == "build":
        options = builds(game, sorted(player.stored))
        value, action = yield from plan.weighing(options, "stored")
        gain = value - plan.now
        if may_act and action is not None and gain > card:
            return action
        if not may_act and amphora and action is not None and gain > AMPHORA:
            return SpendAmphora("action")
        return EndTurn()
    if turn.mode == "draw":
        gains = yield from plan.draw_gain()
        if gains:
            stack = max(gains, key=lambda i: (gains[i], -i))
            if may_act and gains[stack] > card:
                return DrawBuilding(stack)
            if not may_act and amphora and gains[stack] > AMPHORA:
                return SpendAmphora("action")
        return EndTurn()
    # A fresh turn: three builds, two draws or three cards, whichever gains most.
    build_gain, first = yield from build_turn(game, 3)
    gains = yield from plan.draw_gain()
    draw_total, stack = -1e18, -1
    if gains:
        stack = max(gains, key=lambda i: (gains[i], -i))
        g = gains[stack]
        draw_total = g + max(g, card) - 3.0 * card
    if first is not None and build_gain >= draw_total and build_gain > 0.0:
        return first
    if stack >= 0 and draw_total > 0.0:
        return DrawBuilding(stack)
    move = instead_of_passing(game, legal, first)
    return EndTurn() if move is None else move


class YardstickPlayer:
    """A whole turn planned at once by the work left to win; a few milliseconds."""

    name = "yardstick"

    def choose(self, view: View, rng: Rng) -> Action:
        return choose(determinise(view, rng))


def standing(game: Game, seat: int) -> float:
    """A seat's standing by the yardstick's measure: its work left to place all 30 (less is
    better) and its shrine chain's threat, in cards."""
    if game.winner is not None:
        return hx.WIN if game.winner == seat else -hx.WIN
    board = game.board
    own = work(rooms(board.buildings, set(board.landscape), seat), counts(game, seat))
    return -own + OWN * hx.threat(hx.chains(game.board, seat).length)


def margin(game: Game, seat: int) -> float:
    """The seat's standing less that of the best placed other seat (heuristics.margin's
    counterpart, for a search that scores the ends of its look-ahead by work left)."""
    if game.winner is not None:
        return hx.WIN if game.winner == seat else -hx.WIN
    mine = standing(game, seat)
    return mine - max(standing(game, s) for s in range(len(game.players)) if s != seat)
