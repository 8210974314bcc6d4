"""The lesson and editor pages keep their shape: one reader turns every command their markup
can emit into a typed message, a hand-made or stale command is said and changes nothing, a
*Try it* goes through the page's update like any tap, effects are frozen values, and the
binders neither read command words nor keep a model of their own."""

from __future__ import annotations

import ast
import dataclasses
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import get_args

import pytest

import attika
from attika.bots import greedy_bot
from attika.rng import Rng
from tests.web.commands import taps
from web.core.storage import MemoryStorage
from web.core.text import set_language
from web.editor import messages as editor_messages
from web.editor.editor_view import editor_page_html
from web.editor.effects import ReadField
from web.editor.keeping import found, settle
from web.editor.messages import AskImport, Import, Play
from web.editor.reader import read
from web.editor.scene import editor_scene
from web.editor.store import Desk, update
from web.play.messages import Unreadable
from web.teach import messages as lesson_messages
from web.teach.messages import (
    Failure,
    Fetched,
    InLesson,
    NotFetched,
    TryIt,
    lesson_message,
    position_message,
)
from web.teach.position import Position
from web.teach.position_scene import position_scene
from web.teach.position_view import position_html
from web.teach.store import FetchScenario, Lessons, Redraw, position_update
from web.teach.store import update as lesson_update

WEB = Path(__file__).resolve().parents[2] / "web"
SCENARIOS = sorted(Path("scenarios").glob("*.json"))
#: A tap's hook in the markup: its command and argument.
COMMAND = re.compile(r'data-cmd="([^"]*)"(?:[^>]*?data-arg="([^"]*)")?')


def commands(markup: str) -> set[tuple[str, str]]:
    """Every tap the markup offers: (command, argument), a hex or a tile site as the
    binder reads them (web/browser/dom.py ``tapped``)."""
    found = {(cmd, arg or "") for cmd, arg in COMMAND.findall(markup)}
    found |= {("hex", h) for h in re.findall(r'data-hex="([^"]*)"', markup)}
    found |= {("site", h) for h in re.findall(r'data-site="([^"]*)"', markup)}
    return found


# -- the lesson page -----------------------------------------------------------------------


def lesson_states(path: Path) -> Iterator[str]:
    """A lesson drawn in the states a reader meets: as set, folded open, a player's board
    open, each of its first moves chosen and confirmed, solved or not (plain and compact)."""
    set_language("en")
    for compact in (False, True):
        pos = Position("0", attika.load_scenario(path.read_text("utf-8"), path.stem))
        pos.compact = compact
        yield str(position_html(position_scene(pos)))
        for cmd, arg in (("more", ""), ("player", "1"), ("hint", "")):
            position_update(pos, position_message(cmd, arg))
            yield str(position_html(position_scene(pos)))
        rng = Rng(3)
        for _ in range(3):
            game = pos.session.game
            if game.is_over or pos.verdict != "going":
                break
            for cmd, arg in taps(pos.session, greedy_bot(game.copy(), rng)):
                position_update(pos, position_message(cmd, arg))
                yield str(position_html(position_scene(pos)))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_command_a_lesson_offers_is_read_into_the_page_s_message(path: Path) -> None:
    offered: set[tuple[str, str]] = {("try", path.stem)}  # a still preview's data-try
    for markup in lesson_states(path):
        offered |= commands(markup)
    assert len(offered) > 5
    for cmd, arg in sorted(offered):
        message = lesson_message("0", cmd, arg)
        assert isinstance(message, InLesson) and message.key == "0"
        assert not isinstance(message.message, Unreadable), (cmd, arg, message)


def test_a_hand_made_command_in_a_lesson_is_said_and_changes_nothing() -> None:
    set_language("en")
    text = Path("scenarios/free-build.json").read_text("utf-8")
    lessons = Lessons()
    lessons, _ = lesson_update(lessons, Fetched("0", "free-build", text))
    pos = lessons.positions["0"]
    before = pos.session.game.state()
    for cmd, arg in (("nonsense", ""), ("player", "9"), ("pay", "zz"), ("hex", "a,b")):
        message = lesson_message("0", cmd, arg)
        assert isinstance(message.message, Unreadable), (cmd, arg)
        lessons, effects = lesson_update(lessons, message)  # no exception
        assert effects == (Redraw("0"),)
        drawn = str(position_html(position_scene(pos)))
        assert "unknown command" in drawn or "cannot be read" in drawn, (cmd, arg)
        assert pos.session.game.state() == before and pos.verdict == "going"


