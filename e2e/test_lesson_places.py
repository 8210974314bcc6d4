"""Every shipped lesson, the example's own and one made from a real game's late position, live
in a 400x300 and a 320x480 element on one page (one Python for all), measured as a reader
meets them: the board at the start, each building the column offers chosen in turn, and the
lessons that go on (a drawn building, a board tile to lay, a second road) walked to their
places. A place to choose is 44 px or more in both frames, none has its middle under "More",
and the places the task is about (as the rules say: the free places, the cheapest, where a
build wins...) are in view and can be tapped, all of them where they fit; a drawn building's
"Store on player board" is in the column's view; the board before a choice is as large as
the frame allows its whole land, up to 44 px a hex, and a shipped one never under 32 px in a
400x300 frame (issue 41)."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Browser, Locator, expect

import attika

from .conftest import READY_MS, ROOT, close_clean, open_page
from .positions import late_game

SHOTS = ROOT / "test-results" / "screens"
SIZES = ((400, 300), (320, 480))
#: A lesson made from a real game's late position (80 buildings on a grown board), as the
#: editor makes one: the market where it costs the least, 2 of 34 places on offer.
REAL_GAME = "/e2e-pages/real-game.json"
LESSONS = [
    *sorted(p.stem for p in (ROOT / "scenarios").glob("*.json")),
    "/examples/fortress.json",
    REAL_GAME,
]


def real_game_lesson() -> dict[str, object]:
    game = late_game()
    data = attika.lesson_from_view(
        game.view(game.current), ["athens", "corinth", "sparta", "thebes"]
    )
    data["task"] = {
        "text": "Build the market where it costs the fewest cards.",
        "hint": "Count the symbols.",
        "solved": "Right.",
        "answer": {"steps": [{"kind": "build", "building": "market", "price": "least"}]},
    }
    return data


#: The lessons that go on past their first choice, walked to each later one ("places": the
#: places on offer now are measured; "column:" and a control: it is in view in the column
#: as it stands, with no scroll).
WALKS: dict[str, list[str]] = {
    "board-expansion": [
        '[data-cmd=draw][data-arg="1"]',
        "places",
        "column:[data-cmd=store]",
        "[data-cmd=store]",
        "places",
    ],
    "roads": [
        '[data-cmd=select][data-arg="road"]',
        '[data-hex="0,0"]',
        ".payment [data-cmd=confirm]",
        '[data-cmd=select][data-arg="road"]',
        "places",
    ],
}
#: Every hex face and tile place drawn: its name, its smaller side, its box, whether it is one
#: to choose now, whether it lies whole on the board in view, and whether a tap at its
#: middle reaches it ("More" lies over the board's corner); and the board's own size.
MEASURE = """(host) => {
  const root = host.shadowRoot, svg = root.querySelector('.pos-view .board-svg');
  const b = svg.getBoundingClientRect();
  const shapes = root.querySelectorAll('.board-svg [data-hex] .face, .board-svg .site .ring');
  return { board: [b.width, b.height], view: [b.left, b.top, b.right, b.bottom],
           shapes: [...shapes].map((f) => {
    const r = f.getBoundingClientRect(), own = f.closest('[data-hex], [data-site]');
    const hit = root.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    return { hex: own.dataset.hex || own.dataset.site, size: Math.min(r.width, r.height),
             left: r.left, right: r.right, top: r.top, bottom: r.bottom,
             middle: !!hit && own.contains(hit), place: !!f.closest('.legal, .site'),
             seen: r.left >= b.left - 1 && r.top >= b.top - 1 && r.right <= b.right + 1
                   && r.bottom <= b.bottom + 1 }; }) };
}"""


def task_places(name: str, served: dict[str, str]) -> frozenset[str]:
    """The places a lesson's first step is about, as the rules say (its answer's place,
    the free or cheapest places, where a build wins)."""
    path = ROOT / name.lstrip("/") if name.startswith("/") else ROOT / "scenarios" / f"{name}.json"
    text = served[name] if name in served else path.read_text("utf-8")
    lesson = attika.load_scenario(json.loads(text), name)
    task, game = lesson.task, lesson.game
    if task is None:
        return frozenset()
    if task.win is not None:
        places = attika.winning_places(game, task.win)
    else:
        places = attika.answer_places(game, task.steps[0], task.payment)
    return frozenset(f"{q},{r}" for q, r in places)


def places_seen(host: Locator, where: str, about: frozenset[str] = frozenset()) -> None:
    """Every place to choose in view is 44 px or more, and a few are in view; the places
    the task is about among them are in view and a tap at their middle reaches them, all
    of them when they fit the board."""
    drawn = host.evaluate(MEASURE)
    places = [s for s in drawn["shapes"] if s["place"]]
    seen = [s for s in places if s["seen"]]
    assert places, f"{where}: no place to choose"
    small = [round(s["size"], 1) for s in seen if s["size"] < 44]
    assert small == [], f"{where}: places under 44 px: {small}"
    assert len(seen) >= min(3, len(places)), f"{where}: {len(seen)} of {len(places)} in view"
    left, top, right, bottom = drawn["view"]
    covered = [
        s["hex"]
        for s in places
        if not s["middle"]
        and left <= (s["left"] + s["right"]) / 2 <= right
        and top <= (s["top"] + s["bottom"]) / 2 <= bottom
    ]
    assert covered == [], f"{where}: places under 'More' (their middle cannot be tapped): {covered}"
    tasks = [s for s in places if s["hex"] in about]
    if not tasks:
        return
    wide = max(s["right"] for s in tasks) - min(s["left"] for s in tasks)
    high = max(s["bottom"] for s in tasks) - min(s["top"] for s in tasks)
    fit = wide <= drawn["board"][0] and high <= drawn["board"][1]
    shown = [s["hex"] for s in tasks if s["seen"] and s["middle"]]
    assert len(shown) == len(tasks) if fit else shown, f"{where}: the task's places {shown}"


def in_column(host: Locator, where: str, control: str) -> None:
    """The control is whole in the column's view without scrolling it."""
    seen = host.evaluate(
        """(host, control) => { const root = host.shadowRoot;
             const side = root.querySelector('.posside'), c = root.querySelector(control);
             const s = side.getBoundingClientRect(), r = c.getBoundingClientRect();
             return side.scrollTop === 0 && r.top >= s.top && r.bottom <= s.bottom; }""",
        control,
    )
    assert seen, f"{where}: {control} is below the column's fold"


