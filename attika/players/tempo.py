"""The shrine race as tempo: who closes first, given the blocks each side can still make.

A chain two buildings short is worth little if its owner cannot place two buildings on
its next turn, and a great deal if it can and nobody can cut it before then. The strong
level scores the end of each look-ahead (the start of its own turn) with this:

- its own chain closes if it is no longer than the buildings it can place this turn
  (:func:`reach`), and nobody moves before it: a near-certain win;
- a rival's chain closes on that rival's coming turn if it is no longer than the rival's
  reach, unless this seat can lengthen it past that reach with the builds it has this
  turn (:func:`blocks_needed`, greedy: each block the one that lengthens the chain most).
  Then the seat loses unless it spends that many builds blocking, which costs them, and
  it must be able to pay for the first of them (:func:`can_pay_cut`): a cut the board
  allows but the hand cannot pay is no cut. Before this, a seat with no cards was credited
  with a block it could not make, and kept spending its cards on its own plans while a
  rival's chain stood one building from closing (seed 5001 of strong against normal:
  five turns of it, then the rival closed).

Everything read here is public (board, player boards, hand sizes, amphorae) or the
scoring seat's own (its hand, which pays its cuts), so it is fair on any world dealt from
the seat's view.
"""

from __future__ import annotations

from collections.abc import Callable

from ..actions import Action, Build, SpendAmphora
from ..board import Board
from ..game import Game
from ..hexes import Hex
from ..legality import legal_actions
from ..quote import quote
from . import heuristics as hx

#: What closing first is worth, in cards (a win is hx.WIN): sure enough to outweigh any
#: economy, short of a win already made.
CLOSE = 400.0
#: What each block this seat must make on its coming turn costs it, in cards (a build
#: action and its payment spent on a block rather than its own plans).
BLOCK = 4.0
#: A rival after another one in the turn order may be blocked by those between: its race
#: counts this share.
LATER = 0.5
#: A cut its player board cannot pay for may still come from a building drawn this turn,
#: if the hand holds a few cards: the race counts this share of a loss then.
DRAWN = 0.5
#: Positions a sure-cut search (:func:`sure_cut`) visits at most. A
#: turn holds three builds and what amphorae add; with the chain's few hexes and failed
#: positions remembered, the searches of 40 audited games stayed far below this
#: (docs/benchmarks.md), so it only guards against a board never seen.
NODES = 5000
#: Positions :func:`sure_close` visits at most before it answers no (see there).
CLOSE_NODES = 400


