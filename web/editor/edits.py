"""The changes a teacher's taps make to the position being built (web/editor/editor.py).

:func:`apply_edit` is the part of the editor page's one update (web/editor/store.py) that
changes the position: paint a hill, one hill card more, a text, record the answer. The
messages arrive read and checked (web/editor/reader.py); what is checked here is only what
depends on the editor's state now, and such a change is refused whole, with why. Recording
the answer is playing it on a live lesson (web/teach/position.py), through the lesson page's
part for one lesson (web/teach/store.py ``position_update``); the actions played become the
answer's steps. Pure Python, no DOM.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

from attika import (
    COMPONENTS,
    LANDSCAPES,
    Hex,
    ScenarioError,
    answer_step,
    format_hex,
    load_scenario,
    parse_action,
)

from ..core.text import t
from ..teach.position import Position
from ..teach.store import position_update
from .checks import TASK_DEFAULTS, TASK_TEXTS, flattened, scenario_problem, shape_problem
from .editor import Editor
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
    TapPlace,
    Training,
    WriteText,
)
from .steps import add_step, join_answer, recorded_move, remove_step, split_moves, untasked


def apply_edit(ed: Editor, message: Edit) -> str | None:
    """One tap or form change on the position, read back at once; called by the page's
    update (web/editor/store.py) alone. A change the editor's state does not allow now (a
    stale tap: a step that is gone, an answer not yet recorded) changes nothing and comes
    back as why, for the page to say."""
    preview, note = ed.preview, ed.note
    if not isinstance(message, (Play, Preview)):
        ed.preview = None  # tried as the file was: any edit makes it out of date
    ed.note = None
    try:
        _change(ed, message)
    except ValueError as exc:
        ed.preview, ed.note = preview, note
        return str(exc)
    ed.check()
    return None


def _change(ed: Editor, message: Edit) -> None:
    match message:
        case ChooseTool(tool):
            ed.tool = tool
        case ChooseBuilding(kind):
            ed.building = kind
        case ChooseStored(kind):
            ed.stored_kind = kind
        case OpenTexts(lang):
            ed.open_texts ^= {lang}
        case ChooseOwner(seat):
            ed.owner = seat % len(ed.data["players"])
        case ChooseSeat(seat):
            ed.seat = seat % len(ed.data["players"])
        case TapPlace(h):
            _hex(ed, h)
        case SetPlayers(count):
            _players(ed, count)
        case StepHand(land, step):
            _hand(ed, land, step)
        case StepAmphorae(step):
            _amphorae(ed, step)
        case StepStored(step):
            _stored(ed, step)
        case ChooseCurrent(seat):
            ed.data["current"] = seat % len(ed.data["players"])
        case ChoosePhase(phase):
            _phase(ed, phase)
        case WriteText(what, lang, words):
            _text(ed, what, lang, words)
        case Record():
            _record(ed)
        case RecordAlso():
            _record(ed, also=True)
        case OnlyFirst():
            _only_first(ed)
        case ChooseStep(step):
            if not 0 <= step <= len(ed.data.get("then") or []):
                raise ValueError(f"no step {step + 1}")
            ed.step, ed.recording = step, None
        case AddStep():
            _add_step(ed)
        case RemoveStep():
            _remove_step(ed)
        case Play(inner):
            live = ed.recording or ed.preview
            if live is not None:
                position_update(live, inner)
        case Preview():
            if ed.error is None:
                ed.recording = None
                ed.preview = Position("editor-preview", load_scenario(ed.text(), "preview"))
                ed.preview.compact = True  # as an embed shows it
        case Keep():
            _keep(ed)
        case Drop():
            ed.recording = ed.preview = None
            ed.also = False
        case Reach(step, how):
            _reach(ed, step, how)
        case KeepBack(what):
            _keep_back(ed, what)
        case Training():
            # the field left out: every way the rules allow; an empty list: none
            if "training" in ed.data:
                ed.data.pop("training")
            else:
                ed.data["training"] = []


def _keep_back(ed: Editor, what: str) -> None:
    """Keep ``what`` back from the reader until they act, or show it again."""
    hidden = set(ed.data.get("hide") or []) ^ {what}
    if hidden:
        ed.data["hide"] = sorted(hidden)
    else:
        ed.data.pop("hide", None)


def _filled_task(ed: Editor) -> dict[str, Any]:
    """The task of the step being edited, made if there is none yet, its texts filled."""
    task = ed.data.setdefault("task", {}) if ed.step == 0 else ed.task()
    for part, default in TASK_DEFAULTS.items():  # a task needs all three texts
        if task.get(part) is None:
            task[part] = dict(default)
    return task


def _hex(ed: Editor, h: Hex) -> None:
    key = format_hex(h)
    if ed.data["board"].get("tiles"):  # written out only now: an opened file is kept
        with contextlib.suppress(ScenarioError):  # as it was until a hex is changed
            ed.data = flattened(ed.data)
    board = ed.data["board"]
    hexes: dict[str, str] = board.setdefault("hexes", {})
    buildings: dict[str, Any] = board.setdefault("buildings", {})
    shrines: list[str] = board.setdefault("shrines", [])
    marks: list[str] = ed.data.setdefault("marks", [])
    tool = ed.tool
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
        if here == {"building": ed.building, "owner": ed.owner}:
            del buildings[key]  # a second tap takes it away again
        else:
            buildings[key] = {"building": ed.building, "owner": ed.owner}
    elif tool == "mark":
        if key in marks:
            marks.remove(key)
        else:
            marks.append(key)
    if not marks:
        ed.data.pop("marks", None)


def _players(ed: Editor, n: int) -> None:
    """Two to four players (the reader checked): new seats take the next city-states."""
    players = ed.data["players"]
    ids = [c["id"] for c in COMPONENTS.city_states]
    while len(players) < n:
        taken = {p.get("city_state") for p in players}
        players.append({"city_state": next(c for c in ids if c not in taken)})
    del players[n:]
    ed.seat = min(ed.seat, n - 1)
    ed.owner = min(ed.owner, n - 1)
    if ed.data.get("current", 0) >= n:
        ed.data["current"] = 0


def _hand(ed: Editor, land: str, step: int) -> None:
    hand = ed.data["players"][ed.seat].setdefault("hand", {})
    hand[land] = max(0, hand.get(land, 0) + step)
    if not hand[land]:
        del hand[land]


def _amphorae(ed: Editor, step: int) -> None:
    player = ed.data["players"][ed.seat]
    player["amphorae"] = max(0, player.get("amphorae", 0) + step)
    if not player["amphorae"]:
        del player["amphorae"]


def _stored(ed: Editor, step: int) -> None:
    stored = ed.data["players"][ed.seat].setdefault("stored", {})
    kind = ed.stored_kind
    stored[kind] = max(0, stored.get(kind, 0) + step)
    if not stored[kind]:
        del stored[kind]


def _phase(ed: Editor, arg: str) -> None:
    """How far the turn has gone: ``none`` (not chosen yet), ``draw N`` or ``build N``
    (that many draws or builds made)."""
    mode, _, used = arg.partition(" ")
    turn = ed.data.setdefault("turn", {})
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
        ed.data.pop("turn", None)


def text_of(ed: Editor, what: str, lang: str) -> str:
    """The title, introduction or a task's text in a language, as its field shows it."""
    source = ed.task().get(TASK_TEXTS[what]) if what in TASK_TEXTS else ed.data.get(what)
    if not isinstance(source, dict):  # none (or null), or one text for every language
        source = {} if source is None else {"en": source}
    return str(source.get(lang, ""))


