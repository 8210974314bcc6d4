"""The start layouts keep the shape they were designed for (docs/balance.md has why), and a
game saved on the layouts they replaced still replays on its own board."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import attika
from attika.balance import study
from attika.components import COMPONENTS, DATA_FILE, ComponentError, Layout, load
from attika.layouts import chain_length, neighbour_pairs, pair_chains, start_hexes, touching
from attika.limits import EDITION

#: Fewer buildings than this between two shrines let easy players win before round 6 in
#: more than one game in a hundred (scripts/layouts.py, docs/balance.md).
SHORTEST_CHAIN = 7

LAYOUTS = sorted(COMPONENTS.layouts.items())


@pytest.mark.parametrize(("players", "layout"), LAYOUTS)
def test_neighbouring_shrine_pairs_are_equally_far_apart(players: int, layout: Layout) -> None:
    sides = [chain_length(layout, a, b) for a, b in neighbour_pairs(layout)]
    assert None not in sides
    lengths = [n for n in sides if n is not None]
    assert len(lengths) == (1 if players == 2 else players)
    assert max(lengths) - min(lengths) <= 1, pair_chains(layout)
    assert min(lengths) >= SHORTEST_CHAIN, pair_chains(layout)


def test_with_four_players_the_diagonals_are_longer_than_every_side() -> None:
    layout = COMPONENTS.layouts[4]
    sides = set(neighbour_pairs(layout))
    diagonals = [n for pair, n in pair_chains(layout).items() if pair not in sides]
    assert len(diagonals) == 2
    longest_side = max(chain_length(layout, a, b) or 0 for a, b in sides)
    assert all(n is not None and n > longest_side for n in diagonals)


@pytest.mark.parametrize(("players", "layout"), LAYOUTS)
def test_no_single_building_seals_a_shrine(players: int, layout: Layout) -> None:
    assert len(layout.shrines) == players
    assert all(n >= 2 for n in touching(layout).values()), touching(layout)
    assert not set(layout.shrines) & start_hexes(layout)


def test_a_chain_is_counted_in_buildings_between_the_shrines() -> None:
    """Across one tile, shrine to shrine, a chain is the tile's three hexes in a row."""
    layout = Layout((((0, 0), 0),), ((-2, 0), (2, 0)))
    assert chain_length(layout, (-2, 0), (2, 0)) == 3  # (-1, 0), (0, 0), (1, 0)
    assert touching(layout) == {(-2, 0): 1, (2, 0): 1}
    assert chain_length(Layout((), ((5, 5), (9, 9))), (5, 5), (9, 9)) is None


def test_new_games_begin_on_the_layouts_and_saved_older_games_on_the_board_they_began_on() -> None:
    """Edition 2 and older began on the first designed layouts; edition 3 on those of data
    version 2, whose 4-player board data version 3 replaced (edition 4), and whose 2- and
    3-player boards data version 4 replaced (edition 5)."""
    first, second, third = (layouts for _, layouts in COMPONENTS.retired_layouts)
    assert set(first) == {2, 3, 4} and set(second) == {4} and set(third) == {2, 3}
    for players in (2, 3, 4):
        new = attika.new_game(players, 4)
        assert new.edition == EDITION == 5
        assert new.board.shrines == set(COMPONENTS.layouts[players].shrines)
        today = COMPONENTS.layouts[players]
        expected = {
            2: first[players],
            3: second.get(players, third.get(players, today)),
            4: third.get(players, today),
        }
        for edition, layout in expected.items():
            old = attika.Game.new(players, 4, edition=edition)
            assert old.board.shrines == set(layout.shrines)
            record = old.record()
            assert record["version"] == edition
            replayed, _ = attika.replay(record)
            assert replayed.board.shrines == old.board.shrines and replayed.edition == edition
    assert COMPONENTS.layouts[4].shrines != second[4].shrines
    assert COMPONENTS.layouts[2].shrines != third[2].shrines
    assert COMPONENTS.layouts[3].shrines != third[3].shrines


@pytest.mark.parametrize(
    ("change", "complaint"),
    [
        (lambda eras: eras[0]["layouts"].update({"5": eras[0]["layouts"]["4"]}), "player counts"),
        (lambda eras: eras.reverse(), "oldest first"),
        (lambda eras: eras[1].update({"layouts": {}}), "player counts"),
    ],
)
def test_a_data_file_with_retired_layouts_out_of_shape_is_refused(
    tmp_path: Path, change: Callable[[list[dict[str, Any]]], None], complaint: str
) -> None:
    raw = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    change(raw["retired_layouts"])
    path = tmp_path / "components.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(ComponentError, match=complaint):
        load(path)


@pytest.mark.slow
def test_normal_self_play_lasts_and_both_ways_to_win_happen() -> None:
    """A seeded smoke test of the balance: 4 normal games per player count, where both ways to
    win happen (docs/balance.md and its test measure the balance itself over many more)."""
    reasons: set[str] = set()
    for players in (2, 3, 4):
        s = study(players, 4, ["normal"], seed=1)
        assert s.unfinished == 0
        assert min(s.rounds) >= 6 and max(s.rounds) <= 60, (players, sorted(s.rounds))
        reasons |= set(s.reasons)
    assert reasons == {"shrines", "all-buildings"}


def test_a_data_file_with_retired_layouts_in_the_old_single_set_shape_is_refused_by_name(
    tmp_path: Path,
) -> None:
    raw = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    raw["retired_layouts"] = raw["retired_layouts"][0]
    path = tmp_path / "components.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(ComponentError, match="retired_layouts must be a list of eras"):
        load(path)
