"""The game page reads a tap's command words in one place, and its binder reads none.

Every ``data-cmd`` the game page draws, on every screen of a whole game, is read by
``table_message`` into a typed message (never ``Unreadable``); a hand-made or stale command
is answered with a note, never an exception; and the binders never compare a command word
themselves, so a command cannot take a way round the update.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import attika
from attika.bots import greedy_bot
from attika.rng import Rng
from web.play.messages import READERS as TURN_READERS
from web.play.messages import Unreadable
from web.table.messages import READERS as TABLE_READERS
from web.table.messages import table_message
from web.table.scenes import page_scene
from web.table.update import update
from web.table.view import PageView, page_view

from .commands import HeldTable, opened, run, tap, taps

WEB = Path(__file__).resolve().parents[2] / "web"
CMD = re.compile(r'data-cmd="([^"]*)"(?: data-arg="([^"]*)")?')


def drawn(table: HeldTable) -> PageView:
    return page_view(page_scene(table, table.shelf.games(), table.shelf.broken()))


def commands(view: PageView) -> set[tuple[str, str]]:
    parts = [view.overlay]
    if view.table is not None:
        t = view.table
        parts += [t.board.markup(), t.side, t.status, t.news, t.log, t.log_tools]
    return {(c, a or "") for part in parts for c, a in CMD.findall(part)}


def test_every_command_a_whole_game_draws_reads_into_a_message() -> None:
    table = HeldTable(new_id=lambda: "g1", now=lambda: 0, random_seed=lambda: 7)
    seen: set[tuple[str, str]] = set()
    seen |= commands(drawn(table))
    run(table, opened(table, {}))  # the start screen
    seen |= commands(drawn(table))
    run(table, opened(table, {"players": "3", "seed": "11"}))
    session = table.session
    assert session is not None
    twin = attika.new_game(list(p.name for p in session.game.players), 11)
    rng = Rng(3)
    while not twin.is_over and len(twin.actions) < 400:
        seen |= commands(drawn(table))
        if session.handover:
            run(table, tap(table, "continue"))
            seen |= commands(drawn(table))
        action = greedy_bot(twin, rng)
        for cmd, arg in taps(session, action):
            run(table, tap(table, cmd, arg))
            seen |= commands(drawn(table))
        twin.apply(action)
    for cmd in ("log", "log", "review", "step"):
        run(table, tap(table, cmd, "+1" if cmd == "step" else ""))
        seen |= commands(drawn(table))
    run(table, tap(table, "new-game"))
    seen |= commands(drawn(table))
    words = {c for c, _ in seen}
    # the screens were all drawn: the form, the turn, stepping through, the kept games
    assert {"setup-start", "select", "draw", "end", "review", "step", "resume"} <= words
    unread = [(c, a) for c, a in seen if isinstance(table_message(c, a), Unreadable)]
    assert not unread


@pytest.mark.parametrize(
    ("cmd", "arg"),
    [("nonsense", ""), ("setup-count", "9"), ("player", "x"), ("pay", "*2"), ("hex", "a,b")],
)
def test_a_stale_command_is_answered_with_a_note_and_changes_nothing(cmd: str, arg: str) -> None:
    table = HeldTable(new_id=lambda: "g1", now=lambda: 0, random_seed=lambda: 7)
    run(table, opened(table, {"players": "2", "seed": "5"}))
    run(table, tap(table, "continue"))
    assert table.session is not None
    before = table.session.game.to_json()
    message = table_message(cmd, arg)
    assert isinstance(message, Unreadable)
    update(table, message)
    assert table.session.game.to_json() == before
    scene = page_scene(table, [], []).table
    assert scene is not None and scene.message is not None and scene.message[0] == "error"


def test_the_log_is_opened_and_closed_by_the_update_and_back_closes_it_first() -> None:
    table = HeldTable(new_id=lambda: "g1", now=lambda: 0, random_seed=lambda: 7)
    run(table, opened(table, {"players": "2", "seed": "5"}))
    assert not drawn(table).log_open
    run(table, tap(table, "log"))
    assert drawn(table).log_open
    run(table, tap(table, "back"))
    assert not drawn(table).log_open
    run(table, tap(table, "log"))
    run(table, tap(table, "review"))  # the log would cover the step buttons
    assert not drawn(table).log_open


BINDERS = sorted([WEB / "main.py", *WEB.glob("*/page.py"), *WEB.glob("*/focus.py")])


@pytest.mark.parametrize("path", BINDERS, ids=lambda p: p.relative_to(WEB).as_posix())
def test_no_binder_compares_a_command_word(path: Path) -> None:
    """A binder passes a tap's words to its page's reader; it never asks which they are."""
    words = set(TABLE_READERS) | set(TURN_READERS)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for side in [node.left, *node.comparators]:
                for leaf in ast.walk(side):
                    if isinstance(leaf, ast.Constant) and leaf.value in words:
                        raise AssertionError(
                            f"{path.name}:{node.lineno} compares the command {leaf.value!r}"
                        )
