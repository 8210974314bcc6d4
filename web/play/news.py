"""What just happened, and what happened since a player last looked.

The log holds every event; this module picks from it what deserves a word of its own:
the moments that used to pass silently (an amphora earned, cards taken, a tile laid, the
win), a computer's every move (the person watching cannot see it think), and, on the
hand-over screen, the others' moves since the next player's last turn. All of it is public:
the only private words, the cards a player took, come from the scene's ``taken``, which
holds the viewer's own cards and nobody else's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from attika import COMPONENTS, TOLD, Cards, Hex, cards_text, parse_hex

from ..core.html import Markup, el
from ..core.text import cards_words, plural, t
from .log_lines import LogLine


class Newsworthy(Protocol):
    """What the news line is drawn from: the turn's scene (web/play/scene.py), which is
    built from this module's picks, so the module names only the three fields it reads."""

    @property
    def news(self) -> tuple[LogLine, ...]: ...
    @property
    def news_whole(self) -> bool: ...
    @property
    def taken(self) -> Cards | None: ...


#: Events worth announcing whoever made them: they change what a player holds or the board.
NOTABLE = frozenset(e for e, told in TOLD.items() if told.news == "always")
#: Events a player catching up on the others' turns wants to hear (draws say little).
CATCH_UP = NOTABLE | {e for e, told in TOLD.items() if told.news == "catch-up"}
#: At most this many lines on the hand-over screen; the log has the rest.
SINCE_LINES = 8


def last_action(log: Sequence[LogLine], marks: Sequence[int]) -> tuple[LogLine, ...]:
    """The lines of the last action played (empty after a take-back emptied it)."""
    return tuple(log[marks[-1] :]) if marks else ()


def last_turn(log: Sequence[LogLine]) -> tuple[LogLine, ...]:
    """The lines of the turn played last (so far): a computer's whole turn at once."""
    if not log:
        return ()
    turn = log[-1].turn
    start = len(log)
    while start and log[start - 1].turn == turn:
        start -= 1
    return tuple(log[start:])


def since_turn_of(log: Sequence[LogLine], seat: int) -> tuple[LogLine, ...]:
    """The other seats' lines since ``seat`` last ended a turn (from the start if never)."""
    start = 0
    for i in range(len(log) - 1, -1, -1):
        line = log[i]
        if line.seat == seat and line.event["event"] == "end-turn":
            start = i + 1
            break
    return tuple(line for line in log[start:] if line.seat != seat)


def changed_hexes(lines: Sequence[LogLine]) -> frozenset[Hex]:
    """Where those lines built, and the hexes of any tile they laid."""
    hexes: set[Hex] = set()
    for line in lines:
        event = line.event
        if event["event"] == "build":
            hexes.add(parse_hex(event["hex"]))
        elif event["event"] == "tile":
            tile = COMPONENTS.tiles[event["tile"]]
            hexes.update(tile.hexes(parse_hex(event["hex"]), int(event["rotation"])))
    return frozenset(hexes)


def announced(lines: Sequence[LogLine], whole: bool) -> list[str]:
    """The words for the news: turns told whole (what each seat built, stored, laid, took:
    draws say nothing the board does not), every move of them, none dropped; else the
    notable lines of a person's last action."""
    kinds = CATCH_UP if whole else NOTABLE
    return [line.text for line in lines if line.event["event"] in kinds]


def news_words(scene: Newsworthy) -> list[str]:
    """What the announcement line says now: the last action's news, and the cards the
    viewer took last (the scene holds them only for their owner)."""
    words = announced(scene.news, scene.news_whole)
    if scene.taken is not None:  # the viewer's own cards first, then the others' moves
        words.insert(0, taken_words(scene.taken))
    return words


def taken_words(cards: Cards) -> str:
    """ "You took 1 Hill, 1 Forest." for the owner's eyes."""
    letters = cards_text(cards)
    return plural("news.taken", len(letters), cards=cards_words(letters))


def news_html(words: Sequence[str]) -> Markup:
    """The announcement line(s) under the status strip (a polite live region reads them)."""
    return el("span", {"class": "news-lines"}, [el("span", None, w) for w in words])


def since_html(lines: Sequence[LogLine]) -> Markup | None:
    """The hand-over screen's short "since your last turn": public moves of the others."""
    wanted = [line for line in lines if line.event["event"] in CATCH_UP]
    if not wanted:
        return None
    shown = wanted[-SINCE_LINES:]
    more = len(wanted) - len(shown)
    items = [el("li", {"class": f"seat-{line.seat}"}, line.text) for line in shown]
    return el(
        "section",
        {"class": "since", "aria-labelledby": "since-title"},
        el("h3", {"id": "since-title"}, t("news.since")),
        el("p", {"class": "hint"}, plural("news.earlier", more)) if more else None,
        el("ul", None, items),
    )
