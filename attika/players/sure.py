"""What a seat can surely do this turn: cut a rival's shrine chain, or close its own.

"Surely" means with sure actions alone: builds from the player board at a price the hand
pays (free builds included) and amphorae spent for an action. Drawing is left out, since
what it brings is hidden. The strong level and the hint use this as a guard
(:func:`guarding`): when the next player's chain could close on its coming turn and a sure
line cuts it, they cut it. Without the guard strong weighed the cut against its plans in
sampled worlds, and let such chains stand when the sampled rival did not close them
(docs/benchmarks.md, "Strong never lets a stoppable chain stand").

Everything read is public (the board, reach from hand sizes and player boards) or the
seat's own (its hand and player board), so a world dealt from the seat's view gives the
same answer as the real game. The searches yield every few positions, as the strong
level's playouts do, so a page thinking in slices never waits long for them; :func:`guard`,
:func:`sure_cut` and :func:`sure_close` run them to the end at once.
"""

from __future__ import annotations

from collections.abc import Callable, Generator

from ..actions import Action, Build, SpendAmphora
from ..game import Game
from ..hexes import Hex
from ..legality import legal_actions
from . import heuristics as hx
from .base import done
from .tempo import reach, threatens

#: Sure actions in one turn, at most: three builds, and amphorae each buying an action and
#: a build (a player holds few at once).
DEPTH = 7
#: Positions a sure-cut search visits at most. A turn holds three builds and what amphorae
#: add; with the chain's few hexes and failed positions remembered, the searches of 80
#: audited games stayed far below this (docs/benchmarks.md), so it only guards against a
#: board never seen.
NODES = 5000
#: Positions the sure-close search visits before it answers no: a chain as long as the
#: turn's builds, with many ways and kinds to try, took 2,000 positions (a quarter of a
#: second on CPython) to refute; cut short, the guard cuts rather than hoping to close.
CLOSE_NODES = 400
#: Positions visited between two yields.
STEP = 16

#: How many actions are needed at least (0: done) and on which hexes the next build must
#: stand, for a search's goal, in a position.
Needs = Callable[[Game], tuple[int, set[Hex]]]
Steps = Generator[None, None, list[Action] | None]


def guarding(game: Game, seat: int) -> Steps:
    """The actions the seat must choose among now so as not to lose a race it can stop:
    when the next player's chain threatens to close on its coming turn
    (:func:`tempo.threatens`), sure actions can push it past the rival's reach, and the
    seat cannot win first with sure actions of its own, the first actions of the cutting
    lines; else None, and the seat chooses freely.

    Only the next player is guarded: a later rival may still be cut by those between. The
    rival's hand is hidden, so whether it could really pay for its closing builds is not
    known: the guard cuts whenever the rival's public reach covers its chain."""
    rival = (seat + 1) % len(game.players)
    if rival == seat or not threatens(game, rival):
        return None
    cuts = yield from cutting(game, seat, rival)
    if cuts is None:
        return None
    if threatens(game, seat) and (yield from closing(game, seat, CLOSE_NODES)):
        return None
    return cuts


def guard(game: Game, seat: int) -> list[Action] | None:
    """:func:`guarding` at once."""
    return done(guarding(game, seat))


def cutting(game: Game, seat: int, rival: int) -> Steps:
    """The first actions of every shortest line of ``seat``'s sure actions this turn that
    pushes ``rival``'s chain past the rival's reach (:func:`tempo.reach`); None if none does.

    Complete for sure actions: blocks that lengthen the shortest chain must touch every
    shortest way, so each block in turn can be taken from the hexes on the shortest ways
    at that moment. Each build is tried at its cheapest payment only
    (``Game.legal_actions``); another payment of the same build, keeping other cards for
    the next block, is not tried. The game is left as it was (push and pop)."""
    beyond = reach(game, rival)

    def needs(g: Game) -> tuple[int, set[Hex]]:
        theirs = hx.chains(g.board, rival)
        if theirs.length > beyond:
            return 0, set()
        return 1, {h for h, n in theirs.through.items() if n == theirs.length}

    return (yield from _line(game, seat, needs, NODES))


