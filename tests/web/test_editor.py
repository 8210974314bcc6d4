"""The position editor by taps: a position is built, checked by the rules as it goes,
exported, read back as a lesson whose task the recorded answer solves."""

from __future__ import annotations

import json

import attika
from attika.scenario import least_price
from web.core.text import set_language
from web.editor.editor import Editor
from web.editor.editor_view import editor_html
from web.editor.messages import read
from web.editor.scene import scene_of
from web.play.messages import Confirm, Select, TapHex
from web.teach.position import Position, update


def build_a_lesson() -> Editor:
    """A small position: a hill and a mountain, a shrine, a tower of the other player, a
    hand of cards; the answer: build the tower... recorded by playing it."""
    set_language("en")
    ed = Editor()
    ed.apply(read("tool", "hill"))
    ed.apply(read("hex", "0,0"))
    ed.apply(read("tool", "mountain"))
    ed.apply(read("hex", "1,0"))
    ed.apply(read("tool", "shrine"))
    ed.apply(read("hex", "3,-1"))
    ed.apply(read("tool", "building"))
    ed.apply(read("building", "quarry"))
    ed.apply(read("owner", "1"))
    ed.apply(read("hex", "-1,1"))
    ed.apply(read("seat", "0"))
    ed.apply(read("stored-building", "fortress"))  # the counter's own choice
    ed.apply(read("stored", "+"))
    for _ in range(3):
        ed.apply(read("hand", "mountain +"))
    ed.apply(read("hand", "hill +"))
    ed.apply(read("text title en", "Build the fortress"))
    ed.apply(read("text title de", "Baue die Festung"))
    ed.apply(read("text task en", "Build the fortress on the hill and pay what is left."))
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
    ed.apply(read("amphorae", "+"))
    for _ in range(15):
        ed.apply(read("amphorae", "+"))
    assert ed.error is not None and ed.error[0] == "players"
    assert ed.good is not good  # the last right one: 15 amphorae
    assert "players" in str(editor_html(scene_of(ed)))
    ed.apply(read("amphorae", "-"))
    assert ed.error is not None and ed.error[0] == "task.answer"


def test_import_refuses_a_bad_file_naming_the_field_and_changes_nothing() -> None:
    ed = build_a_lesson()
    before = json.dumps(ed.data)
    bad = json.loads(ed.text())
    bad["players"][1]["hand"] = {"hill": -1}
    ed.import_text(json.dumps(bad))
    assert ed.import_error is not None and ed.import_error[0] == "players[1].hand.hill"
    assert json.dumps(ed.data) == before
    ed.import_text("{not json")
    assert ed.import_error is not None and json.dumps(ed.data) == before
    shipped = (attika.__file__.rsplit("/", 2)[0]) + "/scenarios/roads.json"
    with open(shipped, encoding="utf-8") as f:
        text = f.read()
    ed.import_text(text)
    assert ed.import_error is None and ed.error is None
    assert json.loads(ed.text()) == json.loads(text)  # opened as it is


def test_the_recorded_answer_solves_the_exported_lesson_and_a_wrong_move_does_not() -> None:
    ed = build_a_lesson()
    ed.apply(read("record"))
    assert ed.recording is not None
    ed.apply(read("play", "select fortress"))
    ed.apply(read("play", "hex 0,0"))
    ed.apply(read("play", "confirm"))
    assert ed.recording.session.game.actions
    ed.apply(read("keep"))
    assert ed.recording is None and ed.error is None
    steps = ed.data["task"]["answer"]["steps"]
    assert steps[0].startswith("build fortress 0,0")
    lesson = attika.load_scenario(ed.text(), "exported")
    right = Position("r", lesson)
    for message in (Select("fortress"), TapHex((0, 0)), Confirm()):
        update(right, message)
    assert right.verdict == "solved"
    wrong = Position("w", lesson)
    for message in (Select("fortress"), TapHex((1, 0)), Confirm()):
        update(wrong, message)
    assert wrong.verdict == "wrong"


def test_whose_turn_and_how_far_it_has_gone() -> None:
    ed = build_a_lesson()
    ed.apply(read("current", "1"))
    ed.apply(read("phase", "build 2"))
    game = ed.good.game  # type: ignore[union-attr]
    assert game.current == 1 and game.turn.mode == "build" and game.turn.used == 2
    ed.apply(read("phase", "none"))
    assert ed.good.game.turn.mode is None  # type: ignore[union-attr]


