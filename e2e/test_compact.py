"""A compact embed in a small frame: after "Try it" the task, the board and the controls the
task needs are all in the frame with nothing to scroll, also once the payment is open; the
lesson keeps the sum back, refuses a wrong payment with the price explained, and is solved
by taps alone."""

from __future__ import annotations

import json

from playwright.sync_api import Browser, FrameLocator, expect

import attika

from .conftest import READY_MS, ROOT, close_clean, open_page
from .positions import late_game
from .test_lesson_places import real_game_lesson

SHOTS = ROOT / "test-results" / "screens"
SIZES = ((400, 300), (320, 480))

#: Boxes that must lie inside the frame and, except the board (the payment may open over it),
#: must not lie under anything else at their middle; and whether anything scrolls (the page,
#: or the panel beside the board).
FITS = """(selectors) => {
  const out = [];
  const e = document.scrollingElement;
  const side = document.querySelector('.posside');
  for (const [what, n] of [['page', e], ['panel', side]]) {
    if (n && n.scrollHeight > n.clientHeight + 1)
      out.push(`${what} scrolls: ${n.scrollHeight} > ${n.clientHeight}`);
  }
  for (const sel of selectors) {
    const nodes = [...document.querySelectorAll(sel)];
    if (!nodes.length) out.push(`${sel}: missing`);
    for (const n of nodes) {
      const r = n.getBoundingClientRect();
      const box = [r.left, r.top, r.right, r.bottom].map(Math.round).join(',');
      if (r.left < 0 || r.top < 0 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5)
        out.push(`${sel}: ${box} is out of the frame`);
      if (!r.width) out.push(`${sel}: not shown`);
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (r.width && !n.matches('.board-svg') && hit && !n.contains(hit))
        out.push(`${sel}: covered by ${hit.tagName}.${hit.getAttribute('class')}`);
      if (n.matches('button, summary') && (r.width < 44 || r.height < 44))
        out.push(`${sel}: ${r.width}x${r.height} < 44`);
    }
  }
  return out;
}"""


def fits(frame: FrameLocator, *selectors: str) -> list[str]:
    return frame.locator("body").evaluate(f"(body) => ({FITS})({list(selectors)!r})")


def test_a_paying_lesson_fits_small_frames_and_is_solved_by_taps(
    browser: Browser, server: str
) -> None:
    page, guard = open_page(browser, server, viewport={"width": 800, "height": 560}, has_touch=True)
    frames = "".join(
        f'<iframe id="f{w}" src="{server}/embed.html?scenario=cost-by-landscape"'
        f' width="{w}" height="{h}" title="Paying, {w} by {h}" style="border:0"></iframe>'
        for w, h in SIZES
    )
    page.goto(f"{server}/manifest.webmanifest")  # a host page of the same host, as documented
    page.set_content(f"<!doctype html><title>Lessons</title><h1>Paying</h1>{frames}")
    SHOTS.mkdir(parents=True, exist_ok=True)
    for w, h in SIZES:
        frame = page.frame_locator(f"#f{w}")
        frame.locator("[data-try]").tap()
        frame.locator("body[data-ready='1']").wait_for(timeout=READY_MS)
        needed = (".task", ".posboard .board-svg", '[data-cmd="select"]', '[data-cmd="more"]')
        assert fits(frame, *needed) == [], (w, h, "live")
        # only what the task needs is out: the stacks wait in the fold
        expect(frame.locator(".posside [data-cmd=draw]")).to_have_count(0)

        frame.locator('[data-cmd=select][data-arg="fortress"]').tap()
        expect(frame.locator(".board-svg .cost")).to_have_count(0)  # no price on the board
        frame.locator('[data-hex="0,0"]').tap()
        paying = (*needed[:2], ".payment", ".payment [data-cmd=confirm]", ".payment .step")
        assert fits(frame, *paying) == [], (w, h, "paying")
        page.screenshot(path=str(SHOTS / f"compact-{w}x{h}-paying.png"))
        # nothing filled in, no sum to pay, no "exact" before the reader pays
        assert frame.locator(".paycount").all_inner_texts() == ["0", "0", "0"]
        expect(frame.locator(".payment")).not_to_contain_text("To pay")
        expect(frame.locator(".payment .verdict, [data-cmd=cheapest]")).to_have_count(0)

        # one card short: refused, nothing built, and the price explained
        frame.locator('[data-cmd=pay][data-arg="+1"]').tap()
        frame.locator(".payment [data-cmd=confirm]").tap()
        wrong = frame.locator(".feedback.wrong")
        expect(wrong).to_contain_text("Nothing was built: that payment does not pay exactly.")
        expect(wrong).to_contain_text("2 Mountain saved by symbols")
        expect(wrong.locator(".quote .due").first).to_contain_text("To pay")
        expect(frame.locator(".board-svg [data-owner]")).to_have_count(0)
        assert fits(frame, ".task", '.feedback [data-cmd="again"]') == [], (w, h, "refused")

        # solved by taps: 1 hill and 1 mountain
        frame.locator('.feedback [data-cmd="again"]').tap()
        frame.locator('[data-cmd=select][data-arg="fortress"]').tap()
        frame.locator('[data-hex="0,0"]').tap()
        frame.locator('[data-cmd=pay][data-arg="+0"]').tap()
        frame.locator('[data-cmd=pay][data-arg="+1"]').tap()
        frame.locator(".payment [data-cmd=confirm]").tap()
        solved = frame.locator(".feedback.solved")
        expect(solved).to_contain_text("two mountain symbols saved two mountain cards")
        expect(solved).to_contain_text("You paid:")
        assert fits(frame, ".task", ".posboard .board-svg", ".feedback.solved > p") == []
        page.screenshot(path=str(SHOTS / f"compact-{w}x{h}-solved.png"))

        # "More" opens the whole panel over the position, and closes again
        frame.locator('[data-cmd="more"]').tap()
        expect(frame.locator(".morepanel .hand")).to_be_visible()
        expect(frame.locator("#language")).to_be_visible()
        frame.locator('[data-cmd="more"]').tap()
        expect(frame.locator(".morepanel")).to_be_hidden()
    close_clean(page, guard)