def sure_cut(game: Game, seat: int, rival: int) -> list[Action] | None:
    """:func:`cutting` at once."""
    return done(cutting(game, seat, rival))


def closing(game: Game, seat: int, nodes: int = CLOSE_NODES) -> Generator[None, None, bool]:
    """True if the seat can win this turn with sure actions alone: builds along its
    shortest chain (a build that wins otherwise, the 30th, counts too) and amphorae for
    more builds. Gives up, answering False, after ``nodes`` positions."""

    def needs(g: Game) -> tuple[int, set[Hex]]:
        if g.winner == seat:
            return 0, set()
        mine = hx.chains(g.board, seat)
        builds = g.actions_left()
        if mine.length > builds + g.players[seat].amphorae:
            return DEPTH + 1, set()
        # Each build past the turn's own is bought first with an amphora: one action more.
        least = mine.length + max(0, mine.length - builds)
        return least, {h for h, n in mine.through.items() if n == mine.length}

    return bool((yield from _line(game, seat, needs, nodes)))


def sure_close(game: Game, seat: int, nodes: int = CLOSE_NODES) -> bool:
    """:func:`closing` at once (False at once when the chain is beyond the seat's reach)."""
    return threatens(game, seat) and done(closing(game, seat, nodes))


def _line(game: Game, seat: int, needs: Needs, nodes: int) -> Steps:
    """First actions of the shortest lines of sure actions after which ``needs`` says
    nothing more is needed; None if there is none within the turn (or within ``nodes``)."""
    least, _ = needs(game)
    if game.current != seat or game.winner is not None or least == 0:
        return None
    search = _Search(seat, needs, nodes)
    for depth in range(max(1, least), DEPTH + 1):
        _, hexes = needs(game)
        starts = []
        for action in _sure_actions(game, hexes):
            if (yield from search.reaches(game, action, depth - 1)):
                starts.append(action)
        if starts:
            return starts
        if search.visits >= nodes:
            return None
    return None


def _sure_actions(game: Game, hexes: set[Hex]) -> list[Action]:
    if not hexes:
        return []
    return [
        a
        for a in legal_actions(game, hexes)
        if isinstance(a, Build) or (isinstance(a, SpendAmphora) and a.use == "action")
    ]


def _key(game: Game) -> tuple[object, ...]:
    """A position within the turn: what was built, the hand, amphorae and the turn's state
    (the same builds in another order reach the same key)."""
    player = game.players[game.current]
    return (
        frozenset(game.board.buildings.items()),
        tuple(player.hand),
        player.amphorae,
        tuple(sorted(vars(game.turn).items())),
    )


class _Search:
    """One depth-bounded search: positions already refuted at a depth, and the count."""

    def __init__(self, seat: int, needs: Needs, nodes: int) -> None:
        self.seat = seat
        self.needs = needs
        self.nodes = nodes
        self.visits = 0
        self.failed: dict[tuple[object, ...], int] = {}

    def reaches(self, game: Game, action: Action, depth: int) -> Generator[None, None, bool]:
        """Whether ``action`` and at most ``depth`` more sure actions reach the goal."""
        self.visits += 1
        if self.visits % STEP == 0:
            yield
        game.push(action)
        try:
            least, hexes = self.needs(game)
            if least == 0:
                return True
            if least > depth or game.current != self.seat or game.winner is not None:
                return False
            key = _key(game)
            if self.failed.get(key, -1) >= depth or self.visits >= self.nodes:
                return False
            for follow in _sure_actions(game, hexes):
                if (yield from self.reaches(game, follow, depth - 1)):
                    return True
            self.failed[key] = depth
            return False
        finally:
            game.pop()
