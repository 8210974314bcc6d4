"""Whatever a kept game's entry holds, the start page still starts and nothing is lost.

Storage is outside the code: another version of the game, another tab, a browser extension or
a person with the developer tools can leave any text under a key. Each hostile entry is fed to
the page's store beside one good game: the page must open (the new-game screen, the good game
listed), the hostile entry must be set aside word for word (to download or delete), and the
lists and their markup must be made without an exception.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import attika
from web.core.storage import MemoryStorage
from web.play.notes import note_text, shown
from web.table.saves import BROKEN, CURRENT, GAME, Shelf
from web.table.scenes import KeptScene
from web.table.screens import saved_games_html

from .test_saves import controller

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
FIELDS = ["names", "city_states", "turn", "actions", "updated", "winner", "file"]


def good_entry() -> dict[str, Any]:
    """A real kept game, as the page writes it."""
    storage = MemoryStorage()
    Shelf(storage).save("good", attika.new_game(["Ann", "Bo"], 5), ["athens", "corinth"], 1)
    entry: dict[str, Any] = json.loads(storage.items[GAME + "good"])
    return entry


def hostile_texts() -> st.SearchStrategy[str]:
    real = json.dumps(good_entry())
    one_field = st.builds(
        lambda field, value: json.dumps({**good_entry(), field: value}),
        st.sampled_from(FIELDS),
        JSON,
    )
    in_file = st.builds(
        lambda field, value: json.dumps(
            {**good_entry(), "file": {**good_entry()["file"], field: value}}
        ),
        st.sampled_from(["seats", "players", "actions", "seed", "state", "version", "city_states"]),
        JSON,
    )
    cut = st.integers(0, len(real)).map(lambda n: real[:n])
    shapes = st.sampled_from(
        [
            "null",
            "[]",
            '"text"',
            "1e999",
            "9" * 5000,
            "[" * 200_000,
            '{"file":' * 60_000 + "1" + "}" * 60_000,
            json.dumps({**good_entry(), "file": None}),
            json.dumps({**good_entry(), "file": []}),
            json.dumps({**good_entry(), "file": "text"}),
            json.dumps({**good_entry(), "turn": True}),
            json.dumps({**good_entry(), "names": "Ann"}),
            "x" * 2_000_000,
        ]
    )
    return one_field | in_file | cut | shapes | JSON.map(json.dumps) | st.text(max_size=60)


@settings(
    max_examples=120, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck)
)
@given(text=hostile_texts(), current=st.booleans())
def test_any_kept_entry_leaves_the_start_page_working_and_loses_nothing(
    text: str, current: bool
) -> None:
    storage = MemoryStorage()
    storage.items[GAME + "good"] = json.dumps(good_entry())
    storage.items[GAME + "bad"] = text
    if current:
        storage.items[CURRENT] = "bad"
    tab = controller(storage)
    tab.open({})
    shelf = tab.ctl.shelf
    games, broken = shelf.games(), shelf.broken()
    saved_games_html(
        KeptScene(tuple(games), tuple(broken), None, tab.ctl.game_id, shown(tab.ctl.notice))
    )
    assert tab.ctl.setup is not None or tab.ctl.session is not None
    assert "good" in [g.id for g in games]
    # the hostile entry is a game that opened (and was written again whole), a game that can
    # be listed, or kept aside as it was
    if tab.ctl.game_id == "bad":
        kept = json.loads(storage.items[GAME + "bad"])
        assert kept["file"]["actions"] == json.loads(text)["file"]["actions"]
        assert "bad" in [g.id for g in games]
    elif GAME + "bad" in storage.items:
        assert storage.items[GAME + "bad"] == text
        assert "bad" in [g.id for g in games]
    else:
        assert [b.text for b in broken] == [text]
        assert broken[0].reason and len(broken[0].reason) < 400


def test_a_kept_game_deleted_in_another_tab_is_not_brought_back_by_this_ones_next_move() -> None:
    storage = MemoryStorage()
    here = controller(storage)
    here.open({"players": "2", "seed": "3"})
    game_id = here.ctl.game_id
    assert game_id is not None
    session = here.ctl.session
    assert session is not None
    session.game.apply(session.game.legal_actions()[0])
    here.autosave()
    assert GAME + game_id in storage.items
    there = controller(storage)
    there.open({})
    there.command("delete", game_id)
    there.ctl.asked_at = -10_000  # the second tap comes later, as a person's would
    there.command("delete", game_id)
    assert GAME + game_id not in storage.items
    session.game.apply(session.game.legal_actions()[0])
    here.autosave()
    assert GAME + game_id not in storage.items
    assert session.note is not None and "deleted" in note_text(session.note)
    assert not any(k.startswith(BROKEN) for k in storage.items)


def test_a_set_aside_entry_downloads_under_a_plain_file_name_whatever_its_key() -> None:
    storage = MemoryStorage()
    key = "../../" + "\u202e" * 3 + "x" * 500
    storage.items[GAME + key] = "not json"
    tab = controller(storage)
    tab.open({})
    (broken,) = tab.ctl.shelf.broken()
    tab.command("broken-download", broken.id)
    assert tab.download is not None and tab.download.text == "not json"
    name = tab.download.filename
    assert len(name) < 80 and all(c.isascii() and (c.isalnum() or c in "-_.") for c in name)