def test_try_it_brings_a_lesson_to_life_through_the_update() -> None:
    set_language("en")
    lessons = Lessons()
    tap = lesson_message("0", "try", "free-build")
    assert tap == InLesson("0", TryIt())
    lessons, effects = lesson_update(lessons, tap)
    assert effects == (FetchScenario("0"),) and lessons.tried("0")
    lessons, effects = lesson_update(lessons, tap)  # tapped again while on its way
    assert effects == () and "0" not in lessons.positions
    text = Path("scenarios/free-build.json").read_text("utf-8")
    lessons, effects = lesson_update(lessons, Fetched("0", "free-build", text, compact=True))
    assert effects == (Redraw("0", to_task=True),)
    assert lessons.positions["0"].compact and not lessons.fetching
    lessons, effects = lesson_update(lessons, tap)  # already live: drawn again, no fetch
    assert effects == (Redraw("0", to_task=True),)
    # a lesson that cannot be set up keeps why, in the model, worded when drawn
    lessons, _ = lesson_update(lessons, lesson_message("1", "try"))
    lessons, _ = lesson_update(lessons, Fetched("1", "broken", '{"board": 3}'))
    assert "1" not in lessons.positions and lessons.failed["1"].text == "pos.bad-scenario"
    lessons, _ = lesson_update(lessons, NotFetched("2", Failure("pos.no-scenario")))
    assert lessons.failed["2"] == Failure("pos.no-scenario")
    # a tap in a lesson still showing its preview changes nothing
    assert lesson_update(lessons, lesson_message("3", "again"))[1] == ()


def test_the_lesson_binder_keeps_no_model_of_its_own() -> None:
    tree = ast.parse((WEB / "teach" / "page.py").read_text("utf-8"))
    binder = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Positions")
    init = next(n for n in binder.body if isinstance(n, ast.FunctionDef) and n.name == "__init__")
    kept = {
        target.attr
        for node in ast.walk(init)
        if isinstance(node, ast.Assign | ast.AnnAssign)
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Attribute)
    }
    assert kept == {"storage", "lessons"}  # the store holds the positions and the failures


# -- the editor page -----------------------------------------------------------------------


def editor_states() -> Iterator[tuple[str, str]]:
    """The editor page drawn as a teacher meets it: (the page's markup, the markup of the
    live position inside it, if any): blank, built, recording, recorded, tried, two steps,
    a question asked, an entry that could not be read, an import refused."""
    set_language("en")
    storage = MemoryStorage()
    storage.setItem("attika.editor.draft.bad", "{not json")
    ids = iter(f"d{i}" for i in range(1000))
    desk = Desk(now=lambda: 1, new_id=lambda: next(ids))
    desk, _ = settle(desk, found(storage), storage)

    def state() -> tuple[str, str]:
        scene = editor_scene(desk, "/")
        recording = scene.editor.recording
        live = str(recording.board) if recording is not None else str(scene.editor.preview or "")
        return str(editor_page_html(scene)), live

    yield state()
    taps_ = [
        ("tool", "hill"), ("hex", "0,0"), ("tool", "mountain"), ("hex", "1,0"),
        ("tool", "building"), ("owner", "1"), ("hex", "-1,1"),
        ("stored-building", "fortress"), ("stored", "+"), ("hand", "mountain +"),
        ("hand", "mountain +"), ("hand", "mountain +"), ("hand", "hill +"),
        ("text title en", "Build"), ("texts", "de"), ("record", ""),
    ]  # fmt: skip
    for name, value in taps_:
        desk, _ = settle(desk, read(name, value), storage)
    yield state()
    for name, value in (("select", "fortress"), ("hex", "0,0")):
        desk, _ = settle(desk, read(name, value, live=True), storage)
        yield state()
    for name, value in (("confirm", ""),):
        desk, _ = settle(desk, read(name, value, live=True), storage)
    for name, value in (("keep", ""), ("preview", ""), ("drop", ""), ("add-step", "")):
        desk, _ = settle(desk, read(name, value), storage)
        yield state()
    desk, _ = settle(desk, read("draft-delete"), storage)
    yield state()
    desk, _ = settle(desk, Import("{not json"), storage)
    yield state()


def fields(markup: str) -> set[tuple[str, str]]:
    """Every form field's change the markup can send: (name, a value it may take)."""
    out: set[tuple[str, str]] = set()
    for name, options in re.findall(r'<select name="([^"]+)"[^>]*>(.*?)</select>', markup, re.S):
        out |= {(name, value) for value in re.findall(r'value="([^"]*)"', options)}
    out |= {(name, "words") for name in re.findall(r'<(?:input|textarea) name="([^"]+)"', markup)}
    return out


def test_every_command_and_field_the_editor_offers_is_read_into_a_typed_message() -> None:
    page: set[tuple[str, str]] = set()
    live: set[tuple[str, str]] = set()
    for markup, inside in editor_states():
        live |= commands(inside)
        page |= commands(markup.replace(inside, "") if inside else markup) | fields(markup)
    assert {"import-text", "record", "keep", "hex", "tool"} <= {cmd for cmd, _ in page}
    assert {"select", "hex", "confirm"} <= {cmd for cmd, _ in live}
    for name, value in sorted(page):
        message = read(name, value)
        assert not isinstance(message, Unreadable), (name, value, message)
    for name, value in sorted(live):
        message = read(name, value, live=True)
        assert isinstance(message, Play) and not isinstance(message.message, Unreadable)


