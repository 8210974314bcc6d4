"""What the editor checks of a scenario's data, before and after the rules read it.

The editor's data comes from taps, pasted files and stored drafts: outside text is measured
before it is parsed (``attika.inputs``) and checked for the shape the editor writes, so the
page never breaks on it; refusals are worded for the teacher and cut short. A new draft
starts from :func:`blank`. Pure Python, no DOM.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from attika import (
    LANDSCAPES,
    LANGUAGES,
    SCENARIO_CHARS,
    InputRefused,
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
    then = data.get("then", [])
    if not isinstance(then, list):
        return "then"
    steps = [("task", data.get("task", {}))] + [(f"then[{i}]", s) for i, s in enumerate(then)]
    for where, task in steps:
        if not isinstance(task, dict):
            return where
        for what in TASK_TEXTS.values():
            if not _is_text(task.get(what)):
                return f"{where}.{what}"
        answer = task.get("answer")
        if answer is not None and not isinstance(answer, dict):
            return f"{where}.answer"
        if isinstance(answer, dict) and not isinstance(answer.get("steps", []), list):
            return f"{where}.answer.steps"
        for moves in ("played", "reply"):
            if not isinstance(task.get(moves, []), list):
                return f"{where}.{moves}"
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
        if isinstance(step.get("hex"), str):
            words += " " + t("editor.step.on")  # where, on the board; never a coordinate
        if step.get("price") == "least":
            words += " " + t("editor.step.least")
        if isinstance(step.get("cards"), int) and not isinstance(step["cards"], bool):
            words += " " + t("editor.step.cards", n=step["cards"])
        free = step.get("free")
        if free is not None:
            words += f" ({t('editor.step.free') if free else t('editor.step.paid')})"
        return words or "?"
    return shorten(json.dumps(step), QUOTE_CHARS)
