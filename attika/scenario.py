"""A board position set up by hand, to teach a rule: the scenario format.

A scenario is JSON (see docs/scenarios.md): a board, each player's belongings, whose turn it
is and how far it has come, and an optional task with the answer to check. Loading checks
every field and names the one that is wrong, so a teacher's typo gets a precise message
instead of a strange position. What the scenario leaves "unknown" (the face-down stacks, the
card deck, the board tiles still to come) is filled in from the components, shuffled by the
scenario's seed, so the position plays on like a real game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .answers import REACHES, Step, Task, Text, answer_step, least_price, step_reach
from .components import COMPONENTS
from .fields import LANGUAGES, ScenarioError
from .game import Game
from .gamebook import Stage, go_on, line_end, movers
from .hexes import Hex
from .inputs import SCENARIO_CHARS, InputRefused, read_json
from .position_fields import PositionFields
from .rng import Rng
from .task_fields import TaskFields
from .trainable import TRAININGS, allowed_trainings, training_refusal

FORMAT = "attika-scenario"
VERSION = 1


#: What a scenario may ask the page to keep from the reader until the reader has acted:
#: ``hint`` (the Hint button), ``payment`` (the payment filled in, the cheapest-payment
#: button), ``price`` (the sum to pay: prices on the board, what the symbols save, whether
#: a payment is exact) and ``free`` (the "free" labels and why a building is free).
HIDEABLE = frozenset({"hint", "payment", "price", "free"})


@dataclass
class Scenario:
    """A loaded scenario: the game in its position, the texts, the task."""

    id: str
    title: Text
    intro: Text
    game: Game
    city_states: list[str]
    task: Task | None = None
    #: Hexes the page should point out (the space of a rulebook example).
    marks: list[Hex] = field(default_factory=list)
    #: What the page must not give away before the reader acts, so the task is worked out
    #: (see :data:`HIDEABLE`).
    hide: frozenset[str] = frozenset()
    #: The languages every text of the scenario is written in (a text given once, for
    #: every language, counts as written in each); the others show the English copy, so a
    #: page shows such a lesson wholly in English rather than half and half.
    written: frozenset[str] = frozenset(LANGUAGES)
    #: The task and the steps after it (a lesson of several steps); empty without a task.
    stages: tuple[Stage, ...] = ()
    #: The ways the lesson may be played again as training once solved (mirror, turn,
    #: deal: :mod:`attika.trainable`); empty: not at all.
    training: frozenset[str] = frozenset()
    #: The file as read, which a round of training transforms and reads again.
    source: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def fresh(self) -> Game:
        """The position again, as at the start: for "try again"."""
        return self.game.copy()


# -- reading ---------------------------------------------------------------------------------


def load_scenario(source: str | dict[str, Any], scenario_id: str = "scenario") -> Scenario:
    """Read a scenario from JSON text or parsed data; ScenarioError names what is wrong."""
    try:
        if isinstance(source, str):
            try:
                data = read_json(source, SCENARIO_CHARS, "the scenario")
            except InputRefused as exc:
                raise ScenarioError("(file)", str(exc), exc.code, **exc.params) from None
        else:
            data = source
        return _Reader(data).scenario(scenario_id)
    except RecursionError:
        raise ScenarioError("(file)", "nested too deeply to be a scenario") from None


class _Reader(TaskFields, PositionFields):
    def __init__(self, data: Any) -> None:
        self.data = data

    # the parts --------------------------------------------------------------------------

    def scenario(self, scenario_id: str) -> Scenario:
        d = self.obj(self.data, "(file)")
        self.only(
            d,
            "",
            {
                "format",
                "version",
                "title",
                "intro",
                "seed",
                "board",
                "players",
                "current",
                "turn",
                "deck",
                "tile_stack",
                "amphora_supply",
                "task",
                "then",
                "marks",
                "hide",
                "training",
                "still",
                "_about",
            },
        )
        if d.get("format") != FORMAT:
            raise ScenarioError("format", f'must be "{FORMAT}", not {d.get("format")!r}')
        if type(d.get("version")) is not int or d.get("version") != VERSION:  # True == 1
            raise ScenarioError("version", f"must be {VERSION}, not {d.get('version')!r}")
        title = self.text(d.get("title"), "title")
        intro = self.text(d.get("intro"), "intro", required=False)
        seed = self.count(d.get("seed", 0), "seed")
        game = Game()
        game.seed = seed
        game.rng = Rng(seed)
        self.board(game, d.get("board"))
        city_states = self.players(game, d.get("players"))
        count = len(game.players)
        game.current = game.start_player = self.count(d.get("current", 0), "current", count - 1)
        game.turn = self.turn(game, d.get("turn", {}))
        for seat, stacks in enumerate(self._stacks):
            self.stacks(game, seat, stacks, f"players[{seat}].stacks")
        self.deck(game, d.get("deck", "unknown"))
        self.tiles(game, d.get("tile_stack", "unknown"))
        rewarded = sum(p.amphorae for p in game.players)
        game.amphora_supply = self.count(
            d.get("amphora_supply", max(0, COMPONENTS.amphorae - rewarded)),
            "amphora_supply",
            COMPONENTS.amphorae - rewarded,
        )
        game.fixed = 0
        marks = [self.hex(m, f"marks[{i}]") for i, m in enumerate(self.seq(d, "marks"))]
        if "then" in d and "task" not in d:
            raise ScenarioError("then", "follows a task: give the first step as task")
        stages = self.stages(game, d) if "task" in d else ()
        task = stages[0].task if stages else None
        hide = set()
        for i, what in enumerate(self.seq(d, "hide")):
            if what not in HIDEABLE:
                known = ", ".join(sorted(HIDEABLE))
                raise ScenarioError(f"hide[{i}]", f"{what!r} is not something to hide ({known})")
            hide.add(what)
        self.still(d.get("still"))
        training = self.training(d, stages, game)
        written = set(LANGUAGES)
        texts = [d.get("title"), d.get("intro")]
        for step in [d.get("task"), *self.seq(d, "then")]:
            if isinstance(step, dict):
                texts += [step.get(part) for part in ("text", "hint", "solved")]
        for given in texts:
            if isinstance(given, dict):
                written &= set(given)
        return Scenario(
            scenario_id,
            title,
            intro,
            game,
            city_states,
            task,
            marks,
            frozenset(hide),
            frozenset(written),
            stages,
            training,
            d,
        )

    def training(self, d: dict[str, Any], stages: tuple[Stage, ...], game: Game) -> frozenset[str]:
        """The ways the lesson may be trained: those the file lists (each one the rules
        allow), else every way they allow."""
        if "training" not in d:
            return allowed_trainings(d, stages, game.board, game.current)
        ways: set[str] = set()
        for i, way in enumerate(self.seq(d, "training")):
            if way not in TRAININGS:
                known = ", ".join(TRAININGS)
                raise ScenarioError(f"training[{i}]", f"{way!r} is not a way to train ({known})")
            if not stages:
                raise ScenarioError(f"training[{i}]", "a position without a task is not trained")
            why = training_refusal(way, d, stages, game.board, game.current)
            if why is not None:
                raise ScenarioError(f"training[{i}]", why)
            ways.add(way)
        return frozenset(ways)


__all__ = [
    "FORMAT",
    "HIDEABLE",
    "REACHES",
    "VERSION",
    "Scenario",
    "ScenarioError",
    "Stage",
    "Step",
    "Task",
    "answer_step",
    "go_on",
    "least_price",
    "line_end",
    "load_scenario",
    "movers",
    "step_reach",
]