HAND_MADE = [
    ("nonsense", "1"),
    ("tool", "laser"),
    ("owner", "x"),
    ("players", "9"),
    ("hide", "everything"),
    ("reach", "a:b"),
    ("hand", "hill"),
    ("phase", "fly 2"),
    ("hex", "1;2"),
    ("text bogus xx", "hi"),
    ("step", "-1"),
]


@pytest.mark.parametrize(("name", "value"), HAND_MADE)
def test_a_hand_made_editor_command_is_unreadable_said_and_changes_nothing(
    name: str, value: str
) -> None:
    message = read(name, value)  # never an exception
    assert isinstance(message, Unreadable)
    said_changes_nothing(message)


@pytest.mark.parametrize(("name", "value"), [("step", "7"), ("only-first", ""), ("keep", "")])
def test_a_stale_editor_command_is_said_and_changes_nothing(name: str, value: str) -> None:
    """Read fine, but the editor's state does not allow it now (a step that is gone, no
    first answer to keep alone): refused whole, with a note."""
    message = read(name, value)
    assert not isinstance(message, Unreadable)
    if name == "keep":
        return  # nothing being recorded: nothing to keep, and nothing to say either
    said_changes_nothing(message)


def said_changes_nothing(message: editor_messages.Message) -> None:
    set_language("en")
    storage = MemoryStorage()
    desk = Desk(now=lambda: 1, new_id=lambda: "d0")
    desk, _ = settle(desk, found(storage), storage)
    desk, _ = settle(desk, read("tool", "forest"), storage)
    desk, _ = settle(desk, read("hex", "0,0"), storage)
    data, kept = json.dumps(desk.editor.data), dict(storage.items)
    desk, effects = update(desk, message)
    assert effects == ()
    assert json.dumps(desk.editor.data) == data and storage.items == kept
    drawn = str(editor_page_html(editor_scene(desk)))
    assert desk.said is not None
    assert re.search(r'role="alert">(The page sent an unknown command|That choice cannot)', drawn)
    desk, _ = settle(desk, read("tool", "hill"), storage)  # the next tap clears the note
    assert desk.said is None


def test_the_import_button_reads_the_box_through_the_reader() -> None:
    set_language("en")
    storage = MemoryStorage()
    desk = Desk(now=lambda: 1, new_id=lambda: "d0")
    desk, _ = settle(desk, found(storage), storage)
    assert read("import-text") == AskImport()
    desk, left = settle(desk, read("import-text"), storage)
    assert left == (ReadField("import"),)  # the page reads the box and sends it back
    text = Path("scenarios/roads.json").read_text("utf-8")
    desk, _ = settle(desk, read("import", text), storage)
    assert desk.editor.data == json.loads(text)


def test_effects_are_frozen_values_returned_in_a_tuple() -> None:
    set_language("en")
    desk = Desk(now=lambda: 1, new_id=lambda: "d0")
    desk, effects = update(desk, read("tool", "forest"))
    desk, effects = update(desk, read("hex", "0,0"))
    assert isinstance(effects, tuple) and effects
    for effect in effects:
        assert dataclasses.is_dataclass(effect)
        with pytest.raises(dataclasses.FrozenInstanceError):
            effect.text = "changed"  # type: ignore[misc, union-attr]
    _, lesson_effects = lesson_update(Lessons(), lesson_message("0", "try"))
    assert isinstance(lesson_effects, tuple)
    with pytest.raises(dataclasses.FrozenInstanceError):
        lesson_effects[0].key = "1"  # type: ignore[misc]


# -- the binders -----------------------------------------------------------------------------


def tap_messages() -> set[str]:
    """The names of every message a reader's tap can stand for on the two pages (the page's
    own reports, such as a draft kept or a scenario fetched, are the binders' to make)."""
    lesson = {t.__name__ for t in get_args(lesson_messages.PositionMessage)} | {"InLesson"}
    editor = {t.__name__ for t in get_args(editor_messages.Edit)}
    editor |= {"AskImport", "Import", "DownloadLesson", "OpenDraft", "NewDraft", "RenameDraft"}
    editor |= {"DownloadDraft", "DeleteDraft", "DownloadUnreadable", "DeleteUnreadable"}
    return lesson | editor | {"Yes", "No", "Unreadable"}


@pytest.mark.parametrize("binder", ["teach/page.py", "editor/page.py"])
def test_the_binders_read_no_command_words_and_build_no_tap_message(binder: str) -> None:
    tree = ast.parse((WEB / binder).read_text("utf-8"))
    made = tap_messages()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in made, f"{binder}:{node.lineno} builds {node.func.id}"
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            words = [s for s in sides if isinstance(s, ast.Constant) and isinstance(s.value, str)]
            names = [s.id for s in sides if isinstance(s, ast.Name)]
            asked = {"cmd", "command", "arg"} & set(names)
            assert not (words and asked), f"{binder}:{node.lineno} checks a command word"