def _text(ed: Editor, what: str, lang: str, words: str) -> None:
    """The title, introduction or a task's text in a language (none when empty); the
    reader checked that both name a text and a language the page offers."""
    if what in TASK_TEXTS:
        holder, name = _filled_task(ed), TASK_TEXTS[what]
    else:
        holder, name = ed.data, what
    texts = holder.get(name)
    if not isinstance(texts, dict):  # none yet (or null), or one text for every language
        texts = holder[name] = {} if texts is None else {"en": str(texts)}
    if words.strip():
        texts[lang] = words
    else:
        texts.pop(lang, None)


def import_text(ed: Editor, text: str) -> None:
    """A scenario file pasted or opened: taken only when the rules read it, and then
    exactly as it is (its tiles are written out only when a hex is changed), so that
    exporting it again gives the same file; ``import_error`` says why not."""
    _import(ed, text)
    ed.check()


def _import(ed: Editor, arg: str) -> None:
    try:
        load_scenario(arg, "import")  # measured before it is parsed
        data = json.loads(arg)
    except ScenarioError as exc:
        ed.import_error = scenario_problem(exc)
        return
    where = shape_problem(data)
    if where is not None:  # the rules read it, the editor could not show it
        ed.import_error = (where, t("editor.cannot-show"))
        return
    ed.import_error = None
    data.pop("still", None)  # the board's picture is drawn again from the position on export
    ed.data = data
    ed.seat = ed.owner = 0


