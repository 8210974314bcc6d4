"""Any address the page is opened with: it opens a game, or shows the new-game screen with the
reason; it never raises, and a refused address stores nothing."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from web.core.storage import MemoryStorage
from web.play.notes import shown
from web.table.saves import GAME

from ..test_fuzz_files import GAME as GAME_FILE
from ..test_fuzz_files import mutated
from .test_saves import controller

WORDS = st.sampled_from(
    ["2", "3", "4", "9", "-1", "", "²", "1e3", "9" * 5000, "human", "strong,normal", "x" * 300]
)
VALUE = WORDS | st.text(max_size=40)
PARAMS = st.fixed_dictionaries(
    {},
    optional={
        "players": VALUE,
        "seed": VALUE,
        "seats": VALUE | st.lists(st.sampled_from(["human", "easy", "strong", "?"])).map(",".join),
        "game": VALUE,
    },
)


@settings(
    max_examples=200, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck)
)
@given(params=PARAMS)
def test_any_address_opens_a_game_or_says_why(params: dict[str, str]) -> None:
    storage = MemoryStorage()
    tab = controller(storage)
    tab.open(params)
    ctl = tab.ctl
    if ctl.session is None:
        assert ctl.setup is not None
        assert not any(k.startswith(GAME) for k in storage.items)
        if ctl.notice is not None:
            assert len(shown(ctl.notice)[1]) < 400  # the address is cut, never echoed whole
            assert not any(
                raw in shown(ctl.notice)[1] for raw in ("invalid literal", "Exceeds the")
            )
    else:
        assert [k for k in storage.items if k.startswith(GAME)] == [GAME + str(ctl.game_id)]


@settings(
    max_examples=120, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck)
)
@given(text=mutated(GAME_FILE))
def test_a_loaded_file_opens_and_is_kept_or_is_refused_and_nothing_is_kept(text: str) -> None:
    storage = MemoryStorage()
    tab = controller(storage)
    tab.open({"load": "games/mine.json"}, (text, ""))
    kept = [k for k in storage.items if k.startswith(GAME)]
    if tab.ctl.session is None:
        assert kept == []
        assert tab.ctl.notice is not None and shown(tab.ctl.notice)[0] == "error"
        assert len(shown(tab.ctl.notice)[1]) < 600
    else:
        assert kept == [GAME + str(tab.ctl.game_id)]
        entry = json.loads(storage.items[kept[0]])
        assert entry["file"]["actions"] == tab.ctl.session.game.actions
