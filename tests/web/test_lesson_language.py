"""Each lesson on a page in its own language: the one its element or address asks for, or
wholly in its fallback when it is not written in that language (never half and half)."""

from __future__ import annotations

import json
from pathlib import Path

import attika
from web.core.text import language, set_language, speaking
from web.teach.position import Position
from web.teach.position_scene import lesson_language, position_scene
from web.teach.position_view import position_html

TEXT = Path("scenarios/cost-by-landscape.json").read_text("utf-8")


def scenario(drop: str | None = None) -> attika.Scenario:
    data = json.loads(TEXT)
    if drop is not None:
        for part in (data["title"], data.get("intro") or {}, *data["task"].values()):
            if isinstance(part, dict):
                part.pop(drop, None)
    return attika.load_scenario(json.dumps(data), "lesson")


def test_the_language_asked_for_wins_when_the_lesson_is_written_in_it() -> None:
    whole = scenario()
    assert lesson_language("de", "en", whole) == "de"
    assert lesson_language(None, "nl", whole) == "nl"
    assert lesson_language("xx", "nl", whole) == "nl"  # not a language: the page's
    no_dutch = scenario(drop="nl")
    assert lesson_language("nl", "de", no_dutch) == "en"  # wholly in its fallback
    assert lesson_language(None, "nl", no_dutch) == "en"


def test_a_lesson_is_drawn_wholly_in_its_language_and_the_page_keeps_its_own() -> None:
    set_language("en")
    pos = Position("k", scenario())
    with speaking(lesson_language("de", language(), pos.scenario)):
        german = str(position_html(position_scene(pos)))
    assert language() == "en"
    english = str(position_html(position_scene(pos)))
    title = json.loads(TEXT)["title"]
    assert title["de"] in german and title["en"] not in german
    assert "Karte" in german and "Karte" not in english
    no_dutch = Position("k", scenario(drop="nl"))
    with speaking(lesson_language("nl", language(), no_dutch.scenario)):
        fallback = str(position_html(position_scene(no_dutch)))
    assert title["en"] in fallback and "kaart" not in fallback.lower()
