"""The shrine race as tempo: who closes first, given the blocks each side can still make.

A chain two buildings short is worth little if its owner cannot place two buildings on
its next turn, and a great deal if it can and nobody can cut it before then. The strong
level scores the end of each look-ahead (the start of its own turn) with this:

- its own chain closes if it is no longer than the buildings it can place this turn
  (:func:`reach`), and nobody moves before it: a near-certain win;
- a rival's chain closes on that rival's coming turn if it is no longer than the rival's
  reach, unless this seat can lengthen it past that reach with the builds it has this
  turn (:func:`blocks_needed`, greedy: each block the one that lengthens the chain most).
  Then the seat loses unless it spends that many builds blocking, which costs them.

Everything read here is public (board, player boards, hand sizes, amphorae), so it is
fair on any world dealt from the seat's view.
"""

from __future__ import annotations

from ..board import Board
from ..game import Game
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
        score -= share * (CLOSE if need is None else BLOCK * need)
    return score
