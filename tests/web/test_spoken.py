"""What a screen reader is told (web/play/spoken.py, web/board/board_text.py): a computer's
builds with their places, once each as its turn grows; the tile's places and its turn in
words; the hint's marked stack; what each step of a review did; the win. Never coordinates,
and in every language."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

import attika
from attika.bots import greedy_bot
from attika.hexes import neighbours
from attika.rng import Rng
from tests.web.commands import tap_turn
from web.board.board_svg import board_drawing
from web.board.board_text import built_words, site_label, tile_words
from web.core.text import building_name, landscape_name, set_language
from web.play.actions import action_area
from web.play.computer_turn import hint_place, hint_words
from web.play.hand import stack_buttons
from web.play.panel import side_panel
from web.play.scene import Scene, table_scene
from web.play.session import Session
from web.play.spoken import Said, fresh, line_words, turn_said
from web.table.review import Stepping

from .commands import play

COORDINATES = re.compile(r"-?\d+,-?\d+")
ROOT = Path(__file__).resolve().parents[2]


def _against_easy(seed: int) -> Session:
    set_language("en")
    return Session.start(["Ann", "Bot"], seed, seats=["human", "easy"])


def _step(session: Session, rng: Rng) -> None:
    """One action: the person's by the greedy bot's choice, the computer's as the page plays it."""
    if session.handover:
        tap_turn(session, "continue")
    action = greedy_bot(session.game.copy(), rng)
    if session.computer(session.seat) is None:
        play(session, action)
    else:
        session.play_computer(action, len(session.game.actions))


def test_a_computers_builds_are_told_with_their_places_once_each_as_its_turn_grows() -> None:
    session = _against_easy(8)
    rng = Rng(8)
    heard: list[str] = []
    before: set[str] = set()
    builds = 0
    while not session.game.is_over and len(session.game.actions) < 300:
        computer = session.computer(session.seat) is not None
        _step(session, rng)
        scene = table_scene(session)
        said = turn_said(scene)
        new = fresh(said, before)
        before = {key for key, _ in said}
        heard.extend(new)
        last = session.log[-1] if session.log else None
        if computer and last is not None and last.event["event"] == "build":
            h = attika.parse_hex(last.event["hex"])
            told = [w for w in new if w.startswith("Bot built the ")]
            assert len(told) == 1, new  # this build, not the turn again from its start
            land = scene.board.landscape.get(h)
            ground = "a hex without a symbol" if land is None else f"a {landscape_name(land)} hex"
            assert f"It stands on {ground}, " in told[0], told[0]
            assert told[0].endswith(built_words(scene, h) + "."), told[0]
            assert re.search(r"next to |of the board", told[0]), told[0]
            builds += 1
    assert builds >= 5
    for words in heard:
        assert not COORDINATES.search(words), words
    # every build of the computer was said exactly once over the whole game
    built = [line for line in session.log if line.event["event"] == "build" and line.seat == 1]
    assert sum(w.startswith("Bot built the ") for w in heard) == len(built)


def test_a_redraw_or_a_language_switch_says_nothing_new() -> None:
    session = _against_easy(3)
    rng = Rng(3)
    for _ in range(12):
        _step(session, rng)
    said = turn_said(table_scene(session))
    keys = {key for key, _ in said}
    assert said and fresh(said, keys) == []
    set_language("de")
    try:
        german = turn_said(table_scene(session))
        assert fresh(german, keys) == []  # the keys hold no words
        assert [w for _, w in german] != [w for _, w in said]
    finally:
        set_language("en")
    assert fresh([("a", "one"), ("b", "two")], ["a"]) == ["two"]


def _tile_turn() -> tuple[Session, Scene]:
    """A 2-player game of people at the moment one of them must lay a new tile."""
    set_language("en")
    session = Session.start(["Ann", "Bo"], 5)
    rng = Rng(5)
    while True:
        if session.handover:
            tap_turn(session, "continue")
        scene = table_scene(session)
        if scene.status.phase == "tile" and scene.acting:
            return session, scene
        play(session, greedy_bot(session.game.copy(), rng))


def test_tile_places_say_where_they_are_and_what_the_tile_would_touch() -> None:
    session, scene = _tile_turn()
    labels = [site_label(scene, h) for h in scene.marks.sites]
    for n, label in enumerate(labels, 1):
        assert label.startswith(f"Place {n} of {len(labels)} for the new tile, "), label
        assert "of the board" in label and "touching " in label, label
        assert not COORDINATES.search(label), label
    assert any(" of Ann" in label or " of Bo" in label for label in labels)
    first = scene.marks.sites[0]
    tap_turn(session, "site", attika.format_hex(first))
    chosen = table_scene(session)
    assert site_label(chosen, first).endswith(
        "Chosen: press again to lay the tile here, or turn it first"
    )
    markup = str(board_drawing(chosen).markup())
    pressed = re.findall(r'data-site="([^"]+)"[^>]*aria-pressed="true"', markup)
    assert pressed == [attika.format_hex(first)]
    assert markup.count('aria-pressed="false"') == len(chosen.marks.sites) - 1


