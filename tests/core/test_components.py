"""The component data: known facts kept, designed data plausible and balanced."""

from __future__ import annotations

import json
import tempfile
from collections import Counter
from pathlib import Path

import attika
from attika.components import COMPONENTS, DATA_FILE, LANDSCAPES, ComponentError, load
from attika.hexes import flower, neighbours

from .helpers import raises

RAW = json.loads(DATA_FILE.read_text(encoding="utf-8"))


def test_every_item_says_whether_it_is_known_or_designed() -> None:
    def marks(item: dict) -> list[str]:
        status = item["status"]
        return list(status.values()) if isinstance(status, dict) else [status]

    items = [RAW["cards"], RAW["amphorae"], RAW["setup"]]
    items += RAW["landscapes"] + RAW["groups"] + RAW["buildings"] + RAW["tiles"]
    items += RAW["city_states"] + list(RAW["layouts"].values())
    for item in items:
        assert marks(item) and set(marks(item)) <= {"known", "designed"}, item
    for b in RAW["buildings"]:
        assert set(b["status"]) == {"name", "cost", "order"}, b["id"]
        for lang in attika.LANGUAGES:
            assert b["names"][lang], (b["id"], lang)


def test_known_facts_are_kept() -> None:
    b = attika.BUILDINGS
    assert b["fortress"].cost == (1, 3, 0, 0)
    assert b["road"].any_cost == 5 and b["road"].cost == (0, 0, 0, 0)
    assert b["fortress"].free_after == {"quarry"} and b["tower"].free_after == {"fortress"}
    assert b["road"].free_after == {"road"}
    assert b["tower"].count == 2 and b["road"].count == 4
    assert COMPONENTS.cards_per_landscape == 15 and COMPONENTS.amphorae == 15
    assert len(COMPONENTS.tiles) == 22
    assert COMPONENTS.buildings_per_player == 30
    sizes = {g.id: g.size for g in attika.GROUPS.values()}
    assert sizes == {
        "defence": 4,
        "shipping": 4,
        "supply": 4,
        "roads": 4,
        "mint": 2,
        "vineyard": 2,
        "city": 10,
    }


def test_each_group_but_roads_has_one_main_building_at_the_root_of_its_arrows() -> None:
    for g in attika.GROUPS.values():
        members = [attika.BUILDINGS[m] for m in g.members]
        mains = [m for m in members if m.main]
        if g.id == "roads":
            assert not mains
            continue
        assert len(mains) == 1, g.id
        root = mains[0]
        assert not root.free_after
        # every other member is reached from the main building by arrows inside the group
        reached = {root.id}
        changed = True
        while changed:
            changed = False
            for m in members:
                if m.id not in reached and m.free_after & reached:
                    reached.add(m.id)
                    changed = True
        assert reached == set(g.members), g.id
        for m in members:
            assert all(attika.BUILDINGS[s].group == g.id for s in m.free_after), m.id


def test_the_four_landscapes_are_demanded_about_equally() -> None:
    totals = [0, 0, 0, 0]
    for b in attika.BUILDINGS.values():
        for i in range(4):
            totals[i] += b.cost[i] * b.count
    assert max(totals) - min(totals) <= 2, totals


def test_tiles_are_mostly_blank_all_different_and_balanced() -> None:
    per_landscape = Counter()
    blanks = 0
    shapes = set()
    for t in COMPONENTS.tiles.values():
        assert len(t.slots) == 7
        blanks += t.slots.count(None)
        assert t.slots.count(None) >= 3, t.id
        per_landscape.update(s for s in t.slots if s is not None)
        text = "".join("." if s is None else str(s) for s in t.slots)
        shapes.add(min(text[0] + text[1 + k :] + text[1 : 1 + k] for k in range(6)))
    assert blanks > 154 / 2
    assert len(shapes) == 22
    assert max(per_landscape.values()) - min(per_landscape.values()) <= 1
    assert len(per_landscape) == 4


def test_start_layouts() -> None:
    for n, tiles, spaces in [(2, 4, 28), (3, 6, 42), (4, 8, 56)]:
        layout = COMPONENTS.layouts[n]
        assert len(layout.tiles) == tiles and len(layout.shrines) == n
        board = {h for c, _ in layout.tiles for h in flower(c)}
        assert len(board) == spaces
        for s in layout.shrines:
            assert s not in board
            assert any(x in board for x in neighbours(s)), (n, s)
            assert not any(x in layout.shrines for x in neighbours(s))


def test_the_designed_tiles_let_the_rulebook_examples_happen() -> None:
    mountain, water = LANDSCAPES.index("mountain"), LANDSCAPES.index("water")
    hill = LANDSCAPES.index("hill")
    fortress_site = road_site = False
    for t in COMPONENTS.tiles.values():
        land = t.hexes((0, 0), 0)
        for h, here in land.items():
            near = [land.get(n) for n in neighbours(h)]
            if here == mountain and near.count(mountain) == 1 and hill not in near:
                fortress_site = True
            around = [here, *near]
            if (
                around.count(mountain) == 2
                and around.count(water) == 2
                and len([x for x in around if x is not None]) == 4
            ):
                road_site = True
    assert fortress_site and road_site


def test_a_broken_data_file_is_refused_naming_the_problem() -> None:
    def broken(change) -> str:
        data = json.loads(DATA_FILE.read_text(encoding="utf-8"))
        change(data)
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "components.json"
            path.write_text(json.dumps(data), encoding="utf-8")
            with raises(ComponentError) as caught:
                load(path)
        return str(caught[0])

    assert "30 buildings" in broken(lambda d: d["buildings"][2].update(count=1))
    assert "unknown group" in broken(lambda d: d["buildings"][0].update(group="navy"))
    assert "unknown landscape" in broken(lambda d: d["tiles"][0].update(centre="lava"))
    assert "never free" in broken(lambda d: d["buildings"][0].update(free_after=["road"]))
    assert "free-build arrow" in broken(lambda d: d["buildings"][1].update(free_after=["x"]))
    assert "missing" in broken(lambda d: d.pop("tiles"))
