"""The gaps between a teacher's lesson and a shipped one (issue 41): a wrong answer is told
the least price, the editor's snippets and steppers read right, a hand-written lesson gets
its picture from the command line, and the live board's art is named from the page."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import attika
from tests.web.test_editor import build_a_lesson
from tests.web.test_lessons import tap, words
from web.core.text import set_language
from web.editor.editor_view import editor_html
from web.editor.scene import scene_of
from web.teach.art import art_address, with_art
from web.teach.feedback import verdict_text
from web.teach.position import Position
from web.teach.position_scene import position_scene
from web.teach.position_view import position_html

ROOT = Path(__file__).resolve().parent.parent.parent
FORTRESS = ROOT / "examples" / "fortress.json"


def fortress(compact: bool = True) -> Position:
    set_language("en")
    text = FORTRESS.read_text("utf-8")
    return Position("k", attika.load_scenario(text, "fortress"), compact=compact)


def test_a_wrong_answer_is_told_the_least_price_as_a_right_one_is() -> None:
    pos = fortress()
    tap(pos, "select", "fortress")
    tap(pos, "hex", "-2,2")  # two cards here; three other places cost one
    tap(pos, "confirm", "")
    assert pos.verdict == "wrong"
    scene = position_scene(pos)
    told = "The Fortress cost 1 card at its cheapest places: no place cost less."
    assert told in words(str(position_html(scene)))
    assert told in verdict_text(scene)  # a screen reader hears it with the verdict
    tap(pos, "again", "")
    tap(pos, "select", "fortress")
    tap(pos, "hex", "0,-2")
    tap(pos, "confirm", "")
    assert pos.verdict == "solved"
    assert "at its cheapest places" not in words(str(position_html(position_scene(pos))))


def test_the_frame_snippet_names_the_lesson_and_the_size_the_docs_give() -> None:
    ed = build_a_lesson()
    html = str(editor_html(scene_of(ed)))
    frame = re.search(r"&lt;iframe [^\n]*?&lt;/iframe&gt;", html)
    assert frame is not None
    snippet = frame.group(0).replace("&quot;", '"').replace("&lt;", "<").replace("&gt;", ">")
    assert 'title="Attika: Build the fortress"' in snippet
    assert 'width="400" height="300"' in snippet


def test_a_title_with_quotes_cannot_break_the_teachers_page() -> None:
    ed = build_a_lesson()
    from tests.web.editing import edit
    from web.editor.reader import read

    edit(ed, read("text title en", 'A "quoted" <b>title</b>'))
    html = str(editor_html(scene_of(ed)))
    frame = re.search(r"&lt;iframe [^\n]*?&lt;/iframe&gt;", html)
    assert frame is not None
    # once the page's own escaping is read back, the title is still escaped for the snippet
    shown = frame.group(0).replace("&amp;", "&")
    assert "title=&quot;Attika: A &quot;quoted&quot; &lt;b&gt;title&lt;/b&gt;&quot;" in shown


def test_the_amphorae_stepper_says_one_amphora() -> None:
    html = str(editor_html(scene_of(build_a_lesson())))
    assert 'aria-label="One amphora more"' in html
    assert "One Amphorae" not in html


def test_the_art_is_named_from_the_page_only_when_it_is_this_sites_sheet() -> None:
    origin = "http://host.example"
    good = "http://host.example/games/attika/web/svg/art.svg"
    assert art_address(good, origin) == good
    for bad in (
        "http://other.example/games/attika/web/svg/art.svg",
        "http://host.example/games/attika/web/svg/art.svg?x=1",
        'http://host.example/a"b/web/svg/art.svg',
        "http://host.example/games/../web/svg/art.svg",
        "http://host.example/games/attika/evil.svg",
        "javascript:alert(1)//web/svg/art.svg",
    ):
        assert art_address(bad, origin) is None, bad
    markup = '<svg><use href="web/svg/art.svg#b-fortress"></use></svg>'
    assert with_art(markup, good) == f'<svg><use href="{good}#b-fortress"></use></svg>'
    assert with_art(markup, None) == markup


def test_the_command_line_draws_a_hand_written_lessons_picture(tmp_path: Path) -> None:
    data = json.loads(FORTRESS.read_text("utf-8"))
    data.pop("still")
    lesson = tmp_path / "by-hand.json"
    lesson.write_text(json.dumps(data), "utf-8")
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "attika-scenario", "version": 1, "board": 3}', "utf-8")
    run = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "lesson_still.py"), str(lesson), str(broken)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 1
    drawn = json.loads(lesson.read_text("utf-8"))
    assert sorted(drawn["still"]) == ["de", "en", "nl"]
    assert drawn["still"]["en"].startswith("<svg")
    assert "broken.json: not changed" in run.stderr
    assert broken.read_text("utf-8").startswith('{"format": "attika-scenario", "version": 1,')


def test_text_typed_in_one_tab_survives_another_tabs_change_of_the_draft() -> None:
    """Two tabs on one draft: the first is typing (not yet kept) when the second keeps a
    change. The first tab's text is added to the second's version, or, when both wrote the
    same text, kept as a new draft beside it; said on the page, never lost."""
    from tests.web.test_editor_drafts import MemoryStorage, open_desk, page
    from web.editor.drafts import DRAFT
    from web.editor.keeping import settle
    from web.editor.messages import ChangedElsewhere, WriteText

    storage = MemoryStorage()
    first = open_desk(storage)
    first.command("text title en", "Started here")
    second = open_desk(storage)
    key = DRAFT + first.draft.id
    second.command("text title en", "Renamed there")

    def told(typing: WriteText) -> None:
        message = ChangedElsewhere(key, storage.getItem(key), typing)
        first.desk, _ = settle(first.desk, message, storage)

    told(WriteText("intro", "en", "Typed here, not yet left"))
    assert first.editor.data["title"]["en"] == "Renamed there"
    assert first.editor.data["intro"]["en"] == "Typed here, not yet left"
    kept = json.loads(storage.getItem(key) or "")
    assert "Typed here, not yet left" in json.dumps(kept) and "Renamed there" in json.dumps(kept)
    assert "what you were typing here is added" in words(page(first))

    second.desk, _ = settle(second.desk, ChangedElsewhere(key, storage.getItem(key)), storage)
    second.command("text title en", "Theirs")
    told(WriteText("title", "en", "Mine"))  # the same text, changed in both tabs
    drafts = {
        k: json.dumps(json.loads(storage.getItem(k) or ""))
        for k in (storage.key(i) for i in range(storage.length))
        if k is not None and k.startswith(DRAFT)
    }
    assert drafts[key].count("Theirs") == 1 and "Mine" not in drafts[key]
    copies = [text for k, text in drafts.items() if k != key and "Mine" in text]
    assert len(copies) == 1
    assert first.editor.data["title"]["en"] == "Mine" and first.draft.id != second.draft.id
    assert "(this tab)" in first.draft.name
    assert "yours is kept as a new draft" in words(page(first))
