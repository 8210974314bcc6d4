"""The position editor by taps: a position is built, checked by the rules as it goes,
exported, read back as a lesson whose task the recorded answer solves."""

from __future__ import annotations

import json
import re

import attika
from attika.scenario import least_price
from tests.web.editing import edit, play
from web.core.text import set_language
from web.editor.editor import Editor
from web.editor.editor_view import editor_html
from web.editor.edits import import_text
from web.editor.reader import read
from web.editor.scene import scene_of
from web.play.messages import Confirm, Select, TapHex, Unreadable
from web.teach.messages import position_message
from web.teach.position import Position
from web.teach.store import position_update


def build_a_lesson() -> Editor:
    """A small position: a hill and a mountain, a shrine, a tower of the other player, a
    hand of cards; the answer: build the tower... recorded by playing it."""
    set_language("en")
    ed = Editor()
    edit(ed, read("tool", "hill"))
    edit(ed, read("hex", "0,0"))
    edit(ed, read("tool", "mountain"))
    edit(ed, read("hex", "1,0"))
    edit(ed, read("tool", "shrine"))
    edit(ed, read("hex", "3,-1"))
    edit(ed, read("tool", "building"))
    edit(ed, read("building", "quarry"))
    edit(ed, read("owner", "1"))
    edit(ed, read("hex", "-1,1"))
    edit(ed, read("seat", "0"))
    edit(ed, read("stored-building", "fortress"))  # the counter's own choice
    edit(ed, read("stored", "+"))
    for _ in range(3):
        edit(ed, read("hand", "mountain +"))
    edit(ed, read("hand", "hill +"))
    edit(ed, read("text title en", "Build the fortress"))
    edit(ed, read("text title de", "Baue die Festung"))
    edit(ed, read("text task en", "Build the fortress on the hill and pay what is left."))
    assert ed.error is not None and ed.error[0] == "task.answer"  # not yet recorded
    assert ed.position_ok
    # the usual order (the task first, then its answer) is not shown as a mistake
    html = str(editor_html(scene_of(ed)))
    assert "record the task" in html and "must be an object" not in html
    return ed


def test_a_position_built_by_taps_reads_and_shows() -> None:
    ed = build_a_lesson()
    game = ed.good.game  # type: ignore[union-attr]
    assert game.board.landscape[(0, 0)] == attika.LANDSCAPES.index("hill")
    assert (3, -1) in game.board.shrines
    assert game.board.buildings[(-1, 1)] == (1, "quarry")
    assert game.players[0].cards == (1, 3, 0, 0) and game.players[0].stored == {"fortress": 1}
    html = str(editor_html(scene_of(ed)))
    assert 'data-hex="0,0"' in html and "Quarry of Corinth" in html
    assert "Next, record the task" in html  # the answer is still to record
    assert "Empty place next to the board" in html  # where the board may grow


def test_a_mistake_names_its_field_and_keeps_the_last_right_position() -> None:
    ed = build_a_lesson()
    good = ed.good
    edit(ed, read("amphorae", "+"))
    for _ in range(15):
        edit(ed, read("amphorae", "+"))
    assert ed.error is not None and ed.error[0] == "players"
    assert ed.good is not good  # the last right one: 15 amphorae
    assert "players" in str(editor_html(scene_of(ed)))
    edit(ed, read("amphorae", "-"))
    assert ed.error is not None and ed.error[0] == "task.answer"


def test_import_refuses_a_bad_file_naming_the_field_and_changes_nothing() -> None:
    ed = build_a_lesson()
    before = json.dumps(ed.data)
    bad = json.loads(ed.text())
    bad["players"][1]["hand"] = {"hill": -1}
    import_text(ed, json.dumps(bad))
    assert ed.import_error is not None and ed.import_error[0] == "players[1].hand.hill"
    assert json.dumps(ed.data) == before
    import_text(ed, "{not json")
    assert ed.import_error is not None and json.dumps(ed.data) == before
    shipped = (attika.__file__.rsplit("/", 2)[0]) + "/scenarios/roads.json"
    with open(shipped, encoding="utf-8") as f:
        text = f.read()
    import_text(ed, text)
    assert ed.import_error is None and ed.error is None
    assert json.loads(ed.text()) == json.loads(text)  # opened as it is


