"""The position editor (editor.html): a teacher builds a scenario by taps.

The state is the scenario's own data (the file it exports), changed by commands like the
game's (``paint hill``, ``hex 1,-2``, ``hand 0 hill +``...). After every change the rules
package reads it back (``attika.load_scenario``): a mistake is shown with the field the
reader names, and the last position that was right stays on the board. Recording the
task's answer is playing it on a live position (web/position.py); the actions played
become the answer's steps.

A teacher's work is kept as named drafts in the browser's storage (:class:`Drafts`), each
exactly as typed, right or not yet; :class:`Desk` is the page's state: the drafts and the
one open in the editor. Stored data and pasted text come from outside, so both are measured
before they are parsed (``attika.inputs``) and checked for the shape the editor writes;
what cannot be read is listed apart, never dropped or written over. Pure Python, no DOM:
web/main.py binds it.
"""

from __future__ import annotations

import contextlib
import copy
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from attika import (
    BUILDINGS,
    COMPONENTS,
    LANDSCAPES,
    Hex,
    Scenario,
    ScenarioError,
    format_hex,
    load_scenario,
    neighbours,
    parse_hex,
)

from .position import Position
from .refusals import input_words
from .saves import Storage
from .text import CITY_STATE_IDS, t

#: What a tap on the board does: paint a landscape (or a hex without one), erase a hex,
#: put or take a shrine, a building of the chosen kind and owner, a mark.
TOOLS = (*LANDSCAPES, "plain", "erase", "shrine", "building", "mark")
LANGS = ("en", "de", "nl")
#: The task's texts as the editor names them, and the scenario's field for each.
TASK_TEXTS = {"task": "text", "hint": "hint", "solved": "solved"}
#: What a new task says until the teacher writes its own words.
TASK_DEFAULTS = {
    "text": {"en": "Play the move."},
    "hint": {"en": "Not quite: look again at the position."},
    "solved": {"en": "Right!"},
}
#: The hand-over: "Make a lesson from this position" on the game page leaves the scenario
#: here for the editor (and an older editor kept its one position here). The editor opens
#: it as a new draft and only then removes it.
STORE_KEY = "attika.editor"
#: Each draft is one entry under this prefix and its id: ``{"name", "updated", "data"}``.
DRAFT = "attika.editor.draft."
#: The id of the draft open last, opened again on the next visit.
CURRENT = "attika.editor.current"
#: The longest name a draft is given (a title or a typed name is cut to it).
NAME_CHARS = 60
#: The longest part of a refused field or reason quoted back on the page.
QUOTE_CHARS = 160


def blank() -> dict[str, Any]:
    """A small start: one tile's worth of plain hexes and two players."""
    hexes = {format_hex((0, 0)): "plain"}
    for n in neighbours((0, 0)):
        hexes[format_hex(n)] = "plain"
    return {
        "format": "attika-scenario",
        "version": 1,
        "title": {"en": "A new position"},
        "board": {"hexes": hexes, "shrines": [], "buildings": {}},
        "players": [{"city_state": "athens"}, {"city_state": "corinth"}],
    }


def flattened(data: dict[str, Any]) -> dict[str, Any]:
    """The same position with its tiles written out as single hexes, so that every hex can
    be painted or erased alike. Only the board is read for it (with four players to own its
    buildings), so an unfinished task or a player's mistake does not stop it; a board the
    rules cannot read raises ScenarioError."""
    if not data.get("board", {}).get("tiles"):
        return data
    alone = {
        "format": "attika-scenario",
        "version": 1,
        "title": "board",
        "board": copy.deepcopy(data["board"]),
        "players": [{"city_state": cs} for cs in CITY_STATE_IDS],
    }
    board = load_scenario(alone, "flatten").game.board
    out = copy.deepcopy(data)
    out["board"].pop("tiles")
    out["board"]["hexes"] = {
        format_hex(h): "plain" if land is None else LANDSCAPES[land]
        for h, land in sorted(board.landscape.items(), key=lambda kv: (kv[0][1], kv[0][0]))
    }
    return out


def shorten(text: str, most: int) -> str:
    """Outside text short enough to quote in a message (on one line)."""
    flat = " ".join(str(text).split())
    return flat if len(flat) <= most else flat[: most - 1] + "…"


