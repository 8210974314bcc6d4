"""The position being built on the editor page (editor.html): a teacher's taps change it.

The state is the scenario's own data (the file it exports), changed by the page's messages
(web/editor/messages.py: paint a hill, tap hex 1,-2, one hill card more...). After every
change the rules package reads it back (``attika.load_scenario``): a mistake is shown with
the field the reader names, and the last position that was right stays on the board.
Recording the task's answer is playing it on a live position (web/teach/position.py); the
actions played become the answer's steps. What is checked of outside data is in
web/editor/checks.py, the drafts around it in web/editor/store.py. Pure Python, no DOM.

The editor is one mutable object: its data is the nested file the teacher exports, and the
live position it records on is the game's own mutable session; copying both on every tap
would cost the page time for nothing, so the page's store keeps it and is its one writer.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Container
from dataclasses import dataclass, field
from typing import Any

from attika import (
    BUILDINGS,
    COMPONENTS,
    LANDSCAPES,
    Game,
    Hex,
    Scenario,
    ScenarioError,
    answer_step,
    format_hex,
    load_scenario,
    neighbours,
    parse_action,
    parse_hex,
)

from ..core.text import t
from ..teach.position import Position
from .checks import (
    LANGS,
    TASK_DEFAULTS,
    TASK_TEXTS,
    TOOLS,
    blank,
    flattened,
    scenario_problem,
    shape_problem,
)
from .messages import (
    AddStep,
    ChooseBuilding,
    ChooseCurrent,
    ChooseOwner,
    ChoosePhase,
    ChooseSeat,
    ChooseStep,
    ChooseStored,
    ChooseTool,
    Drop,
    Edit,
    Keep,
    KeepBack,
    OnlyFirst,
    OpenTexts,
    Play,
    Preview,
    Reach,
    Record,
    RecordAlso,
    RemoveStep,
    SetPlayers,
    StepAmphorae,
    StepHand,
    StepStored,
    TapHex,
    WriteText,
)
from .steps import (
    TASKS,
    add_step,
    can_add_step,
    join_answer,
    line_start,
    recorded_move,
    remove_step,
    split_moves,
    step_task,
    untasked,
)

__all__ = ["LANGS", "TOOLS", "Editor"]


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
    #: The step of the lesson being edited: 0 the task, 1 and on the steps after it.
    step: int = 0
    #: The recording is of another right answer, not of the answer itself.
    also: bool = False
    #: What the answer's panel tells the teacher: a text key and its number.
    note: tuple[str, int] | None = None
    #: The lesson tried as its reader meets it, before export.
    preview: Position | None = None
    #: The waiting building the player panel counts (its own choice, not the tap tool's).
    stored_kind: str = "tower"
    #: The languages whose texts are shown (English always is; the others fold).
    open_texts: set[str] = field(default_factory=set)
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
            if exc.field.startswith(TASKS) and "task" in self.data:
                # a task is not finished (no answer recorded yet): the position itself
                # may still be right, and is drawn and played for the recording
                with contextlib.suppress(ScenarioError):
                    self.good = load_scenario(untasked(self.data), "editor")

    @property
    def position_ok(self) -> bool:
        """Whether the position reads, leaving out an unfinished task."""
        return self.error is None or (self.error[0].startswith(TASKS) and self.good is not None)

    def task(self) -> dict[str, Any]:
        """The task of the step being edited, as written in the file (empty: none yet)."""
        return step_task(self.data, self.step)

    def _task(self) -> dict[str, Any]:
        """The task of the step being edited, made if there is none yet, its texts filled."""
        task = self.data.setdefault("task", {}) if self.step == 0 else self.task()
        for part, default in TASK_DEFAULTS.items():  # a task needs all three texts
            if task.get(part) is None:
                task[part] = dict(default)
        return task

    def text(self) -> str:
        """The scenario file as exported."""
        return json.dumps(self.data, ensure_ascii=False, indent=2)

    # -- changes ------------------------------------------------------------------------

    def apply(self, message: Edit) -> None:
        """One tap or form change; every change is read back at once."""
        if not isinstance(message, (Play, Preview)):
            self.preview = None  # tried as the file was: any edit makes it out of date
        self.note = None
        match message:
            case ChooseTool(tool):
                self.tool = _offered(tool, TOOLS, "tool")
            case ChooseBuilding(kind):
                self.building = _offered(kind, BUILDINGS, "building")
            case ChooseStored(kind):
                self.stored_kind = _offered(kind, BUILDINGS, "building")
            case OpenTexts(lang):
                self.open_texts ^= {_offered(lang, LANGS, "language")}
            case ChooseOwner(seat):
                self.owner = seat % len(self.data["players"])
            case ChooseSeat(seat):
                self.seat = seat % len(self.data["players"])
            case TapHex(place):
                self._hex(place)
            case SetPlayers(count):
                self._players(count)
            case StepHand(land, step):
                self._hand(land, step)
            case StepAmphorae(step):
                self._amphorae(step)
            case StepStored(step):
                self._stored(step)
            case ChooseCurrent(seat):
                self.data["current"] = seat % len(self.data["players"])
            case ChoosePhase(phase):
                self._phase(phase)
            case WriteText(what, lang, words):
                self._text(what, lang, words)
            case Record():
                self._record()
            case RecordAlso():
                self._record(also=True)
            case OnlyFirst():
                self._only_first()
            case ChooseStep(step):
                if not 0 <= step <= len(self.data.get("then") or []):
                    raise ValueError(f"no step {step + 1}")
                self.step, self.recording = step, None
            case AddStep():
                self._add_step()
            case RemoveStep():
                self._remove_step()
            case Play(cmd, arg):
                live = self.recording or self.preview
                if live is not None:
                    live.handle(cmd, arg)
            case Preview():
                if self.error is None:
                    self.recording = None
                    self.preview = Position("editor-preview", load_scenario(self.text(), "preview"))
                    self.preview.compact = True  # as an embed shows it
            case Keep():
                self._keep()
            case Drop():
                self.recording = self.preview = None
                self.also = False
            case Reach(step, how):
                self._reach(step, how)
            case KeepBack(what):
                hidden = set(self.data.get("hide") or []) ^ {what}
                if hidden:
                    self.data["hide"] = sorted(hidden)
                else:
                    self.data.pop("hide", None)
        self.check()

    def _hex(self, place: str) -> None:
        h = parse_hex(place)
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

    def _players(self, n: int) -> None:
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

    def _hand(self, land: str, step: str) -> None:
        hand = self.data["players"][self.seat].setdefault("hand", {})
        hand[land] = max(0, hand.get(land, 0) + (1 if step == "+" else -1))
        if not hand[land]:
            del hand[land]

    def _amphorae(self, arg: str) -> None:
        player = self.data["players"][self.seat]
        player["amphorae"] = max(0, player.get("amphorae", 0) + (1 if arg == "+" else -1))
        if not player["amphorae"]:
            del player["amphorae"]

    def _stored(self, arg: str) -> None:
        stored = self.data["players"][self.seat].setdefault("stored", {})
        kind = self.stored_kind
        stored[kind] = max(0, stored.get(kind, 0) + (1 if arg == "+" else -1))
        if not stored[kind]:
            del stored[kind]

    def _phase(self, arg: str) -> None:
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

    def _text(self, what: str, lang: str, words: str) -> None:
        """The title, introduction or a task's text in a language (none when empty)."""
        if what not in ("title", "intro", *TASK_TEXTS) or lang not in LANGS:
            raise ValueError(f"no text {what} {lang}")
        if what in TASK_TEXTS:
            holder, name = self._task(), TASK_TEXTS[what]
        else:
            holder, name = self.data, what
        texts = holder.get(name)
        if not isinstance(texts, dict):  # none yet (or null), or one text for every language
            texts = holder[name] = {} if texts is None else {"en": str(texts)}
        if words.strip():
            texts[lang] = words
        else:
            texts.pop(lang, None)

    def import_text(self, text: str) -> None:
        """A scenario file pasted or opened: taken only when the rules read it, and then
        exactly as it is (its tiles are written out only when a hex is changed), so that
        exporting it again gives the same file; ``import_error`` says why not."""
        self._import(text)
        self.check()

    def _import(self, arg: str) -> None:
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

    def _record(self, also: bool = False) -> None:
        """Start playing the answer on the position as it is now (without its old answer);
        for a later step, where the teacher's line before it ends: the other players'
        replies are played first, then the reader's answer. Another right answer is
        played from where the reader moves, after the replies already recorded."""
        start = self.step_start()
        if not self.position_ok or start is None:
            return
        if also:
            if not self.can_record_also():
                raise ValueError("record the answer first")
            for reply in self.task().get("reply") or []:
                start.apply(parse_action(reply))
        self.recording = Position("editor-record", load_scenario(untasked(self.data), "record"))
        self.recording.start = start
        self.recording.restart()
        self.recording.compact = True  # as an embed shows it: this is its preview too
        self.also = also

    def can_record_also(self) -> bool:
        """Another right answer can be recorded once the step has an answer of moves."""
        answer = self.task().get("answer")
        return isinstance(answer, dict) and bool(answer.get("steps"))

    def _only_first(self) -> None:
        task = self.task()
        if not task.get("played"):
            raise ValueError("no first answer is kept")
        task["answer"]["steps"] = list(task["played"])

    def step_start(self) -> Game | None:
        """Where the step being edited is recorded from (None: the steps before it are not
        finished, so there is no line to go on from)."""
        if self.good is None:
            return None
        return self.good.game.copy() if self.step == 0 else line_start(self.data, self.step)

    def _keep(self) -> None:
        """Keep what was played: for a later step, the other players' moves before the
        reader's first are its replies; the reader's moves are the answer's exact steps,
        and the teacher's own line (``played``) that the lesson goes on from."""
        live = self.recording
        if live is None:
            return
        start = live.start or live.scenario.game
        moves = [parse_action(a) for a in live.session.game.actions[len(start.actions) :]]
        if self.also:
            wanted = len(self.task().get("answer", {}).get("steps") or [])
            if len(moves) != wanted:  # the recording stays open, to be played again
                self.note = ("editor.also-length", wanted)
                return
            join_answer(self.task(), [str(m) for m in moves])
            self.recording, self.also = None, False
            return
        self.recording = None
        if not moves:
            return
        replies, answer = split_moves(start, moves, self.reader())
        task = self._task()
        if self.step:
            task["reply"] = replies
        if answer:
            task["answer"] = {"steps": list(answer)}
            task["played"] = list(answer)

    def reader(self) -> int:
        """The seat the lesson's reader plays: whose turn it is at the start."""
        return self.good.game.current if self.good is not None else 0

    def can_add_step(self) -> bool:
        return can_add_step(self.data)

    def _add_step(self) -> None:
        self.step, self.recording = add_step(self.data), None

    def _remove_step(self) -> None:
        self.step, self.recording = min(self.step, remove_step(self.data)), None

    def _reach(self, index: int, how: str) -> None:
        """Make a recorded build of the answer a criterion the rules judge (or exact again):
        the move as played is kept in the file (``played``)."""
        task = self.task()
        answer = task.get("answer")
        steps = answer.get("steps") if isinstance(answer, dict) else None
        exact = recorded_move(steps, task.get("played"), index)
        if exact is None or not isinstance(steps, list):
            raise ValueError(f"step {index + 1} of the answer is no build played here")
        if not task.get("played") and all(isinstance(s, str) for s in steps):
            task["played"] = list(steps)  # the move stays known once made general
        steps[index] = answer_step(exact, how)

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


def _offered(value: str, known: Container[str], what: str) -> str:
    """A choice the page offers; ValueError for any other (a forged tap changes nothing)."""
    if value not in known:
        raise ValueError(f"no {what} {value!r}")
    return value


def lesson_filename(data: dict[str, Any]) -> str:
    """The exported file's name, from its English title ("Where is the fortress cheapest?"
    becomes where-is-the-fortress-cheapest.json): the same in the download and the snippets."""
    title = data.get("title")
    text = title.get("en", "") if isinstance(title, dict) else str(title or "")
    slug = "-".join(re.findall(r"[a-z0-9]+", text.casefold()))[:60].strip("-")
    return f"{slug or 'attika-lesson'}.json"