def test_the_tile_is_said_as_it_turns_once_per_turn() -> None:
    session, scene = _tile_turn()
    words = tile_words(scene)
    assert words.startswith("The new tile: ") and "in the middle: " in words
    sides = ("on the right", "at the bottom right", "at the bottom left", "on the left")
    assert all(side + ": " in words for side in sides), words
    tap_turn(session, "site", attika.format_hex(scene.marks.sites[0]))
    said = turn_said(table_scene(session))
    at = [w for _, w in said if w.startswith("The new tile at place 1: ")]
    assert len(at) == 1
    seen = [at[0]]
    before = {key for key, _ in said}
    for _ in range(6):
        tap_turn(session, "rotate", "1")
        said = turn_said(table_scene(session))
        new = fresh(said, before)
        before = {key for key, _ in said}
        assert len(new) == 1 and new[0].startswith("The new tile at place 1: "), new
        seen.append(new[0])
    assert seen[-1] == seen[0]  # six turns bring it back as it was
    tile = attika.COMPONENTS.tiles[scene.marks.tile or ""]
    if len({tile.slots[1:][i:] + tile.slots[1:][:i] for i in range(6)}) > 1:
        assert len(set(seen)) > 1, "turning the tile changed nothing said"


def test_the_hint_says_which_stack_it_marks() -> None:
    set_language("en")
    session = Session.start(["Ann", "Bo"], 2)
    tap_turn(session, "continue")
    scene = table_scene(session)
    hinted = attika.Hint(attika.DrawBuilding(2), "draw", {})
    scene = replace(scene, hint=hinted, marks=replace(scene.marks, hint_stack=2))
    assert hint_place(hinted, scene) == "The marked stack is Stack 3."
    said = dict(turn_said(scene))
    assert said[f"hint:{hinted.action}"].endswith("The marked stack is Stack 3.")
    stacks = str(stack_buttons(scene))
    assert stacks.count("Hint:") == 1
    assert re.search(r"Hint: </span>.*?Stack 3", stacks)


def test_live_regions_are_not_drawn_with_the_panel_but_persist_in_the_page() -> None:
    session, scene = _tile_turn()
    tap_turn(session, "end", "")
    scene = table_scene(session)
    panel = str(side_panel(scene))
    assert "aria-live" not in panel and 'role="status"' not in panel and 'role="alert"' not in panel
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    region = re.search(r'<div id="announce"[^>]*>', page)
    assert region is not None and 'role="log"' in region.group(0)
    assert "hidden" not in region.group(0).replace("aria-hidden", "")
    # outside everything a dialog makes inert (web/table/focus.py): after the overlay
    assert page.index('id="announce"') > page.index('id="overlay"') > page.index("</main>")
    news = re.search(r'<p id="news"[^>]*>', page)
    assert news is not None and "role" not in news.group(0)


def test_each_step_of_a_review_says_what_its_action_did_and_where() -> None:
    set_language("en")
    session = Session.start(["Ann", "Bo"], 4)
    rng = Rng(4)
    while len(session.game.actions) < 40:
        play(session, greedy_bot(session.game.copy(), rng))
    review = Stepping.of(session.game, ["athens", "corinth"])
    found = 0
    for step in range(1, review.length + 1):
        review.step = step
        latest = review.latest_line()
        assert not COORDINATES.search(latest), latest
        if " built the " in latest:
            assert "It stands on " in latest, latest
            found += 1
    assert found >= 3


def test_the_win_is_said() -> None:
    set_language("en")
    session = Session.start(["Ann", "Bo"], 4)
    rng = Rng(4)
    while not session.game.is_over:
        play(session, greedy_bot(session.game.copy(), rng))
    said: list[Said] = turn_said(table_scene(session))
    winner = session.game.players[session.game.winner or 0].name
    assert any(re.search(rf"{winner} .*wins", w) for _, w in said), said


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_the_words_are_whole_in_every_language(lang: str) -> None:
    session, scene = _tile_turn()
    tap_turn(session, "site", attika.format_hex(scene.marks.sites[0]))
    set_language(lang)
    try:
        scene = table_scene(session)
        words = [tile_words(scene), *(site_label(scene, h) for h in scene.marks.sites)]
        for line in session.log:
            words.append(line_words(scene, line))
        h = next(iter(scene.board.buildings))
        words.append(built_words(scene, h))
        for w in words:
            assert "{" not in w and "}" not in w, w
            assert not COORDINATES.search(w), w
        assert building_name(scene.board.buildings[h][1]) in " ".join(words)
    finally:
        set_language("en")