def measured_json(text: str) -> Any:
    """Parse outside text (a stored draft, a pasted file) only after the rules measured it:
    the scenario reader refuses text too long or nested too deep before it parses anything
    (a few hundred thousand ``[`` stop Python in the page), and answers with a code. Any
    other refusal of the reader only says the text is not a scenario, so it is parsed.
    Raises ScenarioError with the code ``too-long``, ``too-deep`` or ``not-json``."""
    try:
        load_scenario(text, "measured")
    except ScenarioError as exc:
        if exc.code:
            raise
    return json.loads(text)  # measured: short and shallow enough to parse


def refused_words(code: str, params: dict[str, object], problem: str) -> str:
    """Why outside text was refused, in the player's language when the code is one the
    page words itself (``attika.inputs``); otherwise the reader's own words, cut short so a
    huge input is never echoed whole."""
    if code:
        return input_words(code, params)
    return shorten(problem, QUOTE_CHARS)


def scenario_problem(exc: ScenarioError) -> tuple[str, str]:
    """A scenario's mistake as the page shows it: the field and why, both cut short."""
    return shorten(exc.field, NAME_CHARS), refused_words(exc.code, exc.params, exc.problem)


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_hex(value: object) -> bool:
    if not isinstance(value, str):
        return False
    try:
        parse_hex(value)
    except ValueError:
        return False
    return True


def _is_text(value: object) -> bool:
    """A text the editor shows in its fields: none, one string, or strings by language."""
    if value is None or isinstance(value, str):
        return True
    return isinstance(value, dict) and all(isinstance(v, str) for v in value.values())


def _is_counts(value: object) -> bool:
    return isinstance(value, dict) and all(_is_count(v) for v in value.values())


def shape_problem(data: object) -> str | None:
    """The first field of stored data the editor could not show or change (the editor's
    screen and commands read these parts), or None when the editor can open it. The rules
    decide later whether the position is right; this only keeps the page from breaking."""
    if not isinstance(data, dict):
        return "(file)"
    board = data.get("board")
    if not isinstance(board, dict):
        return "board"
    hexes = board.get("hexes", {})
    if not isinstance(hexes, dict) or not all(_is_hex(k) for k in hexes):
        return "board.hexes"
    shrines = board.get("shrines", [])
    if not isinstance(shrines, list) or not all(_is_hex(h) for h in shrines):
        return "board.shrines"
    if not isinstance(board.get("buildings", {}), dict):
        return "board.buildings"
    if not isinstance(board.get("tiles", []), list):
        return "board.tiles"
    if not isinstance(data.get("marks", []), list):
        return "marks"
    players = data.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= 4:
        return "players"
    for i, player in enumerate(players):
        where = f"players[{i}]"
        if not isinstance(player, dict):
            return where
        if player.get("city_state") not in CITY_STATE_IDS:
            return f"{where}.city_state"
        if not isinstance(player.get("name", ""), str):
            return f"{where}.name"
        for part in ("hand", "stored"):
            if not _is_counts(player.get(part, {})):
                return f"{where}.{part}"
        if not _is_count(player.get("amphorae", 0)):
            return f"{where}.amphorae"
    if not _is_count(data.get("current", 0)):
        return "current"
    if not isinstance(data.get("turn", {}), dict):
        return "turn"
    for what in ("title", "intro"):
        if not _is_text(data.get(what)):
            return what
    task = data.get("task", {})
    if not isinstance(task, dict):
        return "task"
    for what in TASK_TEXTS.values():
        if not _is_text(task.get(what)):
            return f"task.{what}"
    answer = task.get("answer")
    if answer is not None and not isinstance(answer, dict):
        return "task.answer"
    if isinstance(answer, dict) and not isinstance(answer.get("steps", []), list):
        return "task.answer.steps"
    return None


def step_words(step: object) -> str:
    """One step of an answer as the teacher reads it: an action as written (``build tower
    0,0 ...``), a kind of action (``build tower (free)``), or a choice (``a / b``)."""
    if isinstance(step, str):
        return shorten(step, QUOTE_CHARS)
    if isinstance(step, dict):
        options = step.get("one_of")
        if isinstance(options, list):
            return " / ".join(step_words(o) for o in options)
        words = " ".join(str(step[k]) for k in ("kind", "building") if step.get(k))
        free = step.get("free")
        if free is not None:
            words += f" ({t('editor.step.free') if free else t('editor.step.paid')})"
        return words or "?"
    return shorten(json.dumps(step), QUOTE_CHARS)