def test_a_long_verdict_folds_under_why_in_a_low_frame(browser: Browser, server: str) -> None:
    """Free building refused, in German: the longest explanation. In a 400x300 frame the
    verdict and Start again stay in view, the explanation one tap away under "Warum?"."""
    page, guard = open_page(browser, server, viewport={"width": 800, "height": 400}, has_touch=True)
    page.goto(f"{server}/manifest.webmanifest")  # a host page of the same host
    page.evaluate("localStorage.setItem('attika.language', 'de')")
    page.set_content(
        "<!doctype html><title>Lektion</title>"
        f'<iframe id="f" src="{server}/embed.html?scenario=free-build" width="400" height="300"'
        ' title="Kostenlos bauen" style="border:0"></iframe>'
    )
    frame = page.frame_locator("#f")
    frame.locator("[data-try]").tap()
    frame.locator("body[data-ready='1']").wait_for(timeout=READY_MS)
    frame.locator('[data-cmd=select][data-arg="tower"]').tap()
    frame.locator('[data-hex="1,0"]').tap()
    frame.locator('[data-cmd=pay][data-arg="+0"]').tap()
    frame.locator('[data-cmd=pay][data-arg="+1"]').tap()
    frame.locator(".payment [data-cmd=confirm]").tap()
    expect(frame.locator(".feedback.wrong")).to_be_visible()
    assert fits(frame, ".task", '.feedback [data-cmd="again"]', ".why-short summary") == []
    frame.locator(".why-short summary").tap()
    expect(frame.locator(".why-short .why")).to_contain_text("Nicht kostenlos")
    page.screenshot(path=str(SHOTS / "compact-400x300-why.png"))
    close_clean(page, guard)


BOARD_SHARE = """() => {
  const r = document.querySelector('.posboard .board-svg').getBoundingClientRect();
  const hexes = [...document.querySelectorAll('.board-svg [data-hex] .face')]
    .map((f) => f.getBoundingClientRect().width);
  return [r.width * r.height / (innerWidth * innerHeight),
          hexes.length ? Math.min(...hexes) : null,
          document.scrollingElement.scrollHeight - innerHeight];
}"""

INTRO = {
    "en": "A building can cost nothing at all. Along the arrows on your player board each "
    "building of a group is free when it stands next to the one before it: worth knowing "
    "early, when cards are scarce and every free building is a card kept for later."
}