def test_the_recorded_answer_solves_the_exported_lesson_and_a_wrong_move_does_not() -> None:
    ed = build_a_lesson()
    edit(ed, read("record"))
    assert ed.recording is not None
    edit(ed, play("select fortress"))
    edit(ed, play("hex 0,0"))
    edit(ed, play("confirm"))
    assert ed.recording.session.game.actions
    edit(ed, read("keep"))
    assert ed.recording is None and ed.error is None
    steps = ed.data["task"]["answer"]["steps"]
    assert steps[0].startswith("build fortress 0,0")
    lesson = attika.load_scenario(ed.text(), "exported")
    right = Position("r", lesson)
    for message in (Select("fortress"), TapHex((0, 0)), Confirm()):
        position_update(right, message)
    assert right.verdict == "solved"
    wrong = Position("w", lesson)
    for message in (Select("fortress"), TapHex((1, 0)), Confirm()):
        position_update(wrong, message)
    assert wrong.verdict == "wrong"


def test_whose_turn_and_how_far_it_has_gone() -> None:
    ed = build_a_lesson()
    edit(ed, read("current", "1"))
    edit(ed, read("phase", "build 2"))
    game = ed.good.game  # type: ignore[union-attr]
    assert game.current == 1 and game.turn.mode == "build" and game.turn.used == 2
    edit(ed, read("phase", "none"))
    assert ed.good.game.turn.mode is None  # type: ignore[union-attr]


def test_a_recorded_build_can_be_made_a_criterion_and_exact_again() -> None:
    """Recorded by playing, then 'this building anywhere at the least price': the exported
    lesson takes an equally cheap place as right; 'exactly this move' restores the move."""
    ed = build_a_lesson()
    edit(ed, read("record"))
    edit(ed, play("select fortress"))
    edit(ed, play("hex 0,0"))
    edit(ed, play("confirm"))
    edit(ed, read("keep"))
    played = ed.data["task"]["answer"]["steps"][0]
    html = str(editor_html(scene_of(ed)))
    assert 'name="reach"' in html and "Exactly this move" in html
    edit(ed, read("reach", "0:least"))
    assert ed.error is None
    assert ed.data["task"]["answer"]["steps"][0] == {
        "kind": "build",
        "building": "fortress",
        "price": "least",
    }
    lesson = attika.load_scenario(ed.text(), "exported")
    least = least_price(lesson.game, "fortress")
    cheapest = {
        b.hex
        for b in lesson.game.legal_actions()
        if isinstance(b, attika.Build) and b.building == "fortress" and sum(b.payment) == least
    }
    for h in cheapest:
        pos = Position("r", lesson)
        for message in (Select("fortress"), TapHex(h), Confirm()):
            position_update(pos, message)
        assert pos.verdict == "solved", h
    assert 'value="0:least" selected' in str(editor_html(scene_of(ed)))
    edit(ed, read("reach", "0:exact"))
    assert ed.data["task"]["answer"]["steps"][0] == played


def test_the_editor_sets_what_the_lesson_keeps_back() -> None:
    ed = build_a_lesson()
    edit(ed, read("record"))
    for tap in ("select fortress", "hex 0,0", "confirm"):
        edit(ed, play(tap))
    edit(ed, read("keep"))
    html = str(editor_html(scene_of(ed)))
    assert 'data-cmd="hide" data-arg="price"' in html and 'aria-pressed="false"' in html
    edit(ed, read("hide", "price"))
    edit(ed, read("hide", "hint"))
    assert ed.data["hide"] == ["hint", "price"] and ed.error is None
    lesson = attika.load_scenario(ed.text(), "exported")
    assert lesson.hide == frozenset({"hint", "price"})
    pos = Position("r", lesson)
    assert not pos.session.hints  # no Hint button for the reader
    edit(ed, read("hide", "hint"))
    edit(ed, read("hide", "price"))
    assert "hide" not in ed.data
    assert isinstance(read("hide", "everything"), Unreadable)  # not a thing to keep back


def test_the_editor_lets_a_lesson_opt_out_of_training() -> None:
    """On by default (every way the rules allow); off writes "training": [], so the reader
    is not offered "Train again" (for texts that name a side of the board)."""
    ed = build_a_lesson()
    edit(ed, read("record"))
    for tap in ("select fortress", "hex 0,0", "confirm"):
        edit(ed, play(tap))
    edit(ed, read("keep"))
    pressed = (
        r'data-cmd="training"[^>]*aria-pressed="(\w+)"|aria-pressed="(\w+)"[^>]*data-cmd="training"'
    )

    def shown() -> str:
        found = re.search(pressed, str(editor_html(scene_of(ed))))
        assert found is not None
        return found.group(1) or found.group(2)

    assert shown() == "true" and "training" not in ed.data
    assert attika.load_scenario(ed.text(), "exported").training
    edit(ed, read("training"))
    assert shown() == "false" and ed.data["training"] == [] and ed.error is None
    assert attika.load_scenario(ed.text(), "exported").training == frozenset()
    edit(ed, read("training"))
    assert shown() == "true" and "training" not in ed.data


