"""The shrine race audited: could a seat have stopped a rival's chain this turn, and did it?

Issue 29 asks that strong never lose a shrine race it could have stopped. "Could have" is
made exact here. At the start of a seat's turn a rival's chain *threatens* when it is no
longer than the buildings that rival can place on its next turn (:func:`tempo.reach`). The
threat is *stoppable* when some sequence of this seat's sure actions this turn (builds
from its player board at the price its hand pays, free builds, amphorae spent for an
extra action) pushes the chain past that reach. Drawing a building or taking cards is
left out: what they bring is hidden, so no seat can count on it.

The search is :func:`sure.sure_cut`, which the strong player also uses to guard its own
turns (search.py), so the audit checks the guard in whole games rather than restating it.

Only the rival who moves next is audited: a later rival's chain may still be cut by the
players between, so leaving it to them can be right.

The audit reads the whole game (it judges a player, it does not play), so it lives beside
the players but no player calls it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..game import Game
from . import heuristics as hx
from .sure import sure_cut
from .tempo import reach, threatens


@dataclass
class Audit:
    """What one seat did with the threats it met at the start of its turns."""

    threats: int = 0
    stoppable: int = 0
    cut: int = 0
    won_instead: int = 0
    missed: list[str] = field(default_factory=list)
    #: Games the rival won by shrines on the turn right after a missed stoppable threat:
    #: the race this seat could have stopped and lost. The audit's failure.
    lost: list[str] = field(default_factory=list)

    def add(self, other: Audit) -> None:
        self.threats += other.threats
        self.stoppable += other.stoppable
        self.cut += other.cut
        self.won_instead += other.won_instead
        self.missed.extend(other.missed)
        self.lost.extend(other.lost)


@dataclass
class Watch:
    """Watches one seat's turns through a game: call :meth:`before` when that seat's turn
    starts and :meth:`after` when it has ended (or the game is over)."""

    seat: int
    audit: Audit = field(default_factory=Audit)
    _turn: int = -1
    _pending: list[int] = field(default_factory=list)
    _where: str = ""
    _missed_turn: int = -1

    def before(self, game: Game, where: str) -> None:
        self._pending = []
        self._where = where
        self._turn = game.turn_number
        rival = (self.seat + 1) % len(game.players)
        if not threatens(game, rival):
            return
        self.audit.threats += 1
        if sure_cut(game, self.seat, rival) is not None:
            self.audit.stoppable += 1
            self._pending.append(rival)

    def after(self, game: Game) -> None:
        for rival in self._pending:
            if game.winner == self.seat:
                self.audit.won_instead += 1
            elif hx.chains(game.board, rival).length > reach(game, rival):
                self.audit.cut += 1
            else:
                self.audit.missed.append(f"{self._where} rival {rival}")
                self._missed_turn = self._turn
        self._pending = []

    def over(self, game: Game) -> None:
        """At the game's end: a shrine win by the next player on the turn after a missed
        stoppable threat is a race this seat lost though it could have stopped it."""
        rival = (self.seat + 1) % len(game.players)
        closing = game.turn_number
        if (
            game.winner == rival
            and game.win_reason == "shrines"
            and closing == self._missed_turn + 1
        ):
            self.audit.lost.append(f"{self._where} rival {rival}")
