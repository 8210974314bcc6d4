"""The editor's drafts in the browser's storage: every edit is kept across a reload, right
or not yet; several drafts are named, switched, added and deleted; a refused save is said at
once with a download; stored entries of any shape never stop the editor and are never lost."""

from __future__ import annotations

import copy
import itertools
import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import attika
from web.core.storage import MemoryStorage
from web.core.text import set_language
from web.editor.drafts import CURRENT, DRAFT, STORE_KEY, Draft, UnreadableEntry
from web.editor.editor import Editor
from web.editor.editor_view import editor_page_html
from web.editor.effects import (
    ClearHandOver,
    DeleteEntry,
    NoteOpen,
    OfferFile,
    SaveDraft,
)
from web.editor.keeping import found, settle
from web.editor.messages import ChangedElsewhere, DraftKept, DraftNotKept, Found
from web.editor.reader import read
from web.editor.scene import editor_scene
from web.editor.store import Desk, update

SCENARIOS = Path(__file__).parents[2] / "scenarios"


class FullStorage(MemoryStorage):
    """Storage that refuses every new write, as a full localStorage does."""

    def __init__(self, items: dict[str, str] | None = None) -> None:
        super().__init__()
        self.items.update(items or {})

    def setItem(self, key: str, value: str) -> None:
        raise RuntimeError("QuotaExceededError: the quota has been exceeded")


class EditorPage:
    """The editor page on this storage as its binder runs it: a tap or a field's change
    read into a message, the store's answer, its effects on storage carried out, and the
    last download it offered."""

    def __init__(self, storage: MemoryStorage) -> None:
        ids = (f"d{i}" for i in itertools.count())
        clock = itertools.count(1_000)
        self.storage = storage
        desk = Desk(now=lambda: next(clock), new_id=lambda: next(ids))
        self.desk, _ = settle(desk, found(storage), storage)
        self.download: tuple[str, str] | None = None

    def command(self, name: str, value: str = "") -> None:
        self.desk, left = settle(self.desk, read(name, value), self.storage)
        offers = [effect for effect in left if isinstance(effect, OfferFile)]
        if offers:
            self.download = (offers[-1].filename, offers[-1].text)

    @property
    def editor(self) -> Editor:
        return self.desk.editor

    @property
    def draft(self) -> Draft:
        return self.desk.draft

    @property
    def listed(self) -> list[Draft]:
        return self.desk.listed

    @property
    def unreadable(self) -> list[UnreadableEntry]:
        return self.desk.unreadable

    @property
    def asking(self) -> object:
        return self.desk.asking

    @property
    def not_kept(self) -> str | None:
        return self.desk.not_kept


def open_desk(storage: MemoryStorage) -> EditorPage:
    """The editor page starting on this storage (ids and clock as a browser would give)."""
    set_language("en")
    return EditorPage(storage)


def page(desk: EditorPage) -> str:
    return str(editor_page_html(editor_scene(desk.desk)))


def test_a_task_typed_before_the_answer_is_kept_across_a_reload() -> None:
    storage = MemoryStorage()
    desk = open_desk(storage)
    desk.command("tool", "mountain")
    desk.command("hex", "1,0")
    desk.command("text task en", "Build the tower on the mountain.")
    assert desk.editor.error is not None and desk.editor.error[0] == "task.answer"
    again = open_desk(storage)
    assert again.editor.data == desk.editor.data  # not replaced by the default position
    assert again.editor.data["task"]["text"]["en"] == "Build the tower on the mountain."
    assert "Next, record the task" in page(again)  # what is still to do is said


def test_several_drafts_are_named_switched_and_deleted_after_asking() -> None:
    storage = MemoryStorage()
    desk = open_desk(storage)
    desk.command("text title en", "First")
    desk.command("draft-name", "Lesson one")
    first = desk.draft.id
    desk.command("draft-new")
    desk.command("text title en", "Second")
    second = desk.draft.id
    assert {d.name for d in desk.listed} == {"Lesson one", "Draft 2"}
    desk.command("draft", first)
    assert desk.editor.data["title"]["en"] == "First"
    assert "Lesson one" in page(desk) and "Draft 2" in page(desk)
    desk.command("draft-delete")
    assert desk.asking is not None and "Lesson one" in page(desk)
    desk.command("no")
    assert len(open_desk(storage).listed) == 2  # nothing deleted without a yes
    desk.command("draft-delete")
    desk.command("yes")
    assert [d.id for d in desk.listed] == [second] and desk.draft.id == second
    assert open_desk(storage).editor.data["title"]["en"] == "Second"


