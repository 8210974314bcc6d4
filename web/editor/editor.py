"""The position being built on the editor page (editor.html), and reading it back.

The state is the scenario's own data (the file it exports) and the editor's choices around
it (the tool, the seat, the step edited, the recording). The teacher's taps change it through
the page's one update (web/editor/store.py), whose part for the position is
web/editor/edits.py. After every change the rules package reads it back
(``attika.load_scenario``): a mistake is shown with the field the reader names, and the last
position that was right stays on the board. What is checked of outside data is in
web/editor/checks.py. Pure Python, no DOM.

The editor is one mutable object: its data is the nested file the teacher exports, and the
live position it records on is the game's own mutable session; copying both on every tap
would cost the page time for nothing, so the page's store keeps it and is its one writer.
"""

from __future__ import annotations

import contextlib
import json
import re
from dataclasses import dataclass, field
from typing import Any

from attika import (
    Game,
    Hex,
    Scenario,
    ScenarioError,
    load_scenario,
    neighbours,
    parse_hex,
)

from ..teach.position import Position
from .checks import blank, scenario_problem
from .steps import TASKS, can_add_step, line_start, step_task, untasked


@dataclass
class Editor:
    """The position being built, the editor's choices around it, and what the rules said."""

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

    def text(self) -> str:
        """The scenario file as exported."""
        return json.dumps(self.data, ensure_ascii=False, indent=2)

    # -- recording the answer -----------------------------------------------------------

    def can_record_also(self) -> bool:
        """Another right answer can be recorded once the step has an answer of moves."""
        answer = self.task().get("answer")
        return isinstance(answer, dict) and bool(answer.get("steps"))

    def step_start(self) -> Game | None:
        """Where the step being edited is recorded from (None: the steps before it are not
        finished, so there is no line to go on from)."""
        if self.good is None:
            return None
        return self.good.game.copy() if self.step == 0 else line_start(self.data, self.step)

    def reader(self) -> int:
        """The seat the lesson's reader plays: whose turn it is at the start."""
        return self.good.game.current if self.good is not None else 0

    def can_add_step(self) -> bool:
        return can_add_step(self.data)

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


def lesson_title(data: dict[str, Any]) -> str:
    """The lesson's title in English (else its first language): the frame snippet's title,
    for a screen reader's list of frames."""
    title = data.get("title")
    if isinstance(title, dict):
        text = title.get("en") or next((v for v in title.values() if isinstance(v, str)), "")
    else:
        text = title
    return " ".join(str(text or "").split())[:120]


def lesson_filename(data: dict[str, Any]) -> str:
    """The exported file's name, from its English title ("Where is the fortress cheapest?"
    becomes where-is-the-fortress-cheapest.json): the same in the download and the snippets."""
    title = data.get("title")
    text = title.get("en", "") if isinstance(title, dict) else str(title or "")
    slug = "-".join(re.findall(r"[a-z0-9]+", text.casefold()))[:60].strip("-")
    return f"{slug or 'attika-lesson'}.json"
