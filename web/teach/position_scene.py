"""What a live position shows, as a small frozen value built from the store in one place:
the renderers (web/teach/position_view.py, web/teach/feedback.py) draw this and nothing else."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from attika import Verdict
from attika import ACTION_KINDS, KIND_NAMED, Build, Game, Hex, Round, least_price

from ..core.text import LANGUAGES
from ..play.scene import Scene, table_scene
from .position import Explanation, Position

#: An action's kind, as a scenario's task names it.
KINDS: dict[type, str] = {kind.action: kind.name for kind in ACTION_KINDS}
#: Every kind of action: what a position without a task (or with a "win" task) may need.
EVERY_KIND = frozenset(KIND_NAMED)


@dataclass(frozen=True)
class TaskWords:
    """A task's texts, in every language the scenario gives."""

    text: Mapping[str, str]
    hint: Mapping[str, str]
    solved: Mapping[str, str]


@dataclass(frozen=True)
class PositionScene:
    """One position as its reader sees it now."""

    key: str
    title: Mapping[str, str]
    intro: Mapping[str, str]
    task: TaskWords | None
    #: The spaces the scenario points at.
    marks: tuple[Hex, ...]
    #: What the scenario keeps back until the reader has acted (its ``hide``).
    hide: frozenset[str]
    #: The kinds of action the task asks for: the controls a compact position keeps near.
    needs: frozenset[str]
    verdict: Verdict
    compact: bool
    more_open: bool
    explained: Explanation | None
    #: The reader has played an action (so "Start again" is offered).
    acted: bool
    #: Why a solved answer is right when the task accepts more than one (the rules'
    #: codes: ``least``, ``cards``), worded with the verdict.
    right_because: tuple[tuple[str, Mapping[str, object]], ...]
    #: The table: board, hand, panel; the marks said so and what is kept back left out.
    table: Scene
    #: A lesson of several steps: the one being tried (from 0) and how many there are.
    step: int = 0
    steps: int = 1
    #: What the other players did before this step, as the log words it.
    replied: tuple[str, ...] = ()
    #: This step goes on from the teacher's move (the replies did not fit the reader's).
    teacher_line: bool = False
    #: After a wrong answer to a task of the least price: each such building and the least
    #: it costs anywhere (what the reader missed, said as plainly as a right answer's why).
    least_was: tuple[tuple[str, int], ...] = ()
    #: The places the task's next step is about (web/teach/task_view.py): where a small
    #: frame's board looks while its reader chooses a place.
    focus: frozenset[Hex] = frozenset()
    #: The lesson is solved and may be played again as training ("Train again"); the round
    #: of training being played (None: the lesson as written); the last "Train again" found
    #: no other position.
    trainable: bool = False
    round: Round | None = None
    untrained: bool = False


def lesson_language(asked: str | None, page: str, scenario: Any) -> str:
    """The one language a lesson is shown in: the one asked for (its element's ``lang``,
    the embed's ``lang=``), else the page's, when the lesson's title and task are written
    in it; else wholly in its fallback (English, else its first language), never half in
    one language and half in another."""
    written = scenario.written
    wanted = asked if asked in LANGUAGES else page
    if wanted in written:
        return wanted
    if "en" in written or not written:
        return "en"
    return next((lang for lang in LANGUAGES if lang in written), "en")


def task_needs(task: Any) -> frozenset[str]:
    """The kinds of action the task asks for (``draw``, ``build``, ...): the controls a
    compact position shows outside its "More" fold."""
    if task is None or task.win is not None:
        return EVERY_KIND
    kinds: set[str] = set()

    def walk(step: Any) -> None:
        if step.one_of:
            for other in step.one_of:
                walk(other)
        elif step.exact is not None:
            kinds.add(KINDS[type(step.exact)])
        else:
            kinds.add(step.kind)

    for step in task.steps:
        walk(step)
    return frozenset(kinds)


def least_was(task: Any, made: list[Any], start: Game) -> tuple[tuple[str, int], ...]:
    """For each build the task wants at the least price: the building and that price, on
    the position the reader's move was made in."""
    out: list[tuple[str, int]] = []
    before = start.copy()
    for done, wanted in zip(made, task.steps, strict=False):
        for option in wanted.one_of or (wanted,):
            if not option.least:
                continue
            named = option.building not in (None, "*")
            building = option.building if named else getattr(done, "building", None)
            price = None if building is None else least_price(before, building)
            if price is not None and (named or isinstance(done, Build)):
                out.append((str(building), price))
                break
        before.apply(done)
    return tuple(out)


def hidden_now(pos: Position) -> frozenset[str]:
    """What the page keeps back now: the scenario's ``hide`` until the reader has acted and
    has a verdict (which then explains the answer)."""
    return pos.scenario.hide if pos.verdict == "going" else frozenset()


def scene_of(pos: Position) -> Scene:
    """The table as its reader sees it, the scenario's marked spaces said so on the board
    and what the lesson keeps back left out."""
    scene = table_scene(pos.session, pos.open_player)
    hide = hidden_now(pos)
    payment = None if scene.payment is None else replace(scene.payment, hide=hide)
    return replace(
        scene,
        marks=replace(scene.marks, spots=frozenset(pos.scenario.marks)),
        payment=payment,
        hide=hide,
    )


def position_scene(pos: Position) -> PositionScene:
    """The position as its reader sees it now: everything a renderer may read."""
    scenario = pos.scenario
    task = pos.task
    return PositionScene(
        key=pos.key,
        title=scenario.title,
        intro=scenario.intro,
        task=None if task is None else TaskWords(task.text, task.hint, task.solved),
        marks=tuple(scenario.marks),
        hide=scenario.hide,
        needs=task_needs(task),
        verdict=pos.verdict,
        compact=pos.compact,
        more_open=pos.more_open,
        explained=pos.explained,
        acted=bool(pos.made()),
        right_because=(
            tuple(task.why_right(pos.made(), pos.step_start))
            if task is not None and pos.verdict == "solved"
            else ()
        ),
        table=scene_of(pos),
        step=pos.step,
        steps=max(1, len(scenario.stages)),
        replied=tuple(line.text for line in pos.replied),
        teacher_line=pos.teacher_line,
        least_was=least_was(task, pos.made(), pos.step_start)
        if task is not None and pos.verdict == "wrong"
        else (),
        focus=pos.focus() if pos.compact and pos.verdict == "going" else frozenset(),
        trainable=pos.trainable,
        round=pos.round,
        untrained=pos.untrained,
    )
