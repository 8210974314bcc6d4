"""A solved lesson offers "Train again" (issue 41): the same task on a mirrored board, said in
the task's label, judged on the mirrored answers; a lesson that opts out offers nothing,
and a lesson not yet solved neither."""

from __future__ import annotations

import json
import re
from pathlib import Path

import attika
from attika.mirror import mirror_hex
from web.core.text import set_language
from web.teach.messages import position_message
from web.teach.position import Position
from web.teach.position_scene import position_scene
from web.teach.position_view import position_html
from web.teach.store import position_update

EXAMPLE = Path("examples/fortress.json")


def lesson(compact: bool = False, **fields: object) -> Position:
    set_language("en")
    data = json.loads(EXAMPLE.read_text("utf-8")) | fields
    return Position("k", attika.load_scenario(data, "fortress"), compact=compact)


def tap(pos: Position, command: str, arg: str = "") -> None:
    position_update(pos, position_message(command, arg))


def drawn(pos: Position) -> str:
    return str(position_html(position_scene(pos)))


def board_of(markup: str) -> str:
    start = markup.index('<svg class="board-svg"')
    return markup[start : markup.index("</svg>", start)]


def build_at(pos: Position, place: attika.Hex) -> None:
    tap(pos, "select", "fortress")
    tap(pos, "hex", attika.format_hex(place))
    tap(pos, "confirm")


def least(pos: Position) -> frozenset[attika.Hex]:
    return attika.least_places(pos.scenario.game, "fortress")


def train_button(markup: str) -> str | None:
    found = re.search(r'<button[^>]*data-cmd="train"[^>]*>', markup)
    return None if found is None else found.group(0)


def test_a_solved_lesson_trains_on_a_mirrored_board_judged_on_its_mirrored_answers() -> None:
    pos = lesson()
    first = sorted(least(pos))[0]
    assert train_button(drawn(pos)) is None  # not before it is solved
    build_at(pos, first)
    assert pos.verdict == "solved"
    shown = drawn(pos)
    button = train_button(shown)
    assert button is not None and 'aria-label="Train again: this task once more' in button
    before = board_of(drawn(lesson()))
    tap(pos, "train")
    now = drawn(pos)
    assert pos.verdict == "going" and "Training 1, mirrored top to bottom:" in now
    assert board_of(now) != before
    assert least(pos) == {mirror_hex(h, "top-bottom") for h in least(lesson())}
    old = next(h for h in sorted(least(lesson())) if h not in least(pos))
    build_at(pos, old)
    assert pos.verdict == "wrong" and train_button(drawn(pos)) is None
    tap(pos, "again")
    build_at(pos, mirror_hex(first, "top-bottom"))
    assert pos.verdict == "solved"
    tap(pos, "train")  # the next round: another mirror
    assert "Training 2, mirrored left to right:" in drawn(pos)


def test_a_lesson_that_opts_out_offers_no_training() -> None:
    pos = lesson(training=[])
    build_at(pos, sorted(least(pos))[0])
    assert pos.verdict == "solved" and train_button(drawn(pos)) is None
    tap(pos, "train")
    assert pos.round is None and pos.verdict == "solved"


def test_a_small_frame_offers_training_first_once_solved() -> None:
    pos = lesson(compact=True)
    build_at(pos, sorted(least(pos))[0])
    feedback = drawn(pos).split('class="feedback solved"', 1)[1]
    assert feedback.index('data-cmd="train"') < feedback.index('data-cmd="again"')


def test_a_lesson_of_two_steps_trains_with_the_others_replies_mirrored() -> None:
    set_language("en")
    text = Path("scenarios/road-turn-after-turn.json").read_text("utf-8")
    pos = Position("k", attika.load_scenario(text, "road-turn-after-turn"), compact=True)

    def solve_both_steps() -> None:
        # the first step as the teacher played it: the marked road, then the turn's end
        tap(pos, "select", "road")
        tap(pos, "hex", attika.format_hex(pos.scenario.marks[0]))
        tap(pos, "confirm")
        tap(pos, "end")
        if pos.verdict == "going":
            tap(pos, "end", "sure")  # ending with an action unused is asked once more
        assert pos.verdict == "solved"
        tap(pos, "next")
        road = next(
            b
            for b in pos.session.game.legal_actions()
            if isinstance(b, attika.Build) and b.building == "road" and not sum(b.payment)
        )
        tap(pos, "select", "road")
        tap(pos, "hex", attika.format_hex(road.hex))
        tap(pos, "confirm")
        assert pos.verdict == "solved"

    solve_both_steps()
    tap(pos, "train")
    assert pos.round is not None and pos.round.mirror is not None and pos.step == 0
    assert "Training 1, mirrored top to bottom: Step 1 of 2:" in drawn(pos)
    solve_both_steps()
    ship = {h for h, (_, kind) in pos.session.game.board.buildings.items() if kind == "ship"}
    assert ship == {mirror_hex((0, 1), "top-bottom")}  # Athens's reply, mirrored
