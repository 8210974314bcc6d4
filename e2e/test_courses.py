"""Courses (issue 41): a page of lessons that remembers, in this browser only, which of them
the reader solved: "2 of 3 solved" and the next unsolved one at first paint after a reload,
a changed lesson counted as new, progress forgotten on request; a solved lesson trained
again on its mirrored board (the old tap wrong there, its mirror image right) still counts
once; rules.html is the first
course; axe finds nothing on the course page at a phone's, a tablet's and a laptop's size."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page, Route, expect

from .access import SHOTS, audit
from .conftest import READY_MS, ROOT, close_clean, open_page

FORTRESS = json.loads((ROOT / "examples" / "fortress.json").read_text("utf-8"))
RUNTIME = ("/web/vendor/pyodide/", "/web/vendor/pyscript/", "/pyscript.json", "/web/main.py")


def course_page(*, depth: int = 1) -> str:
    lessons = (
        '<attika-position id="one" scenario="/examples/fortress.json"></attika-position>'
        '<attika-position id="two" scenario="mine/second.json"></attika-position>'
        '<attika-position id="three" scenario="roads"></attika-position>'
    )
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta http-equiv="Content-Security-Policy" content="default-src \'self\'; script-src'
        " 'self' 'unsafe-eval' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' blob:;"
        " connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'\">"
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        "<title>A course on building cheaply</title>"
        f'<script type="module" src="{"../" * depth}web/attika-embed.js"></script></head>'
        "<body><main><h1>Building cheaply</h1><attika-course></attika-course>"
        f"{lessons}</main></body></html>"
    )


def answer(body: str, kind: str) -> Callable[[Route], None]:
    return lambda route: route.fulfill(status=200, content_type=kind, body=body)


@pytest.fixture
def page(browser: Browser, server: str) -> Iterator[Page]:
    page, guard = open_page(browser, server, viewport={"width": 1280, "height": 800})
    yield page
    close_clean(page, guard)


def second_lesson(title: str) -> str:
    return json.dumps(FORTRESS | {"title": {"en": title}}, ensure_ascii=False)


def solve_fortress(lesson: Locator) -> None:
    lesson.locator("[data-cmd=select][data-arg=fortress]").click()
    lesson.locator('[data-hex="0,-2"]').click()  # one of the three places at one card
    lesson.locator(".payment [data-cmd=confirm]").click()
    expect(lesson.locator(".feedback.solved")).to_be_visible()


def train_on_a_mirrored_board(lesson: Locator) -> None:
    """*Train again* on the solved fortress lesson: its board mirrored top to bottom, where
    the old tap (0,-2) costs more than the least price and its mirror image (-2,2) is right."""
    board = lesson.locator(".pos-view .board-svg")
    before = board.inner_html()
    train = lesson.get_by_role("button", name=re.compile(r"^Train again: this task once more"))
    box = train.bounding_box()
    assert box is not None and box["width"] >= 44 and box["height"] >= 44
    train.click()
    expect(lesson.locator(".task")).to_contain_text("Training 1, mirrored top to bottom:")
    assert board.inner_html() != before
    lesson.locator("[data-cmd=select][data-arg=fortress]").click()
    lesson.locator('[data-hex="0,-2"]').click()  # the tap that solved the lesson
    lesson.locator(".payment [data-cmd=confirm]").click()
    expect(lesson.locator(".feedback.wrong")).to_be_visible()
    lesson.locator(".feedback [data-cmd=again]").click()
    lesson.locator("[data-cmd=select][data-arg=fortress]").click()
    lesson.locator('[data-hex="-2,2"]').click()
    lesson.locator(".payment [data-cmd=confirm]").click()
    expect(lesson.locator(".feedback.solved")).to_be_visible()


def test_a_course_keeps_what_was_solved_counts_a_changed_lesson_as_new_and_forgets(
    page: Page, server: str
) -> None:
    second = {"body": second_lesson("The fortress again")}
    page.route(f"{server}/e2e-pages/course.html", answer(course_page(), "text/html"))
    page.route(
        f"{server}/e2e-pages/mine/second.json",
        lambda route: route.fulfill(status=200, content_type="application/json", **second),
    )
    page.goto(f"{server}/e2e-pages/course.html")
    course = page.locator("attika-course")
    expect(course.locator(".course-count")).to_have_text("0 of 3 solved on this device")
    expect(course.locator(".course-next a")).to_have_text(
        "Next unsolved: Where is the fortress cheapest?"
    )
    page.click("#one [data-try]")
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    solve_fortress(page.locator("#one"))
    expect(course.locator(".course-count")).to_have_text("1 of 3 solved on this device")
    # training: a wrong tap takes nothing away, a right one counts the lesson once
    train_on_a_mirrored_board(page.locator("#one"))
    page.locator("#one").screenshot(path=str(SHOTS / "course-training-solved.png"))
    expect(course.locator(".course-count")).to_have_text("1 of 3 solved on this device")
    page.click("#two [data-try]")
    solve_fortress(page.locator("#two"))
    expect(course.locator(".course-count")).to_have_text("2 of 3 solved on this device")
    expect(course.locator(".course-next a")).to_have_text("Next unsolved: Roads")
    assert course.locator(".course-next a").get_attribute("href") == "#three"

    # a reload: the progress is there at first paint, before any Python
    runtime: list[str] = []
    page.on(
        "request", lambda r: runtime.append(r.url) if any(p in r.url for p in RUNTIME) else None
    )
    page.reload()
    expect(course.locator(".course-count")).to_have_text("2 of 3 solved on this device")
    course.locator(".course-list > summary").click()
    states = course.locator("li .course-state")
    expect(states).to_have_text(["solved", "solved", "not yet solved"])
    expect(page.locator("#one[data-solved]")).to_have_count(1)
    assert runtime == []
    page.screenshot(path=str(SHOTS / "course-two-of-three.png"))

    # the teacher changes the second lesson: it counts as new, the first stays solved
    second["body"] = second_lesson("The fortress, changed")
    page.reload()
    expect(course.locator(".course-count")).to_have_text("1 of 3 solved on this device")
    expect(course.locator(".course-next a")).to_have_text("Next unsolved: The fortress, changed")

    # forgotten on request, and still forgotten after a reload
    course.locator(".course-reset").click()
    expect(course.locator(".course-count")).to_have_text("0 of 3 solved on this device")
    expect(course.locator(".course-said")).to_contain_text("Progress forgotten")
    page.reload()
    expect(course.locator(".course-count")).to_have_text("0 of 3 solved on this device")


def test_progress_found_in_storage_is_never_trusted_blindly(page: Page, server: str) -> None:
    """Whatever else stands under the course's entry (another program's, a hand edit) is
    left out; the page neither fails nor counts it."""
    page.route(f"{server}/e2e-pages/course.html", answer(course_page(), "text/html"))
    page.route(
        f"{server}/e2e-pages/mine/second.json",
        answer(second_lesson("The fortress again"), "application/json"),
    )
    page.goto(f"{server}/e2e-pages/course.html")
    hostile = json.dumps({"<img src=x onerror=alert(1)>#1": 1, "x": "<b>", "y": [1]})
    for kept in (hostile, "not json", "[1, 2]", '"text"'):
        page.evaluate("(t) => localStorage.setItem('attika.course.solved', t)", kept)
        page.reload()
        expect(page.locator("attika-course .course-count")).to_have_text(
            "0 of 3 solved on this device"
        )
    assert page.locator("attika-course img").count() == 0


def test_rules_page_is_the_first_course_and_the_course_page_is_axe_clean(
    page: Page, server: str
) -> None:
    page.goto(f"{server}/rules.html")
    holders = page.locator(".attika-position").count()
    expect(page.locator("attika-course .course-count")).to_have_text(
        f"0 of {holders} solved on this device"
    )
    page.screenshot(path=str(SHOTS / "course-rules-1280x800.png"))
    page.route(f"{server}/e2e-pages/course.html", answer(course_page(), "text/html"))
    page.route(
        f"{server}/e2e-pages/mine/second.json",
        answer(second_lesson("The fortress again"), "application/json"),
    )
    page.goto(f"{server}/e2e-pages/course.html")
    expect(page.locator("attika-course .course-count")).to_have_count(1)
    page.locator("attika-course .course-list > summary").click()
    findings: dict[str, list[str]] = {}
    audit(page, "course", findings)
    assert findings == {}, findings


def file_page(src: str) -> str:
    """A page of one line: the course is a file, its lessons are put on the page from it."""
    return (
        course_page()
        .replace(course_page().split("<attika-course>")[1].split("</main>")[0], "</attika-course>")
        .replace("<attika-course>", f'<attika-course src="{src}">')
    )


GOOD_COURSE = {
    "format": "attika-course",
    "version": 1,
    "title": {"en": "Building cheaply", "de": "Billig bauen"},
    "lessons": ["/examples/fortress.json", "roads"],
}


def test_a_course_file_puts_its_lessons_on_the_page_and_a_malformed_one_shows_none(
    page: Page, server: str
) -> None:
    """<attika-course src=...>: a short file names the lessons, which appear in order with
    their previews and the course's progress; a malformed file is said, naming what is
    wrong, and not one lesson of it is shown."""
    kept = {"body": json.dumps(GOOD_COURSE)}
    page.route(f"{server}/e2e-pages/course-file.html", answer(file_page("c.json"), "text/html"))
    page.route(
        f"{server}/e2e-pages/c.json",
        lambda route: route.fulfill(status=200, content_type="application/json", **kept),
    )
    page.goto(f"{server}/e2e-pages/course-file.html")
    course = page.locator("attika-course")
    expect(course.locator(".course-count")).to_have_text("0 of 2 solved on this device")
    expect(course.locator(".course-heading")).to_have_text("Building cheaply")
    expect(page.locator("attika-position .pos.preview h2")).to_have_text(
        ["Where is the fortress cheapest?", "Roads"]
    )
    expect(course.locator(".course-next a")).to_have_text(
        "Next unsolved: Where is the fortress cheapest?"
    )
    page.screenshot(path=str(SHOTS / "course-file-1280x800.png"), full_page=True)

    bad = {
        "not json": ("{lessons: [roads]}", "it is not a course file"),
        "format": (GOOD_COURSE | {"format": "attika-scenario"}, "it is not a course file"),
        "field": (GOOD_COURSE | {"script": "x"}, '"script" is not a field of a course file'),
        "empty": (GOOD_COURSE | {"lessons": []}, '"lessons" must list from 1 to 100'),
        "number": (GOOD_COURSE | {"lessons": ["roads", 7]}, "lesson 2 is neither"),
        "elsewhere": (
            GOOD_COURSE | {"lessons": ["roads", "https://elsewhere.example/x.json"]},
            "lesson 2 is neither",
        ),
        "title": (GOOD_COURSE | {"title": ["<b>x</b>"]}, "its title must be a text"),
    }
    for name, (body, said) in bad.items():
        kept["body"] = body if isinstance(body, str) else json.dumps(body)
        page.reload()
        expect(course.locator(".course-error[role=alert]")).to_contain_text(
            f"The course c.json cannot be shown: {said}"
        )
        assert page.locator("attika-position").count() == 0, name
        assert course.locator(".course-count").count() == 0, name
    # a course file of another site is never fetched
    page.route(
        f"{server}/e2e-pages/course-file.html",
        answer(file_page("https://elsewhere.example/c.json"), "text/html"),
    )
    page.reload()
    expect(course.locator(".course-error")).to_contain_text("is not a file of this site")
    assert page.locator("attika-position").count() == 0
