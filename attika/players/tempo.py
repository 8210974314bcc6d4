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

from ..board import Board
from ..game import Game
from ..hexes import Hex
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
