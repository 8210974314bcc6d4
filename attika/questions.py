"""The questions a page asks the rules, answered as codes with parameters, never as words.

A page, an embedded position or a computer player asks "may I draw now?", "where may this
building go?", "does this payment pay?" and words the answer in its player's language. The
rules decide every answer here, mostly by asking the very check that :meth:`Game.apply`
makes, so what the page offers is exactly what the rules allow, and a page never holds a
copy of a rule. Each answer carries an English message for logs and the command line.

>>> import attika
>>> game = attika.new_game(2, seed=3)
>>> attika.turn_status(game).phase, attika.can_draw(game) is None
('turn', True)
>>> game.apply("draw 1") and attika.placeable(game, "fortress").code
'place-drawn-first'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .actions import Action, Build, DrawBuilding, PlaceTile
from .components import BUILDINGS, Cards
from .cost import Due
from .errors import IllegalAction
from .game import Game
from .hexes import Hex
from .legality import builds, check
from .limits import BUILDS, DRAWS
from .state import WinReason
from .turn import Mode
from .view import Phase, phase


@dataclass(frozen=True)
class Refusal:
    """Why something cannot be done: a ``code`` to word, what the wording needs, and the
    rules' own English ``message``."""

    code: str
    params: dict[str, object] = field(default_factory=dict, hash=False)
    message: str = ""

    def __str__(self) -> str:
        return self.message or self.code


#: How a refusal of the rules' check reads as a page's question (rule -> code).
_CODES = {
    "game-over": "game-over",
    "expand-board": "tile-first",
    "drawn-building": "place-drawn-first",
    "cards-taken": "cards-taken",
    "no-actions-left": "no-actions",
    "not-stored": "not-stored",
    "unknown-building": "unknown-building",
    "empty-stack": "empty-stack",
    "no-stack": "no-stack",
    "tile-site": "tile-site",
    "no-tile": "no-tile",
}


def _refusal(game: Game, exc: IllegalAction, kind: str | None = None) -> Refusal:
    """A refusal of :func:`attika.legality.check` in the terms of the question asked; the
    rule's own parameters (``building``, ``stack``, ``mode``, ``winner``...) come along."""
    params: dict[str, object] = dict(exc.params)
    if exc.rule == "mixed-turn":
        code = "build-turn" if params.get("mode") == "build" else "draw-turn"
    else:
        code = _CODES.get(exc.rule, exc.rule)
    if code == "place-drawn-first" and "building" not in params and game.turn.drawn:
        params["building"] = game.turn.drawn[0]
    elif code == "not-stored" and kind is not None:
        params.setdefault("building", kind)
    return Refusal(code, params, str(exc))


def _off_board(game: Game) -> Hex:
    """A hex no board reaches: a build there passes every check of the turn and then
    fails only on the site, which is how :func:`placeable` asks about the turn alone."""
    far = max((abs(q) + abs(r) for q, r in game.board.landscape), default=0) + 10
    return (far, far)


def can_draw(game: Game, stack: int | None = None) -> Refusal | None:
    """Why the current player may not draw now (from ``stack``, if given), or None.

    Without a stack this asks about the turn only: an empty stack is the stack's own matter.
    Codes: game-over, tile-first, place-drawn-first, cards-taken, build-turn, no-actions,
    and with a stack also empty-stack and no-stack.
    """
    try:
        check(game, DrawBuilding(0 if stack is None else stack))
    except IllegalAction as exc:
        if stack is None and exc.rule in ("empty-stack", "no-stack"):
            return None
        return _refusal(game, exc)
    return None


def placeable(game: Game, kind: str) -> Refusal | None:
    """Why the current player may not place a ``kind`` anywhere now, or None.

    Codes: game-over, tile-first, place-drawn-first (``building``: the one drawn),
    cards-taken, draw-turn, no-actions, not-stored (``building``), unknown-building.
    None does not promise a site: see :func:`targets`.
    """
    try:
        check(game, Build(kind, _off_board(game), (0, 0, 0, 0)))
    except IllegalAction as exc:
        if exc.rule == "building-site":  # every rule of the turn allows it
            return None
        return _refusal(game, exc, kind)
    raise AssertionError("a build off the board passed the check")  # pragma: no cover


def targets(game: Game, kind: str) -> dict[Hex, Build]:
    """Every hex where ``kind`` may be built now, each with its cheapest payment."""
    if placeable(game, kind) is not None:
        return {}
    return {b.hex: b for b in builds(game, [kind])}


def price(build: Build) -> int:
    """How many cards a build pays (0: it is free); the number a page shows on its hex.

    >>> from attika import parse_action
    >>> price(parse_action("build road 0,0 HHF")), price(parse_action("build road 0,0 -"))
    (3, 0)
    """
    return sum(build.payment)


#: Codes of :func:`site_refusal` that are about the hex, not about the turn.
SITE_CODES = ("shrine", "off-board", "taken", "cannot-pay")