def test_the_lesson_is_tried_as_its_reader_meets_it_before_export() -> None:
    ed = build_a_lesson()
    edit(ed, read("record"))
    for tap in ("select fortress", "hex 0,0", "confirm"):
        edit(ed, play(tap))
    edit(ed, read("keep"))
    edit(ed, read("hide", "price"))
    before = ed.text()
    edit(ed, read("preview"))
    assert ed.preview is not None
    html = str(editor_html(scene_of(ed)))
    assert "The lesson as its reader meets it" in html and 'class="cost' not in html
    edit(ed, play("select fortress"))  # the reader's taps play the preview
    html = str(editor_html(scene_of(ed)))
    assert 'class="cost' not in html  # the prices stay kept back, as for the reader
    edit(ed, play("hex 0,0"))
    edit(ed, play("confirm"))
    assert ed.preview.verdict == "solved"
    assert ed.text() == before  # trying it changed nothing of the lesson
    edit(ed, read("drop"))
    assert ed.preview is None
    edit(ed, read("preview"))
    edit(ed, read("hide", "hint"))  # an edit: the preview would show the file as it was
    assert ed.preview is None


def test_the_editor_warns_of_languages_the_lesson_is_not_written_in() -> None:
    ed = build_a_lesson()  # a title in English and German, a task in English only
    edit(ed, read("record"))
    for tap in ("select fortress", "hex 0,0", "confirm"):
        edit(ed, play(tap))
    edit(ed, read("keep"))
    html = str(editor_html(scene_of(ed)))
    assert "Not yet written in Deutsch, Nederlands" in html
    for what in ("title", "task", "hint", "solved"):
        for lang in ("en", "de", "nl"):
            edit(ed, read(f"text {what} {lang}", f"{what} in {lang}"))
    assert ed.error is None
    assert "Not yet written" not in str(editor_html(scene_of(ed)))


def test_the_waiting_counter_keeps_its_own_building_and_the_folds_stay_open() -> None:
    ed = build_a_lesson()
    edit(ed, read("building", "tower"))  # the tap tool's building changes...
    assert scene_of(ed).chosen.stored == 1  # ...and the counter still counts the fortress
    edit(ed, read("stored", "+"))
    assert ed.data["players"][0]["stored"] == {"fortress": 2}
    assert 'name="text task de"' not in str(editor_html(scene_of(ed)))  # folded
    edit(ed, read("texts", "de"))
    edit(ed, read("text task de", "Baue die Festung."))
    html = str(editor_html(scene_of(ed)))
    assert 'name="text task de"' in html and 'aria-expanded="true"' in html  # still open


def test_the_snippets_name_the_downloaded_file_from_the_site_root() -> None:
    from web.editor.editor_view import editor_html as view
    from web.editor.store import Desk, update

    ed = build_a_lesson()
    html = str(view(scene_of(ed, "/games/attika/")))
    assert "/games/attika/embed.html?scenario=/games/attika/lessons/build-the-fortress.json" in html
    assert 'src="/games/attika/web/attika-embed.js"' in html.replace("&quot;", '"')
    desk = Desk(now=lambda: 0, new_id=lambda: "x")
    desk.editor = ed
    _, effects = update(desk, read("download"))
    assert any(getattr(e, "filename", None) == "build-the-fortress.json" for e in effects)


def test_the_answer_says_how_far_each_step_goes() -> None:
    """The editor's answer line names what counts as right, not only the building."""
    from web.core.text import set_language
    from web.editor.checks import step_words

    set_language("en")
    least = {"kind": "build", "building": "fortress", "price": "least"}
    assert step_words(least) == "build fortress at the least price"
    placed = {"kind": "build", "building": "road", "hex": "2,-1", "cards": 2}
    assert step_words(placed) == "build road on the place recorded paying 2 cards"
    set_language("de")
    assert step_words(least) == "build fortress zum geringsten Preis"
    set_language("en")


