"""Reading a lesson's steps from a scenario file: each step's task, the answer the page
checks (exact actions, kinds of action, criteria the rules judge), the teacher's own moves,
and the other players' replies between steps, each checked along the teacher's line.

The position itself is read by :mod:`attika.scenario`; what a task means is
:mod:`attika.answers`, how a lesson goes on :mod:`attika.gamebook`.
"""

from __future__ import annotations

from typing import Any, cast, get_args

from .actions import Action
from .answers import Step, Task
from .fields import Fields, ScenarioError
from .game import Game
from .gamebook import Stage, check_line, exact_line, replies_fit
from .hexes import parse_hex
from .kinds import KIND_NAMED, parse_action
from .state import WinReason

WINS: tuple[WinReason, ...] = get_args(WinReason)
#: A lesson holds at most this many steps, and a list of moves at most this many actions.
MOST_STEPS = 12
MOST_MOVES = 60


class TaskFields(Fields):
    """The reader of a lesson's steps (mixed into the scenario's reader)."""

    def stages(self, game: Game, d: dict[str, Any]) -> tuple[Stage, ...]:
        """The task, and the steps that follow it (``then``), each checked along the
        teacher's line: its replies, then its task on the position they leave."""
        raw_then = self.seq(d, "then")
        if len(raw_then) > MOST_STEPS - 1:
            raise ScenarioError("then", f"a lesson has at most {MOST_STEPS} steps")
        first = self.task(game, d.get("task"), "task", {"text", "hint", "solved", "answer"})
        stages = [first]
        line = check_line(game, first, "task", not raw_then)
        reader = game.current
        for i, raw in enumerate(raw_then):
            where = f"then[{i}]"
            t = self.obj(raw, where)
            replies = tuple(self.moves(t, "reply", f"{where}.reply"))
            problem = replies_fit(line, replies, reader)
            if problem is not None:
                at, why = problem
                raise ScenarioError(f"{where}.reply" + ("" if at is None else f"[{at}]"), why)
            stage = self.task(line, t, where, {"reply", "text", "hint", "solved", "answer"})
            stage = Stage(stage.task, replies, stage.played)
            stages.append(stage)
            line = check_line(line, stage, where, i == len(raw_then) - 1)
        return tuple(stages)

    def moves(self, d: dict[str, Any], key: str, where: str) -> list[Action]:
        """A list of actions in the game's notation."""
        out = []
        for i, raw in enumerate(self.seq(d, key, where)):
            if not isinstance(raw, str):
                raise ScenarioError(f"{where}[{i}]", 'must be an action such as "draw 1"')
            try:
                out.append(parse_action(raw))
            except ValueError as exc:
                raise ScenarioError(f"{where}[{i}]", str(exc)) from None
        if len(out) > MOST_MOVES:
            raise ScenarioError(where, f"at most {MOST_MOVES} moves")
        return out

    def task(self, game: Game, value: Any, where: str, allowed: set[str]) -> Stage:
        """A step's task, with the teacher's own moves (``played``, else its exact steps)."""
        t = self.obj(value, where)
        self.only(t, where, allowed | {"played"})
        text = self.text(t.get("text"), f"{where}.text")
        hint = self.text(t.get("hint"), f"{where}.hint")
        solved = self.text(t.get("solved"), f"{where}.solved")
        played = tuple(self.moves(t, "played", f"{where}.played"))
        at = f"{where}.answer"
        a = self.obj(t.get("answer"), at)
        self.only(a, at, {"steps", "payment", "win", "amphora"})
        if ("steps" in a) == ("win" in a):
            raise ScenarioError(at, 'needs either "steps" or "win"')
        payment = a.get("payment", True)
        if not isinstance(payment, bool):
            raise ScenarioError(f"{at}.payment", "must be true or false")
        amphora = a.get("amphora", False)
        if not isinstance(amphora, bool):
            raise ScenarioError(f"{at}.amphora", "must be true or false")
        if "win" in a:
            if a["win"] not in WINS:
                raise ScenarioError(f"{at}.win", f"must be one of {list(WINS)}")
            return Stage(Task(text, hint, solved, win=cast(WinReason, a["win"])), (), played)
        raw_steps = self.seq(a, "steps", f"{at}.steps")
        if not raw_steps:
            raise ScenarioError(f"{at}.steps", "must name at least one step")
        steps = [self.step(raw, f"{at}.steps[{i}]") for i, raw in enumerate(raw_steps)]
        # exact steps at the start must be legal here: a wrong answer key is the author's bug
        trial = game.copy()
        for i, step in enumerate(steps):
            if step.exact is None:
                break
            try:
                trial.apply(step.exact)
            except ValueError as exc:  # IllegalAction: the answer itself breaks a rule
                place = f"{at}.steps[{i}]"
                raise ScenarioError(place, f"is not legal in this position: {exc}") from None
        task = Task(text, hint, solved, tuple(steps), payment, amphora=amphora)
        return Stage(task, (), played or exact_line(task))

    def step(self, raw: Any, where: str) -> Step:
        if isinstance(raw, str):
            try:
                return Step(exact=parse_action(raw))
            except ValueError as exc:
                raise ScenarioError(where, str(exc)) from None
        d = self.obj(raw, where)
        if "one_of" in d:
            self.only(d, where, {"one_of"})
            options = self.seq(d, "one_of", f"{where}.one_of")
            if not options:
                raise ScenarioError(f"{where}.one_of", "must list at least one step")
            return Step(
                one_of=tuple(self.step(o, f"{where}.one_of[{i}]") for i, o in enumerate(options))
            )
        self.only(d, where, {"kind", "building", "free", "hex", "cards", "price"})
        kind = d.get("kind")
        if not isinstance(kind, str) or kind not in KIND_NAMED:
            raise ScenarioError(f"{where}.kind", f"must be one of {sorted(KIND_NAMED)}")
        building = d.get("building")
        if building is not None and building != "*":
            self.building(building, f"{where}.building")
        free = d.get("free")
        if free is not None and not isinstance(free, bool):
            raise ScenarioError(f"{where}.free", "must be true or false")
        build_only = ("building", "free", "hex", "cards", "price")
        if kind != "build" and any(k in d for k in build_only):
            raise ScenarioError(where, f'{", ".join(build_only)} belong to a "build" step')
        place = None
        if "hex" in d:
            try:
                place = parse_hex(d["hex"]) if isinstance(d["hex"], str) else None
            except ValueError:
                place = None
            if place is None:
                raise ScenarioError(f"{where}.hex", 'must be a place such as "0,-1"')
        cards = d.get("cards")
        if cards is not None and (type(cards) is not int or not 0 <= cards <= 30):
            raise ScenarioError(f"{where}.cards", "must be a number of cards from 0 to 30")
        price = d.get("price")
        if price is not None and price != "least":
            raise ScenarioError(f"{where}.price", 'must be "least"')
        return Step(
            kind=str(kind),
            building=building,
            free=free,
            hex=place,
            cards=cards,
            least=price == "least",
        )
