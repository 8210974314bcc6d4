"""Positions at first paint, Python only on "Try it": ten embeds on one page show their still
previews with no request for Pyodide or PyScript; a tap starts that one alone."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page, Request, Route, expect

from .conftest import READY_MS, ROOT, close_clean, open_page
from .pixels import colours_in

#: The shipped lessons (ten of one step, and one of two).
NAMES = sorted(p.stem for p in (ROOT / "scenarios").glob("*.json"))
#: Files of the Python runtime: none of them may be asked for before a tap.
RUNTIME = ("/web/vendor/pyodide/", "/web/vendor/pyscript/", "/pyscript.json", "/web/main.py")


def ten_embeds(base: str) -> str:
    frames = "".join(
        f'<iframe id="f-{n}" src="{base}/embed.html?scenario={n}" width="400" height="300"'
        f' title="{n}"></iframe>'
        for n in NAMES
    )
    return f"<!doctype html><title>Ten embeds</title><h1>Ten positions</h1>{frames}"


#: Colours (to 4 bits a channel) a painted still shows at least: land, sea, symbols, edges;
#: a blank box shows one or two. The smoke suite's threshold (smoke/smoke.test.mjs).
PAINTED = 8


def picture_shown(preview: Locator) -> bool:
    """The still's board: a picture (an <img>, which runs no script) painted on the screen,
    told by the screenshot's pixels: a loaded image that was never painted has its natural
    size too. Looked at again for a few seconds, as a person would, on a busy machine."""
    picture = preview.locator("img.board-svg")
    picture.wait_for()
    if not picture.evaluate("(img) => img.decode().then(() => true, () => false)"):
        return False
    for _ in range(10):
        if colours_in(picture.screenshot(scale="css", animations="disabled")) >= PAINTED:
            return True
        preview.page.wait_for_timeout(500)
    return False


class Runtime:
    """Every request for a file of the Python runtime, with the frame that made it."""

    def __init__(self, page: Page) -> None:
        self.seen: list[tuple[str, str]] = []
        page.on("request", self.note)

    def note(self, request: Request) -> None:
        if any(part in request.url for part in RUNTIME):
            self.seen.append((request.url, request.frame.url))


@pytest.fixture
def page(browser: Browser, server: str) -> Iterator[Page]:
    page, guard = open_page(browser, server, viewport={"width": 1280, "height": 800})
    yield page
    close_clean(page, guard)


def test_ten_embeds_paint_previews_and_a_tap_starts_only_that_one(page: Page, server: str) -> None:
    assert len(NAMES) >= 10
    runtime = Runtime(page)
    body = ten_embeds(server)
    page.route(
        f"{server}/e2e-pages/ten.html",
        lambda route: route.fulfill(status=200, content_type="text/html", body=body),
    )
    page.goto(f"{server}/e2e-pages/ten.html")
    for name in NAMES:
        frame = page.frame_locator(f"#f-{name}")
        frame.locator("body[data-previews='1']").wait_for()
        preview = frame.locator(".pos.preview")
        expect(preview).to_have_count(1)
        assert picture_shown(preview), name
        expect(preview.locator("h2")).not_to_be_empty()
        expect(frame.locator("[data-try]")).to_have_text("Try it")
    expect(page.frame_locator("#f-roads").locator(".task")).to_contain_text(
        "Build a road on the marked space"
    )
    page.wait_for_timeout(500)  # time for anything that would start by itself
    assert runtime.seen == [], runtime.seen

    tapped = page.frame_locator("#f-roads")
    tapped.locator("[data-try]").click()
    tapped.locator("body[data-ready='1']").wait_for(timeout=READY_MS)
    expect(tapped.locator(".pos-view .pos")).to_have_count(1)
    expect(tapped.locator(".pos.preview")).to_have_count(0)
    assert runtime.seen, "the tap started Python"
    assert {frame for _, frame in runtime.seen} == {f"{server}/embed.html?scenario=roads"}
    for name in NAMES:
        if name != "roads":
            other = page.frame_locator(f"#f-{name}")
            expect(other.locator(".pos.preview")).to_have_count(1)
            expect(other.locator("body[data-ready='1']")).to_have_count(0)


def test_rules_page_shows_previews_and_each_try_wakes_only_its_position(
    page: Page, server: str
) -> None:
    runtime = Runtime(page)
    page.goto(f"{server}/rules.html")
    page.wait_for_selector("body[data-previews]")
    previews = page.locator(".attika-position .pos.preview")
    named = page.locator(".attika-position").count()
    expect(previews).to_have_count(named)
    expect(page.locator("#roads .task")).to_contain_text("Build a road")
    assert runtime.seen == []

    page.click("#roads [data-try]")
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    expect(page.locator("#roads .pos-view .pos")).to_have_count(1)
    expect(previews).to_have_count(named - 1)
    started = len([u for u, _ in runtime.seen if u.endswith("core.js")])
    assert started == 1

    page.click("#settlement [data-try]")  # Python is running: the same one plays it
    expect(page.locator("#settlement .pos-view .pos")).to_have_count(1)
    expect(previews).to_have_count(named - 2)
    assert len([u for u, _ in runtime.seen if u.endswith("core.js")]) == 1
    # the first position still works on its own
    page.click('#roads [data-cmd=select][data-arg="road"]')
    page.click('#roads [data-hex="0,0"]')
    expect(page.locator("#roads .payment")).to_have_count(1)
    expect(page.locator("#settlement .payment")).to_have_count(0)


TWO = """<!doctype html><meta charset="utf-8"><title>A teacher's page</title>
<script type="module" src="../web/attika-embed.js"></script>
<h1>Two positions</h1>
<attika-position id="a" scenario="roads"></attika-position>
<p>Between them, the teacher's words.</p>
<attika-position id="b" scenario="settlement"></attika-position>
"""


def test_two_attika_position_elements_share_one_python(page: Page, server: str) -> None:
    """The README's two lines, on a page in another folder of the host."""
    runtime = Runtime(page)
    page.route(
        f"{server}/e2e-pages/two.html",
        lambda route: route.fulfill(status=200, content_type="text/html", body=TWO),
    )
    page.goto(f"{server}/e2e-pages/two.html")
    for key in ("a", "b"):
        expect(page.locator(f"#{key} .pos.preview")).to_have_count(1)
        assert picture_shown(page.locator(f"#{key} .pos.preview"))
    expect(page.locator("#a .task")).to_contain_text("Build a road")
    page.wait_for_timeout(300)
    assert runtime.seen == []

    page.click("#a [data-try]")
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    expect(page.locator("#a .pos-view .pos")).to_have_count(1)
    expect(page.locator("#b .pos.preview")).to_have_count(1)
    page.click("#b [data-try]")
    expect(page.locator("#b .pos-view .pos")).to_have_count(1)
    cores = [u for u, _ in runtime.seen if u.endswith("/pyscript/core.js")]
    assert len(cores) == 1, cores
    assert len([u for u, _ in runtime.seen if u.endswith("pyodide.asm.wasm")]) == 1
    # each plays on its own: a road built in the first leaves the second as it was
    page.click('#a [data-cmd=select][data-arg="road"]')
    page.click('#a [data-hex="0,0"]')
    page.click("#a .payment [data-cmd=confirm]")
    expect(page.locator("#a .board-svg [data-owner]")).to_have_count(1)
    expect(page.locator("#b .feedback")).to_have_count(0)
    # the live board's art comes from the game's folder, not the teacher's
    href = page.locator("#a .board-svg use").first.get_attribute("href") or ""
    assert href.startswith(f"{server}/web/svg/art.svg#"), href


