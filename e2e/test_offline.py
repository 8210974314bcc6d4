"""Offline play: open the game once, then the server is gone, and it still starts and plays.

These tests run their own server (the shared one must stay up for the other tests) and a
browser context that lets the service worker run. They use no request routing, which
would take requests past the worker; every request is recorded instead, and any that
goes anywhere but the local server fails the test.
"""

from __future__ import annotations

import functools
import json
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from http.server import ThreadingHTTPServer

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

import attika

from .conftest import READY_MS, ROOT, _Quiet
from .driver import open_game, play, stack_size


class _Edited(_Quiet):
    """The checkout's files, except those a test has replaced (by path), as a host serves a
    new release of one file."""

    replaced: dict[str, bytes]

    def do_GET(self) -> None:
        body = self.replaced.get(self.path.split("?")[0])
        if body is None:
            super().do_GET()
            return
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(self.path.split("?")[0]))
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", "Wed, 01 Jan 2031 00:00:00 GMT")
        self.end_headers()
        self.wfile.write(body)


class Host:
    """A static server for this checkout that a test can switch off."""

    def __init__(self) -> None:
        self.replaced: dict[str, bytes] = {}
        handler = functools.partial(
            type("Handler", (_Edited,), {"replaced": self.replaced}), directory=str(ROOT)
        )
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        self.up = True

    def stop(self) -> None:
        if self.up:
            self.httpd.shutdown()
            self.httpd.server_close()
            self.thread.join()
            self.up = False

    def answers(self) -> bool:
        try:
            with urllib.request.urlopen(f"{self.url}/index.html", timeout=2):
                return True
        except (urllib.error.URLError, OSError):
            return False


@pytest.fixture
def host() -> Iterator[Host]:
    h = Host()
    yield h
    h.stop()


@pytest.fixture
def context(browser: Browser, host: Host) -> Iterator[BrowserContext]:
    ctx = browser.new_context(service_workers="allow", viewport={"width": 1024, "height": 768})
    elsewhere: list[str] = []
    errors: list[str] = []

    def record(request: object) -> None:
        url = request.url  # type: ignore[attr-defined]
        if not url.startswith((host.url, "data:", "blob:")):
            elsewhere.append(url)

    ctx.on("request", record)
    ctx.on("page", lambda page: page.on("pageerror", lambda exc: errors.append(str(exc))))
    yield ctx
    ctx.close()
    assert elsewhere == [], f"requests left the local server: {elsewhere}"
    assert errors == [], f"the page raised: {errors}"


def wait_until_kept(page: Page) -> int:
    """Wait for the service worker to control the page with its cache filled; the file count."""
    page.wait_for_function(
        "navigator.serviceWorker && navigator.serviceWorker.controller !== null", timeout=READY_MS
    )
    return int(
        page.evaluate(
            """async () => {
                const names = (await caches.keys()).filter((n) => n.startsWith("attika-"));
                if (names.length !== 1) return -names.length;
                return (await (await caches.open(names[0])).keys()).length;
            }"""
        )
    )


def expected_files(host: Host) -> int:
    with urllib.request.urlopen(f"{host.url}/web/vendor/precache.js", timeout=5) as response:
        text = response.read().decode()
    return len(json.loads(text[text.index("{") : text.rindex("}") + 1])["files"])


def test_it_starts_and_plays_with_the_server_gone(context: BrowserContext, host: Host) -> None:
    game = attika.new_game(2, seed=31)
    page = context.new_page()
    open_game(page, f"{host.url}/index.html?players=2&seed=31")
    kept = wait_until_kept(page)
    assert kept == expected_files(host) and kept > 30
    play(page, game, "draw 1")
    play(page, game, "store")
    left = stack_size(page, 1)

    host.stop()
    assert not host.answers(), "the server should be down for this test"

    # a reload: the page comes from the worker's cache, Python from the kept snapshot, and
    # the saved game resumes
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    assert page.evaluate("document.documentElement.dataset.pythonStart") == "snapshot"
    page.click("[data-cmd=continue]")  # "pass to ...": the hand stays hidden until then
    assert stack_size(page, 1) == left
    play(page, game, "draw 2")

    # a new tab on the bare address starts too, and resumes the same game
    other = context.new_page()
    open_game(other, f"{host.url}/")
    expect(other.locator("#side")).to_contain_text(game.players[game.current].name)
    play(other, game, "store")  # the building drawn in the other tab is there to store
    play(other, game, "end")
    expect(other.locator("#status-top")).to_contain_text(game.players[game.current].name)

    # and a brand-new game can be dealt with no network
    third = context.new_page()
    open_game(third, f"{host.url}/index.html?players=3&seed=4")
    assert third.locator(".seat").count() >= 3


def test_the_manifest_makes_it_installable(context: BrowserContext, host: Host) -> None:
    page = context.new_page()
    open_game(page, f"{host.url}/index.html")
    manifest = page.evaluate(
        """async () => {
            const link = document.querySelector('link[rel="manifest"]');
            const data = await (await fetch(link.href)).json();
            const icons = [];
            for (const icon of data.icons) {
                const url = new URL(icon.src, link.href).href;
                const blob = await (await fetch(url)).blob();
                let size = null;
                if (icon.type === "image/png") {
                    const bitmap = await createImageBitmap(blob);
                    size = `${bitmap.width}x${bitmap.height}`;
                }
                icons.push({ ...icon, size });
            }
            return { ...data, icons };
        }"""
    )
    assert manifest["display"] in {"fullscreen", "standalone"}
    assert manifest["start_url"] and manifest["name"] == "Attika"
    pngs = {i["sizes"]: i for i in manifest["icons"] if i["type"] == "image/png"}
    for size in ("192x192", "512x512"):
        assert pngs[size]["size"] == size, f"icon {size} is really {pngs[size]['size']}"
    assert any("maskable" in i.get("purpose", "") for i in manifest["icons"])