def test_the_board_keeps_most_of_a_small_frame_with_or_without_an_intro(
    browser: Browser, server: str
) -> None:
    """Every shipped lesson's still, and a live lesson with many controls and one with an
    intro: the board keeps at least 60% of a 400x300 and of a 320x480 frame, its hexes are
    24 px or more, nothing scrolls the frame, and the intro unfolds without the board
    shrinking."""
    page, guard = open_page(browser, server, viewport={"width": 800, "height": 560})
    lesson = json.loads((ROOT / "scenarios" / "free-build.json").read_text("utf-8"))
    body = json.dumps(lesson | {"intro": INTRO})
    page.route(
        f"{server}/lessons/with-intro.json",
        lambda route: route.fulfill(status=200, content_type="application/json", body=body),
    )
    names = sorted(p.stem for p in (ROOT / "scenarios").glob("*.json"))
    live = ("win-shrines", "../lessons/with-intro.json")
    frames = "".join(
        f'<iframe id="f{i}-{w}" src="{server}/embed.html?scenario={name}" width="{w}"'
        f' height="{h}" title="{name}" style="border:0"></iframe>'
        for i, name in enumerate([*names, *live])
        for w, h in SIZES
    )
    page.goto(f"{server}/manifest.webmanifest")
    page.set_content(f"<!doctype html><title>Lessons</title>{frames}")
    for i, name in enumerate([*names, *live]):
        for w, _ in SIZES:
            frame = page.frame_locator(f"#f{i}-{w}")
            frame.locator("body[data-previews]").wait_for()
            if name in live:
                frame.locator("[data-try]").click()
                frame.locator("body[data-ready='1']").wait_for(timeout=READY_MS)
            share, smallest, spill = frame.locator("body").evaluate(f"() => ({BOARD_SHARE})()")
            assert share >= 0.6, f"{name} at {w}: the board has {share:.0%} of the frame"
            assert spill <= 0, f"{name} at {w}: the frame scrolls by {spill} px"
            if name in live:
                assert smallest >= 24, f"{name} at {w}: hexes of {smallest:.0f} px"
                # building names readable (8 px letters) or given way to bigger pictures,
                # as the first frame shows them: a board drawn anew is sized when it is
                # laid out (web/board-names.js), which a read right after the drawing
                # could come before
                expect(frame.locator("svg.board-svg:not([data-names])")).to_have_count(0)
                names = frame.locator(".board-svg .badge .bname").evaluate_all(
                    "(ns) => ns.filter((n) => getComputedStyle(n).display !== 'none')"
                    ".map((n) => n.getBoundingClientRect().height)"
                )
                assert all(h >= 8.95 for h in names), f"{name} at {w}: names {names}"
            if "intro" in name:
                fold = frame.locator(".intro-fold")
                expect(fold.locator(".intro")).to_be_hidden()
                fold.locator("summary").click()
                expect(fold.locator(".intro")).to_contain_text("A building can cost nothing")
                share, _, spill = frame.locator("body").evaluate(f"() => ({BOARD_SHARE})()")
                assert share >= 0.6 and spill <= 0, (name, w, share, spill)
                page.screenshot(path=str(SHOTS / f"compact-intro-{w}.png"))
    close_clean(page, guard)


