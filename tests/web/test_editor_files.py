"""Every shipped scenario opens in the editor and exports back to the same file; a file the
editor refuses is refused in the player's words, never echoed whole, never with Python's
own error text; a lesson made from a game keeps its tiles until a hex is changed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import attika
from tests.web.editing import edit
from web.core.text import set_language
from web.editor.editor import Editor
from web.editor.editor_view import editor_html
from web.editor.edits import import_text
from web.editor.reader import read
from web.editor.scene import scene_of

SCENARIOS = sorted((Path(__file__).parents[2] / "scenarios").glob("*.json"))


def test_there_are_shipped_scenarios_to_open() -> None:
    assert len(SCENARIOS) >= 10


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_a_shipped_scenario_opens_and_exports_to_an_equal_file(path: Path) -> None:
    """Equal means the same parsed JSON: the editor changes nothing of a file it opens
    (key order and indentation aside, which JSON does not count)."""
    set_language("en")
    text = path.read_text(encoding="utf-8")
    ed = Editor()
    import_text(ed, text)
    assert ed.import_error is None
    assert ed.error is None, ed.error  # the rules read it in the editor as on the page
    html = str(editor_html(scene_of(ed)))
    title = json.loads(text)["title"]
    assert (title if isinstance(title, str) else title["en"]) in html
    assert json.loads(ed.text()) == json.loads(text)


def test_answers_of_kinds_and_choices_are_shown_in_words() -> None:
    set_language("en")
    ed = Editor()
    import_text(ed, (SCENARIOS[0].parent / "free-build.json").read_text(encoding="utf-8"))
    data = json.loads(ed.text())
    steps = data["task"]["answer"]["steps"]
    assert any(isinstance(s, dict) for s in steps)  # the case that broke the editor
    html = str(editor_html(scene_of(ed)))
    assert "Answer: " in html and "build" in html


def test_a_null_introduction_opens_and_a_text_can_be_typed_into_it() -> None:
    set_language("en")
    data = json.loads((SCENARIOS[0].parent / "roads.json").read_text(encoding="utf-8"))
    data["intro"] = None
    ed = Editor()
    import_text(ed, json.dumps(data))
    assert ed.import_error is None
    assert json.loads(ed.text()) == data
    str(editor_html(scene_of(ed)))
    edit(ed, read("text intro de", "Eine Einführung"))
    assert ed.data["intro"] == {"de": "Eine Einführung"}


def test_refusals_are_worded_and_cut_short() -> None:
    set_language("de")
    try:
        ed = Editor()
        before = ed.text()
        import_text(ed, "[" * 200_000)
        assert ed.import_error is not None and ed.import_error[0] == "(file)"
        assert "tiefer als 24 Ebenen verschachtelt" in ed.import_error[1]
        import_text(ed, '"' + "x" * 5_000_000 + '"')
        assert ed.import_error is not None and "zu lang" in ed.import_error[1]
        huge_field = json.loads(before) | {"y" * 100_000: 1}
        import_text(ed, json.dumps(huge_field))
        assert ed.import_error is not None
        assert len(ed.import_error[0]) + len(ed.import_error[1]) < 400
        import_text(ed, "{not json")
        assert ed.import_error is not None and "kein gültiges JSON" in ed.import_error[1]
        html = str(editor_html(scene_of(ed)))
        assert "JSONDecodeError" not in html and "Expecting" not in html
        assert ed.text() == before  # nothing changed
    finally:
        set_language("en")


def test_a_file_too_long_for_the_embeds_is_not_right() -> None:
    set_language("en")
    ed = Editor()
    edit(ed, read("text intro en", "" + "word " * 60_000))
    assert ed.error is not None and ed.error[0] == "(file)" and "too long" in ed.error[1]
    assert len(ed.error[1]) < 200


def test_a_lesson_from_a_game_keeps_its_tiles_until_a_hex_is_changed() -> None:
    set_language("en")
    game = attika.new_game(2, seed=3)
    data = attika.lesson_from_view(game.view(0), ["athens", "corinth"], "From a game")
    ed = Editor()
    import_text(ed, json.dumps(data))
    assert ed.import_error is None and ed.error is None
    assert json.loads(ed.text()) == data
    edit(ed, read("tool", "hill"))
    edit(ed, read("hex", "0,0"))
    board = ed.data["board"]
    assert "tiles" not in board and board["hexes"]["0,0"] == "hill"
    assert len(board["hexes"]) == len(game.board.landscape)
