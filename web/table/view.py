"""The game page drawn from its scene: a pure function from a frozen
:class:`~web.table.scenes.GamePageScene` to the markup of each part of index.html.

The binder writes these parts into their elements (only those that changed); nothing here
reads the store, storage or the DOM.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from attika import Phase

from ..board.board_svg import Drawing, board_drawing
from ..core.html import Markup, el, join
from ..core.text import t
from ..play.log import log_html
from ..play.news import news_html, news_words
from ..play.panel import side_panel
from ..play.spoken import Said, turn_said
from ..play.status import status_strip
from .devices_view import devices_button, devices_html
from .scenes import GamePageScene
from .screens import handover_html, log_tools, result_html, review_bar, saved_games_html, setup_html


@dataclass(frozen=True)
class TableView:
    """The parts of the page around the board that show the game at the table."""

    board: Drawing
    side: Markup
    status: Markup
    news: Markup
    news_hidden: bool
    log: Markup
    log_tools: Markup
    seed: str
    #: For the page's styles and tests: the turn's phase (or "review") and whose turn.
    phase: Phase | Literal["review"]
    seat: int
    #: The turn and who looks at it, and whether a person acts or the device is passed on:
    #: each turn starts at the top of the page.
    turn: tuple[int, int | None]
    acting: bool
    handover: bool
    #: What a screen reader is told (web/play/spoken.py): the binder says what is new.
    said: tuple[Said, ...] = ()


#: What fills the page: the start screen, the hand-over card, the result card, stepping
#: through, the game itself; "" before anything is open.
Screen = Literal["", "setup", "handover", "result", "review", "game"]


@dataclass(frozen=True)
class PageView:
    screen: Screen
    #: The card over the table (the start screen, the hand-over, the result), "" for none.
    overlay: Markup
    table: TableView | None
    #: The log is open over the table.
    log_open: bool = False
    #: The players' devices panel (None: no seat is played on a device) and its button.
    devices: Markup | None = None
    devices_button: Markup | None = None
    devices_open: bool = False


def page_view(scene: GamePageScene) -> PageView:
    table = None
    overlay = Markup("")
    screen: Screen = ""
    if scene.setup is not None and scene.kept is not None:
        saved = saved_games_html(scene.kept)
        form = setup_html(scene.setup, scene.playing)
        # a message, or games to go back to on a fresh start, come before the new-game form
        inner = saved + form if scene.kept_first else form + saved
        # modal, over a game or not: the binder makes the page behind it inert
        overlay = el(
            "div",
            {
                "class": "card-screen start",
                "role": "dialog",
                "aria-modal": "true",
                "aria-labelledby": "setup-title",
            },
            inner,
        )
        screen = "setup"
    if scene.table is not None:
        s, review = scene.table, scene.review
        top = status_strip(s)
        if review is not None:
            top = el("span", {"class": "now"}, t("review.step", n=review.step, of=review.length))
        said = news_words(s) if review is None and not s.handover else []
        # each step of a review says what its action did (the strip says which step it is)
        spoken = turn_said(s) if review is None else [(f"review:{review.step}", review.latest)]
        names = [p.name for p in s.players]
        city_states = [p.city_state for p in s.players]
        table = TableView(
            board=board_drawing(s),
            # a phone or an upright tablet shows the news at the panel's head, below the
            # board, where a turn starts (app.css): the sticky bar keeps to whose turn it is
            side=join(
                el("div", {"class": "panel-news"}, news_html(said)) if said else None,
                side_panel(s, review_bar(review) if review is not None else None),
            ),
            status=top,
            news=news_html(said),
            news_hidden=not said,
            log=log_html(s.log, names, city_states),
            log_tools=log_tools(review is not None),
            seed="" if s.seed is None else t("menu.seed", seed=s.seed),
            phase="review" if review is not None else s.status.phase,
            seat=s.status.current,
            turn=(s.status.turn_number, s.viewer),
            acting=s.acting,
            handover=s.handover,
            said=tuple(spoken),
        )
        if scene.setup is None:
            screen = "review" if review is not None else "game"
            if s.handover:
                overlay, screen = handover_html(s), "handover"
            elif s.over and not s.result_closed and review is None:
                overlay, screen = result_html(s), "result"
    d = scene.devices
    return PageView(
        screen,
        overlay,
        table,
        scene.log_open,
        devices=None if d is None else devices_html(d),
        devices_button=None if d is None else devices_button(d),
        devices_open=d is not None and d.open,
    )