def _record(ed: Editor, also: bool = False) -> None:
    """Start playing the answer on the position as it is now (without its old answer);
    for a later step, where the teacher's line before it ends: the other players'
    replies are played first, then the reader's answer. Another right answer is
    played from where the reader moves, after the replies already recorded."""
    start = ed.step_start()
    if not ed.position_ok or start is None:
        return
    if also:
        if not ed.can_record_also():
            raise ValueError("record the answer first")
        for reply in ed.task().get("reply") or []:
            start.apply(parse_action(reply))
    ed.recording = Position("editor-record", load_scenario(untasked(ed.data), "record"))
    ed.recording.start = start
    ed.recording.restart()
    ed.recording.compact = True  # as an embed shows it: this is its preview too
    ed.also = also


def _only_first(ed: Editor) -> None:
    task = ed.task()
    if not task.get("played"):
        raise ValueError("no first answer is kept")
    task["answer"]["steps"] = list(task["played"])


def _keep(ed: Editor) -> None:
    """Keep what was played: for a later step, the other players' moves before the
    reader's first are its replies; the reader's moves are the answer's exact steps,
    and the teacher's own line (``played``) that the lesson goes on from."""
    live = ed.recording
    if live is None:
        return
    start = live.start or live.scenario.game
    moves = [parse_action(a) for a in live.session.game.actions[len(start.actions) :]]
    if ed.also:
        wanted = len(ed.task().get("answer", {}).get("steps") or [])
        if len(moves) != wanted:  # the recording stays open, to be played again
            ed.note = ("editor.also-length", wanted)
            return
        join_answer(ed.task(), [str(m) for m in moves])
        ed.recording, ed.also = None, False
        return
    ed.recording = None
    if not moves:
        return
    replies, answer = split_moves(start, moves, ed.reader())
    task = _filled_task(ed)
    if ed.step:
        task["reply"] = replies
    if answer:
        task["answer"] = {"steps": list(answer)}
        task["played"] = list(answer)


def _add_step(ed: Editor) -> None:
    ed.step, ed.recording = add_step(ed.data), None


def _remove_step(ed: Editor) -> None:
    ed.step, ed.recording = min(ed.step, remove_step(ed.data)), None


def _reach(ed: Editor, index: int, how: str) -> None:
    """Make a recorded build of the answer a criterion the rules judge (or exact again):
    the move as played is kept in the file (``played``)."""
    task = ed.task()
    answer = task.get("answer")
    steps = answer.get("steps") if isinstance(answer, dict) else None
    exact = recorded_move(steps, task.get("played"), index)
    if exact is None or not isinstance(steps, list):
        raise ValueError(f"step {index + 1} of the answer is no build played here")
    if not task.get("played") and all(isinstance(s, str) for s in steps):
        task["played"] = list(steps)  # the move stays known once made general
    steps[index] = answer_step(exact, how)
