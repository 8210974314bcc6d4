"""Lessons that keep the answer back: no sum to pay, no payment filled in, no "free" label
before the reader acts; a verdict that explains the price after. And the compact layout's
split between the controls a task needs and the "More" fold."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import attika
from web.core.text import set_language
from web.teach.messages import position_message
from web.teach.position import Position
from web.teach.position_scene import position_scene, task_needs
from web.teach.position_view import position_html
from web.teach.store import position_update

SCENARIOS = Path("scenarios")


def lesson(name: str, compact: bool = False) -> Position:
    set_language("en")
    text = (SCENARIOS / f"{name}.json").read_text("utf-8")
    return Position("k", attika.load_scenario(text, name), compact=compact)


def tap(pos: Position, command: str, arg: str = "") -> None:
    """A tap as the page reads it: its words become a message for the position's update."""
    position_update(pos, position_message(command, arg))


def drawn(pos: Position) -> str:
    """The position as the page draws it, from its frozen scene."""
    return str(position_html(position_scene(pos)))


def words(markup: str) -> str:
    """The markup as a reader sees it: text only, tags and their attributes dropped."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup))


def board_of(markup: str) -> str:
    start = markup.index('<svg class="board-svg"')
    return markup[start : markup.index("</div>", start)]  # the board's own <div> ends it


def gives_away(markup: str) -> list[str]:
    """What would tell the answer: price badges, a free label, the sum, an exact-verdict."""
    found = []
    for needle, what in (
        ('class="cost', "a price badge"),
        ("free-here", "a free mark on a hex"),
        ('class="due"', "the sum to pay"),
        ('class="free"', "a 'free' line"),
        ('class="verdict', "whether the payment is exact"),
        ('data-cmd="cheapest"', "the cheapest-payment button"),
    ):
        if needle in markup:
            found.append(what)
    if re.search(r"\bfree\b", words(board_of(markup)), re.I):
        found.append("'free' on the board")
    return found


@pytest.mark.parametrize("compact", [False, True])
def test_paying_lessons_keep_the_sum_back_until_the_reader_pays(compact: bool) -> None:
    pos = lesson("cost-by-landscape", compact)
    tap(pos, "select", "fortress")
    assert gives_away(drawn(pos)) == []
    tap(pos, "hex", "0,0")
    shown = drawn(pos)
    assert pos.session.payment == [0, 0, 0, 0]  # nothing filled in
    assert gives_away(shown) == []
    assert "To pay" not in words(shown) and "saved by" not in words(shown)
    # any payment may be put forward; one short is refused, with the price explained
    tap(pos, "pay", "+1")
    tap(pos, "confirm", "")
    assert pos.verdict == "wrong"
    assert not pos.session.game.actions  # nothing was built
    said = words(drawn(pos))
    assert "Nothing was built: that payment does not pay exactly." in said
    assert "2 Mountain saved by symbols" in said and "To pay:" in said
    assert "You put forward:" in said and "Missing 1 Hill card" in said


def test_the_right_payment_is_solved_and_explained() -> None:
    pos = lesson("two-for-one", compact=True)
    tap(pos, "select", "fortress")
    tap(pos, "hex", "0,0")
    assert gives_away(drawn(pos)) == []
    for landscape in (0, 2, 3):  # hill, forest, water
        tap(pos, "pay", f"+{landscape}")
    tap(pos, "confirm", "")
    assert pos.verdict == "solved"
    said = words(drawn(pos))
    assert "Right: two cards of your choice" in said
    assert "To pay:" in said and "You paid:" in said
    assert "Missing 1 Mountain card: 2 others stand in for it." in said


def test_free_building_hides_what_is_free_and_the_verdict_says_why_not() -> None:
    pos = lesson("free-build")
    for kind in ("fortress", "tower", "agora"):
        tap(pos, "select", kind)
        shown = drawn(pos)
        assert gives_away(shown) == [], kind
        assert "marked on the board with their price" not in words(shown)
    # the tower next to the quarry skips the fortress: paid for, so the wrong answer
    tap(pos, "select", "tower")
    tap(pos, "hex", "1,0")
    assert pos.session.payment == [0, 0, 0, 0]
    tap(pos, "pay", "+0")
    tap(pos, "pay", "+1")
    tap(pos, "confirm", "")
    said = words(drawn(pos))
    assert pos.verdict == "wrong"
    assert "Not free: your Quarry next to it comes earlier on the arrow" in said
    # nothing put forward where nothing of the reader's stands near: refused, and why
    tap(pos, "again", "")
    tap(pos, "select", "fortress")
    tap(pos, "hex", "-3,3")
    tap(pos, "confirm", "")
    said = words(drawn(pos))
    assert pos.verdict == "wrong" and not pos.session.game.actions
    assert "Not free: none of your buildings next to it has an arrow to the Fortress." in said
    tap(pos, "again", "")
    tap(pos, "select", "fortress")
    tap(pos, "hex", "1,0")
    tap(pos, "confirm", "")  # nothing put forward: free next to the quarry
    assert pos.verdict == "solved"
    assert "Free: it stands next to your Quarry, whose arrow" in words(drawn(pos))


def test_a_lesson_that_hides_nothing_still_prices_and_fills_in() -> None:
    pos = lesson("roads")
    tap(pos, "select", "road")
    shown = drawn(pos)
    assert 'class="cost' in shown
    tap(pos, "hex", "0,0")
    assert sum(pos.session.payment or []) > 0  # the cheapest payment, filled in
    assert 'data-cmd="cheapest"' in drawn(pos)


def test_an_unknown_thing_to_hide_is_refused_naming_the_field() -> None:
    data = json.loads((SCENARIOS / "cost-by-landscape.json").read_text("utf-8"))
    data["hide"] = ["payment", "sum"]
    with pytest.raises(attika.ScenarioError) as refused:
        attika.load_scenario(data, "cost-by-landscape")
    assert refused.value.field == "hide[1]"
    assert "'sum' is not something to hide (free, hint, payment, price)" in str(refused.value)


def test_not_free_names_each_case_of_the_rule() -> None:
    game = attika.load_scenario((SCENARIOS / "free-build.json").read_text("utf-8")).game
    assert attika.not_free(game, "fortress", (1, 0)) is None  # next to the own quarry
    assert attika.not_free(game, "agora", (1, 0)).code == "main-building"  # type: ignore[union-attr]
    assert attika.not_free(game, "tower", (1, 0)).code == "skips"  # type: ignore[union-attr]
    assert attika.not_free(game, "fortress", (-1, 0)).code == "against-arrow"  # type: ignore[union-attr]
    assert attika.not_free(game, "tower", (0, 1)).code == "not-yours"  # type: ignore[union-attr]
    assert attika.not_free(game, "fortress", (-3, 3)).code == "no-arrow"  # type: ignore[union-attr]


def near_and_folded(markup: str) -> tuple[str, str]:
    fold = markup.index('<details class="more"')
    return markup[:fold], markup[fold:]


def test_a_compact_position_shows_only_the_controls_its_task_needs() -> None:
    assert task_needs(lesson("cost-by-landscape").scenario.task) == {"build"}
    near, folded = near_and_folded(drawn(lesson("cost-by-landscape", compact=True)))
    assert 'data-cmd="select"' in near and 'data-cmd="draw"' not in near
    assert 'data-cmd="draw"' in folded and 'class="hand' in folded  # all still there, folded
    # spending amphorae: both draws are used, so the stacks wait in the fold until an
    # amphora buys one more action; building is not on offer in a turn of draws
    pos = lesson("spend-amphorae", compact=True)
    near, folded = near_and_folded(drawn(pos))
    assert 'data-cmd="amphora"' in near and 'data-cmd="amphora"' not in folded
    assert 'data-cmd="draw"' in folded and 'data-cmd="select"' in folded
    tap(pos, "amphora", "action")
    near, folded = near_and_folded(drawn(pos))
    assert 'data-cmd="draw"' in near and 'data-cmd="select"' in folded
    # nothing is offered twice (one button per command, one id per page)
    shown = drawn(lesson("free-build", compact=True))
    keys = re.findall(r'data-key="([^"]+)"', shown)
    assert len(keys) == len(set(keys))
    ids = re.findall(r'\bid="([^"]+)"', shown)
    assert len(ids) == len(set(ids))
