"""'Make a lesson from this position' in the log: the position as the player looking at the
screen sees it goes to the editor as a scenario file, which loads as a lesson."""

from __future__ import annotations

import json

import attika
from tests.web.commands import opened, tap
from tests.web.test_computers import tab
from web.table.effects import OpenLesson


def test_the_lesson_file_loads_and_holds_only_the_viewers_hand() -> None:
    ctl = tab()
    opened(ctl, {"players": "3", "seed": "6"})
    session = ctl.session
    assert session is not None
    tap(ctl, "continue")
    tap(ctl, "draw", "1")
    tap(ctl, "store")
    tap(ctl, "end", "sure")
    tap(ctl, "continue")
    viewer = session.viewer
    assert viewer is not None
    effects = tap(ctl, "lesson")
    files = [e for e in effects if isinstance(e, OpenLesson)]
    assert len(files) == 1
    data = json.loads(files[0].text)
    lesson = attika.load_scenario(data, "lesson")
    assert lesson.game.board.to_data() == session.game.board.to_data()
    assert lesson.game.players[viewer].hand == session.game.players[viewer].hand
    assert [("hand" in p) for p in data["players"]].count(True) <= 1
    assert lesson.game.current == session.game.current
    # while the device is passed on nobody's hand is written
    tap(ctl, "end", "sure")
    assert session.handover
    data = json.loads(next(e for e in tap(ctl, "lesson") if isinstance(e, OpenLesson)).text)
    assert all("hand" not in p for p in data["players"])
