"""Playwright fixtures: the page served from this checkout, Debian's Chromium, no network.

Every request that is not to the local server is aborted and recorded; each test
fails if the list is not empty, so a CDN or font-service leak fails loudly.
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
from playwright.sync_api import Browser, Page, Route

from . import crashes

crashes.ask_playwright_for_the_browser_log()

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("ATTIKA_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
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
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": ARGS}


class Guard:
    """Aborts and records every request that leaves the local server."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.aborted: list[str] = []

    def __call__(self, route: Route) -> None:
        url = route.request.url
        if url.startswith(self.base) or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            self.aborted.append(url)
            route.abort()


def open_page(browser: Browser, base: str, **context: object) -> tuple[Page, Guard]:
    ctx = browser.new_context(service_workers="block", **context)  # type: ignore[arg-type]
    page = ctx.new_page()
    guard = Guard(base)
    page.route("**/*", guard)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors  # type: ignore[attr-defined]
    return page, guard


def close_clean(page: Page, guard: Guard) -> None:
    """Close the page's context; fail if a request left the local server or the page raised."""
    page.context.close()
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