def reach(game: Game, seat: int) -> int:
    """Buildings the seat can place on one turn, at most: three builds from its player
    board or two draws (one more per amphora), and no more than its cards pay for
    (a building costs about two cards; a free one, none: at least one is assumed)."""
    player = game.players[seat]
    extra = player.amphorae
    builds = min(3 + extra, player.in_storage())
    draws = min(2 + extra, player.in_stacks())
    cards = sum(player.hand)
    return min(max(builds, draws), max(1, (cards + 1) // 2))


def blocks_needed(board: Board, rival: int, blocker: int, limit: int, beyond: int) -> int | None:
    """Blocks (builds of ``blocker``) that push ``rival``'s shortest chain past ``beyond``,
    each chosen greedily as the one that lengthens it most; None if ``limit`` cannot."""
    trial = board.copy()
    for k in range(1, limit + 1):
        theirs = hx.chains(trial, rival)
        on_chain = [h for h, n in theirs.through.items() if n == theirs.length]
        if not on_chain:
            return None
        best = max(on_chain, key=lambda h: (hx.chains(trial, rival, blocked=h).length, h))
        trial.buildings[best] = (blocker, "road")
        if hx.chains(trial, rival).length > beyond:
            return k
    return None


def can_pay_cut(game: Game, seat: int, hexes: list[Hex]) -> bool:
    """True when one of the seat's stored buildings can stand on one of ``hexes`` and its
    hand pays the price there (free builds included)."""
    player = game.players[seat]
    hand = player.cards
    for kind in sorted(player.stored):
        for h in hexes:
            priced = quote(game.board, seat, hand, kind, h)
            if priced.problem is None and priced.payment is not None:
                return True
    return False


def unpaid(game: Game, seat: int, rival: int) -> float:
    """The share of a loss left when the seat's cut of ``rival``'s chain must be paid: none
    if its player board and hand pay for a building on the chain, DRAWN if only a drawn
    building might (cards in hand, buildings in its stacks), else all of it."""
    theirs = hx.chains(game.board, rival)
    hexes = sorted(h for h, n in theirs.through.items() if n == theirs.length)
    if can_pay_cut(game, seat, hexes):
        return 0.0
    player = game.players[seat]
    if player.in_stacks() and sum(player.hand) >= 2:
        return DRAWN
    return 1.0


def race(game: Game, seat: int) -> float:
    """The tempo of the shrine race for ``seat``, about to start its turn, in cards."""
    if game.winner is not None or game.current != seat:
        return 0.0
    board = game.board
    mine = reach(game, seat)
    if hx.chains(board, seat).length <= mine:
        return CLOSE
    score = 0.0
    count = len(game.players)
    for step in range(1, count):
        rival = (seat + step) % count
        theirs = reach(game, rival)
        if hx.chains(board, rival).length > theirs:
            continue
        share = 1.0 if step == 1 else LATER
        need = blocks_needed(board, rival, seat, mine, theirs)
        if need is None:
            score -= share * CLOSE
            continue
        lost = unpaid(game, seat, rival)
        score -= share * (lost * CLOSE + (1 - lost) * BLOCK * need)
    return score


def threatens(game: Game, rival: int) -> bool:
    """The rival's shortest chain is within the buildings it can place on one turn."""
    return hx.chains(game.board, rival).length <= reach(game, rival)


def sure_cut(game: Game, seat: int, rival: int) -> list[Action] | None:
    """The first actions of every shortest line of ``seat``'s sure actions this turn that
    pushes ``rival``'s chain past the rival's reach (:func:`reach`); None when none does.

    Sure actions are builds from the player board at a price the hand pays (free builds
    included) and amphorae spent for an action; drawing is left out, since what it brings
    is hidden. The search is complete for them: blocks that lengthen the shortest chain
    must touch every shortest way, so each block in turn can be taken from the hexes on
    the shortest ways at that moment. Each build is tried at its cheapest payment only
    (``Game.legal_actions``); another payment of the same build, keeping other cards for
    the next block, is not tried. Everything read is public or the seat's own, so a
    determinised world gives the same answer as the real game. The game is left as it was
    (push and pop)."""
    beyond = reach(game, rival)

    def needs(g: Game) -> tuple[int, set[Hex]]:
        theirs = hx.chains(g.board, rival)
        if theirs.length > beyond:
            return 0, set()
        return 1, {h for h, n in theirs.through.items() if n == theirs.length}

    return _sure_line(game, seat, needs)


#: Sure actions in one turn, at most: three builds, and amphorae each buying an action and
#: a build (a player holds few at once).
DEPTH = 7

Needs = Callable[[Game], tuple[int, set[Hex]]]


def sure_close(game: Game, seat: int, nodes: int = CLOSE_NODES) -> bool:
    """The seat can win this turn with sure actions alone: builds along its shortest chain
    (a build that wins otherwise, the 30th, counts too) and amphorae for more builds. Gives
    up, answering False, after ``nodes`` positions: a chain as long as the turn's builds,
    with many ways and kinds to try, took 2,000 positions (a quarter of a second) to refute."""

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

    return threatens(game, seat) and bool(_sure_line(game, seat, needs, nodes))


def _sure_line(game: Game, seat: int, needs: Needs, nodes: int = NODES) -> list[Action] | None:
    """First actions of the shortest lines of sure actions after which nothing more is
    needed. ``needs(game)`` says how many actions are needed at least (0: done) and on
    which hexes the next build must stand; None if no line within the turn."""
    least, _ = needs(game)
    if game.current != seat or game.winner is not None or least == 0:
        return None
    failed: dict[tuple[object, ...], int] = {}
    visits = [0]
    for depth in range(max(1, least), DEPTH + 1):
        _, hexes = needs(game)
        starts = [
            action
            for action in _sure_actions(game, hexes)
            if _reaches(game, seat, action, needs, depth - 1, failed, visits, nodes)
        ]
        if starts:
            return starts
        if visits[0] >= nodes:
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


def _reaches(
    game: Game,
    seat: int,
    action: Action,
    needs: Needs,
    depth: int,
    failed: dict[tuple[object, ...], int],
    visits: list[int],
    nodes: int,
) -> bool:
    visits[0] += 1
    game.push(action)
    try:
        least, hexes = needs(game)
        if least == 0:
            return True
        if least > depth or game.current != seat or game.winner is not None:
            return False
        key = _key(game)
        if failed.get(key, -1) >= depth or visits[0] >= nodes:
            return False
        for follow in _sure_actions(game, hexes):
            if _reaches(game, seat, follow, needs, depth - 1, failed, visits, nodes):
                return True
        failed[key] = depth
        return False
    finally:
        game.pop()


def guard(game: Game, seat: int) -> list[Action] | None:
    """The actions the seat must choose among now so as not to lose a race it can stop:
    when the next player's chain threatens to close on its coming turn
    (:func:`threatens`), sure actions can push it past the rival's reach (:func:`sure_cut`),
    and the seat cannot win first with sure actions of its own (:func:`sure_close`), the
    first actions of the cutting lines; else None, and the search chooses freely.

    Only the next player is guarded: a later rival may still be cut by those between. The
    rival's hand is hidden, so whether it could really pay for its closing builds is not
    known: the guard cuts whenever the rival's public reach covers its chain. Giving the
    search the choice instead, strong let such chains stand when its sampled worlds did not
    close them (docs/benchmarks.md, "Strong never lets a stoppable chain stand")."""
    rival = (seat + 1) % len(game.players)
    if rival == seat or not threatens(game, rival):
        return None
    cuts = sure_cut(game, seat, rival)
    if cuts is None or sure_close(game, seat):
        return None
    return cuts