def test_a_recorded_build_can_be_made_a_criterion_and_exact_again() -> None:
    """Recorded by playing, then 'this building anywhere at the least price': the exported
    lesson takes an equally cheap place as right; 'exactly this move' restores the move."""
    ed = build_a_lesson()
    ed.apply(read("record"))
    ed.apply(read("play", "select fortress"))
    ed.apply(read("play", "hex 0,0"))
    ed.apply(read("play", "confirm"))
    ed.apply(read("keep"))
    played = ed.data["task"]["answer"]["steps"][0]
    html = str(editor_html(scene_of(ed)))
    assert 'name="reach"' in html and "Exactly this move" in html
    ed.apply(read("reach", "0:least"))
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
            update(pos, message)
        assert pos.verdict == "solved", h
    assert 'value="0:least" selected' in str(editor_html(scene_of(ed)))
    ed.apply(read("reach", "0:exact"))
    assert ed.data["task"]["answer"]["steps"][0] == played


def test_the_editor_sets_what_the_lesson_keeps_back() -> None:
    ed = build_a_lesson()
    ed.apply(read("record"))
    for tap in ("select fortress", "hex 0,0", "confirm"):
        ed.apply(read("play", tap))
    ed.apply(read("keep"))
    html = str(editor_html(scene_of(ed)))
    assert 'data-cmd="hide" data-arg="price"' in html and 'aria-pressed="false"' in html
    ed.apply(read("hide", "price"))
    ed.apply(read("hide", "hint"))
    assert ed.data["hide"] == ["hint", "price"] and ed.error is None
    lesson = attika.load_scenario(ed.text(), "exported")
    assert lesson.hide == frozenset({"hint", "price"})
    pos = Position("r", lesson)
    assert not pos.session.hints  # no Hint button for the reader
    ed.apply(read("hide", "hint"))
    ed.apply(read("hide", "price"))
    assert "hide" not in ed.data
    try:
        read("hide", "everything")
    except ValueError:
        pass
    else:
        raise AssertionError("an unknown thing to keep back was read")


def test_the_lesson_is_tried_as_its_reader_meets_it_before_export() -> None:
    ed = build_a_lesson()
    ed.apply(read("record"))
    for tap in ("select fortress", "hex 0,0", "confirm"):
        ed.apply(read("play", tap))
    ed.apply(read("keep"))
    ed.apply(read("hide", "price"))
    before = ed.text()
    ed.apply(read("preview"))
    assert ed.preview is not None
    html = str(editor_html(scene_of(ed)))
    assert "The lesson as its reader meets it" in html and 'class="cost' not in html
    ed.apply(read("play", "select fortress"))  # the reader's taps play the preview
    html = str(editor_html(scene_of(ed)))
    assert 'class="cost' not in html  # the prices stay kept back, as for the reader
    ed.apply(read("play", "hex 0,0"))
    ed.apply(read("play", "confirm"))
    assert ed.preview.verdict == "solved"
    assert ed.text() == before  # trying it changed nothing of the lesson
    ed.apply(read("drop"))
    assert ed.preview is None
    ed.apply(read("preview"))
    ed.apply(read("hide", "hint"))  # an edit: the preview would show the file as it was
    assert ed.preview is None


def test_the_editor_warns_of_languages_the_lesson_is_not_written_in() -> None:
    ed = build_a_lesson()  # a title in English and German, a task in English only
    ed.apply(read("record"))
    for tap in ("select fortress", "hex 0,0", "confirm"):
        ed.apply(read("play", tap))
    ed.apply(read("keep"))
    html = str(editor_html(scene_of(ed)))
    assert "Not yet written in Deutsch, Nederlands" in html
    for what in ("title", "task", "hint", "solved"):
        for lang in ("en", "de", "nl"):
            ed.apply(read(f"text {what} {lang}", f"{what} in {lang}"))
    assert ed.error is None
    assert "Not yet written" not in str(editor_html(scene_of(ed)))