@dataclass
class Editor:
    data: dict[str, Any] = field(default_factory=blank)
    tool: str = "hill"
    building: str = "tower"
    owner: int = 0
    #: The seat whose hand, amphorae and stored buildings the panel changes.
    seat: int = 0
    #: What the rules said of the data: None when it reads, else (field, message).
    error: tuple[str, str] | None = None
    #: The last scenario that read without a mistake (drawn on the board).
    good: Scenario | None = None
    #: Recording the answer: a live position on which the teacher plays it.
    recording: Position | None = None
    #: What import said, when a pasted file was refused.
    import_error: tuple[str, str] | None = None

    def __post_init__(self) -> None:
        self.check()

    # -- reading back -------------------------------------------------------------------

    def check(self) -> None:
        """Read the file back through the rules, as an embed reads it (so a file too long
        for the embeds is not right either); keep the last good position."""
        try:
            self.good = load_scenario(self.text(), "editor")  # as an embed reads the file
            self.error = None
        except ScenarioError as exc:
            self.error = scenario_problem(exc)
            if exc.field.startswith("task") and "task" in self.data:
                # the task is not finished (no answer recorded yet): the position itself
                # may still be right, and is drawn and played for the recording
                untasked = copy.deepcopy(self.data)
                del untasked["task"]
                with contextlib.suppress(ScenarioError):
                    self.good = load_scenario(untasked, "editor")

    @property
    def position_ok(self) -> bool:
        """Whether the position reads, leaving out an unfinished task."""
        return self.error is None or (self.error[0].startswith("task") and self.good is not None)

    def text(self) -> str:
        """The scenario file as exported."""
        return json.dumps(self.data, ensure_ascii=False, indent=2)

    # -- commands -----------------------------------------------------------------------

    def handle(self, cmd: str, arg: str = "") -> None:
        """One tap or form change; every change is read back at once."""
        handler = getattr(self, "_cmd_" + cmd.replace("-", "_"), None)
        if handler is None:
            raise ValueError(f"no editor command {cmd!r}")
        handler(arg)
        self.check()

    def _cmd_tool(self, arg: str) -> None:
        if arg not in TOOLS:
            raise ValueError(f"no tool {arg!r}")
        self.tool = arg

    def _cmd_building(self, arg: str) -> None:
        if arg not in BUILDINGS:
            raise ValueError(f"no building {arg!r}")
        self.building = arg

    def _cmd_owner(self, arg: str) -> None:
        self.owner = int(arg) % len(self.data["players"])

    def _cmd_seat(self, arg: str) -> None:
        self.seat = int(arg) % len(self.data["players"])

    def _cmd_hex(self, arg: str) -> None:
        h = parse_hex(arg)
        key = format_hex(h)
        if self.data["board"].get("tiles"):  # written out only now: an opened file is kept
            with contextlib.suppress(ScenarioError):  # as it was until a hex is changed
                self.data = flattened(self.data)
        board = self.data["board"]
        hexes: dict[str, str] = board.setdefault("hexes", {})
        buildings: dict[str, Any] = board.setdefault("buildings", {})
        shrines: list[str] = board.setdefault("shrines", [])
        marks: list[str] = self.data.setdefault("marks", [])
        tool = self.tool
        if tool in (*LANDSCAPES, "plain"):
            if key in shrines:
                shrines.remove(key)
            hexes[key] = tool
        elif tool == "erase":
            hexes.pop(key, None)
            buildings.pop(key, None)
            if key in shrines:
                shrines.remove(key)
            if key in marks:
                marks.remove(key)
        elif tool == "shrine":
            if key in shrines:
                shrines.remove(key)
            else:
                hexes.pop(key, None)
                buildings.pop(key, None)
                shrines.append(key)
        elif tool == "building":
            here = buildings.get(key)
            if here == {"building": self.building, "owner": self.owner}:
                del buildings[key]  # a second tap takes it away again
            else:
                buildings[key] = {"building": self.building, "owner": self.owner}
        elif tool == "mark":
            if key in marks:
                marks.remove(key)
            else:
                marks.append(key)
        if not marks:
            self.data.pop("marks", None)

    def _cmd_players(self, arg: str) -> None:
        n = int(arg)
        if not 2 <= n <= 4:
            raise ValueError("2 to 4 players")
        players = self.data["players"]
        ids = [c["id"] for c in COMPONENTS.city_states]
        while len(players) < n:
            taken = {p.get("city_state") for p in players}
            players.append({"city_state": next(c for c in ids if c not in taken)})
        del players[n:]
        self.seat = min(self.seat, n - 1)
        self.owner = min(self.owner, n - 1)
        if self.data.get("current", 0) >= n:
            self.data["current"] = 0

    def _cmd_hand(self, arg: str) -> None:
        land, step = arg.split()
        hand = self.data["players"][self.seat].setdefault("hand", {})
        hand[land] = max(0, hand.get(land, 0) + (1 if step == "+" else -1))
        if not hand[land]:
            del hand[land]

    def _cmd_amphorae(self, arg: str) -> None:
        player = self.data["players"][self.seat]
        player["amphorae"] = max(0, player.get("amphorae", 0) + (1 if arg == "+" else -1))
        if not player["amphorae"]:
            del player["amphorae"]

    def _cmd_stored(self, arg: str) -> None:
        stored = self.data["players"][self.seat].setdefault("stored", {})
        stored[self.building] = max(0, stored.get(self.building, 0) + (1 if arg == "+" else -1))
        if not stored[self.building]:
            del stored[self.building]

    def _cmd_current(self, arg: str) -> None:
        self.data["current"] = int(arg) % len(self.data["players"])

    def _cmd_phase(self, arg: str) -> None:
        """How far the turn has gone: ``none`` (not chosen yet), ``draw N`` or ``build N``
        (that many draws or builds made)."""
        mode, _, used = arg.partition(" ")
        turn = self.data.setdefault("turn", {})
        turn.pop("drawn", None)
        if mode == "none":
            turn.pop("mode", None)
            turn.pop("used", None)
        elif mode in ("draw", "build"):
            turn["mode"] = mode
            turn["used"] = int(used or 1)
        else:
            raise ValueError(f"no phase {arg!r}")
        if not turn:
            self.data.pop("turn", None)

    def _cmd_text(self, arg: str) -> None:
        """``title en Roads``, ``intro de ...``, ``task en ...``: a text in a language."""
        what, lang, words = [*arg.split(" ", 2), "", ""][:3]
        if what not in ("title", "intro", *TASK_TEXTS) or lang not in LANGS:
            raise ValueError(f"no text {what} {lang}")
        if what in TASK_TEXTS:
            task = self.data.setdefault("task", {})
            for part, default in TASK_DEFAULTS.items():  # a task needs all three texts
                if task.get(part) is None:
                    task[part] = dict(default)
            holder, name = task, TASK_TEXTS[what]
        else:
            holder, name = self.data, what
        texts = holder.get(name)
        if not isinstance(texts, dict):  # none yet (or null), or one text for every language
            texts = holder[name] = {} if texts is None else {"en": str(texts)}
        if words.strip():
            texts[lang] = words
        else:
            texts.pop(lang, None)

    def _cmd_import(self, arg: str) -> None:
        """A scenario file pasted or opened: taken only when the rules read it, and then
        exactly as it is (its tiles are written out only when a hex is changed), so that
        exporting it again gives the same file."""
        try:
            load_scenario(arg, "import")  # measured before it is parsed
            data = json.loads(arg)
        except ScenarioError as exc:
            self.import_error = scenario_problem(exc)
            return
        where = shape_problem(data)
        if where is not None:  # the rules read it, the editor could not show it
            self.import_error = (where, t("editor.cannot-show"))
            return
        self.import_error = None
        self.data = data
        self.seat = self.owner = 0

    # -- recording the answer -----------------------------------------------------------

    def _cmd_record(self, _: str) -> None:
        """Start playing the answer on the position as it is now (without its old answer)."""
        if not self.position_ok:
            return
        data = copy.deepcopy(self.data)
        data.pop("task", None)
        self.recording = Position("editor-record", load_scenario(data, "record"))
        self.recording.compact = True  # as an embed shows it: this is its preview too

    def _cmd_play(self, arg: str) -> None:
        """A tap on the live position while recording (``select tower``, ``hex 0,0``...)."""
        if self.recording is None:
            return
        cmd, _, rest = arg.partition(" ")
        self.recording.handle(cmd, rest)

    def _cmd_keep(self, _: str) -> None:
        """Keep what was played as the task's answer, its exact steps."""
        if self.recording is None:
            return
        steps = list(self.recording.session.game.actions)
        self.recording = None
        if steps:
            task = self.data.setdefault("task", {})
            for part, default in TASK_DEFAULTS.items():
                task.setdefault(part, dict(default))
            task["answer"] = {"steps": steps}

    def _cmd_drop(self, _: str) -> None:
        self.recording = None

    # -- what the board offers to tap ---------------------------------------------------

    def around(self) -> list[Hex]:
        """Empty places next to the board where a new hex or shrine may be painted."""
        board = self.data["board"]
        taken = {parse_hex(k) for k in board.get("hexes", {})} | {
            parse_hex(s) for s in board.get("shrines", [])
        }
        if self.good is not None:
            taken |= set(self.good.game.board.landscape)
        edge = {n for h in taken for n in neighbours(h)} - taken
        return sorted(edge, key=lambda h: (h[1], h[0])) if taken else [(0, 0)]