def wait_until_copy_holds(page: Page, path: str, words: str) -> None:
    """Wait for the worker's check a few seconds after the start to keep the host's new
    version of a file: its kept copy holds these words."""
    kept_new = """async ([path, words]) => {
        const names = (await caches.keys()).filter((n) => n.startsWith("attika-"));
        const kept = await (await caches.open(names[0])).match(path);
        return (await kept.text()).includes(words);
    }"""
    for _ in range(100):
        if page.evaluate(kept_new, [path, words]):
            return
        page.wait_for_timeout(200)
    raise AssertionError(f"the worker did not keep the host's new {path}")


def test_a_file_changed_on_the_host_reaches_an_installed_game(
    context: BrowserContext, host: Host
) -> None:
    """The worker answers from its copy at once and checks with the host after the start: the
    start after that check runs the new file, and Python still starts from the snapshot."""
    page = context.new_page()
    open_game(page, f"{host.url}/index.html?players=2&seed=5")
    wait_until_kept(page)
    page_html = (ROOT / "index.html").read_text()
    host.replaced["/index.html"] = page_html.replace(
        "<title>", '<meta name="release" content="next"><title>', 1
    ).encode()
    new_release = "document.querySelector('meta[name=release]') !== null"

    page.reload()  # answered from the copy, without waiting for the host
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    assert not page.evaluate(new_release)
    wait_until_copy_holds(page, "index.html", 'name="release"')
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    assert page.evaluate(new_release)
    assert page.evaluate("document.documentElement.dataset.pythonStart") == "snapshot"


def test_a_module_changed_on_the_host_reaches_an_installed_game(
    context: BrowserContext, host: Host
) -> None:
    """From the worker's copy the game's Python files come in one answer (sw.js: startFiles),
    not a request each; each is still checked with the host after the start, and the start
    after that check runs the edited module, cold, since the snapshot holds the old one."""
    page = context.new_page()
    open_game(page, f"{host.url}/index.html?players=2&seed=5")
    wait_until_kept(page)
    status = (ROOT / "web" / "play" / "status.py").read_text()
    started = "document.documentElement.dataset.pythonStart"
    asked = "performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)"

    # the worker names the kept files as the install step named the snapshot (sw.js:
    # snapshotName), so that the page need not hash them while it unpacks the snapshot
    named = """async () => {
        const made = await (await fetch("web/vendor/snapshot/snapshot.json")).json();
        const answer = await fetch("web/start/files");
        return [made.name, answer.headers.get("x-attika-snapshot-name")];
    }"""

    page.reload()  # answered from the copy: the files in one answer, the snapshot restored
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    assert page.evaluate(started) == "snapshot"
    paths = page.evaluate(asked)
    assert "/web/start/files" in paths and "/web/play/status.py" not in paths
    made, by_worker = page.evaluate(named)
    assert by_worker == made
    # edited on the host only now: the worker checks its copies a few seconds after a start,
    # which on a loaded machine can come before the page above is ready; asking for the
    # files once more begins such a check
    host.replaced["/web/play/status.py"] = (status + "\nEDITED = True\n").encode()
    page.evaluate(named)
    wait_until_copy_holds(page, "web/play/status.py", "EDITED = True")
    made, by_worker = page.evaluate(named)
    assert by_worker and by_worker != made
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    assert page.evaluate(started) == "cold"
    assert "files changed" in page.evaluate("document.documentElement.dataset.pythonCold")


def test_an_installed_rules_page_restores_python_before_the_first_try_it(
    context: BrowserContext, host: Host
) -> None:
    """From the worker's copy a page of positions restores Python while the reader reads
    (web/boot.js), so that "Try it" waits only for PyScript; one in a frame does not (a page
    of several embeds would hold one Python per frame). With the host gone, as offline."""
    game = context.new_page()
    open_game(game, f"{host.url}/index.html?players=2&seed=5")
    wait_until_kept(game)
    host.stop()
    restored = "performance.getEntriesByName('attika:restored').length > 0"

    page = context.new_page()
    page.goto(f"{host.url}/rules.html")
    page.wait_for_selector("body[data-previews]", state="attached", timeout=READY_MS)
    page.wait_for_function(restored, timeout=READY_MS)
    assert page.locator("script[type=py]").count() == 0, "PyScript waits for the tap"
    page.locator("[data-try]").first.click()
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=READY_MS)
    assert page.evaluate("document.documentElement.dataset.pythonStart") == "snapshot"

    framed = context.new_page()
    framed.goto(f"{host.url}/rules.html")  # a page of the host, to hold the frame
    framed.wait_for_selector("body[data-previews]", state="attached", timeout=READY_MS)
    framed.evaluate(
        """(src) => new Promise((done) => {
            const frame = document.createElement("iframe");
            frame.src = src;
            frame.onload = done;
            document.body.append(frame);
        })""",
        f"{host.url}/embed.html?scenario=roads",
    )
    inner = framed.frames[-1]
    inner.wait_for_selector("body[data-previews]", state="attached", timeout=READY_MS)
    assert inner.evaluate("navigator.serviceWorker.controller !== null"), "installed there too"
    inner.wait_for_timeout(1500)
    assert inner.evaluate("performance.getEntriesByType('mark').length") == 0