def whole_board(host: Locator, where: str, width: int) -> None:
    """Before a choice the whole land is in view, as large as the board's box allows (a
    little room for the outline) up to 44 px a hex; never under 32 px in a 400x300 frame."""
    drawn = host.evaluate(MEASURE)
    hexes = [s for s in drawn["shapes"] if not s["place"]]
    assert hexes and all(s["seen"] for s in hexes), f"{where}: the land is not all in view"
    face = min(s["size"] for s in hexes)
    land_w = max(s["right"] for s in hexes) - min(s["left"] for s in hexes)
    land_h = max(s["bottom"] for s in hexes) - min(s["top"] for s in hexes)
    fits = face * min(drawn["board"][0] / land_w, drawn["board"][1] / land_h)
    assert face >= min(44, 0.97 * fits), f"{where}: hexes {face:.1f} px, could be {fits:.1f}"
    if width == 400:
        assert face >= 32, f"{where}: hexes {face:.1f} px"


def test_every_lessons_places_are_a_fingers_width_in_small_frames(
    browser: Browser, server: str
) -> None:
    page, guard = open_page(browser, server, viewport={"width": 1280, "height": 800})
    body = "".join(
        f'<attika-position id="l{w}-{i}" scenario="{name}" width="{w}" height="{h}">'
        "</attika-position>"
        for w, h in SIZES
        for i, name in enumerate(LESSONS)
    )
    html = (
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Every lesson</title>'
        f'<script type="module" src="../web/attika-embed.js"></script></head><body>{body}</body>'
        "</html>"
    )
    page.route(
        f"{server}/e2e-pages/every-lesson.html",
        lambda route: route.fulfill(status=200, content_type="text/html", body=html),
    )
    served = {REAL_GAME: json.dumps(real_game_lesson())}
    page.route(
        f"{server}{REAL_GAME}",
        lambda route: route.fulfill(
            status=200, content_type="application/json", body=served[REAL_GAME]
        ),
    )
    page.goto(f"{server}/e2e-pages/every-lesson.html")
    SHOTS.mkdir(parents=True, exist_ok=True)
    for w, h in SIZES:
        for i, name in enumerate(LESSONS):
            where = f"{name} at {w}x{h}"
            host = page.locator(f"#l{w}-{i}")
            host.locator("[data-try]").click()
            expect(host.locator(".pos-view .board-svg")).to_be_visible(timeout=READY_MS)
            if name != REAL_GAME:  # a grown board is seen whole small: its places zoom
                whole_board(host, where, w)
            about = task_places(name, served)
            offered = host.locator(".posside [data-cmd=select]:not([disabled])")
            for kind in [offered.nth(k).get_attribute("data-arg") for k in range(offered.count())]:
                choose = host.locator(f'.posside [data-cmd=select][data-arg="{kind}"]')
                choose.click()
                places_seen(host, f"{where}, {kind} chosen", about)
                choose.click()  # chosen again: no longer
                expect(host.locator(".board-svg .legal")).to_have_count(0)
            for k, step in enumerate(WALKS.get(name, [])):
                if step.startswith("column:"):
                    in_column(host, f"{where}, step {k}", step.removeprefix("column:"))
                elif step == "places":
                    places_seen(host, f"{where}, step {k}")
                    host.screenshot(path=str(SHOTS / f"places-{Path(name).stem}-{k}-{w}x{h}.png"))
                else:
                    host.locator(step).first.click()
    close_clean(page, guard)