def test_a_lesson_of_two_steps_is_recorded_by_playing_the_replies_then_the_answer() -> None:
    """Step 1 recorded; a step added; Corinth's reply and then the reader's answer played in
    one recording and told apart by who moved; the exported lesson plays both steps."""
    ed = build_a_lesson()
    html = str(editor_html(scene_of(ed)))
    assert 'data-cmd="add-step"' in html and "Steps of the lesson" in html
    # a step added before the first one's answer was recorded: refused, and said
    assert edit(ed, read("add-step")) is not None
    assert "then" not in ed.data
    edit(ed, read("record"))
    for tap in ("select fortress", "hex 0,0", "confirm", "end", "end sure"):
        edit(ed, play(tap))
    edit(ed, read("keep"))
    assert ed.data["task"]["answer"]["steps"][-1] == "end"

    edit(ed, read("add-step"))
    assert ed.step == 1 and ed.recording is None
    edit(ed, read("text task en", "Corinth passed. Draw from Stack 2."))
    assert ed.data["then"][0]["text"]["en"] == "Corinth passed. Draw from Stack 2."
    assert ed.data["task"]["text"]["en"].startswith("Build the fortress")  # step 1 kept
    edit(ed, read("record"))
    recording = scene_of(ed).recording
    assert recording is not None and recording.replying and recording.mover == "Corinth"
    for tap in ("end", "end sure"):
        edit(ed, play(tap))
    recording = scene_of(ed).recording
    assert recording is not None and recording.mover == "Athens"
    edit(ed, play("draw 1"))
    assert scene_of(ed).recording.replying is False  # type: ignore[union-attr]
    edit(ed, read("keep"))
    step = ed.data["then"][0]
    assert step["reply"] == ["end"]
    assert step["answer"] == {"steps": ["draw 1"]} and step["played"] == ["draw 1"]
    assert ed.error is None, ed.error
    assert "Before this step the others play: end" in str(editor_html(scene_of(ed)))

    lesson = attika.load_scenario(ed.text(), "exported")
    assert len(lesson.stages) == 2
    pos = Position("r", lesson)
    for cmd, arg in (("select", "fortress"), ("hex", "0,0"), ("confirm", ""), ("end", "")):
        position_update(pos, position_message(cmd, arg))
    if pos.session.confirm_end:
        position_update(pos, position_message("end", "sure"))
    assert pos.verdict == "solved"
    position_update(pos, position_message("next"))
    assert pos.step == 1
    position_update(pos, position_message("draw", "1"))
    assert pos.verdict == "solved"

    edit(ed, read("remove-step"))
    assert "then" not in ed.data and ed.step == 0 and ed.error is None


def test_a_move_made_general_is_kept_in_the_file_and_made_exact_again_after_a_reload() -> None:
    ed = build_a_lesson()
    edit(ed, read("record"))
    for tap in ("select fortress", "hex 0,0", "confirm"):
        edit(ed, play(tap))
    edit(ed, read("keep"))
    move = ed.data["task"]["answer"]["steps"][0]
    edit(ed, read("reach", "0:least"))
    again = Editor()  # the draft opened again in a new page: only the file is left
    import_text(again, ed.text())
    assert again.import_error is None
    edit(again, read("reach", "0:exact"))
    assert again.data["task"]["answer"]["steps"][0] == move


def test_another_right_answer_is_recorded_and_both_solve_the_lesson() -> None:
    """'Any of these': a second answer played joins the first, each judged right; one of
    another length is refused with the recording kept open; 'only the first' restores it."""
    ed = build_a_lesson()
    edit(ed, read("record"))
    for tap in ("select fortress", "hex 0,0", "confirm"):
        edit(ed, play(tap))
    edit(ed, read("keep"))
    first = ed.data["task"]["answer"]["steps"][0]
    edit(ed, read("record-also"))
    assert scene_of(ed).also
    for tap in ("select fortress", "hex 1,0", "confirm", "end"):
        edit(ed, play(tap))
    if ed.recording is not None and ed.recording.session.confirm_end:
        edit(ed, play("end sure"))
    edit(ed, read("keep"))  # two moves against the first answer's one: refused
    assert ed.recording is not None and ed.note == ("editor.also-length", 1)
    assert "as many moves as the first (1)" in str(editor_html(scene_of(ed)))
    edit(ed, read("drop"))
    edit(ed, read("record-also"))
    for tap in ("select fortress", "hex 1,0", "confirm"):
        edit(ed, play(tap))
    edit(ed, read("keep"))
    assert ed.recording is None and ed.error is None, ed.error
    step = ed.data["task"]["answer"]["steps"][0]
    assert step["one_of"][0] == first and step["one_of"][1].startswith("build fortress 1,0")
    lesson = attika.load_scenario(ed.text(), "exported")
    for h in ((0, 0), (1, 0)):
        pos = Position("r", lesson)
        for message in (Select("fortress"), TapHex(h), Confirm()):
            position_update(pos, message)
        assert pos.verdict == "solved", h
    assert 'data-cmd="only-first"' in str(editor_html(scene_of(ed)))
    edit(ed, read("only-first"))
    assert ed.data["task"]["answer"]["steps"] == [first]
