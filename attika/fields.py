"""Reading one checked value at a time from a scenario file, each named by where it is.

A file from outside is read field by field; every getter here says what it expects and,
when the value is wrong, raises :class:`ScenarioError` naming the field (``players[1].hand
.hill``), so a teacher's mistake is found at once instead of as a strange position. What
the values make (a board, players, a task) is :mod:`attika.scenario`'s.
"""

from __future__ import annotations

from typing import Any

from .answers import Text
from .components import BUILDINGS
from .hexes import Hex, parse_hex
from .inputs import STILL_CHARS
from .languages import CODES

LANGUAGES = CODES


class ScenarioError(ValueError):
    """A scenario that cannot be loaded; ``field`` is where, e.g. ``players[1].hand.hill``."""

    def __init__(self, where: str, problem: str, code: str = "", **params: object) -> None:
        super().__init__(f"{where}: {problem}")
        self.field = where
        self.problem = problem
        #: Set where the page words the problem itself (see :mod:`attika.inputs`).
        self.code = code
        self.params: dict[str, object] = params


class Fields:
    """Typed getters over parsed JSON; the scenario reader builds on them."""

    @staticmethod
    def obj(value: Any, where: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise ScenarioError(where, f"must be an object, not {_kind(value)}")
        return value

    @staticmethod
    def only(value: dict[str, Any], where: str, allowed: set[str]) -> None:
        extra = sorted(set(value) - allowed)
        if extra:
            shown = f"{where}.{extra[0]}" if where else extra[0]
            raise ScenarioError(shown, f"unknown field (known: {', '.join(sorted(allowed))})")

    @staticmethod
    def count(value: Any, where: str, most: int | None = None) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ScenarioError(where, f"must be a whole number of 0 or more, not {value!r}")
        if most is not None and value > most:
            raise ScenarioError(where, f"must be at most {most}, not {value}")
        return value

    @staticmethod
    def hex(value: Any, where: str) -> Hex:
        if not isinstance(value, str):
            raise ScenarioError(where, f"a hex is written as text 'q,r', not {value!r}")
        try:
            return parse_hex(value)
        except ValueError as exc:
            raise ScenarioError(where, str(exc)) from None

    @staticmethod
    def text(value: Any, where: str, required: bool = True) -> Text:
        """A text in every language: an object of texts by language code, or one string."""
        if value is None and not required:
            return {}
        if isinstance(value, str) and value.strip():
            return dict.fromkeys(LANGUAGES, value)
        if isinstance(value, dict) and value:
            for lang, text in value.items():
                if lang not in LANGUAGES:
                    raise ScenarioError(f"{where}.{lang}", f"language must be one of {LANGUAGES}")
                if not isinstance(text, str) or not text.strip():
                    raise ScenarioError(f"{where}.{lang}", "must be a non-empty text")
            if "en" not in value:
                raise ScenarioError(f"{where}.en", "the English text is required")
            return {lang: str(value.get(lang, value["en"])) for lang in LANGUAGES}
        raise ScenarioError(where, "must be a text or an object of texts by language")

    @staticmethod
    def still(value: Any) -> None:
        """The board as a picture by language, written by the editor so that a page shows the
        lesson before Python starts (web/still.js). Python draws the board anew from the
        position, so the picture is only checked here: a bounded text that is an SVG."""
        if value is None:
            return
        if not isinstance(value, dict) or not value:
            raise ScenarioError("still", "must be an object of pictures by language")
        for lang, picture in value.items():
            if lang not in LANGUAGES:
                raise ScenarioError(f"still.{lang}", f"language must be one of {LANGUAGES}")
            if not isinstance(picture, str) or not picture.startswith("<svg"):
                raise ScenarioError(f"still.{lang}", "must be an SVG picture's text")
            if len(picture) > STILL_CHARS:
                raise ScenarioError(f"still.{lang}", f"is longer than {STILL_CHARS} characters")

    @staticmethod
    def building(value: Any, where: str) -> str:
        if not isinstance(value, str) or value not in BUILDINGS:
            raise ScenarioError(where, f"there is no building {value!r}")
        return str(value)

    @staticmethod
    def seq(d: dict[str, Any], key: str, where: str | None = None) -> list[Any]:
        value = d.get(key, [])
        if not isinstance(value, list):
            raise ScenarioError(where or key, f"must be a list, not {_kind(value)}")
        return value


def _kind(value: Any) -> str:
    return {dict: "an object", list: "a list", str: "a text", bool: "true/false"}.get(
        type(value), "a number" if isinstance(value, (int, float)) else "null"
    )
