"""What one screen shows, as a small frozen value: the renderers draw this and nothing else.

A scene is built from ``game.view(seat)`` for the player looking at the screen (the
*viewer*), so every other seat's hand is None in it: a renderer cannot show a hand it was
never given. Nobody is the viewer while the device is passed on or a game is stepped
through; then no hand at all is in the scene, nor anything priced from a hand (the marked
hexes with their payments, the payment panel, what may be done now).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from attika import (
    BUILDINGS,
    Board,
    Build,
    Cards,
    DrawBuilding,
    Game,
    Hint,
    PaymentVerdict,
    PlaceTile,
    Quote,
    Refusal,
    SpendAmphora,
    TurnStatus,
    View,
    can_draw,
    payment_verdict,
    placeable,
    stepped_payment,
    targets,
    tile_sites,
    turn_status,
)

from ..board.board_scene import BoardView, Marks
from ..core.text import player_name
from .computers import Pace
from .log_lines import LogLine
from .news import changed_hexes, last_action, last_turn, since_turn_of
from .notes import shown
from .session import Session

_ORDER = {kind: i for i, kind in enumerate(BUILDINGS)}


@dataclass(frozen=True)
class PlayerView:
    """One player as everyone at the table sees them; ``hand`` only for the viewer."""

    seat: int
    name: str
    city_state: str
    hand: Cards | None
    hand_size: int
    amphorae: int
    stacks: tuple[int, ...]
    #: Buildings waiting on the player board, in the order of the components.
    stored: tuple[tuple[str, int], ...]
    rewarded: frozenset[str]
    built: int
    #: How many of each building stand on the board.
    built_kinds: Mapping[str, int]
    #: The level of the computer playing this seat; None for a person.
    computer: str | None = None


@dataclass(frozen=True)
class Choices:
    """What the viewer, whose turn it is, may do now (the rules' answers)."""

    draw: bool
    #: Why no building may be drawn now (the rules' refusal), None when one may.
    draw_refusal: Refusal | None
    placeable: frozenset[str]
    amphora_action: bool
    amphora_card: bool
    #: Why the last action cannot be taken back (the rule's code), or None.
    undo: str | None
    #: Of ``placeable``, the buildings with no hex the player can pay for now: greyed, and
    #: the reason beside them (tapping one said it where a phone's board hid it).
    nowhere: frozenset[str] = frozenset()
    #: Why none of the waiting buildings may be built now (the turn's refusal: a draw was
    #: made, a drawn building waits...), None when one may or none waits; the stacks' twin.
    build_refusal: Refusal | None = None


@dataclass(frozen=True)
class PaymentView:
    """The payment panel: the price on the chosen hex and the cards put forward."""

    quote: Quote
    #: The building whose arrow makes this one free, if any.
    free_source: str | None
    hand: Cards
    payment: Cards
    verdict: PaymentVerdict
    #: Whether one more card of each landscape may be put forward.
    more: tuple[bool, ...]
    #: What a teaching position keeps back until the reader acts ("payment", "price",
    #: "free"; see attika/scenario.py HIDEABLE).
    hide: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Scene:
    viewer: int | None
    status: TurnStatus
    #: The shuffles' seed, only once the game is over: with it anyone could replay the
    #: shuffles and learn every hand and stack.
    seed: int | None
    players: tuple[PlayerView, ...]
    board: BoardView
    marks: Marks
    offer: Choices | None
    payment: PaymentView | None
    log: tuple[LogLine, ...]
    message: tuple[str, str] | None = None
    handover: bool = False
    watching: bool = False
    confirm_end: bool = False
    open_player: int | None = None
    result_closed: bool = False
    #: The hinted move and why (the player asked for it), and whether hints are offered.
    hint: Hint | None = None
    hints: bool = False
    #: Computer players: one is to move and thinking, or all wait (paused); their pace.
    thinking: bool = False
    paused: bool = False
    speed: Pace = "normal"
    #: The lines to announce: the last action's; or, told whole (``news_whole``), a
    #: computer's turn so far, or the others' turns since the person to move last played.
    news: tuple[LogLine, ...] = ()
    news_whole: bool = False
    #: The others' lines since the player to move last ended a turn (public).
    since: tuple[LogLine, ...] = ()
    #: The cards the viewer took last, for the viewer's eyes only.
    taken: Cards | None = None
    #: What a teaching position keeps back until the reader acts (see PaymentView.hide).
    hide: frozenset[str] = frozenset()

    @property
    def acting(self) -> bool:
        """Whether the one looking at the screen is the one to move (and may act)."""
        return self.viewer is not None and self.viewer == self.status.current and not self.over

    @property
    def computer_turn(self) -> bool:
        return self.current.computer is not None and not self.over

    @property
    def current(self) -> PlayerView:
        return self.players[self.status.current]

    @property
    def over(self) -> bool:
        return self.status.winner is not None

    def name(self, seat: int) -> str:
        return self.players[seat].name


def _seen(game: Game, viewer: int | None) -> View:
    """What the viewer may see; with no viewer, what anyone may (hands are then dropped)."""
    return game.view(game.current if viewer is None else viewer)


def _players(
    seen: View,
    city_states: list[str],
    viewer: int | None,
    computers: Sequence[str | None] | None = None,
) -> tuple[PlayerView, ...]:
    built: list[dict[str, int]] = [{} for _ in seen["players"]]
    for _, _, seat, kind in seen["board"]["buildings"]:
        built[seat][kind] = built[seat].get(kind, 0) + 1
    out = []
    for i, p in enumerate(seen["players"]):
        hand = p["hand"] if viewer is not None else None
        out.append(
            PlayerView(
                seat=i,
                name=player_name(p["name"]),
                city_state=city_states[i],
                hand=None if hand is None else (hand[0], hand[1], hand[2], hand[3]),
                hand_size=p["hand_size"],
                amphorae=p["amphorae"],
                stacks=tuple(p["stacks"]),
                stored=tuple(sorted(p["stored"].items(), key=lambda kv: _ORDER[kv[0]])),
                rewarded=frozenset(p["rewarded"]),
                built=p["built"],
                built_kinds=built[i],
                computer=None if computers is None else computers[i],
            )
        )
    return tuple(out)


def _board(seen: View) -> BoardView:
    """The board from the view's plain data: the tiles as laid, then hexes set one by one."""
    data = seen["board"]
    return BoardView(
        landscape=Board.from_data(data).landscape,
        shrines=frozenset((q, r) for q, r in data["shrines"]),
        buildings={(q, r): (seat, kind) for q, r, seat, kind in data["buildings"]},
        winning=frozenset((q, r) for q, r in seen["winning_hexes"]),
    )


def _offer(game: Game, stored: tuple[tuple[str, int], ...]) -> Choices:
    refusal = game.undo_refusal()
    no_draw = can_draw(game)
    allowed = frozenset(k for k, _ in stored if placeable(game, k) is None)
    no_build = placeable(game, stored[0][0]) if stored and not allowed else None
    return Choices(
        draw=no_draw is None,
        draw_refusal=no_draw,
        placeable=allowed,
        amphora_action=game.is_legal(SpendAmphora("action")),
        amphora_card=game.is_legal(SpendAmphora("card")),
        undo=None if refusal is None else refusal.rule,
        nowhere=frozenset(k for k in allowed if not targets(game, k)),
        build_refusal=no_build,
    )


def _payment(session: Session) -> PaymentView | None:
    game = session.game
    if session.selected is None or session.target is None or session.payment is None:
        return None
    q = game.quote(session.selected, session.target)
    pay = session.payment
    paid = (pay[0], pay[1], pay[2], pay[3])
    source = None
    if q.free_from is not None:
        source = game.board.buildings[q.free_from][1]
    return PaymentView(
        quote=q,
        free_source=source,
        hand=game.players[game.current].cards,
        payment=paid,
        verdict=payment_verdict(paid, q.due),
        more=tuple(stepped_payment(game, paid, i, 1) != paid for i in range(4)),
    )


def table_scene(
    session: Session,
    open_player: int | None = None,
    result_closed: bool = False,
    *,
    paused: bool = False,
    speed: Pace = "normal",
) -> Scene:
    """The table as the page shows it now, to whoever looks at it (``session.viewer``: the
    person to move, the one person playing computers, or nobody while the device is passed
    on); ``open_player``'s board is open, the result card put aside when ``result_closed``;
    ``paused`` and ``speed`` are the computer players' settings."""
    game = session.game
    viewer = session.viewer
    seen = _seen(game, viewer)
    computers = [session.computer(i) for i in range(len(game.players))]
    players = _players(seen, session.city_states, viewer, computers)
    status = turn_status(game)
    if seen["turn"]["drawn"] == "hidden":  # the mover looks at it alone (readings.py)
        status = replace(status, drawn=None)
    acting = viewer is not None and viewer == game.current
    hinted = session.hint if acting else None
    # ringed: the others' moves since the one looking last played; while a computer
    # plays, that is the person watching, so its new buildings are ringed as they come
    looker = game.current if viewer is None or acting else viewer
    since = since_turn_of(session.log, looker)
    recent = changed_hexes(since)
    news = last_action(session.log, session.log_marks)
    whole = bool(news) and computers[news[0].seat] is not None
    if whole:  # a computer's moves come fast: tell its whole turn so far
        news = last_turn(session.log)
    if acting and news and news[0].seat != viewer:
        # a person's turn starts: what every other seat did since their last turn, every
        # move of it (a news line of the last action alone told only "ended the turn")
        news, whole = since, True
    if acting:
        targets = dict(session.targets())  # a copy: the scene holds none of the session's caches
        if session.target is not None:
            chosen = targets.get(session.target) if session.selected else None
            targets = {session.target: chosen} if chosen else {}
        marks = Marks(
            selected=session.selected,
            targets=targets,
            target=session.target,
            tile=status.tile,
            sites=tuple(tile_sites(game)),
            site=session.site,
            rotation=session.rotation,
            recent=recent,
            **_hint_marks(hinted),
        )
    else:  # the tile is face up for all; where it may go too, but not while passing on
        marks = Marks(tile=status.tile, recent=recent)
    thinking = not session.handover and not game.is_over and computers[game.current] is not None
    return Scene(
        viewer=viewer,
        status=status,
        seed=game.seed if game.is_over else None,
        players=players,
        board=_board(seen),
        marks=marks,
        offer=_offer(game, players[game.current].stored) if acting else None,
        payment=_payment(session) if acting else None,
        log=tuple(session.log),
        message=shown(session.note),
        handover=session.handover,
        confirm_end=session.confirm_end,
        open_player=open_player,
        result_closed=result_closed,
        hint=hinted,
        hints=acting and session.hints,
        thinking=thinking and not paused,
        paused=paused,
        speed=speed,
        news=news,
        news_whole=whole,
        since=since,
        taken=None if viewer is None else session.taken.get(viewer),
    )


def _hint_marks(hinted: Hint | None) -> dict[str, Any]:
    """Where the hinted move shows: its place on the board, its stack, its building."""
    if hinted is None:
        return {}
    action = hinted.action
    if isinstance(action, Build):
        return {"hint": action.hex, "hint_building": action.building}
    if isinstance(action, PlaceTile):
        return {"hint": action.centre}
    if isinstance(action, DrawBuilding):
        return {"hint_stack": action.stack}
    return {}


def watched_scene(
    game: Game, city_states: list[str], log: tuple[LogLine, ...], open_player: int | None
) -> Scene:
    """A position of a game being stepped through: looked at by nobody's hand."""
    seen = _seen(game, None)
    return Scene(
        viewer=None,
        status=turn_status(game),
        seed=game.seed if game.is_over else None,
        players=_players(seen, city_states, None),
        board=_board(seen),
        marks=Marks(tile=turn_status(game).tile, sites=tuple(tile_sites(game))),
        offer=None,
        payment=None,
        log=log,
        watching=True,
        open_player=open_player,
    )