def _parts(words: str) -> dict[str, str]:
    """ "The new tile at place 1: on the right: Hill, next to ...; ..." as side -> landscape."""
    body = words.split(": ", 1)[1].rstrip(".")
    return {side: rest.split(",")[0] for side, rest in (p.split(": ", 1) for p in body.split("; "))}


def test_turn_right_turns_the_tile_clockwise_as_it_is_drawn_and_said() -> None:
    session, scene = _tile_turn()
    tap_turn(session, "site", attika.format_hex(scene.marks.sites[0]))
    scene = table_scene(session)
    markup = str(action_area(scene))
    arg = re.search(
        r'data-cmd="rotate" data-arg="([^"]+)"[^>]*>(?:(?!</button>).)*Turn right', markup
    )
    assert arg is not None, markup
    assert tile_words(scene) in markup  # the tile as turned, to read again in the panel
    before = _parts(tile_words(scene))
    tap_turn(session, "rotate", arg.group(1))
    after = _parts(tile_words(table_scene(session)))
    clockwise = ["on the right", "at the bottom right", "at the bottom left", "on the left"]
    clockwise += ["at the top left", "at the top right"]
    for i, side in enumerate(clockwise):
        assert after[clockwise[(i + 1) % 6]] == before[side], (before, after)


def test_a_lessons_live_region_says_the_hint_asked_for() -> None:
    from web.play.messages import AskHint
    from web.teach.feedback import verdict_text
    from web.teach.position import Position
    from web.teach.position_scene import position_scene
    from web.teach.store import position_update

    set_language("en")
    heard = 0
    for path in sorted((ROOT / "scenarios").glob("*.json")):
        pos = Position("k", attika.load_scenario(path.read_text("utf-8"), path.stem))
        if "hint" in pos.scenario.hide:
            continue
        position_update(pos, AskHint())
        scene = position_scene(pos)
        if scene.table.hint is not None:
            assert verdict_text(scene) == hint_words(scene.table) != ""
            heard += 1
    assert heard >= 3


def test_each_payment_put_forward_is_said_once_from_the_live_region() -> None:
    """The payment's verdict is no live region of its own (it is drawn again with the
    panel); the page's persistent region says each new payment once."""
    set_language("en")
    session = Session.start(["Ann", "Bo", "Cy"], 42)
    tap_turn(session, "continue")
    game = session.game
    build = next(b for b in game.legal_actions() if isinstance(b, attika.Build) and sum(b.payment))
    tap_turn(session, "select", build.building)
    tap_turn(session, "hex", f"{build.hex[0]},{build.hex[1]}")
    scene = table_scene(session)
    assert 'role="status"' not in str(side_panel(scene).split('class="payment"')[1])
    first = turn_said(scene)
    assert any("pays exactly" in words for _, words in first)
    assert fresh(turn_said(table_scene(session)), [k for k, _ in first]) == []  # once
    paid = next(i for i in range(4) if session.payment and session.payment[i])
    tap_turn(session, "pay", f"-{paid}")  # one card fewer: short of the price
    now = fresh(turn_said(table_scene(session)), [k for k, _ in first])
    assert now and "needed" in now[-1]


def test_a_computers_tile_is_told_by_what_it_touches_and_brings_not_its_area_alone() -> None:
    """A sighted player sees where a computer's new tile went: beside which buildings and
    shrines, with which symbols; a listener heard only "at the top left of the board"."""
    for seed in range(3, 12):
        session = _against_easy(seed)
        rng = Rng(seed)
        while not session.game.is_over and len(session.game.actions) < 400:
            computer = session.computer(session.seat) is not None
            _step(session, rng)
            last = session.log[-1] if session.log else None
            if computer and last is not None and last.event["event"] == "tile":
                break
        else:
            continue
        told = [w for w in fresh(turn_said(table_scene(session)), set()) if "laid a new" in w]
        tile = attika.COMPONENTS.tiles[last.event["tile"]]
        centre = attika.parse_hex(last.event["hex"])
        symbols = [i for i in tile.hexes(centre, last.event["rotation"]).values() if i is not None]
        assert len(told) == 1 and not COORDINATES.search(told[0]), told
        assert re.search(r"It lies .* of the board, touching .+, with ", told[0]), told[0]
        for i in set(symbols):
            assert f"{symbols.count(i)} {landscape_name(i)}" in told[0], told[0]
        around = {n for h in tile.hexes(centre, last.event["rotation"]) for n in neighbours(h)}
        named = [
            f"{building_name(kind)} of {session.game.players[seat].name}"
            for h, (seat, kind) in session.game.board.buildings.items()
            if h in around
        ]
        assert any(n in told[0] for n in named) or "a shrine" in told[0], told[0]
        return
    raise AssertionError("no computer laid a tile in these games")
