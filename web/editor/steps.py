"""A lesson's steps as the editor writes them in the file: the first task, the steps that
follow it (``then``), each with the other players' replies before it and the teacher's own
moves (``played``) that the lesson goes on from. Pure functions of the file's data; the
editor (web/editor/editor.py) calls them. What the steps mean is the rules'
(:mod:`attika.gamebook`).
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from attika import Action, Build, Game, ScenarioError, line_end, load_scenario, movers, parse_action

from .checks import TASK_DEFAULTS

#: The fields of a lesson's steps: what an unfinished one makes wrong.
TASKS = ("task", "then")


def untasked(data: dict[str, Any]) -> dict[str, Any]:
    """The position alone, without the lesson's steps."""
    return {k: copy.deepcopy(v) for k, v in data.items() if k not in TASKS}


def _exact(task: dict[str, Any]) -> bool:
    """Whether a task's answer is one exact line (it is then its own teacher's line)."""
    steps = task.get("answer", {}).get("steps") if isinstance(task.get("answer"), dict) else None
    return isinstance(steps, list) and bool(steps) and all(isinstance(s, str) for s in steps)


def recorded_move(steps: object, recorded: object, index: int) -> Build | None:
    """The build played as the answer's step ``index``: the step itself when it is still
    exact, else the move the file keeps for it (its ``played``; None: no such build)."""
    if not isinstance(recorded, list):
        recorded = []
    if not isinstance(steps, list) or not 0 <= index < len(steps):
        return None
    text = steps[index] if isinstance(steps[index], str) else None
    if text is None and index < len(recorded) and isinstance(recorded[index], str):
        text = recorded[index]
    if text is None:
        return None
    try:
        action = parse_action(text)
    except ValueError:
        return None
    return action if isinstance(action, Build) else None


def step_task(data: dict[str, Any], step: int) -> dict[str, Any]:
    """Step ``step``'s task as written in the file (0: ``task``; empty: none yet)."""
    if step == 0:
        found = data.get("task")
    else:
        then = data.get("then") or []
        found = then[step - 1] if isinstance(then, list) and step <= len(then) else None
    return found if isinstance(found, dict) else {}


def line_start(data: dict[str, Any], step: int) -> Game | None:
    """Where a later step is recorded from: the end of the teacher's line before it (None
    when the steps before it do not read, or the last of them has no recorded line)."""
    before = copy.deepcopy(data)
    before["then"] = list(before.get("then") or [])[: step - 1]
    if not before["then"]:
        del before["then"]
    try:
        scenario = load_scenario(before, "line")
    except ScenarioError:
        return None
    if not scenario.stages or not scenario.stages[-1].played:
        return None
    return line_end(scenario.stages, scenario.game)


def split_moves(start: Game, moves: Sequence[Action], reader: int) -> tuple[list[str], list[str]]:
    """A recording cut in two: the other players' moves before the reader's first (the
    replies), and the reader's moves from there (the answer)."""
    seats = movers(start, moves)
    cut = next((i for i, seat in enumerate(seats) if seat == reader), len(moves))
    return [str(a) for a in moves[:cut]], [str(a) for a in moves[cut:]]


def can_add_step(data: dict[str, Any]) -> bool:
    """A step can follow the last one once that one's answer is recorded (its line)."""
    then = data.get("then") or []
    last = then[-1] if isinstance(then, list) and then else data.get("task")
    return isinstance(last, dict) and bool(last.get("played") or _exact(last))


def add_step(data: dict[str, Any]) -> int:
    """A new last step, its texts as a new task's; its number."""
    if not can_add_step(data):
        raise ValueError("record the last step's answer first")
    then = data.setdefault("then", [])
    then.append({"reply": [], **copy.deepcopy(TASK_DEFAULTS)})
    return len(then)


def remove_step(data: dict[str, Any]) -> int:
    """The last step taken away; the number of the last step left."""
    then = data.get("then") or []
    if not then:
        raise ValueError("the first step stays")
    then.pop()
    if not then:
        del data["then"]
    return len(then)


def join_answer(task: dict[str, Any], moves: list[str]) -> None:
    """Another right answer joins the step's answer: each move becomes one more choice of
    the answer's move at the same place. ValueError when it has another number of moves
    (the reader's moves are judged one by one, in order)."""
    answer = task.get("answer")
    steps = answer.get("steps") if isinstance(answer, dict) else None
    if not isinstance(steps, list) or not steps:
        raise ValueError("record the answer first")
    if len(moves) != len(steps):
        raise ValueError(f"another answer needs {len(steps)} moves, as the first has")
    for i, move in enumerate(moves):
        step = steps[i]
        options = step["one_of"] if isinstance(step, dict) and "one_of" in step else [step]
        if move not in options:
            options = [*options, move]
        steps[i] = options[0] if len(options) == 1 else {"one_of": options}