def test_the_waiting_counter_keeps_its_own_building_and_the_folds_stay_open() -> None:
    ed = build_a_lesson()
    ed.apply(read("building", "tower"))  # the tap tool's building changes...
    assert scene_of(ed).chosen.stored == 1  # ...and the counter still counts the fortress
    ed.apply(read("stored", "+"))
    assert ed.data["players"][0]["stored"] == {"fortress": 2}
    assert 'name="text task de"' not in str(editor_html(scene_of(ed)))  # folded
    ed.apply(read("texts", "de"))
    ed.apply(read("text task de", "Baue die Festung."))
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
    try:
        ed.apply(read("add-step"))
    except ValueError:
        pass
    else:
        raise AssertionError("a step was added before the first one's answer was recorded")
    assert "then" not in ed.data
    ed.apply(read("record"))
    for tap in ("select fortress", "hex 0,0", "confirm", "end", "end sure"):
        ed.apply(read("play", tap))
    ed.apply(read("keep"))
    assert ed.data["task"]["answer"]["steps"][-1] == "end"

    ed.apply(read("add-step"))
    assert ed.step == 1 and ed.recording is None
    ed.apply(read("text task en", "Corinth passed. Draw from Stack 2."))
    assert ed.data["then"][0]["text"]["en"] == "Corinth passed. Draw from Stack 2."
    assert ed.data["task"]["text"]["en"].startswith("Build the fortress")  # step 1 kept
    ed.apply(read("record"))
    recording = scene_of(ed).recording
    assert recording is not None and recording.replying and recording.mover == "Corinth"
    for tap in ("end", "end sure"):
        ed.apply(read("play", tap))
    recording = scene_of(ed).recording
    assert recording is not None and recording.mover == "Athens"
    ed.apply(read("play", "draw 1"))
    assert scene_of(ed).recording.replying is False  # type: ignore[union-attr]
    ed.apply(read("keep"))
    step = ed.data["then"][0]
    assert step["reply"] == ["end"]
    assert step["answer"] == {"steps": ["draw 1"]} and step["played"] == ["draw 1"]
    assert ed.error is None, ed.error
    assert "Before this step the others play: end" in str(editor_html(scene_of(ed)))

    lesson = attika.load_scenario(ed.text(), "exported")
    assert len(lesson.stages) == 2
    pos = Position("r", lesson)
    for cmd, arg in (("select", "fortress"), ("hex", "0,0"), ("confirm", ""), ("end", "")):
        pos.handle(cmd, arg)
    if pos.session.confirm_end:
        pos.handle("end", "sure")
    assert pos.verdict == "solved"
    pos.handle("next")
    assert pos.step == 1
    pos.handle("draw", "1")
    assert pos.verdict == "solved"

    ed.apply(read("remove-step"))
    assert "then" not in ed.data and ed.step == 0 and ed.error is None


def test_a_move_made_general_is_kept_in_the_file_and_made_exact_again_after_a_reload() -> None:
    ed = build_a_lesson()
    ed.apply(read("record"))
    for tap in ("select fortress", "hex 0,0", "confirm"):
        ed.apply(read("play", tap))
    ed.apply(read("keep"))
    move = ed.data["task"]["answer"]["steps"][0]
    ed.apply(read("reach", "0:least"))
    again = Editor()  # the draft opened again in a new page: only the file is left
    again.import_text(ed.text())
    assert again.import_error is None
    again.apply(read("reach", "0:exact"))
    assert again.data["task"]["answer"]["steps"][0] == move


def test_another_right_answer_is_recorded_and_both_solve_the_lesson() -> None:
    """'Any of these': a second answer played joins the first, each judged right; one of
    another length is refused with the recording kept open; 'only the first' restores it."""
    ed = build_a_lesson()
    ed.apply(read("record"))
    for tap in ("select fortress", "hex 0,0", "confirm"):
        ed.apply(read("play", tap))
    ed.apply(read("keep"))
    first = ed.data["task"]["answer"]["steps"][0]
    ed.apply(read("record-also"))
    assert scene_of(ed).also
    for tap in ("select fortress", "hex 1,0", "confirm", "end"):
        ed.apply(read("play", tap))
    if ed.recording is not None and ed.recording.session.confirm_end:
        ed.apply(read("play", "end sure"))
    ed.apply(read("keep"))  # two moves against the first answer's one: refused
    assert ed.recording is not None and ed.note == ("editor.also-length", 1)
    assert "as many moves as the first (1)" in str(editor_html(scene_of(ed)))
    ed.apply(read("drop"))
    ed.apply(read("record-also"))
    for tap in ("select fortress", "hex 1,0", "confirm"):
        ed.apply(read("play", tap))
    ed.apply(read("keep"))
    assert ed.recording is None and ed.error is None, ed.error
    step = ed.data["task"]["answer"]["steps"][0]
    assert step["one_of"][0] == first and step["one_of"][1].startswith("build fortress 1,0")
    lesson = attika.load_scenario(ed.text(), "exported")
    for h in ((0, 0), (1, 0)):
        pos = Position("r", lesson)
        for message in (Select("fortress"), TapHex(h), Confirm()):
            update(pos, message)
        assert pos.verdict == "solved", h
    assert 'data-cmd="only-first"' in str(editor_html(scene_of(ed)))
    ed.apply(read("only-first"))
    assert ed.data["task"]["answer"]["steps"] == [first]
