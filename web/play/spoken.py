"""What a screen reader is told as the game goes on, as data: each piece a key and its words.

The page has one live region that persists (index.html ``#announce``); the binder adds to
it the words whose key was not there at the last draw (:func:`fresh`), so a computer's turn
is told line by line as it grows, never again from its start, and a redraw that changes
nothing says nothing. The keys hold no words (but a note's), so a change of language says
nothing new.

The words name places as the board's own text does (web/board/board_text.py): by what
stands around them, never by coordinates.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from attika import COMPONENTS, LETTERS, parse_hex

from ..board.board_text import board_side, built_words, tile_words, touching_words
from ..core.text import building_name, cards_words, plural, t
from .computer_turn import hint_words
from .log_lines import LogLine
from .news import CATCH_UP, NOTABLE, taken_words
from .payment import payment_said
from .scene import Scene
from .status import status

#: One thing to say: a key that stays the same while it is the same news, and its words.
Said = tuple[str, str]

#: Told while a computer's turn is watched, not when catching up (draws say little then).
DRAWS = frozenset({"draw"})


def line_words(scene: Scene, line: LogLine) -> str:
    """A log line as it is said: a build says where it stands, a tile where it lies, on
    the board of ``scene`` (the position just after the line)."""
    event = line.event
    text = line.text
    if event["event"] == "build":
        text += " " + t("news.stands", place=built_words(scene, parse_hex(event["hex"])))
    elif event["event"] == "tile":
        text += " " + tile_laid_words(scene, event)
    return text


def tile_laid_words(scene: Scene, event: Mapping[str, Any]) -> str:
    """Where a tile was laid as a sighted player sees it: the side of the board, what it
    touches (the buildings by name and owner, a shrine) and the symbols it brought."""
    centre = parse_hex(event["hex"])
    tile = COMPONENTS.tiles[event["tile"]]
    lands = [i for i in tile.hexes(centre, int(event["rotation"])).values() if i is not None]
    touching = touching_words(scene, centre)
    place = board_side(scene, centre)
    if not touching:
        return t("news.lies", place=place)
    land = cards_words("".join(LETTERS[i] for i in lands)) if lands else t("tile.no-land")
    return t("news.lies-touching", place=place, touching=touching, land=land)


def turn_said(scene: Scene) -> list[Said]:
    """What the table has to say now: the last action's news (a computer's whole turn so
    far), the cards the viewer took, the tile as it is turned, the hint, the note."""
    if scene.handover:
        return []
    said: list[Said] = []
    start = len(scene.log) - len(scene.news)  # the news is the log's last lines
    for i, line in enumerate(scene.news):
        # a player's own build or store is news to them too: they chose a place, the
        # words say it stands there and what it cost
        whole = scene.news_whole or line.seat == scene.viewer
        kinds = CATCH_UP if whole else NOTABLE
        if scene.news_whole and not scene.acting:
            # a computer's turn as it comes: each draw too (which stack, never which
            # building), so a listener knows why it then builds or stores
            kinds |= DRAWS
        if line.event["event"] in kinds:
            said.append((f"news:{start + i}:{line.event['event']}", line_words(scene, line)))
    if scene.taken is not None:  # the cards of the viewer's last end of turn
        ends = [
            i
            for i, line in enumerate(scene.log)
            if line.seat == scene.viewer and line.event["event"] == "end-turn"
        ]
        said.append((f"taken:{ends[-1] if ends else 0}", taken_words(scene.taken)))
    now = scene.status
    if scene.acting and not scene.over:  # what to do, when it changes: not on every redraw
        key = f"turn:{now.turn_number}:{scene.viewer}:{now.phase}:{now.mode}:{now.actions_left}"
        said.append((f"{key}:{now.drawn}", status(scene, named=True)))
    marks = scene.marks
    if scene.acting and marks.selected and marks.targets and marks.target is None:
        n = len(marks.targets)
        cue = plural("said.chosen", n, building=building_name(marks.selected))
        said.append((f"chosen:{now.turn_number}:{marks.selected}:{n}", cue))
    if scene.acting and scene.status.phase == "tile" and marks.tile is not None:
        said.append((f"tile:{marks.site}:{marks.rotation}", tile_words(scene)))
    if scene.payment is not None:
        words = payment_said(scene.payment)
        if words is not None:  # each payment put forward, said once
            said.append((f"pay:{scene.payment.payment}:{scene.marks.target}", words))
    if scene.hint is not None:
        said.append((f"hint:{scene.hint.action}", hint_words(scene)))
    if scene.message is not None:
        kind, text = scene.message
        said.append((f"note:{kind}:{text}", text))
    return said


def fresh(said: Sequence[Said], before: Iterable[str]) -> list[str]:
    """The words of what was not said at the last draw (``before``: its keys), in order."""
    old = set(before)
    return [words for key, words in said if key not in old]


#: Said pieces that tell how things stand while a player acts (the payment put forward,
#: the building chosen, the tile as it turns), not what happened: the page says them in a
#: status region of their own, so the log of what happened (``#announce``) keeps the moves.
CUES = ("pay:", "chosen:", "tile:")


def is_cue(key: str) -> bool:
    return key.startswith(CUES)