def test_a_big_board_in_a_small_frame_zooms_to_the_places_on_offer(
    browser: Browser, server: str
) -> None:
    """A lesson made from a late 4-player game (80 buildings down): in a 400x300 and a
    320x480 frame, choosing the building with the fewest places brings the view to them,
    each place 44 px or more where the whole board had them far smaller; every place on
    offer stays in view, and the building chosen again (no longer chosen) shows the whole
    board again."""
    game = late_game()
    data = attika.lesson_from_view(
        game.view(game.current), ["athens", "corinth", "sparta", "thebes"]
    )
    body = json.dumps(data)
    page, guard = open_page(browser, server, viewport={"width": 800, "height": 560})
    page.route(
        f"{server}/lessons/late.json",
        lambda route: route.fulfill(status=200, content_type="application/json", body=body),
    )
    frames = "".join(
        f'<iframe id="f{w}" src="{server}/embed.html?scenario=../lessons/late.json"'
        f' width="{w}" height="{h}" title="A late game, {w} by {h}" style="border:0"></iframe>'
        for w, h in SIZES
    )
    page.goto(f"{server}/manifest.webmanifest")
    page.set_content(f"<!doctype html><title>Lessons</title>{frames}")
    player = game.players[game.current]
    stored = [kind for kind, n in player.stored.items() if n]
    counts = {
        kind: len({a.hex for a in game.legal_actions() if getattr(a, "building", None) == kind})
        for kind in stored
    }
    kind = min(counts, key=lambda k: counts[k])
    sizes = """() => [...document.querySelectorAll('.board-svg [data-hex].legal .face')]
        .map((f) => { const r = f.getBoundingClientRect();
                      const inside = r.left >= 0 && r.top >= 0 && r.right <= innerWidth + 1
                                     && r.bottom <= innerHeight + 1;
                      return [Math.min(r.width, r.height), inside]; })"""
    whole_hex = """() => Math.min(...[...document.querySelectorAll('.board-svg [data-hex] .face')]
        .map((f) => f.getBoundingClientRect().width))"""
    for w, h in SIZES:
        frame = page.frame_locator(f"#f{w}")
        frame.locator("body[data-previews]").wait_for()
        frame.locator("[data-try]").click()
        frame.locator("body[data-ready='1']").wait_for(timeout=READY_MS)
        before = frame.locator("body").evaluate(whole_hex)
        frame.locator(f'[data-cmd=select][data-arg="{kind}"]').first.click()
        places = frame.locator("body").evaluate(sizes)
        assert len(places) == counts[kind], (w, places)
        assert all(inside for _, inside in places), f"{w}x{h}: a place out of view"
        page.screenshot(path=str(SHOTS / f"compact-late-{w}x{h}-zoomed.png"))
        assert min(s for s, _ in places) >= 44, (w, h, before, places)
        frame.locator(f'[data-cmd=select][data-arg="{kind}"]').first.click()  # chosen again: off
        after = frame.locator("body").evaluate(whole_hex)
        assert abs(after - before) < 1, (before, after)
    close_clean(page, guard)


def test_a_task_on_a_big_board_zooms_to_the_tasks_places(browser: Browser, server: str) -> None:
    """The late game's lesson asks for the market at its least price: the market may go on
    34 places over the whole board (29 px each in a 400x300 frame), so the view goes to the
    task's two cheapest places and the places on offer around them, each 44 px or more in a
    400x300 and a 320x480 frame; both right places are in view and can be tapped."""
    data = real_game_lesson()
    body = json.dumps(data)
    page, guard = open_page(browser, server, viewport={"width": 800, "height": 560})
    page.route(
        f"{server}/lessons/market.json",
        lambda route: route.fulfill(status=200, content_type="application/json", body=body),
    )
    frames = "".join(
        f'<iframe id="f{w}" src="{server}/embed.html?scenario=../lessons/market.json"'
        f' width="{w}" height="{h}" title="The market, {w} by {h}" style="border:0"></iframe>'
        for w, h in SIZES
    )
    page.goto(f"{server}/manifest.webmanifest")
    page.set_content(f"<!doctype html><title>Lessons</title>{frames}")
    shown = """() => [...document.querySelectorAll('.board-svg [data-hex].legal')]
        .map((n) => { const r = n.querySelector('.face').getBoundingClientRect();
                      const b = n.closest('svg').getBoundingClientRect();
                      const inside = r.left >= b.left - 1 && r.top >= b.top - 1
                                     && r.right <= b.right + 1 && r.bottom <= b.bottom + 1;
                      return [n.dataset.hex, Math.min(r.width, r.height), inside]; })
        .filter(([, , inside]) => inside)"""
    for w, h in SIZES:
        frame = page.frame_locator(f"#f{w}")
        frame.locator("body[data-previews]").wait_for()
        frame.locator("[data-try]").click()
        frame.locator("body[data-ready='1']").wait_for(timeout=READY_MS)
        frame.locator('[data-cmd=select][data-arg="market"]').first.click()
        places = frame.locator("body").evaluate(shown)
        page.screenshot(path=str(SHOTS / f"compact-task-{w}x{h}-zoomed.png"))
        assert {"9,-5", "10,-6"} <= {name for name, _, _ in places}, (w, places)
        assert len(places) >= 4, (w, places)
        assert min(size for _, size, _ in places) >= 44, (w, h, places)
    close_clean(page, guard)
