"""Python restored from the install step's snapshot, or started cold: the same game either way.

web/start/pyodide.mjs restores the snapshot when its name matches the files it is about to
run, and starts cold otherwise or when the restore fails; <html data-python-start> says
which. Every page here is sent the pages' Content-Security-Policy (CSP) as a header, to report
each breach, and the same with 'unsafe-eval' to enforce: PyScript 0.7.31's core builds its
worker hooks with Function() on every start, so no page starts without it. A breach of the
exact policy by anything else (this loader, Pyodide, the snapshot) fails the test.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import time
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, CDPSession, Page, Route

import attika

from .conftest import READY_MS, ROOT, close_clean, open_page
from .driver import open_game, play

CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; "
    "style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; "
    "worker-src 'self' blob:; object-src 'none'; base-uri 'none'; form-action 'self'"
)
#: What PyScript itself needs on top (see above); nothing else is let through.
ENFORCED = CSP.replace("'wasm-unsafe-eval'", "'wasm-unsafe-eval' 'unsafe-eval'")
HEADERS = {"content-security-policy": ENFORCED, "content-security-policy-report-only": CSP}
#: The one breach of the exact policy allowed: PyScript's core evaluating a string.
PYSCRIPT_CORE = "/web/vendor/pyscript/core-"
SNAPSHOT = ROOT / "web" / "vendor" / "snapshot"
#: Pyodide's WebAssembly (10 MB), as the pages ask for it.
WASM = "/web/vendor/pyodide/pyodide.asm.wasm"

#: A page of the test's own (served from memory) that runs the pages' configuration and
#: writes what Python knows of the machine it runs on.
PROBE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>probe</title>
<script type="module" src="web/vendor/pyscript/core.js"></script></head>
<body><script type="py" config="pyscript.json">
import json, locale, os, random, time
from pyscript import document
document.body.dataset.probe = json.dumps({
    "environ": dict(os.environ),
    "locale": locale.setlocale(locale.LC_CTYPE),
    "zone": [time.timezone, time.altzone, time.daylight, list(time.tzname)],
    "random": [random.random() for _ in range(3)],
})
</script></body></html>
"""


#: A page whose main thread takes a long task (a second) right as the snapshot starts coming
#: in, as a slow or loaded device's start-up does: whether the page reads the snapshot's
#: answer on this thread or has a worker fetch it.
BUSY = """
(() => {
  const busy = () => {
    const until = performance.now() + 1000;
    while (performance.now() < until);
  };
  const snapshot = (url) => /\\/web\\/vendor\\/snapshot\\/[^/]+\\.gz$/.test(String(url));
  const body = Object.getOwnPropertyDescriptor(Response.prototype, "body");
  Object.defineProperty(Response.prototype, "body", {
    configurable: true,
    get() {
      if (snapshot(this.url)) setTimeout(busy, 0);
      return body.get.call(this);
    },
  });
  const Made = window.Worker;
  window.Worker = class extends Made {
    constructor(...args) {
      super(...args);
      setTimeout(busy, 0);
    }
  };
})();
"""


def with_csp(route: Route) -> None:
    response = route.fetch()
    route.fulfill(response=response, headers={**response.headers, **HEADERS})


@pytest.fixture
def opened(browser: Browser, server: str) -> Iterator[Callable[..., Page]]:
    """Pages under the CSP, guarded as every page test is; ``cold=True`` hides the snapshot
    and the bundle of its files, as on a host where the install step made none; ``busy=True``
    gives its main thread a long task as the snapshot starts coming in."""
    pages: list[tuple[Page, object]] = []

    def make(*, cold: bool = False, busy: bool = False, **context: object) -> Page:
        page, guard = open_page(browser, server, viewport={"width": 1280, "height": 800}, **context)
        page.add_init_script(
            "addEventListener('securitypolicyviolation', (e) => (window.cspViolations ||= [])"
            ".push([e.disposition, e.effectiveDirective, e.blockedURI, e.sourceFile]))"
        )
        if busy:
            page.add_init_script(BUSY)
        page.route(lambda url: url.split("?")[0].endswith((".html", "/")), with_csp)
        page.route(
            f"{server}/snapshot-probe.html",
            lambda r: r.fulfill(body=PROBE, headers={"content-type": "text/html", **HEADERS}),
        )
        if cold:
            page.route("**/web/vendor/snapshot/*.gz", lambda r: r.fulfill(status=404))
            page.route("**/web/vendor/snapshot/*.files", lambda r: r.fulfill(status=404))
        pages.append((page, guard))
        return page

    yield make
    for page, guard in pages:
        seen = page.evaluate("window.cspViolations || []")
        close_clean(page, guard)  # type: ignore[arg-type]
        others = [v for v in seen if v[:3] != ["report", "script-src", "eval"]]
        others += [v for v in seen if PYSCRIPT_CORE not in str(v[3])]
        assert others == [], f"the pages' Content-Security-Policy was broken: {others}"


