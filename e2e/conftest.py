"""Playwright fixtures: the page served from this checkout, Debian's Chromium (its headless
shell), no network.

Chromium resolves no host name but the local server's, and every request that is not to
the local server is recorded; each test fails if the list is not empty, so a CDN or
font-service leak fails loudly.

A test's page comes from a browser context that an earlier test of the same worker may
have used, emptied of that test's pages, storage and permissions: the context keeps only
Chromium's HTTP and compiled-code caches, so the page's files come as on a second visit of
a real player's browser, not as on a first one every time (its WebAssembly is compiled
again at each start: see TEST_ARGS).
"""

from __future__ import annotations

import functools
import os
import shutil
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Request

from . import crashes

crashes.ask_playwright_for_the_browser_log()

ROOT = Path(__file__).resolve().parent.parent
#: Debian's Chromium headless shell: the same engine as the browser a player runs, without the
#: browser's own window, profile and GPU process; a test costs about a quarter less processor
#: time than in the full Chromium (148 page tests, measured side by side).
CHROMIUM = os.environ.get("ATTIKA_TEST_CHROMIUM", "/usr/bin/chromium-headless-shell")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # Every other host name fails to resolve: a leak cannot reach the network even though
    # the guard only records it (a route of every request would turn the cache off). Left:
    # the local server under both its names, and the .local names a peer connection gives
    # its addresses.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost, EXCLUDE *.local",
]
#: The tests' browser: as above (the benchmarks' too), with WebAssembly compiled by V8's
#: baseline compiler alone. A page start otherwise spends about a core-second in the
#: background recompiling Pyodide's hot functions with the optimizing compiler, which a test
#: seldom runs long enough to gain back (ten starts: 2.3 -> 1.3 core-seconds each; a whole
#: game against the computer: the same), while the test command keeps both cores busy. The
#: same code runs; players' browsers and the benchmarks keep both compilers.
TEST_ARGS = [*ARGS, "--js-flags=--liftoff-only"]
#: Python start-up in a cold browser takes 3-6 s here; allow for a slow CI machine.
READY_MS = 90_000


_LOG_START = pytest.StashKey[tuple[int, float]]()
_CRASHES: list[str] = []


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every browser test is slow (a Chromium and a Pyodide start each): ``-m "not slow"``
    leaves them out, with the CPython tests marked slow, for a run of about a minute."""
    for item in items:
        if "e2e" in item.path.parts:
            item.add_marker(pytest.mark.slow)


_CRASH_SECTION = "Chromium renderer crash"


def pytest_configure(config: pytest.Config) -> None:
    """With test workers (pytest-xdist, scripts/test.sh), test-results/ is emptied once, here
    in the process that leads them, and each worker's pytest-playwright empties a folder of
    its own at its start: else the second worker to start would empty the folder under the
    first one's screenshots (test-results/screens/)."""
    worker = getattr(config, "workerinput", {}).get("workerid")
    if worker is not None:
        config.option.output = str(Path(config.option.output) / f"playwright-{worker}")
    elif os.environ.get("ATTIKA_RESULTS_EMPTIED"):
        pass  # the test command emptied it before starting this pytest and one beside it
    elif config.pluginmanager.hasplugin("xdist") and config.getoption("numprocesses", None):
        shutil.rmtree(config.option.output, ignore_errors=True)