def test_the_draft_open_last_opens_again() -> None:
    storage = MemoryStorage()
    desk = open_desk(storage)
    desk.command("text title en", "One")
    one = desk.draft.id
    desk.command("draft-new")
    desk.command("text title en", "Two")
    desk.command("draft", one)
    assert open_desk(storage).draft.id == one


def test_a_lesson_from_the_game_opens_as_a_new_draft_and_keeps_the_unsaved_one() -> None:
    storage = MemoryStorage()
    desk = open_desk(storage)
    desk.command("text title en", "My own lesson")
    game = attika.new_game(2, seed=3)
    lesson = attika.lesson_from_view(game.view(0), ["athens", "corinth"], "Turn 1")
    storage.setItem(STORE_KEY, json.dumps(lesson))  # what the game page leaves
    after = open_desk(storage)
    assert after.editor.data == lesson and after.draft.name == "Turn 1"
    assert storage.getItem(STORE_KEY) is None  # taken, as a draft of its own
    titles = {open_desk_on(storage, d.id) for d in after.listed}
    assert titles == {"My own lesson", "Turn 1"}


def open_desk_on(storage: MemoryStorage, draft_id: str) -> str:
    storage.setItem(CURRENT, draft_id)
    title = open_desk(storage).editor.data["title"]
    return title if isinstance(title, str) else title["en"]


def test_a_pasted_file_opens_as_a_new_draft_beside_the_work() -> None:
    storage = MemoryStorage()
    desk = open_desk(storage)
    desk.command("text title en", "Work in progress")
    roads = (SCENARIOS / "roads.json").read_text(encoding="utf-8")
    desk.command("import", roads)
    assert desk.draft.name == "Roads" and json.loads(desk.editor.text()) == json.loads(roads)
    assert {d.name for d in desk.listed} == {"Draft 1", "Roads"}


def test_with_storage_full_the_editor_starts_and_a_save_is_refused_with_a_download() -> None:
    kept = MemoryStorage()
    open_desk(kept).command("text title en", "Kept before")
    full = FullStorage(kept.items)
    desk = open_desk(full)
    assert desk.editor.data["title"]["en"] == "Kept before" and desk.not_kept is None
    desk.command("text title en", "Changed")
    assert desk.not_kept == "the browser's storage is full"
    shown = page(desk)
    assert "not kept in this browser" in shown and 'data-cmd="draft-download"' in shown
    desk.command("draft-download")
    assert desk.download is not None
    assert json.loads(desk.download[1])["title"]["en"] == "Changed"
    desk.command("draft-new")  # leaving work that is not kept is asked first
    assert desk.asking is not None and desk.editor.data["title"]["en"] == "Changed"


def test_a_draft_too_long_to_keep_is_refused_without_being_echoed() -> None:
    storage = MemoryStorage()
    desk = open_desk(storage)
    desk.command("text intro en", "x" * 6_000_000)
    assert desk.not_kept is not None and "too long" in desk.not_kept
    assert len(desk.not_kept) < 200
    assert all(len(v) < 10_000 for v in storage.items.values())
    assert "x" * 1000 not in page(desk).split("<textarea")[0]


def test_unreadable_entries_are_listed_kept_and_deleted_only_after_asking() -> None:
    storage = MemoryStorage()
    bad = {
        DRAFT + "deep": "[" * 200_000,
        DRAFT + "cut": '{"name": "x", "data": {"board"',
        DRAFT + "shape": json.dumps({"name": "x", "data": {"board": {}, "players": 3}}),
        STORE_KEY: "not a lesson",
    }
    storage.items.update(bad)
    desk = open_desk(storage)
    shown = page(desk)
    assert len(desk.unreadable) == 4 and "could not be read" in shown
    assert "nested more than 24 levels deep" in shown and "players" in shown
    for key, text in bad.items():
        if key != STORE_KEY:
            assert storage.getItem(key) == text  # nothing written over
    assert all(len(u.reason) < 200 for u in desk.unreadable)
    moved = next(u for u in desk.unreadable if u.text == "not a lesson")
    desk.command("unreadable-download", moved.key)
    assert desk.download is not None and desk.download[1] == "not a lesson"
    desk.command("unreadable-delete", DRAFT + "cut")
    assert storage.getItem(DRAFT + "cut") is not None
    desk.command("yes")
    assert storage.getItem(DRAFT + "cut") is None and len(desk.unreadable) == 3


