"""The still picture of a position, shown before any Python runs in the reader's browser.

Made at install time (scripts/previews.py) from the same drawing the live board uses, as two
kinds of inert file: the board as an SVG picture (shown through ``<img>``, which never runs a
script, with its own style and art inside, since a picture sees neither the page's stylesheet
nor other files), and the words (title, intro, task, the picture's text) as data that the
page's own code (web/still.js) puts into elements as text. Nothing fetched becomes markup.
"""

from __future__ import annotations

import json
import re
from typing import Any

from attika import SCENARIO_CHARS, STILL_CHARS, Scenario, load_scenario

from ..board.board_svg import board_drawing
from ..core.css import blocks
from ..core.html import el, join, raw
from ..core.text import LANGUAGES, language, set_language, strings, t
from .feedback import in_language
from .position import Position
from .position_scene import scene_of
from .position_view import marks_html
from .task_view import whole_view

#: The words web/still.js needs before Python (and so before web/core/text.py) is there.
WORDS = (
    "pos.try",
    "pos.task",
    "pos.intro-fold",
    "pos.preview",
    "pos.no-fetch",
    "address.other-site",
    "address.odd",
    "pos.no-picture",
    "course.title",
    "course.count",
    "course.next",
    "course.all",
    "course.lessons",
    "course.lesson",
    "course.solved",
    "course.unsolved",
    "course.reset",
    "course.forgotten",
    "course.not-kept",
    "course.bad-file",
    "course.unreadable",
    "course.not-course",
    "course.unknown",
    "course.bad-title",
    "course.bad-lessons",
    "course.bad-lesson",
)

_CLASS = re.compile(r"\.([A-Za-z_][A-Za-z0-9_-]*)")
_ART = re.compile(r'href="web/svg/art\.svg#([A-Za-z0-9_-]+)"')


def preview_texts(scenario: Scenario) -> dict[str, str]:
    """A position's words in the current language; "" for an intro or task it has not."""
    task = scenario.task
    return {
        "title": in_language(scenario.title),
        "intro": in_language(scenario.intro) if scenario.intro else "",
        "task": in_language(task.text) if task is not None else "",
        "alt": t("pos.preview", title=in_language(scenario.title)),
    }


def preview_words() -> dict[str, str]:
    """The words of the still previews in the current language, placeholders unfilled."""
    table = strings(language())
    return {key: table[key] for key in WORDS}


def board_style(css: str, used: set[str]) -> str:
    """The rules of the page's stylesheet that draw these classes, with the page's colours and
    font: a picture does not see the page's stylesheet. Only top-level rules whose classes all
    occur in the picture are kept; from :root, the variables, font and ink (not the page's
    background, which would hide the board's own)."""
    out: list[str] = []
    for prelude, body in blocks(css):
        if prelude.startswith("@"):
            continue
        if prelude == ":root":
            keep = [
                d.strip()
                for d in body.split(";")
                if d.strip().startswith(("--", "font-family", "color"))
            ]
            out.append(f"svg{{{';'.join(keep)}}}")
            continue
        chosen = [
            s.strip()
            for s in prelude.split(",")
            if (classes := set(_CLASS.findall(s))) and classes <= used
        ]
        if chosen:
            out.append(f"{','.join(chosen)}{{{' '.join(body.split())}}}")
    return "\n".join(out)


def _symbols(art: str) -> dict[str, str]:
    return {
        m.group(1): m.group(0)
        for m in re.finditer(r'<symbol id="([^"]+)".*?</symbol>', art, re.DOTALL)
    }


def preview_svg(name: str, scenario: Scenario, css: str, art: str) -> str:
    """The board of a position as a standalone SVG file: its style and the art it uses are
    inside it, so it looks as the live board does when shown through ``<img>``."""
    pos = Position(f"preview-{name}", scenario)
    scene = scene_of(pos)
    drawing = board_drawing(scene)
    x, y, w, h = whole_view(scene, drawing.bounds)  # as the live lesson: no jump at "Try it"
    body = str(join(drawing.markup(), *marks_html(scenario.marks)))
    used = {c for value in re.findall(r'class="([^"]+)"', body) for c in value.split()}
    symbols = _symbols(art)
    defs = "".join(symbols[s] for s in sorted(set(_ART.findall(body))))
    svg = el(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "viewBox": f"{x:g} {y:g} {w:g} {h:g}",
            "width": f"{w:g}",
            "height": f"{h:g}",
        },
        # a picture is read as XML: the style's text is escaped, and read back, as any text
        el("style", None, board_style(css, used)),
        el("defs", None, raw(defs)),  # the art: the project's own file, drawn as it is
        raw(_ART.sub(r'href="#\1"', body)),
    )
    return f"{svg}\n"


def with_still(lesson: str, css: str, art: str) -> str:
    """A lesson's file with its board as a picture in each language it is written in, so a
    page shows a teacher's own lesson before Python starts, as it shows a shipped one. The
    same drawing as the live board; a file that would grow past what a page reads stays
    without pictures (the page then shows its title and task alone)."""
    data: dict[str, Any] = json.loads(lesson)
    data.pop("still", None)
    scenario = load_scenario(data, "lesson")
    before = language()
    pictures: dict[str, str] = {}
    try:
        for lang in LANGUAGES:
            if lang in scenario.written:
                set_language(lang)
                pictures[lang] = preview_svg("lesson", scenario, css, art)
    finally:
        set_language(before)
    bare = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    if any(len(p) > STILL_CHARS for p in pictures.values()):
        return bare
    out = json.dumps(data | {"still": pictures}, ensure_ascii=False, indent=2) + "\n"
    return out if len(out) <= SCENARIO_CHARS else bare