def pytest_runtest_setup(item: pytest.Item) -> None:
    item.stash[_LOG_START] = crashes.mark()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A renderer that died gets Chromium's last words and the machine's state in its report."""
    outcome = yield
    if crashes.is_crash(call.excinfo.value if call.excinfo else None):
        why = crashes.evidence(item.stash.get(_LOG_START, (0, 0.0)))
        outcome.get_result().sections.append((_CRASH_SECTION, why))  # type: ignore[attr-defined]


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Crashes are gathered from the reports, as these reach the process that sums up the run
    (a test worker's own list would never be printed)."""
    for title, why in report.sections:
        if title == _CRASH_SECTION:
            _CRASHES.append(f"{report.nodeid} ({report.when})\n{why}")


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Every crash is listed, also those a re-run made good, so none goes unnoticed."""
    if _CRASHES:
        terminalreporter.section(f"Chromium renderer crashes: {len(_CRASHES)}")
        for entry in _CRASHES:
            terminalreporter.write_line(entry)


def pytest_unconfigure(config: pytest.Config) -> None:
    """The browser log has served its purpose once the run is summed up."""
    crashes.BROWSER_LOG.unlink(missing_ok=True)


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    handler = functools.partial(_Quiet, directory=str(ROOT))
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    if not Path(CHROMIUM).exists():
        pytest.exit(f"Chromium not found at {CHROMIUM}: run scripts/install.sh", 2)
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": TEST_ARGS}


class Guard:
    """Records every request that leaves the local server (ARGS stops it at the name); the
    server under its other name, localhost, is another origin but the same server."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.local = (base, base.replace("127.0.0.1", "localhost"), "data:", "blob:")
        self.aborted: list[str] = []

    def __call__(self, request: Request) -> None:
        if not request.url.startswith(self.local):
            self.aborted.append(request.url)


#: Contexts no test is using, by the options they were made with (all but the viewport).
_IDLE: dict[tuple[int, str], list[tuple[Browser, BrowserContext]]] = {}
#: The local origin's storage a new page must not inherit from an earlier test.
_STORAGE = "cookies,file_systems,indexeddb,local_storage,websql,service_workers,cache_storage"
_DEFAULT_VIEWPORT = {"width": 1280, "height": 720}


def _key(browser: Browser, context: dict[str, object]) -> tuple[int, str]:
    rest = {name: value for name, value in context.items() if name != "viewport"}
    return id(browser), repr(sorted(rest.items()))


def _new_context(browser: Browser, context: dict[str, object]) -> BrowserContext:
    return browser.new_context(service_workers="block", **context)  # type: ignore[arg-type]


def open_page(browser: Browser, base: str, **context: object) -> tuple[Page, Guard]:
    """A new page of an idle context made with the same options, or of a new one; its
    origin's storage is empty, as in a new context."""
    idle = _IDLE.setdefault(_key(browser, context), [])
    while idle and idle[-1][0] is not browser:  # left by a browser a test has closed
        idle.pop()
    ctx = idle.pop()[1] if idle else _new_context(browser, context)
    page = ctx.new_page()
    page.set_viewport_size(context.get("viewport") or _DEFAULT_VIEWPORT)  # type: ignore[arg-type]
    cdp = ctx.new_cdp_session(page)
    cdp.send("Storage.clearDataForOrigin", {"origin": base, "storageTypes": _STORAGE})
    cdp.detach()
    guard = Guard(base)
    page.on("request", guard)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors  # type: ignore[attr-defined]
    page._attika_reuse = (_key(browser, context), browser)  # type: ignore[attr-defined]
    return page, guard


def close_clean(page: Page, guard: Guard) -> None:
    """Close the page and every other page of its context, and give the context back for a
    later test; fail if a request left the local server or the page raised."""
    ctx = page.context
    try:
        for other in list(ctx.pages):
            other.close()
        ctx.clear_permissions()
        ctx.clear_cookies()
        ctx.set_offline(False)
        ctx.unroute_all(behavior="ignoreErrors")
    except Exception:  # a browser that is gone, or a context a test closed itself
        pass
    else:
        reuse = getattr(page, "_attika_reuse", None)
        if reuse is not None and reuse[1].is_connected():
            _IDLE.setdefault(reuse[0], []).append((reuse[1], ctx))
    assert guard.aborted == [], f"requests left the local server: {guard.aborted}"
    assert page.errors == [], f"the page raised: {page.errors}"  # type: ignore[attr-defined]


@pytest.fixture
def game_page(browser: Browser, server: str) -> Iterator[Page]:
    """A 1280x800 page with the network guard; checks the guard and page errors after."""
    page, guard = open_page(browser, server, viewport={"width": 1280, "height": 800})
    yield page
    close_clean(page, guard)


@pytest.fixture
def touch_page(browser: Browser, server: str) -> Iterator[Page]:
    """A 768x1024 tablet with touch, guarded like game_page."""
    page, guard = open_page(
        browser,
        server,
        viewport={"width": 768, "height": 1024},
        has_touch=True,
        is_mobile=True,
        device_scale_factor=1,
    )
    yield page
    close_clean(page, guard)