# -- any stored entry: the editor starts, and nothing is lost ------------------------------


def _bases() -> list[dict[str, Any]]:
    out = []
    paths = [*sorted(SCENARIOS.glob("*.json"))[:4], SCENARIOS / "road-turn-after-turn.json"]
    for path in paths:  # the last: a lesson of several steps
        data = json.loads(path.read_text(encoding="utf-8"))
        data.pop("still", None)
        out.append({"name": path.stem, "updated": 5, "data": data})
    return out


BASES = _bases()
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 10**6)
    | st.floats(allow_nan=False)
    | st.text(max_size=6)
    | st.sampled_from(["plain", "hill", "0,0", "athens", "build", "tower", "en"]),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)


def _paths(value: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [here]
    if isinstance(value, dict):
        for k, v in value.items():
            found += _paths(v, (*here, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found += _paths(v, (*here, i))
    return found


@st.composite
def stored_entries(draw: st.DrawFn) -> str:
    """A draft entry as a browser may hold it after anything: a part replaced by any JSON
    or taken out, the text cut, noise, nesting far too deep, a huge text."""
    entry = copy.deepcopy(draw(st.sampled_from(BASES)))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(_paths(entry)))
        if not path:
            entry = draw(JSON)
            break
        holder = entry
        for part in path[:-1]:
            holder = holder[part]
        if draw(st.booleans()):
            holder[path[-1]] = draw(JSON)
        else:
            del holder[path[-1]]
    text = json.dumps(entry)
    how = draw(st.sampled_from(["as-is", "as-is", "cut", "noise", "deep", "huge"]))
    if how == "cut":
        text = text[: draw(st.integers(0, len(text)))]
    elif how == "noise":
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.text(min_size=1, max_size=4)) + text[at:]
    elif how == "deep":
        text = "[" * draw(st.integers(25, 100_000)) + text
    elif how == "huge":
        text = json.dumps({"name": "huge", "data": "x" * 1_000_000})
    return text


COMMANDS = st.sampled_from(
    [
        ("tool", "hill"),
        ("hex", "0,0"),
        ("hex", "5,5"),
        ("tool", "erase"),
        ("players", "3"),
        ("seat", "1"),
        ("hand", "hill +"),
        ("amphorae", "+"),
        ("stored", "+"),
        ("current", "1"),
        ("phase", "draw 1"),
        ("text title de", "Titel"),
        ("text intro en", "Words"),
        ("text hint nl", "Kijk"),
        ("record", ""),
        ("step", "0"),
        ("keep", ""),
        ("drop", ""),
        ("draft-name", "Renamed"),
    ]
)


@settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(stored_entries(), st.lists(COMMANDS, max_size=4))
def test_any_stored_entry_leaves_the_editor_working_and_is_never_lost(
    text: str, commands: list[tuple[str, str]]
) -> None:
    storage = MemoryStorage()
    storage.items[DRAFT + "other"] = json.dumps(BASES[0])
    storage.items[DRAFT + "odd"] = text
    storage.items[CURRENT] = "odd"
    desk = open_desk(storage)  # starts, whatever the entry holds
    page(desk)
    aside = [u.key for u in desk.unreadable]
    if DRAFT + "odd" in aside:
        assert desk.draft.id != "odd"
    else:  # it opened as a draft: exactly what was stored
        assert desk.draft.id == "odd"
        assert desk.editor.data == json.loads(text)["data"]
    for cmd, arg in commands:
        desk.command(cmd, arg)
        page(desk)
    if DRAFT + "odd" in aside:
        assert storage.getItem(DRAFT + "odd") == text  # kept aside, untouched
        assert any(u.key == DRAFT + "odd" for u in desk.unreadable)
    assert storage.getItem(DRAFT + "other") is not None


# -- the store answers with effects, and storage is the page's ------------------------------


class Untouchable(MemoryStorage):
    """Storage that fails on any call: the store must never reach it."""

    def __getattribute__(self, name: str) -> Any:
        if name in ("getItem", "setItem", "removeItem", "key", "length"):
            raise AssertionError(f"the store touched storage ({name})")
        return super().__getattribute__(name)


def test_the_update_returns_effects_and_never_touches_storage() -> None:
    set_language("en")
    storage = MemoryStorage()
    open_desk(storage).command("text title en", "Kept before")
    game = attika.new_game(2, seed=3)
    lesson = attika.lesson_from_view(game.view(0), ["athens", "corinth"], "Turn 1")
    storage.setItem(STORE_KEY, json.dumps(lesson))
    start = found(storage)  # what the page read when it opened
    assert isinstance(start, Found) and dict(start.entries)[STORE_KEY] == json.dumps(lesson)
    storage.__class__ = Untouchable  # from here on, any touch of storage fails
    ids = (f"e{i}" for i in itertools.count())
    desk = Desk(now=lambda: 7, new_id=lambda: next(ids))
    desk, effects = update(desk, start)
    assert desk.editor.data == lesson and desk.draft.name == "Turn 1"
    [save] = effects  # the hand-over becomes a draft of its own ...
    assert isinstance(save, SaveDraft) and save.draft_id == desk.draft.id
    assert json.loads(save.text)["data"] == lesson
    desk, effects = update(desk, DraftKept(save.draft_id, save.text, save.after))
    assert effects == (ClearHandOver(),)  # ... and is taken away only once it is kept
    desk, effects = update(desk, read("tool", "forest"))
    assert effects == ()  # nothing changed that is kept
    desk, effects = update(desk, read("hex", "0,0"))
    [save] = effects
    assert isinstance(save, SaveDraft)
    desk, effects = update(desk, DraftNotKept("the browser's storage is full", ""))
    assert effects == () and desk.not_kept == "the browser's storage is full"
    assert "storage is full" in str(editor_page_html(editor_scene(desk)))  # said on the page
    desk, effects = update(desk, read("draft-new"))
    assert effects == () and desk.asking is not None  # leaving unkept work is asked first
    desk, effects = update(desk, read("draft-download"))
    assert effects == (OfferFile(f"attika-draft-{desk.draft.id}.json", desk.editor.text()),)
    desk, effects = update(desk, read("no"))
    desk, effects = update(desk, DraftKept(save.draft_id, save.text, save.after))  # room again
    assert desk.not_kept is None
    older = next(d.id for d in desk.listed if d.id != desk.draft.id)
    desk, effects = update(desk, read("draft", older))
    assert effects == (NoteOpen(older),) and desk.editor.data["title"]["en"] == "Kept before"
    desk, effects = update(desk, read("draft-delete"))
    assert effects == ()  # asked first
    desk, effects = update(desk, read("yes"))
    assert effects[0] == DeleteEntry(DRAFT + older)


def test_a_draft_changed_in_another_tab_is_taken_not_written_over() -> None:
    """Two tabs on one draft: what one tab keeps reaches the other (the browser's storage
    event), which shows it and builds on it, so neither tab's work is lost."""
    storage = MemoryStorage()
    first = open_desk(storage)
    first.command("tool", "mountain")
    first.command("hex", "1,0")
    second = open_desk(storage)  # the same draft, open in a second tab
    assert second.draft.id == first.draft.id
    first.command("text title en", "Mountains save cards")
    key = DRAFT + first.draft.id

    def told(tab: EditorPage) -> None:
        tab.desk, _ = settle(tab.desk, ChangedElsewhere(key, storage.getItem(key)), storage)

    told(second)
    assert second.editor.data == first.editor.data
    assert "changed in another tab" in page(second)
    second.command("tool", "hill")
    second.command("hex", "0,0")  # its own change, on top of the first tab's
    assert "changed in another tab" not in page(second)
    kept = json.loads(storage.getItem(key) or "")
    assert "Mountains save cards" in json.dumps(kept)
    assert second.editor.data["board"]["hexes"]["0,0"] == "hill"
    told(first)
    assert first.editor.data == second.editor.data
    # an entry that is not this tab's draft, or its open-draft note, changes nothing open
    before = copy.deepcopy(first.editor.data)
    first.desk, _ = settle(first.desk, ChangedElsewhere(CURRENT, "d9"), storage)
    assert first.editor.data == before
