"""One live lesson: a scenario, a session around it, the verdict, and how to start a step.

The model of one lesson on the page, held by the page's store (web/teach/store.py), whose
update is the only code that changes it (the lesson editor's recording is one too, changed
by the editor's update the same way); web/teach/position_scene.py freezes what a reader
sees and web/teach/position_view.py draws it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from attika import Verdict
from attika import (
    Action,
    Cards,
    Game,
    Hex,
    PaymentVerdict,
    Quote,
    Refusal,
    Round,
    Scenario,
    ScenarioError,
    Task,
    go_on,
    parse_action,
    train,
)

from ..play.log_lines import LogLine
from ..play.session import Session
from .task_view import task_places


@dataclass(frozen=True)
class Explanation:
    """What the reader's build cost and why: shown with the verdict, once the reader acted."""

    quote: Quote
    #: The building whose arrow made it free, or why it was not free (the rules' code).
    free_source: str | None
    not_free: Refusal | None
    paid: Cards
    verdict: PaymentVerdict
    #: The payment did not pay exactly, so nothing was built.
    refused: bool = False


@dataclass
class Position:
    """One scenario being tried by a reader; ``key`` tells positions on one page apart.

    A lesson of several steps (a gamebook) is tried one step at a time: each step begins
    where the last one was solved, after the other players' recorded replies."""

    key: str
    scenario: Scenario
    session: Session = field(init=False)
    verdict: Verdict = "going"
    #: Another player's board opened from the overview.
    open_player: int | None = None
    #: Laid out for a small frame (embed.html, <attika-position>): the board, the task and
    #: the controls the task needs; the full panel folded away under "More".
    compact: bool = False
    #: The language the page asked this lesson to speak (its element's ``lang``, the
    #: embed's ``lang=``), None for the page's own; see position_scene.lesson_language.
    lang: str | None = None
    more_open: bool = False
    #: The reader's last build (or refused payment), explained with the verdict.
    explained: Explanation | None = None
    #: The step of the lesson being tried (0: the task), and the game where it began.
    step: int = 0
    step_start: Game = field(init=False)
    #: The other players' replies that led to this step, as the log tells them.
    replied: tuple[LogLine, ...] = ()
    #: This step goes on from the teacher's own move: the replies did not fit the reader's.
    teacher_line: bool = False
    #: Where the editor's recording starts (a later step's); None: the scenario's start.
    start: Game | None = None
    #: The round of training being played (``scenario`` is then the lesson transformed),
    #: None for the lesson as written; ``untrained``: the last "Train again" found no other
    #: position to show.
    round: Round | None = None
    untrained: bool = False
    #: The lesson as written, which each round of training transforms.
    lesson: Scenario = field(init=False)
    #: The places the task is about, kept for the moves they were worked out after (a
    #: task to win tries every build: too slow to ask again at every tap).
    _focus: tuple[tuple[int, tuple[str, ...]], frozenset[Hex]] | None = field(
        default=None, init=False, repr=False
    )
    _begun: int = field(default=0, init=False, repr=False)

    def __post_init__(self) -> None:
        self.lesson = self.scenario
        self.restart()

    @property
    def task(self) -> Task | None:
        """The task of the step being tried."""
        stages = self.scenario.stages
        return stages[self.step].task if stages else self.scenario.task

    @property
    def last_step(self) -> bool:
        return self.step >= len(self.scenario.stages) - 1

    @property
    def trainable(self) -> bool:
        """The whole lesson is solved and may be played again as training."""
        return self.verdict == "solved" and self.last_step and bool(self.lesson.training)

    def train(self) -> None:
        """The lesson again as training: the next round's position (mirrored, turned or
        dealt anew: attika.train), from its first step; the same one when no other
        position can be made (and ``untrained`` says so)."""
        number = 1 if self.round is None else self.round.number + 1
        try:
            self.scenario, self.round = train(self.lesson, number)
        except ScenarioError:
            self.untrained = True
            return
        self.untrained = False
        self.restart()

    def restart(self) -> None:
        """The scenario as set (its first step), around a session that knows it has one
        reader."""
        self.step = 0
        self.replied = ()
        self.teacher_line = False
        self._begin((self.start or self.scenario.game).copy())

    def again(self) -> None:
        """This step again, after the same replies."""
        self._begin(self.step_start.copy())

    def _begin(self, game: Game) -> None:
        hide = self.scenario.hide
        self.session = Session(
            game,
            list(self.scenario.city_states),
            one_reader=True,  # no one else is at the table: no hand hides behind "pass to"
            blank_payment="payment" in hide,  # the reader puts the cards forward
            hints="hint" not in hide,  # a teacher may switch the Hint button off
        )
        self.session.sync()
        self._begun += 1
        self.session.log = list(self.replied)  # the replies ringed on the board, as news
        self.step_start = game.copy()
        self.verdict = "going"
        self.explained = None

    def go_on(self) -> None:
        """The step solved: the other players' recorded replies, then the next step."""
        stages = self.scenario.stages
        base, self.teacher_line = go_on(stages, self.step, self.step_start, self.session.game)
        self.replied = ()
        self._begin(base)
        for reply in stages[self.step + 1].replies:
            self.session.play_recorded(reply)
        self.replied = tuple(self.session.log)
        self.step += 1
        self._begin(self.session.game.copy())

    def focus(self) -> frozenset[Hex]:
        """The places the task's next step is about (web/teach/task_view.py), on the
        position now."""
        key = (self._begun, tuple(self.session.game.actions))
        if self._focus is None or self._focus[0] != key:
            places = task_places(self.task, len(self.made()), self.session.game)
            self._focus = (key, places)
        return self._focus[1]

    def made(self) -> list[Action]:
        """The reader's actions in this step."""
        return [parse_action(a) for a in self.session.game.actions[len(self.step_start.actions) :]]