def test_an_element_speaks_the_language_saved_on_its_host(page: Page, server: str) -> None:
    """web/attika-embed.js knows the languages from web/languages.js, written at install from
    the one list: a Dutch reader gets the Dutch preview before any Python."""
    page.route(
        f"{server}/e2e-pages/two.html",
        lambda route: route.fulfill(status=200, content_type="text/html", body=TWO),
    )
    page.goto(f"{server}/manifest.webmanifest")  # a page of the same host, for its storage
    page.evaluate("localStorage.setItem('attika.language', 'nl')")
    page.goto(f"{server}/e2e-pages/two.html")
    expect(page.locator("#a .task")).to_contain_text("Bouw een weg")


def own_lessons(server: str, page: Page) -> list[str]:
    """Ten lessons of a teacher's own on the host, each as the editor downloads it (its
    board drawn in as a picture), under names no shipped scenario has."""
    from web.teach.embed_preview import with_still

    css = (ROOT / "web" / "app.css").read_text("utf-8")
    art = (ROOT / "web" / "svg" / "art.svg").read_text("utf-8")
    paths = []
    for n, name in enumerate(NAMES):
        data = json.loads((ROOT / "scenarios" / f"{name}.json").read_text("utf-8"))
        data["title"] = {"en": f"My lesson {n}", "de": f"Meine Lektion {n}"}
        if n == 9:  # written in English alone
            data["title"] = f"Only English {n}"
            data.pop("intro", None)
            data["task"] |= {"text": "Build it in English.", "hint": "See.", "solved": "Yes."}
        elif isinstance(data.get("intro"), dict) or isinstance(data["task"]["text"], dict):
            for part in (data, data["task"]):
                for key in ("intro", "text", "hint", "solved"):
                    if isinstance(part.get(key), dict):
                        part[key] = {k: v for k, v in part[key].items() if k in ("en", "de")}
        body = with_still(json.dumps(data), css, art)
        path = f"e2e-pages/mine/lesson-{n}.json"
        page.route(f"{server}/{path}", answer_with(body))
        paths.append(path)
    return paths