def cards_taken(before: Cards, after: Cards, action: Action) -> Cards:
    """The cards the mover was given by ``action``, from their hand before and after it: an
    ended turn, an amphora spent on a card, or an amphora earned when the supply was empty
    (mid-build, so what the build paid is added back). Only the owner sees the answer."""
    paid = action.payment if isinstance(action, Build) else (0, 0, 0, 0)
    got = [a - b + p for a, b, p in zip(after, before, paid, strict=True)]
    return (got[0], got[1], got[2], got[3])


def site_refusal(game: Game, kind: str, h: Hex) -> Refusal | None:
    """Why ``kind`` cannot be built on ``h`` now, or None when it can.

    Codes about the site (:data:`SITE_CODES`): shrine, off-board, taken (``hex``), and
    cannot-pay (``cards`` held, ``due``: a :class:`Due`); otherwise the turn's reason, as
    :func:`placeable` gives it.
    """
    if kind not in BUILDINGS:
        return Refusal("unknown-building", {"building": kind}, f"no building {kind!r}")
    q = game.quote(kind, h)
    if q.problem_code is not None:
        return Refusal(q.problem_code, dict(q.problem_params), q.problem or "")
    return placeable(game, kind)


def tile_sites(game: Game) -> list[Hex]:
    """Where the revealed board tile may be laid; empty when there is none to lay."""
    if game.turn.tile is None or game.is_over:
        return []
    return game.board.tile_sites()


def tile_site_refusal(game: Game, h: Hex) -> Refusal | None:
    """Why the revealed tile cannot be centred on ``h`` (tile-site, no-tile...), or None."""
    try:
        check(game, PlaceTile(h, 0))
    except IllegalAction as exc:
        return _refusal(game, exc)
    return None


@dataclass(frozen=True)
class PaymentVerdict:
    """How a payment meets what is due, card for card (the 2-for-1 rule included)."""

    #: True when it pays exactly, as a build requires.
    exact: bool
    #: Cards still missing, and cards given beyond the exact price (at most one is not 0).
    short: int
    over: int
    #: (landscape, how many) not matched, each made up by two other cards.
    stand_ins: tuple[tuple[int, int], ...]
    #: How many cards the payment gives.
    cards: int


def payment_verdict(payment: Cards | list[int], due: Due) -> PaymentVerdict:
    """Judge ``payment`` against ``due``: exactly when :func:`attika.cost.covers` says so."""
    matched = 0
    stand_ins: list[tuple[int, int]] = []
    for i in range(4):
        used = min(payment[i], due.landscapes[i])
        matched += used
        if due.landscapes[i] > used:
            stand_ins.append((i, due.landscapes[i] - used))
    spare = sum(payment) - matched
    needed = 2 * sum(n for _, n in stand_ins) + due.any
    return PaymentVerdict(
        exact=spare == needed,
        short=max(0, needed - spare),
        over=max(0, spare - needed),
        stand_ins=tuple(stand_ins),
        cards=sum(payment),
    )


def stepped_payment(game: Game, payment: Cards | list[int], landscape: int, step: int) -> Cards:
    """``payment`` with one card of ``landscape`` more (``step`` 1) or fewer (-1), kept
    between none and what the current player holds."""
    hand = game.players[game.current].hand
    pay = list(payment)
    pay[landscape] = max(0, min(hand[landscape], pay[landscape] + step))
    return (pay[0], pay[1], pay[2], pay[3])


@dataclass(frozen=True)
class TurnStatus:
    """Where the game stands, for a status line: what the current player does now."""

    #: ``over``, ``tile`` (lay the revealed tile), ``drawn`` (build or store it) or ``turn``.
    phase: Phase
    current: int
    turn_number: int
    #: ``draw`` or ``build`` once the turn's first draw or build chose it, else None.
    mode: Mode | None
    #: Which draw or build comes next (1, 2, ...), and how many this turn allows.
    step: int
    allowance: int
    #: Draws or builds still allowed (0 once cards were taken with an amphora).
    actions_left: int
    #: Cards that ending the turn now would take.
    unused: int
    #: The building just drawn (the current player's eyes only), the tile to lay.
    drawn: str | None
    tile: str | None
    winner: int | None
    win_reason: WinReason | None


def turn_status(game: Game) -> TurnStatus:
    """The turn as a page or a computer player reads it."""
    turn = game.turn
    return TurnStatus(
        phase=phase(game),
        current=game.current,
        turn_number=game.turn_number,
        mode=turn.mode,
        step=turn.used + 1,
        allowance=turn.allowance(DRAWS, BUILDS),
        actions_left=game.actions_left(),
        unused=game.unused_actions(),
        drawn=None if turn.drawn is None else turn.drawn[0],
        tile=turn.tile,
        winner=game.winner,
        win_reason=game.win_reason,
    )


__all__ = [
    "SITE_CODES",
    "PaymentVerdict",
    "Refusal",
    "TurnStatus",
    "can_draw",
    "payment_verdict",
    "placeable",
    "site_refusal",
    "stepped_payment",
    "targets",
    "tile_site_refusal",
    "tile_sites",
    "turn_status",
]