# -- drafts: the teacher's work kept in this browser ---------------------------------------


class DraftUnreadable(ValueError):
    """A stored draft the editor cannot open; the message says why, in the player's words."""


class DraftNotKept(OSError):
    """A draft the browser did not keep (storage full, or the draft too long)."""


@dataclass(frozen=True)
class Draft:
    """One draft of the list: its id (the storage key's tail) and name."""

    id: str
    name: str
    updated: int


@dataclass(frozen=True)
class Unreadable:
    """A stored entry that cannot be opened: its whole storage key, why, and its text as
    it is, to download or delete."""

    key: str
    reason: str
    text: str


def _name_of(data: object) -> str:
    """A name for a draft made from a file: its English title."""
    title = data.get("title") if isinstance(data, dict) else None
    if isinstance(title, dict):
        title = title.get("en")
    return shorten(title, NAME_CHARS) if isinstance(title, str) and title.strip() else ""


class Drafts:
    """The drafts of this browser, one storage entry each. Reading never writes, and an
    entry that cannot be read is left exactly where it is (moving it needs room that a full
    storage does not have): it is listed apart with the reason, and no draft is ever saved
    under its key."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    def _keys(self) -> list[str]:
        keys = [self.storage.key(i) for i in range(self.storage.length)]
        return sorted(k for k in keys if k is not None and k.startswith(DRAFT))

    def read(self, draft_id: str) -> tuple[Draft, dict[str, Any]]:
        """The draft and its data; DraftUnreadable with the reason if it cannot be opened."""
        text = self.storage.getItem(DRAFT + draft_id)
        if text is None:
            raise DraftUnreadable(t("editor.draft-gone"))
        try:
            entry = measured_json(text)
        except ScenarioError as exc:
            raise DraftUnreadable(refused_words(exc.code, exc.params, exc.problem)) from None
        if not isinstance(entry, dict) or "data" not in entry:
            raise DraftUnreadable(t("editor.draft-bad", field="(draft)"))
        where = shape_problem(entry["data"])
        if where is not None:
            raise DraftUnreadable(t("editor.draft-bad", field=shorten(where, NAME_CHARS)))
        name = entry.get("name")
        updated = entry.get("updated")
        return (
            Draft(
                draft_id,
                shorten(name, NAME_CHARS) if isinstance(name, str) and name.strip() else "?",
                updated if isinstance(updated, int) and not isinstance(updated, bool) else 0,
            ),
            entry["data"],
        )

    def survey(self) -> tuple[list[Draft], list[Unreadable]]:
        """Every draft that opens (the latest first), and every entry that does not."""
        good: list[Draft] = []
        bad: list[Unreadable] = []
        for key in self._keys():
            try:
                good.append(self.read(key[len(DRAFT) :])[0])
            except DraftUnreadable as exc:
                bad.append(Unreadable(key, str(exc), self.storage.getItem(key) or ""))
        good.sort(key=lambda d: (d.updated, d.id), reverse=True)
        return good, bad

    def save(self, draft_id: str, name: str, data: dict[str, Any], now: int) -> None:
        """Keep the draft; DraftNotKept with the reason when the browser refuses it."""
        entry = {"name": name, "updated": now, "data": data}
        text = json.dumps(entry, ensure_ascii=False, separators=(",", ":"))
        try:
            measured_json(text)  # a draft that would not read back is not kept
        except ScenarioError as exc:
            raise DraftNotKept(refused_words(exc.code, exc.params, exc.problem)) from None
        try:
            self.storage.setItem(DRAFT + draft_id, text)
        except Exception:  # the browser's quota error arrives as a JS exception
            raise DraftNotKept(t("editor.storage-full")) from None
        with contextlib.suppress(Exception):
            self.storage.setItem(CURRENT, draft_id)

    def delete(self, key: str) -> None:
        """Delete a draft or an unreadable entry by its whole key (only the editor's)."""
        if key.startswith(DRAFT) or key == STORE_KEY:
            self.storage.removeItem(key)

    def current(self) -> str | None:
        return self.storage.getItem(CURRENT)


def _fits(text: str) -> bool:
    """Whether a stored text is data the editor can open."""
    try:
        return shape_problem(measured_json(text)) is None
    except ScenarioError:
        return False


#: Commands that leave the open draft for another one.
LEAVING = ("draft-open", "draft-new", "import-new")


class Desk:
    """The editor page's state: the drafts of this browser and the one open.

    Every change is saved at once; a save the browser refuses is reported with the reason
    (``not_kept``) and the draft stays open, to download, until a save succeeds. Leaving a
    draft that is not kept, and deleting anything, is asked first (``asking``)."""

    def __init__(self, storage: Storage, now: Callable[[], int], new_id: Callable[[], str]):
        self.drafts = Drafts(storage)
        self.storage = storage
        self.now = now
        self.new_id = new_id
        self.editor = Editor()
        self.draft = Draft(new_id(), t("editor.draft-name", n=1), 0)
        #: Why the open draft's last change is not kept in the browser, or None.
        self.not_kept: str | None = None
        #: A question waiting for yes or no: (what is asked, the command, its argument).
        self.asking: tuple[str, str, str] | None = None
        #: A file for the binder to offer as a download: (file name, text).
        self.download: tuple[str, str] | None = None
        self.listed: list[Draft] = []
        self.unreadable: list[Unreadable] = []
        self._kept = ""  # the data as last kept
        self._start()

    # -- opening ------------------------------------------------------------------------

    def _start(self) -> None:
        """The hand-over from the game page first (as a new draft), else the draft open
        last, else the latest draft, else a new one."""
        self.refresh()
        handed = self.storage.getItem(STORE_KEY)
        if handed is not None:
            self._take_handed(handed)
            return
        wanted = self.drafts.current()
        ids = [d.id for d in self.listed]
        if ids:
            self._open(wanted if wanted in ids else ids[0])
        else:
            self._fresh(Editor())

    def _take_handed(self, text: str) -> None:
        if not _fits(text):  # kept as an unreadable draft: listed with why, to download or delete
            with contextlib.suppress(Exception):
                self.storage.setItem(DRAFT + self.new_id(), text)
                self.storage.removeItem(STORE_KEY)
            self.refresh()
            if self.listed:
                self._open(self.listed[0].id)
            else:
                self._fresh(Editor())
            return
        data = measured_json(text)
        self._fresh(Editor(data=data), _name_of(data))
        self._save()
        if self.not_kept is None:
            self.storage.removeItem(STORE_KEY)
        self.refresh()

    def refresh(self) -> None:
        """Read the list of drafts again (after a draft was added, renamed or deleted)."""
        self.listed, self.unreadable = self.drafts.survey()
        handed = self.storage.getItem(STORE_KEY)
        if handed is not None and not _fits(handed):  # could not be moved aside: still listed
            self.unreadable.append(
                Unreadable(STORE_KEY, t("editor.draft-bad", field="(file)"), handed)
            )

    def _open(self, draft_id: str) -> None:
        try:
            draft, data = self.drafts.read(draft_id)
        except DraftUnreadable:
            self.refresh()
            return
        self.editor = Editor(data=data)
        self.draft = draft
        self._kept = json.dumps(data)
        self.not_kept = None
        with contextlib.suppress(Exception):
            self.storage.setItem(CURRENT, draft_id)

    def _fresh(self, editor: Editor, name: str = "") -> None:
        """A new draft (kept with its first change)."""
        self.editor = editor
        n = len(self.listed) + 1
        draft_id = self.new_id()
        while self.storage.getItem(DRAFT + draft_id) is not None:  # never write over one
            draft_id = self.new_id()
        self.draft = Draft(draft_id, name or t("editor.draft-name", n=n), self.now())
        self._kept = json.dumps(blank())
        self.not_kept = None

    # -- keeping ------------------------------------------------------------------------

    def _save(self) -> None:
        try:
            self.drafts.save(self.draft.id, self.draft.name, self.editor.data, self.now())
        except DraftNotKept as exc:
            self.not_kept = str(exc)
            return
        self._kept = json.dumps(self.editor.data)
        self.not_kept = None
        if all(d.id != self.draft.id for d in self.listed):
            self.refresh()

    def pristine(self) -> bool:
        """Whether the open draft is still the blank start, never changed."""
        return self.editor.data == blank() and self.not_kept is None

    # -- commands -----------------------------------------------------------------------

    def command(self, cmd: str, arg: str = "") -> None:
        """A tap or form change on the editor page."""
        if cmd == "yes" and self.asking is not None:
            _, cmd, arg = self.asking
            self.asking = None
            self._do(cmd, arg, sure=True)
        elif cmd == "no":
            self.asking = None
        else:
            self._do(cmd, arg, sure=False)

    def _do(self, cmd: str, arg: str, sure: bool) -> None:
        if cmd in LEAVING and self.not_kept is not None and not sure:
            self.asking = ("leave", cmd, arg)
            return
        if cmd == "draft-open":
            if arg != self.draft.id:
                self._open(arg)
        elif cmd in ("draft-new", "new"):
            self.refresh()
            self._fresh(Editor())
        elif cmd == "draft-name":
            name = shorten(arg, NAME_CHARS)
            if name:
                self.draft = Draft(self.draft.id, name, self.draft.updated)
                self._save()
                self.refresh()
        elif cmd == "draft-download":
            self.download = (f"attika-draft-{self.draft.id}.json", self.editor.text())
        elif cmd == "draft-delete":
            if not sure:
                self.asking = ("delete", cmd, arg)
                return
            self.drafts.delete(DRAFT + self.draft.id)
            self.refresh()
            if self.listed:
                self._open(self.listed[0].id)
            else:
                self._fresh(Editor())
        elif cmd == "unreadable-download":
            found = [u for u in self.unreadable if u.key == arg]
            if found:
                self.download = (f"{arg}.txt", found[0].text)
        elif cmd == "unreadable-delete":
            if not sure:
                self.asking = ("delete-unreadable", cmd, arg)
                return
            self.drafts.delete(arg)
            self.refresh()
        elif cmd == "import":
            self._import(arg, sure)
        elif cmd == "import-new":  # a file import() has read (and asked about leaving)
            data = measured_json(arg)
            self.refresh()
            self._fresh(Editor(data=data), _name_of(data))
            self._save()
        else:
            self.editor.handle(cmd, arg)
            if json.dumps(self.editor.data) != self._kept:
                self._save()

    def _import(self, text: str, sure: bool) -> None:
        """A pasted file opens as a new draft (the open one stays kept), or in the open
        draft when that is still blank."""
        trial = Editor()
        trial.handle("import", text)
        if trial.import_error is not None:
            self.editor.import_error = trial.import_error
            return
        self.editor.import_error = None
        if self.pristine():
            self.editor.handle("import", text)
            self.draft = Draft(self.draft.id, _name_of(trial.data) or self.draft.name, 0)
            self._save()
            return
        self._do("import-new", json.dumps(trial.data), sure)