def answer_with(body: str) -> Callable[[Route], None]:
    return lambda route: route.fulfill(status=200, content_type="application/json", body=body)


HOSTILE = {
    "format": "attika-scenario",
    "version": 1,
    "title": '<img src=x onerror="top.pwned=1">',
    "still": {
        "en": '<svg xmlns="http://www.w3.org/2000/svg" onload="top.pwned=1" width="200" '
        'height="100"><script>top.pwned=1</script><rect width="200" height="100"/>'
        '<image href="http://203.0.113.9/x.png" width="10" height="10"/></svg>'
    },
}


def test_lessons_of_ones_own_preview_at_first_paint_as_shipped_ones_do(
    page: Page, server: str
) -> None:
    """Ten lessons downloaded from the editor, on a page of the teacher's own: each shows
    its title, task and board before any Python, in the element's language when the lesson
    is written in it and wholly in English when not; a hostile file's title stays text and
    its picture runs nothing."""
    runtime = Runtime(page)
    paths = own_lessons(server, page)
    page.route(
        f"{server}/e2e-pages/mine/hostile.json",
        lambda route: route.fulfill(
            status=200, content_type="application/json", body=json.dumps(HOSTILE)
        ),
    )
    huge = json.dumps(HOSTILE | {"intro": "x" * 900_000})  # past what a page reads
    page.route(f"{server}/e2e-pages/mine/huge.json", answer_with(huge))
    outside: list[str] = []
    page.on("request", lambda r: outside.append(r.url) if "203.0.113.9" in r.url else None)
    elements = "".join(
        f'<attika-position id="l{n}" scenario="mine/lesson-{n}.json"'
        f"{' lang=de' if n in (3, 9) else ''}></attika-position>"
        for n in range(len(paths))
    )
    body = (
        '<!doctype html><meta charset="utf-8"><title>My lessons</title>'
        '<script type="module" src="../web/attika-embed.js"></script>'
        f'<h1>My lessons</h1>{elements}<attika-position id="bad" scenario="mine/hostile.json">'
        '</attika-position><attika-position id="huge" scenario="mine/huge.json">'
        "</attika-position>"
    )
    page.route(
        f"{server}/e2e-pages/mine.html",
        lambda route: route.fulfill(status=200, content_type="text/html", body=body),
    )
    page.goto(f"{server}/e2e-pages/mine.html")
    for n in range(len(paths)):
        preview = page.locator(f"#l{n} .pos.preview")
        expect(preview).to_have_count(1)
        assert picture_shown(preview), n
        expect(preview.locator(".task")).not_to_be_empty()
    painted = page.evaluate(
        "Math.max(...performance.getEntriesByType('resource')"
        ".filter(e => e.name.includes('/mine/')).map(e => e.responseEnd))"
    )
    print(f"ten own lessons' files read by {painted:.0f} ms after navigation")
    expect(page.locator("#l0 h2")).to_have_text("My lesson 0")
    expect(page.locator("#l3 h2")).to_have_text("Meine Lektion 3")
    expect(page.locator("#l3 [data-try]")).to_have_text("Ausprobieren")
    expect(page.locator("#l9 h2")).to_have_text("Only English 9")  # asked German: not written
    expect(page.locator("#l9 .task")).to_contain_text("Build it in English.")
    alt = page.locator("#l3 img.board-svg").get_attribute("alt") or ""
    assert "Meine Lektion 3" in alt
    expect(page.locator("#bad h2")).to_have_text(HOSTILE["title"])
    assert picture_shown(page.locator("#bad .pos.preview"))
    page.wait_for_timeout(300)
    assert page.evaluate("window.pwned") is None
    # a file past the size a page reads gets no still, only its button (Python says why)
    expect(page.locator("#huge [data-try]")).to_have_count(1)
    expect(page.locator("#huge .pos.preview")).to_have_count(0)
    assert outside == [] and runtime.seen == []
    page.click("#l3 [data-try]")  # the live lesson is the same lesson, in the same language
    expect(page.locator("#l3 .pos-view h2[id$=-title]")).to_have_text(
        "Meine Lektion 3", timeout=READY_MS
    )
    # the same lesson in an iframe's page, in the language its address asks for
    page.goto(f"{server}/embed.html?scenario=e2e-pages/mine/lesson-0.json&lang=de")
    expect(page.locator(".pos.preview h2")).to_have_text("Meine Lektion 0")
    assert picture_shown(page.locator(".pos.preview"))


