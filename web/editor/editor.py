"""The position editor (editor.html): a teacher builds a scenario by taps.

The state is the scenario's own data (the file it exports), changed by commands like the
game's (``paint hill``, ``hex 1,-2``, ``hand 0 hill +``...). After every change the rules
package reads it back (``attika.load_scenario``): a mistake is shown with the field the
reader names, and the last position that was right stays on the board. Recording the
task's answer is playing it on a live position (web/teach/position.py); the actions played
become the answer's steps.

Pasted text comes from outside, so it is measured before it is parsed (``attika.inputs``)
and checked for the shape the editor writes. The teacher's drafts are kept by
web/editor/drafts.py. Pure Python, no DOM: web/main.py binds it.
"""

from __future__ import annotations

import contextlib
import copy
import json
from dataclasses import dataclass, field
from typing import Any

from attika import (
    BUILDINGS,
    COMPONENTS,
    LANDSCAPES,
    LANGUAGES,
    SCENARIO_CHARS,
    Hex,
    InputRefused,
    Scenario,
    ScenarioError,
    format_hex,
    load_scenario,
    neighbours,
    parse_hex,
    read_json,
    shorten,
)

from ..core.refusals import input_words
from ..core.text import CITY_STATE_IDS, t
from ..teach.position import Position

#: What a tap on the board does: paint a landscape (or a hex without one), erase a hex,
#: put or take a shrine, a building of the chosen kind and owner, a mark.
TOOLS = (*LANDSCAPES, "plain", "erase", "shrine", "building", "mark")
#: The languages a text is written in (attika/data/languages.json).
LANGS = tuple(LANGUAGES)
#: The task's texts as the editor names them, and the scenario's field for each.
TASK_TEXTS = {"task": "text", "hint": "hint", "solved": "solved"}
#: What a new task says until the teacher writes its own words.
TASK_DEFAULTS = {
    "text": {"en": "Play the move."},
    "hint": {"en": "Not quite: look again at the position."},
    "solved": {"en": "Right!"},
}
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


def measured_json(text: str) -> Any:
    """Parse outside text (a stored draft, a pasted file) only after it is measured
    (``attika.read_json``: a few hundred thousand ``[`` stop Python in the page). Raises
    ScenarioError with the code ``too-long``, ``too-deep``, ``not-json`` and the like."""
    try:
        return read_json(text, SCENARIO_CHARS, "the lesson")
    except InputRefused as exc:
        raise ScenarioError("(file)", str(exc), exc.code, **exc.params) from None


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
