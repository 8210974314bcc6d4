"""JSON from outside the code, measured before it is parsed.

Game files, scenarios, stored entries and pasted text come from people and places the game
does not control. Python's JSON reader recurses once per level of nesting, and in the page a
few hundred thousand ``[`` stop Python itself (the browser's stack, not a RecursionError), so
size and depth are checked by a flat scan first. Limits are far above every real file: a whole
4-player game is about 10 kB and 6 levels deep, the largest shipped scenario 4 kB and 7 deep.
"""

from __future__ import annotations

import json
import re
from typing import Any

#: Characters a game file or a stored game may hold (the longest real games are ~25 kB
#: written with indents).
GAME_CHARS = 1_000_000
#: Characters a scenario (a lesson) may hold: room for long intros in three languages.
SCENARIO_CHARS = 200_000
#: Characters of one language's still picture in a lesson (a late 4-player board is ~25 kB).
STILL_CHARS = 60_000
#: Levels of nesting any of them may have (real files have at most 8).
DEPTH = 24

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")


class InputRefused(ValueError):
    """Text refused before or while parsing. ``code`` is one of ``not-text``, ``too-long``,
    ``too-deep``, ``not-json``, ``bad-number``; ``params`` carry the facts a translated
    message needs."""

    def __init__(self, code: str, message: str, **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, object] = params


def depth_of(text: str) -> int:
    """How deeply the JSON text nests, counted without parsing (strings skipped)."""
    deepest = level = 0
    for bracket in _BRACKETS.findall(_STRING.sub("", text)):
        if bracket in "[{":
            level += 1
            deepest = max(deepest, level)
        else:
            level -= 1
    return deepest


def read_json(text: object, most_chars: int, what: str = "the file") -> Any:
    """Parse JSON text that is at most ``most_chars`` long and :data:`DEPTH` deep."""
    if not isinstance(text, str):
        raise InputRefused("not-text", f"{what} is not text", what=what)
    if len(text) > most_chars:
        raise InputRefused(
            "too-long",
            f"{what} is too long: {len(text):,} characters, at most {most_chars:,}",
            what=what,
            size=len(text),
            limit=most_chars,
        )
    if depth_of(text) > DEPTH:
        raise InputRefused(
            "too-deep", f"{what} is nested more than {DEPTH} levels deep", what=what, limit=DEPTH
        )
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputRefused(
            "not-json",
            f"{what} is not valid JSON ({exc.msg}, line {exc.lineno} column {exc.colno})",
            what=what,
            line=exc.lineno,
            column=exc.colno,
        ) from None
    except (RecursionError, ValueError) as exc:  # a number of thousands of digits
        raise InputRefused(
            "bad-number", f"{what} holds a number too long to read", what=what
        ) from exc


def shorten(text: str, most: int = 80) -> str:
    """A piece of outside text short enough to quote in a message."""
    flat = " ".join(str(text).split())
    return flat if len(flat) <= most else flat[: most - 1] + "…"