def started(page: Page) -> str:
    return str(page.evaluate("document.documentElement.dataset.pythonStart"))


def why_cold(page: Page) -> str:
    return str(page.evaluate("document.documentElement.dataset.pythonCold || ''"))


def wasm_requests(page: Page) -> list[str]:
    """The page's requests for Pyodide's WebAssembly, as they are made (a list kept up to date)."""
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if r.url.endswith(WASM) else None)
    return asked


def throttled(page: Page, bytes_per_s: int) -> CDPSession:
    """The page's line held to `bytes_per_s` down (20 ms each way); detach to let it go."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    line = {"offline": False, "latency": 20, "downloadThroughput": bytes_per_s}
    cdp.send("Network.emulateNetworkConditions", {**line, "uploadThroughput": 1_000_000})
    return cdp


def saved_games(page: Page) -> list[object]:
    """The kept games, as the page stores them, without their ids and times."""
    text = page.evaluate(
        """() => JSON.stringify(Object.keys(localStorage).filter((k) => k.startsWith(
            "attika.game.")).map((k) => JSON.parse(localStorage.getItem(k)).file))"""
    )
    return list(json.loads(text))


def a_few_moves(page: Page, url: str) -> dict[str, object]:
    """Deal a game, play a turn and a half, reload; what a player sees along the way."""
    game = attika.new_game(3, seed=4)
    open_game(page, url)
    seen: dict[str, object] = {"board": page.inner_html("#board"), "side": page.inner_text("#side")}
    for action in ("draw 1", "store", "draw 2"):
        play(page, game, action)
    seen["legal"] = sorted(
        page.locator(".hex.legal").evaluate_all("(all) => all.map((e) => e.dataset.hex)")
    )
    seen["side after"] = page.inner_text("#side")
    seen["saved"] = saved_games(page)
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    page.click("[data-cmd=continue]")
    seen["resumed"] = page.inner_text("#side")
    return seen


def test_the_game_is_the_same_restored_or_started_cold(
    opened: Callable[..., Page], server: str
) -> None:
    """On a first visit the restored page fetches the game's Python files in one request (the
    install step's bundle); a host without it (the cold page) serves them one by one. The
    restored page's main thread is kept busy while the snapshot comes in: the line is fast
    (the loopback) however long the page takes to read it, so it still restores."""
    url = f"{server}/index.html?players=3&seed=4"
    restored, cold = opened(busy=True), opened(cold=True)
    asked: dict[Page, list[str]] = {restored: [], cold: []}
    for page, urls in asked.items():
        page.on("request", lambda request, urls=urls: urls.append(request.url))
    one, other = a_few_moves(restored, url), a_few_moves(cold, url)
    assert started(restored) == "snapshot", why_cold(restored)
    assert started(cold) == "cold" and "404" in why_cold(cold)
    python = {page: [u for u in urls if u.endswith(".py")] for page, urls in asked.items()}
    assert set(python[restored]) == {f"{server}/web/main.py"}, python[restored]  # and reloaded
    assert len(python[cold]) > 50, python[cold]
    assert one["legal"], "the drawn building has places to go"
    assert one == other


def test_a_changed_module_or_a_broken_snapshot_starts_cold(
    opened: Callable[..., Page], server: str
) -> None:
    """A module served other than the snapshot has it (here edited in the bundle of the
    game's files) is run as it is served, cold; a snapshot Pyodide refuses costs only the
    time it took."""
    changed = opened()
    edited = bundle_with("web/play/status.py", lambda source: source + b"\nEDITED = True\n")
    changed.route("**/web/vendor/snapshot/*.files", lambda r: r.fulfill(body=edited))
    changed.route(
        f"{server}/snapshot-check.html",
        lambda r: r.fulfill(
            body=PROBE.replace("import json,", "import web.play.status, json,").replace(
                '"random":', '"edited": getattr(web.play.status, "EDITED", False), "random":'
            ),
            headers={"content-type": "text/html", **HEADERS},
        ),
    )
    changed.goto(f"{server}/snapshot-check.html")
    changed.wait_for_selector("body[data-probe]", state="attached", timeout=READY_MS)
    assert started(changed) == "cold" and "files changed" in why_cold(changed)
    assert json.loads(str(changed.get_attribute("body", "data-probe")))["edited"] is True

    raw = bytearray(gzip.decompress((SNAPSHOT / str(manifest()["file"])).read_bytes()))
    raw[:4] = b"\0\0\0\0"  # not a snapshot: Pyodide throws
    broken = opened()
    bad = gzip.compress(bytes(raw), compresslevel=1)
    broken.route("**/web/vendor/snapshot/*.gz", lambda r: r.fulfill(body=bad))
    # served with a snapshot.json that vouches for it, so that Pyodide gets to refuse it
    vouched = json.dumps({**manifest(), "sha256": hashlib.sha256(bad).hexdigest()})
    broken.route("**/web/vendor/snapshot/snapshot.json", lambda r: r.fulfill(body=vouched))
    open_game(broken, f"{server}/index.html?players=2&seed=7")
    assert started(broken) == "cold" and "restoring failed" in why_cold(broken)
    assert broken.locator(".hex").count() > 0


@pytest.mark.parametrize("at", [0.0, 0.5])
def test_a_snapshot_changed_by_one_byte_starts_cold_and_says_why(
    opened: Callable[..., Page], server: str, at: float
) -> None:
    """Whoever can change the snapshot's file on the host changes nothing that Python runs:
    its bytes are checked against the hash the install step wrote, before Pyodide sees them
    (gzip's own check is none: anyone can write a gzip stream that passes it, as above)."""
    packed = bytearray((SNAPSHOT / str(manifest()["file"])).read_bytes())
    where = min(len(packed) - 9, int(len(packed) * at))  # not in gzip's closing checksum
    packed[where] ^= 0x01
    page = opened()
    said: list[str] = []
    page.on("console", lambda message: said.append(message.text))
    page.route("**/web/vendor/snapshot/*.gz", lambda r: r.fulfill(body=bytes(packed)))
    page.goto(f"{server}/index.html?players=2&seed=7")
    # said before the cold start itself, which the tests above play through
    page.wait_for_selector("html[data-python-start]", state="attached", timeout=READY_MS)
    assert started(page) == "cold"
    assert "snapshot changed since the install step" in why_cold(page)
    assert any("starts cold: snapshot changed" in line for line in said), said


def manifest() -> dict[str, object]:
    return dict(json.loads((SNAPSHOT / "snapshot.json").read_text()))


def bundle_with(url: str, edit: Callable[[bytes], bytes]) -> bytes:
    """The install step's bundle of the game's files with the file at ``url`` edited."""
    whole = (SNAPSHOT / str(manifest()["bundle"])).read_bytes()
    end = whole.index(b"\n")
    files, at = [], end + 1
    for name, length in json.loads(whole[:end]):
        body = whole[at : at + length]
        files.append((name, edit(body) if name == url else body))
        at += length
    head = json.dumps([[name, len(body)] for name, body in files]).encode()
    return b"".join([head, b"\n", *(body for _, body in files)])


def probe(page: Page, server: str) -> dict[str, object]:
    page.goto(f"{server}/snapshot-probe.html")
    page.wait_for_selector("body[data-probe]", state="attached", timeout=READY_MS)
    return dict(json.loads(str(page.get_attribute("body", "data-probe"))))


def test_nothing_of_the_machine_that_made_the_snapshot_leaks(
    opened: Callable[..., Page], server: str
) -> None:
    """Made in UTC in Node, restored in New York in German: time zone, language and locale
    are this browser's, as a cold start has them, and each restore draws new numbers."""
    here = {"locale": "de-DE", "timezone_id": "America/New_York"}
    cold = probe(opened(cold=True, **here), server)
    first, second = (probe(opened(**here), server) for _ in range(2))
    for restored in (first, second):
        for key in ("environ", "locale", "zone"):
            assert restored[key] == cold[key], key
    assert cold["environ"]["LANG"] == "de_DE.UTF-8"  # type: ignore[index]
    assert cold["zone"][0] == 5 * 3600  # type: ignore[index]
    assert first["random"] != second["random"]


KEPT = "web/vendor/snapshot/unpacked"  # where web/start/unpacked.mjs keeps its copy
#: Whether that copy is there and is the install step's, by its hash.
KEPT_AND_RIGHT = """async ([key, sha]) => {
    const found = await (await caches.open("attika.unpacked")).match(key);
    if (!found) return false;
    const hash = await crypto.subtle.digest("SHA-256", await found.arrayBuffer());
    return [...new Uint8Array(hash)].map((b) => b.toString(16).padStart(2, "0")).join("") === sha;
}"""


def copy_restored(page: Page) -> str:
    return str(page.evaluate("document.documentElement.dataset.pythonSnapshot || ''"))


def kept_unpacked(page: Page) -> None:
    """Wait until a start has kept the snapshot unpacked, as the install step's hash says.
    (Polled here: the driver's own wait takes an async function's promise for a yes.)"""
    deadline = time.monotonic() + READY_MS / 1000
    while not page.evaluate(KEPT_AND_RIGHT, [KEPT, manifest()["unpackedSha256"]]):
        assert time.monotonic() < deadline, "the snapshot was not kept unpacked"
        page.wait_for_timeout(250)


def test_the_snapshot_kept_unpacked_is_checked_before_it_runs(
    opened: Callable[..., Page], server: str
) -> None:
    """After a start that restored the packed snapshot, the page keeps it unpacked, and the
    next start restores that copy without reading the packed one. A copy changed by one byte
    in the cache is dropped and said in the console; the packed snapshot, checked as ever, is
    restored instead, and kept unpacked afresh."""
    page = opened()
    said: list[str] = []
    page.on("console", lambda message: said.append(message.text))
    packed: list[str] = []
    page.on("request", lambda r: packed.append(r.url) if r.url.endswith(".gz") else None)
    wasm = wasm_requests(page)
    url = f"{server}/index.html?players=2&seed=7"
    open_game(page, url)
    assert (started(page), copy_restored(page)) == ("snapshot", "packed"), why_cold(page)
    assert len(wasm) == 1, f"a first visit asked for Pyodide's WebAssembly {len(wasm)} times"
    kept_unpacked(page)

    packed.clear()
    wasm.clear()
    open_game(page, url)
    assert (started(page), copy_restored(page)) == ("snapshot", "unpacked"), why_cold(page)
    assert packed == [], "the packed snapshot was read though a copy was kept unpacked"
    assert len(wasm) == 1, f"a later start asked for Pyodide's WebAssembly {len(wasm)} times"
    assert page.locator("#board .hex").count() > 20

    page.evaluate(
        """async (key) => {
            const cache = await caches.open("attika.unpacked");
            const found = await cache.match(key);
            const bytes = new Uint8Array(await found.arrayBuffer());
            bytes[bytes.length >> 1] ^= 1;
            await cache.put(key, new Response(bytes, { headers: found.headers }));
        }""",
        KEPT,
    )
    open_game(page, url)
    assert (started(page), copy_restored(page)) == ("snapshot", "packed"), why_cold(page)
    assert any("the snapshot kept unpacked changed (SHA-256" in line for line in said), said
    kept_unpacked(page)  # the changed copy dropped, and the checked one kept in its place


def test_a_first_visit_on_a_slow_line_starts_cold_and_says_why(
    opened: Callable[..., Page], server: str
) -> None:
    """A first visit over a line too slow for the snapshot to pay for itself (2.5 MB/s here;
    the page asks for 4.5) times the snapshot's first megabyte, stops its download and starts
    Python cold, the same game (the tests above), saying why; Pyodide's WebAssembly, compiled
    early, still comes down once."""
    page = opened()
    wasm = wasm_requests(page)
    cdp = throttled(page, 2_500_000)
    open_game(page, f"{server}/index.html?players=2&seed=7")
    assert started(page) == "cold"
    assert "the network is slow" in why_cold(page), why_cold(page)
    assert page.locator("#board .hex").count() > 20
    assert len(wasm) == 1, f"Pyodide's WebAssembly was asked for {len(wasm)} times"
    cdp.detach()


def test_an_embeds_first_try_it_times_the_line_alone_and_restores(
    opened: Callable[..., Page], server: str
) -> None:
    """An embed has no preloads: its first "Try it" on a host never visited downloads
    Pyodide's WebAssembly (10 MB) and the game's files (1 MB) as the loader starts, and only
    once both are in times the snapshot's first megabyte, so that the line is not read as
    slow for being shared. (Timed while they still came in, a line of 8 MB/s, twice what the
    page asks for, read as 3.9 kB per ms and started cold.) Over a line of 12 MB/s it
    restores, and asks for the WebAssembly once."""
    page = opened()
    wasm = wasm_requests(page)
    cdp = throttled(page, 12_000_000)
    page.goto(f"{server}/embed.html?scenario=roads")
    page.wait_for_selector("body[data-previews]", state="attached", timeout=READY_MS)
    page.locator("[data-try]").first.click()
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=READY_MS)
    cdp.detach()
    times = page.evaluate(
        """() => {
            const end = (tail) => performance.getEntriesByType("resource")
                .filter((e) => e.name.endsWith(tail)).map((e) => e.responseEnd);
            const probe = performance.getEntriesByName("attika:probe")[0];
            return { probe: probe ? probe.startTime : null, wasm: end("/pyodide.asm.wasm"),
                     files: end(".files") };
        }"""
    )
    assert times["probe"] is not None, "the line was not timed"
    assert times["wasm"] and times["files"], times
    assert times["probe"] >= max(times["wasm"] + times["files"]), f"the line was shared: {times}"
    assert started(page) == "snapshot", why_cold(page)
    assert len(wasm) == 1, f"Pyodide's WebAssembly was asked for {len(wasm)} times"
