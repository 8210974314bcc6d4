"""A lesson's task and how an answer to it is judged: the steps the reader must make, each
an exact action, a kind of action, one of several, or a criterion the rules judge on the
position the reader acts in (this building at the least price anywhere, any payment of a
sum, this place); and how far a recorded move goes, as an editor offers it.

Reading a scenario file is :mod:`attika.scenario`; this is what its ``task.answer`` means.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .actions import Action, Build, EndTurn, PlaceTile
from .game import Game
from .hexes import Hex, format_hex
from .kinds import kind_of
from .state import WinReason

Text = dict[str, str]
#: How a reader's try stands against a task: right, wrong, or not finished yet.
Verdict = Literal["solved", "wrong", "going"]


@dataclass(frozen=True)
class Step:
    """One action a task asks for: an exact action, any action of a kind (a build of a
    building, perhaps free), or one of several such.

    A build step may also say how far an answer generalises, judged by the rules on the
    position the reader builds in: ``hex`` (on this place only), ``cards`` (paying this
    many cards, whichever), ``least`` (at the least price this building costs anywhere now:
    an equally cheap place is as right as the one the teacher played)."""

    kind: str = ""
    exact: Action | None = None
    building: str | None = None
    free: bool | None = None
    one_of: tuple[Step, ...] = ()
    hex: Hex | None = None
    cards: int | None = None
    least: bool = False

    def matches(self, done: Action, payment: bool, before: Game | None = None) -> bool:
        """Does ``done`` (made on ``before``) answer this step?"""
        if self.one_of:
            return any(step.matches(done, payment, before) for step in self.one_of)
        if self.exact is not None:
            return _same(done, self.exact, payment)
        if kind_of(done).name != self.kind:
            return False
        if isinstance(done, Build):
            if self.building not in (None, "*", done.building):
                return False
            if self.free is not None and (sum(done.payment) == 0) != self.free:
                return False
            if self.hex is not None and done.hex != self.hex:
                return False
            if self.cards is not None and sum(done.payment) != self.cards:
                return False
            if self.least and before is not None:
                return sum(done.payment) == least_price(before, done.building)
        return True


def least_price(game: Game, building: str) -> int | None:
    """The fewest cards ``building`` can be built for anywhere now (None: nowhere)."""
    prices = [
        sum(b.payment)
        for b in game.legal_actions()
        if isinstance(b, Build) and b.building == building
    ]
    return min(prices) if prices else None


def least_places(game: Game, building: str) -> frozenset[Hex]:
    """Every place where ``building`` can be built now for the fewest cards: the places a
    task of the least price is about (a page looks at them)."""
    builds = [b for b in game.legal_actions() if isinstance(b, Build) and b.building == building]
    if not builds:
        return frozenset()
    least = min(sum(b.payment) for b in builds)
    return frozenset(b.hex for b in builds if sum(b.payment) == least)


def answer_places(game: Game, step: Step, payment: bool = True) -> frozenset[Hex]:
    """Every place where a move answers ``step`` now: an exact build's or tile's place, else
    each place where a build at its cheapest payment matches the step (the least price,
    free, this place). The places a task is about, for a page to look at; a step that
    names no building narrows nothing (every place on offer)."""
    if step.one_of:
        return frozenset(h for option in step.one_of for h in answer_places(game, option, payment))
    if isinstance(step.exact, Build):
        return frozenset({step.exact.hex})
    if isinstance(step.exact, PlaceTile):
        return frozenset({step.exact.centre})
    if step.exact is not None or step.kind != "build":
        return frozenset()
    return frozenset(
        b.hex
        for b in game.legal_actions()
        if isinstance(b, Build) and step.matches(b, payment, game)
    )


def winning_places(game: Game, reason: WinReason) -> frozenset[Hex]:
    """Every place where a build now wins the game for the player to move, that way (a
    task to win is about them)."""
    seat = game.current
    out: set[Hex] = set()
    for build in game.legal_actions():
        if isinstance(build, Build) and build.hex not in out:
            after = game.copy()
            after.apply(build)
            if after.winner == seat and after.win_reason == reason:
                out.add(build.hex)
    return frozenset(out)


@dataclass(frozen=True)
class Task:
    """What the reader is asked to do, and how the page knows it is done.

    ``steps``: the reader's actions must match these, in order (a build's payment counts
    only when ``payment`` is true); with ``amphora``, the player must also have earned an
    amphora by then. ``win``: the reader must win, by that way, before the turn ends."""

    text: Text
    hint: Text
    solved: Text
    steps: tuple[Step, ...] = ()
    payment: bool = True
    win: WinReason | None = None
    amphora: bool = False

    def check(self, made: list[Action], start: Game, now: Game) -> Verdict:
        """ "solved", "wrong" or "going" (on the way, not finished) after ``made``."""
        seat = start.current
        if self.win is not None:
            if now.winner == seat and now.win_reason == self.win:
                return "solved"
            if now.winner is not None or any(isinstance(a, EndTurn) for a in made):
                return "wrong"
            return "going"
        before = start.copy()  # each step is judged on the position it was made in
        for done, wanted in zip(made, self.steps, strict=False):
            if not wanted.matches(done, self.payment, before):
                return "wrong"
            before.apply(done)
        if len(made) < len(self.steps):
            return "going"
        if self.amphora:
            earned = now.players[seat].rewarded - start.players[seat].rewarded
            return "solved" if earned else "wrong"
        return "solved"

    def why_right(self, made: list[Action], start: Game) -> list[tuple[str, dict[str, object]]]:
        """What made each general build step right, as codes with their values for the
        page to word: ``least`` (no place costs the building less now), ``cards`` (any
        payment of that sum). An exact step needs no reason."""
        out: list[tuple[str, dict[str, object]]] = []
        before = start.copy()
        for done, wanted in zip(made, self.steps, strict=False):
            options = wanted.one_of or (wanted,)
            step = next((o for o in options if o.matches(done, self.payment, before)), None)
            if isinstance(done, Build) and step is not None and step.exact is None:
                paid = sum(done.payment)
                if step.least:
                    out.append(("least", {"building": done.building, "cards": paid}))
                elif step.cards is not None:
                    out.append(("cards", {"building": done.building, "cards": paid}))
            before.apply(done)
        return out


#: How far a recorded build may go as an answer, for an editor to offer: exactly that move,
#: the building anywhere at the least price, that place with any payment of that sum, that
#: place with any payment.
REACHES = ("exact", "least", "cards", "place")


def answer_step(build: Build, how: str) -> str | dict[str, object]:
    """The answer's step, in the scenario format, for ``build`` going as far as ``how``."""
    where, paid = format_hex(build.hex), sum(build.payment)
    match how:
        case "least":
            return {"kind": "build", "building": build.building, "price": "least"}
        case "cards":
            return {"kind": "build", "building": build.building, "hex": where, "cards": paid}
        case "place":
            return {"kind": "build", "building": build.building, "hex": where}
        case "exact":
            return str(build)
    raise ValueError(f"no answer reach {how!r}: one of {', '.join(REACHES)}")


def step_reach(step: object) -> str | None:
    """How far an answer's step (as written in a file) goes, one of :data:`REACHES`; None
    for a step no editor choice makes (a choice, a kind of action written by hand)."""
    if isinstance(step, str):
        return "exact"
    if not isinstance(step, dict) or step.get("kind") != "build":
        return None
    if step.get("price") == "least":
        return "least"
    if "hex" in step and "cards" in step:
        return "cards"
    if "hex" in step:
        return "place"
    return None


def _same(done: Action, wanted: Action, payment: bool) -> bool:
    if isinstance(done, Build) and isinstance(wanted, Build):
        return (
            done.building == wanted.building
            and done.hex == wanted.hex
            and (not payment or done.payment == wanted.payment)
        )
    return str(done) == str(wanted)


__all__ = [
    "REACHES",
    "Step",
    "Task",
    "Text",
    "answer_places",
    "answer_step",
    "least_price",
    "step_reach",
    "winning_places",
]