HOST = """<!doctype html><meta charset="utf-8"><title>A teacher's page</title>
<style>body { background: rgb(10, 60, 30); color: rgb(250, 240, 200); font-family: serif; }
h2 { font-family: monospace; } .task { color: rgb(1, 2, 3); }</style>
<script type="module" src="../web/attika-embed.js"></script>
<h2 id="own">The teacher's own heading</h2><p class="task" id="own-task">The teacher's task</p>
<attika-position id="a" scenario="roads" style="width: 400px; height: 300px"></attika-position>
"""


def test_an_element_keeps_its_size_and_its_style_stays_inside_it(page: Page, server: str) -> None:
    """The host page's background, fonts and its own classes look as they did; the element
    keeps the 400x300 the page gave it, as a still and live."""
    page.route(
        f"{server}/e2e-pages/host.html",
        lambda route: route.fulfill(status=200, content_type="text/html", body=HOST),
    )
    page.goto(f"{server}/e2e-pages/host.html")
    look = """() => { const s = (q, p) => getComputedStyle(document.querySelector(q))[p];
        return [s('body', 'backgroundColor'), s('body', 'fontFamily'), s('#own', 'fontFamily'),
                s('#own-task', 'color'), s('#own-task', 'fontSize')]; }"""
    host = ["rgb(10, 60, 30)", "serif", "monospace", "rgb(1, 2, 3)"]
    box = "(n) => [n.getBoundingClientRect().width, n.getBoundingClientRect().height]"
    expect(page.locator("#a .pos.preview")).to_have_count(1)
    before = page.evaluate(look)
    assert before[:4] == host
    assert page.locator("#a").evaluate(box) == [400, 300]
    page.click("#a [data-try]")
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    expect(page.locator("#a .pos-view .pos")).to_have_count(1)
    assert page.evaluate(look) == before
    assert page.locator("#a").evaluate(box) == [400, 300]
    # the element itself is drawn in the game's look
    paper = page.locator("#a").evaluate("(n) => getComputedStyle(n).backgroundColor")
    assert paper == "rgb(244, 237, 221)"
    # laid out inside its size as a frame of that size is: the board keeps most of it, the
    # task and the road's button are in it, and "More" opens and closes within it
    inside = """(n) => { const e = n.getRootNode().host.getBoundingClientRect();
        const r = n.getBoundingClientRect();
        return [r.left >= e.left - 0.5 && r.right <= e.right + 0.5 && r.top >= e.top - 0.5
                && r.bottom <= e.bottom + 0.5, r.width * r.height / (e.width * e.height)]; }"""
    held, share = page.locator("#a .board-svg").evaluate(inside)
    assert held and share >= 0.6, share
    for part in ("#a .task", '#a [data-cmd=select][data-arg="road"]', "#a .more > summary"):
        assert page.locator(part).evaluate(inside)[0], part
    page.click("#a .more > summary")
    assert page.locator("#a .morepanel").evaluate(inside)[0]
    page.click("#a .more > summary")
    expect(page.locator("#a .morepanel")).to_be_hidden()
    page.click('#a [data-cmd=select][data-arg="road"]')
    page.click('#a [data-hex="0,0"]')
    assert page.locator("#a .payment [data-cmd=confirm]").evaluate(inside)[0]


def test_the_example_page_of_lessons_previews_each_and_judges_any_cheapest_place(
    page: Page, server: str
) -> None:
    """examples/lessons.html, the page docs/teaching.md walks through: every lesson previews
    before Python, in its own language, and the editor-made lesson takes any of the places
    where the fortress is cheapest as right."""
    runtime = Runtime(page)
    page.goto(f"{server}/examples/lessons.html")
    for key, title in (
        ("own", "Where is the fortress cheapest?"),
        ("own-de", "Wo ist die Festung am billigsten?"),
        ("roads", "Roads"),
    ):
        preview = page.locator(f"#{key} .pos.preview")
        expect(preview.locator("h2")).to_have_text(title)
        assert picture_shown(preview), key
    framed = page.frame_locator("#framed")
    expect(framed.locator(".pos.preview .task")).to_contain_text("Bouw je vesting")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(253, 252, 248)"
    assert runtime.seen == []

    page.click("#own [data-try]")
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    own = page.locator("#own")
    own.locator("[data-cmd=select][data-arg=fortress]").click()
    own.locator('[data-hex="-2,2"]').click()  # two cards here: not the cheapest
    own.locator(".payment [data-cmd=confirm]").click()
    expect(own.locator(".feedback.wrong")).to_be_visible()
    own.locator('.feedback [data-cmd="again"]').click()
    own.locator("[data-cmd=select][data-arg=fortress]").click()
    own.locator('[data-hex="0,-2"]').click()  # one of three places at one card
    own.locator(".payment [data-cmd=confirm]").click()
    expect(own.locator(".feedback.solved")).to_contain_text("no other space saves more cards")
