"""A position's score by the yardstick's measure: the work left to win either way.

Placing all 30 buildings is counted by work_left.py. Joining two shrines is counted by the
chain's threat as the normal player counts it (heuristics.threat); a rival chain the rival
can close on its coming turn (tempo.reach) weighs ``CLOSING``, so it is cut, and while a
rival chain is short a hand too small to pay a block costs (``RESERVE``). :class:`Plan`
scores one decision's options; :func:`margin` scores the end of a strong playout.
"""

from __future__ import annotations

from collections.abc import Generator

from ..actions import Build
from ..game import Game
from ..hexes import Hex, neighbours
from . import heuristics as hx
from . import tempo
from .plans import WEIGHED
from .work_left import AMPHORA, Seat, counts, rooms, rooms_after, work

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

    def weighing(
        self, options: list[Build], source: str
    ) -> Generator[None, None, tuple[float, Build | None]]:
        """The best of ``options`` and its score, yielding after every WEIGHED builds (a
        build on a rival's chain costs a chain search)."""
        top, best = -1e18, None
        for i, a in enumerate(options):
            if i and i % WEIGHED == 0:
                yield
            v = self.built(a.building, a.hex, sum(a.payment), source)
            if v > top:
                top, best = v, a
        return top, best


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
