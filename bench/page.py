"""Page benchmark: start-up against a bare PyScript page, bytes on a cold load, tap latency.

    python bench/page.py [--runs N] [--taps N] [--config-only]
    python bench/page.py --startup [--runs N]     # cold, warm, offline, "Try it"
    python bench/page.py --throttled [--runs N]   # a first visit on a 10 Mbit/s line
    python bench/page.py --embed [--runs N]       # an embed's first "Try it"

Measured in one run, in Debian's Chromium (headless), each start in a fresh browser
context (a cold cache), served from 127.0.0.1 by Python's http.server:

- navigation start to ``data-ready`` for the game (``index.html?players=4&seed=1``), one
  embedded position, the rules page (11 positions, one Python), and ``bench/bare.html``
  (PyScript on the same vendored Pyodide, doing nothing); goal: game / bare 1.25 or less;
- the game page once more with its PyScript configuration written as TOML instead of JSON
  (the same interpreter and files, served from memory as ``bench-pyscript.toml`` by a copy
  of index.html, ``bench-index-toml.html``): what loading the TOML costs at start-up, both
  whole and as the time from the configuration's arrival to PyScript's next request, which
  a loaded machine disturbs far less (``--config-only`` times just these and the bare page);
- requests and bytes transferred on a cold load of each;
- with ``--startup``: the game page (Python restored from the install step's snapshot by
  web/start/pyodide.mjs) and the same page as it was before the snapshot (served from memory
  as ``bench-index-cold.html`` with a configuration whose interpreter is the vendored
  pyodide.mjs itself), each against the bare page: cold (a fresh context), warm (the same
  context once more, after the service worker has kept every file: an installed game),
  offline (that context with the network off), and on the rules page the time from a tap on
  "Try it" to the live position, warm; goals: game / bare 0.6 or less cold, 0.45 or less
  warm, "Try it" under 1 s warm, offline under 1.5 s;
- with ``--startup --against DIR``: the same rounds also time the game page and "Try it" of
  another installed checkout (an earlier commit, say), served on a port of its own so that its
  service worker and caches are another site's: a before and after measured side by side;
- with ``--embed``: an embed's first tap on "Try it" to its live position (embed.html on the
  game's host), once on a host whose game was never opened (a fresh context: the snapshot is
  not kept, the network is measured) and once after the game page has been opened there once
  and its service worker keeps every file (issue 43); goal: under 1 s after the game;
- with ``--throttled``: a first visit (fresh context) on a line emulated at 10 Mbit/s down,
  5 up, 20 ms latency, the game page against the page as it was before; goal: no slower;
- from a tap on a legal hex (and on a building of the player board) to the redrawn board, in a
  4-player late-game position (80 buildings, 154 hexes); goal: 100 ms or less at the 95th
  percentile. "handler" is until the click handler has rewritten the DOM; "frame" adds the
  next animation frame, by when the browser has laid out and painted.
"""

from __future__ import annotations

import argparse
import functools
import json
import statistics
import sys
import threading
import tomllib
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from e2e.conftest import ARGS, CHROMIUM  # noqa: E402
from e2e.positions import late_game  # noqa: E402


def as_toml(config: dict[str, object]) -> str:
    """The page's configuration as PyScript TOML: top-level strings, then tables of strings
    (all pyscript.json holds). JSON string escapes are valid TOML basic strings."""
    lines = [f"{k} = {json.dumps(v)}" for k, v in config.items() if isinstance(v, str)]
    for key, value in config.items():
        if isinstance(value, dict):
            lines += ["", f"[{key}]"]
            lines += [f"{json.dumps(k)} = {json.dumps(v)}" for k, v in value.items()]
        elif not isinstance(value, str):
            raise ValueError(f"{key}: only strings and tables of strings are written")
    text = "\n".join(lines) + "\n"
    assert tomllib.loads(text) == config, "the TOML must say exactly what the JSON says"
    return text


def toml_variant() -> dict[str, bytes]:
    """The game page and its configuration, as TOML: files served from memory, not written
    into the checkout. The page sits at the top level so its relative addresses still work."""
    config = json.loads((ROOT / "pyscript.json").read_text())
    page = (ROOT / "index.html").read_text()
    assert page.count('config="pyscript.json"') == 1
    return {
        "/bench-index-toml.html": page.replace(
            'config="pyscript.json"', 'config="bench-pyscript.toml"'
        ).encode(),
        "/bench-pyscript.toml": as_toml(config).encode(),
    }


class _Quiet(SimpleHTTPRequestHandler):
    #: Files answered from memory, by path; anything else comes from the checkout.
    extra: ClassVar[dict[str, bytes]] = {}

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        body = self.extra.get(self.path.split("?")[0])
        if body is None:
            super().do_GET()
            return
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(self.path.split("?")[0]))
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


class _Server(ThreadingHTTPServer):
    def handle_error(self, request: object, client_address: object) -> None:
        """A context closed at data-ready drops requests still under way (the service
        worker's precache): not worth a traceback in the figures."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)  # type: ignore[arg-type]


def before_variant() -> dict[str, bytes]:
    """The game page as it was before the snapshot: the same files, fetched by PyScript, and
    the vendored pyodide.mjs as PyScript's interpreter instead of web/start/pyodide.mjs."""
    config = json.loads((ROOT / "pyscript.json").read_text())
    config["interpreter"] = "./web/vendor/pyodide/pyodide.mjs"
    config["files"] = config.pop("start_files")  # fetched and written by PyScript, as before
    page = (ROOT / "index.html").read_text()
    return {
        "/bench-index-cold.html": page.replace(
            'config="pyscript.json"', 'config="bench-pyscript-cold.json"'
        ).encode(),
        "/bench-pyscript-cold.json": json.dumps(config).encode(),
    }


def serve(root: Path = ROOT) -> str:
    """This checkout (with the variants above) or, for --against, another one as it is: on a
    port of its own, so that its service worker and caches are another site's."""
    if root == ROOT:
        _Quiet.extra = toml_variant() | before_variant()
    handler = _Quiet if root == ROOT else type("_Other", (_Quiet,), {"extra": {}})
    httpd = _Server(("127.0.0.1", 0), functools.partial(handler, directory=str(root)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{httpd.server_address[1]}"


#: Seconds from the configuration's arrival to PyScript's next request of its own (the first
#: later file from web/vendor/pyscript/ that is not the TOML parser): the time PyScript spends
#: reading the configuration, the TOML parser's download and parsing included. null for a
#: page without pyscript.json or a .toml configuration.
CONFIG_READ = """() => {
  const entries = performance.getEntriesByType("resource");
  const config = entries.find((e) => /pyscript[.](json|toml)$/.test(e.name));
  if (!config) return null;
  const next = entries
    .filter((e) => e.name.includes("/web/vendor/pyscript/") && !/[/]toml-[^/]*$/.test(e.name))
    .map((e) => e.startTime)
    .filter((t) => t >= config.responseEnd);
  return next.length ? (Math.min(...next) - config.responseEnd) / 1000 : null;
}"""


def cold_start(browser: Browser, url: str) -> tuple[float, int, int, float | None]:
    """Seconds from navigation start to data-ready, requests made, bytes received, and the
    seconds of CONFIG_READ (None for a page without a configuration file)."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    sizes: list[int] = []
    page.on(
        "requestfinished",
        lambda req: sizes.append(
            req.sizes()["responseBodySize"] + req.sizes()["responseHeadersSize"]
        ),
    )
    page.goto(url)
    if "embed.html" in url or "rules.html" in url:  # positions start Python on "Try it"
        page.wait_for_selector("body[data-previews]", state="attached")
        waiting = page.locator("[data-try]:not([disabled])")
        while waiting.count():
            waiting.first.click()
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=120_000)
    ms = page.evaluate("performance.now()")
    config_read = page.evaluate(CONFIG_READ)
    page.wait_for_timeout(300)  # let late requests (icons) finish for the byte count
    ctx.close()
    return ms / 1000, len(sizes), sum(sizes), config_read


#: True once the service worker controls the page and has kept the snapshot it names.
KEPT = """async () => {
  if (!navigator.serviceWorker || !navigator.serviceWorker.controller) return false;
  const names = (await caches.keys()).filter((n) => n.startsWith("attika-"));
  if (names.length !== 1) return false;
  const made = await (await fetch("web/vendor/snapshot/snapshot.json")).json();
  const cache = await caches.open(names[0]);
  return Boolean(await cache.match(`web/vendor/snapshot/${made.file}`));
}"""


#: Notes, in the page, the moment its body gets data-ready (an init script: it runs before the
#: page's own scripts, content security policy or not).
READY_AT = """new MutationObserver((_, seen) => {
  if (document.body && document.body.dataset.ready === "1") {
    seen.disconnect();
    window.__attikaReadyAt = performance.now();
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });"""


def context(browser: Browser) -> BrowserContext:
    """A fresh context (an empty cache) whose pages note when they are ready (READY_AT)."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx.add_init_script(READY_AT)
    return ctx


def ready_seen(page: Page, url: str) -> tuple[float, float]:
    """Seconds from navigation start to data-ready, in this page's context as it is: as the
    page noted it (READY_AT), and as this script saw it (Playwright's wait, then a question
    to the page). The second, the figure of runs before 2026-11-26, adds the time the page's
    main thread takes to answer after data-ready and the driver's own round trips: 0.1-0.3 s
    on this machine, more the busier it is, on every page alike."""
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=120_000)
    seen, noted = page.evaluate("[performance.now(), window.__attikaReadyAt ?? null]")
    return float(noted if noted is not None else seen) / 1000, float(seen) / 1000


def ready(page: Page, url: str) -> float:
    """Seconds from navigation start to data-ready, as the page noted it (see ready_seen)."""
    return ready_seen(page, url)[0]


def wait_kept(page: Page) -> None:
    for _ in range(600):
        if page.evaluate(KEPT):
            return
        page.wait_for_timeout(200)
    raise TimeoutError("the service worker did not keep the files in 2 minutes")


def start_python(page: Page) -> None:
    """Tap every "Try it" of a page with positions (Python starts on the first)."""
    page.wait_for_selector("body[data-previews]", state="attached")
    waiting = page.locator("[data-try]:not([disabled])")
    while waiting.count():  # clicked as TRY_IT does: a button laid out off screen counts too
        waiting.first.evaluate("(button) => button.click()")


#: Seconds from a tap on the first "Try it" to the page's Python ready.
TRY_IT = """() => new Promise((done) => {
  const tap = performance.now();
  new MutationObserver((_, seen) => {
    if (document.body.dataset.ready !== "1") return;
    seen.disconnect();
    done((performance.now() - tap) / 1000);
  }).observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
  document.querySelector("[data-try]:not([disabled])").click();
})"""


def startup_round(
    browser: Browser, base: str, other: str | None
) -> tuple[dict[str, float | str], dict[str, float]]:
    """One round of the start-up figures, each page in a context of its own; with `other`,
    the game page and "Try it" of the checkout served there too (label "other"). Returns
    the figures as the pages noted them and, apart, as this script saw them (ready_seen)."""
    out: dict[str, float | str] = {}
    seen: dict[str, float] = {}
    pages = [
        ("bare", f"{base}/bench/bare.html"),
        ("game", f"{base}/index.html?players=4&seed=1"),
        ("before", f"{base}/bench-index-cold.html?players=4&seed=1"),
    ]
    if other:
        pages.append(("other", f"{other}/index.html?players=4&seed=1"))
    for label, url in pages:
        ctx = context(browser)
        page = ctx.new_page()
        page.on("crash", lambda _, label=label: print(f"  the {label} page crashed", flush=True))
        out[f"{label} cold"], seen[f"{label} cold"] = ready_seen(page, url)
        out[f"{label} cold start"] = str(
            page.evaluate("document.documentElement.dataset.pythonStart")
        )
        if label != "bare":  # the bare page has no service worker: its HTTP cache is warm
            wait_kept(page)
        out[f"{label} warm"], seen[f"{label} warm"] = ready_seen(page, url)
        out[f"{label} warm start"] = str(
            page.evaluate("document.documentElement.dataset.pythonStart")
        )
        if label in ("game", "other"):
            ctx.set_offline(True)
            out[f"{label} offline"], seen[f"{label} offline"] = ready_seen(page, url)
        ctx.close()
    for label, site in (("try it", base), ("other try it", other)):
        if not site:
            continue
        ctx = context(browser)
        page = ctx.new_page()
        page.goto(f"{site}/rules.html")
        start_python(page)
        page.wait_for_selector("body[data-ready='1']", state="attached", timeout=120_000)
        wait_kept(page)
        page.goto(f"{site}/rules.html")
        page.wait_for_selector("body[data-previews]", state="attached")
        out[f"{label} warm"] = float(page.evaluate(TRY_IT))
        out[f"{label} start"] = str(page.evaluate("document.documentElement.dataset.pythonStart"))
        ctx.close()
    return out, seen


def startup(browser: Browser, base: str, runs: int, other: str | None = None) -> None:
    rounds = []
    seen = []
    for n in range(runs):  # interleaved, so machine noise hits all alike
        for attempt in range(3):
            try:
                figures, as_seen = startup_round(browser, base, other)
                rounds.append(figures)
                seen.append(as_seen)
                break
            except PlaywrightError as error:  # a renderer killed on a loaded machine
                if "crashed" not in str(error) or attempt == 2:
                    raise
                print(f"  round {n + 1}: a page crashed ({error.message.splitlines()[0]}); again")
        print(
            f"  round {n + 1}: "
            + ", ".join(
                f"{k} {v:.2f}" if isinstance(v, float) else f"{k} {v}"
                for k, v in rounds[-1].items()
            ),
            flush=True,
        )
    med = {
        k: statistics.median(float(r[k]) for r in rounds)
        for k, v in rounds[0].items()
        if isinstance(v, float)
    }
    print(f"start-up, navigation to data-ready, median of {runs} rounds (seconds; x = / bare page)")
    for way in ("cold", "warm"):
        bare, game, before = (med[f"{page} {way}"] for page in ("bare", "game", "before"))
        print(
            f"  {way}: bare {bare:.2f}, game {game:.2f} x{game / bare:.2f}, "
            f"as before {before:.2f} x{before / bare:.2f}, game / before {game / before:.2f}"
        )
        paired = [float(r[f"game {way}"]) / float(r[f"bare {way}"]) for r in rounds]
        listed = ", ".join(f"{x:.2f}" for x in paired)
        print(f"    game / bare in each round: {listed}; median {statistics.median(paired):.2f}")
    print(f"  offline (installed, network off): game {med['game offline']:.2f}")
    print(f'  "Try it" on rules.html, warm, tap to live: {med["try it warm"]:.2f}')
    if other:
        print("  the other checkout (--against), in the same rounds:")
        for way in ("cold", "warm"):
            bare, game, theirs = (med[f"{page} {way}"] for page in ("bare", "game", "other"))
            paired = [float(r[f"other {way}"]) / float(r[f"bare {way}"]) for r in rounds]
            print(
                f"    {way}: {theirs:.2f} x{theirs / bare:.2f} (each round: median "
                f"{statistics.median(paired):.2f}); this checkout / the other {game / theirs:.2f}"
            )
        print(
            f'    offline {med["other offline"]:.2f}; "Try it" warm {med["other try it warm"]:.2f}'
        )
    print("  the same starts as this script saw them (the method of earlier runs, see ready_seen):")
    saw = {k: statistics.median(r[k] for r in seen) for k in seen[0]}
    for way in ("cold", "warm", "offline"):
        listed = ", ".join(
            f"{page} {saw[f'{page} {way}']:.2f}"
            for page in ("bare", "game", "before", "other")
            if f"{page} {way}" in saw
        )
        print(f"    {way}: {listed}")
    starts = {
        k: sorted({str(r[k]) for r in rounds}) for k, v in rounds[0].items() if isinstance(v, str)
    }
    print(f"  how Python started: {starts}")
    print('  goals: x0.60 cold, x0.45 warm, offline under 1.5 s, "Try it" under 1 s warm')


#: The embed the figures of --embed are taken on: a lesson of two steps.
EMBED = "embed.html?scenario=road-turn-after-turn"


def embed_round(browser: Browser, base: str) -> dict[str, float | str]:
    """One round of --embed: the first "Try it" of an embed on a host never visited, then in
    a context of its own where the game page has been opened once and its files are kept."""
    out: dict[str, float | str] = {}
    for label, game_first in (("new host", False), ("after the game", True)):
        ctx = context(browser)
        page = ctx.new_page()
        if game_first:
            ready(page, f"{base}/index.html?players=4&seed=1")
            wait_kept(page)
        page.goto(f"{base}/{EMBED}")
        page.wait_for_selector("body[data-previews]", state="attached")
        out[label] = float(page.evaluate(TRY_IT))
        out[f"{label} start"] = str(page.evaluate("document.documentElement.dataset.pythonStart"))
        ctx.close()
    return out


def embed(browser: Browser, base: str, runs: int) -> None:
    rounds = []
    for n in range(runs):
        rounds.append(embed_round(browser, base))
        listed = ", ".join(
            f"{k} {v:.2f}" if isinstance(v, float) else f"{k} {v}" for k, v in rounds[-1].items()
        )
        print(f"  round {n + 1}: {listed}", flush=True)
    print(f'an embed\'s first "Try it", tap to live position ({EMBED}), median of {runs} rounds')
    for label in ("new host", "after the game"):
        values = [float(r[label]) for r in rounds]
        starts = "/".join(sorted({str(r[f"{label} start"]) for r in rounds}))
        print(
            f"  {label:15}{statistics.median(values):6.2f} s  (Python started: {starts}); "
            f"runs: {', '.join(f'{v:.2f}' for v in values)}"
        )
    print("  goal: under 1 s after the game has been opened once on the host")


def throttled(browser: Browser, base: str, runs: int) -> None:
    """A first visit on a 10 Mbit/s line: the game page against the page as it was."""
    times: dict[str, list[float]] = {"game": [], "before": []}
    how: set[str] = set()
    for n in range(runs):
        for label, url in (
            ("game", f"{base}/index.html?players=4&seed=1"),
            ("before", f"{base}/bench-index-cold.html?players=4&seed=1"),
        ):
            ctx = context(browser)
            page = ctx.new_page()
            cdp = ctx.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send(
                "Network.emulateNetworkConditions",
                {
                    "offline": False,
                    "latency": 20,
                    "downloadThroughput": 10e6 / 8,
                    "uploadThroughput": 5e6 / 8,
                },
            )
            times[label].append(ready(page, url))
            if label == "game":
                how.add(str(page.evaluate("document.documentElement.dataset.pythonCold")))
            ctx.close()
        print(
            f"  round {n + 1}: game {times['game'][-1]:.2f} s, before {times['before'][-1]:.2f} s",
            flush=True,
        )
    game, before = statistics.median(times["game"]), statistics.median(times["before"])
    print(f"first visit at 10 Mbit/s, navigation to data-ready, median of {runs}")
    print(f"  game page {game:.2f} s, as before {before:.2f} s, game / before {game / before:.2f}")
    paired = [g - b for g, b in zip(times["game"], times["before"], strict=True)]
    side_by_side = statistics.median(paired)
    print(f"  game minus before, median of the {runs} rounds side by side: {side_by_side:+.2f} s")
    print(f"  the game page started cold because: {sorted(how)}")


TAP = """async (selector) => {
  const el = document.querySelector(selector);
  const t0 = performance.now();
  el.dispatchEvent(new MouseEvent('click', {bubbles: true}));
  const t1 = performance.now();
  await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
  return [t1 - t0, performance.now() - t0];
}"""


def taps(browser: Browser, base: str, count: int) -> dict[str, list[float]]:
    game = late_game()
    body = game.to_json()
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    page.route(
        f"{base}/bench-late.json",
        lambda route: route.fulfill(body=body, content_type="application/json"),
    )
    page.goto(f"{base}/index.html?load=bench-late.json")
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=120_000)
    page.click("[data-cmd=continue]")
    kind = sorted(game.players[game.current].stored)[0]
    select = f'[data-cmd=select][data-arg="{kind}"]'
    out: dict[str, list[float]] = {"select": [], "hex": [], "hex_frame": [], "select_frame": []}
    for _ in range(count):
        handler, frame = page.evaluate(TAP, select)
        out["select"].append(handler)
        out["select_frame"].append(frame)
        hexname = page.locator(".hex.legal").first.get_attribute("data-hex")
        handler, frame = page.evaluate(TAP, f'[data-hex="{hexname}"]')
        out["hex"].append(handler)
        out["hex_frame"].append(frame)
        page.evaluate(TAP, "[data-cmd=cancel]")  # close the payment
        page.evaluate(TAP, select)  # and put the building back
    stats = {
        "buildings": len(game.board.buildings),
        "hexes": len(game.board.landscape),
    }
    print(f"(late-game position: {stats['buildings']} buildings on {stats['hexes']} hexes)")
    ctx.close()
    return out


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--taps", type=int, default=30)
    parser.add_argument(
        "--config-only",
        action="store_true",
        help="only the bare page and the game page with its configuration as JSON and as TOML",
    )
    parser.add_argument("--startup", action="store_true", help="cold, warm, offline, Try it")
    parser.add_argument("--throttled", action="store_true", help="a first visit at 10 Mbit/s")
    parser.add_argument("--embed", action="store_true", help='an embed\'s first "Try it"')
    parser.add_argument(
        "--against",
        type=Path,
        help="with --startup: another checkout (installed), its game page and Try it timed too",
    )
    args = parser.parse_args()
    base = serve()
    other = serve(args.against.resolve()) if args.against else None
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        if args.startup or args.throttled or args.embed:
            ready(browser.new_page(), f"{base}/bench/bare.html")  # warm the OS file cache once
            if args.embed:
                embed(browser, base, args.runs)
            if args.throttled:
                throttled(browser, base, args.runs)
            if args.startup:
                startup(browser, base, args.runs, other)
            browser.close()
            return
        pages = {
            "bare PyScript page": f"{base}/bench/bare.html",
            "Attika game page": f"{base}/index.html?players=4&seed=1",
            "game page, config as TOML": f"{base}/bench-index-toml.html?players=4&seed=1",
            "one embedded position": f"{base}/embed.html?scenario=free-build",
            "rules page, 11 positions": f"{base}/rules.html",
        }
        if args.config_only:
            del pages["one embedded position"], pages["rules page, 11 positions"]
        runs: dict[str, list[tuple[float, int, int, float | None]]] = {label: [] for label in pages}
        cold_start(browser, pages["bare PyScript page"])  # warm the OS file cache once
        for _ in range(args.runs):  # interleaved, so machine noise hits all alike
            for label, url in pages.items():
                runs[label].append(cold_start(browser, url))
        tapped = {} if args.config_only else taps(browser, base, args.taps)
        browser.close()

    medians = {label: statistics.median(s for s, _, _, _ in r) for label, r in runs.items()}
    b = medians["bare PyScript page"]
    print(f"start-up, navigation to data-ready (median of {args.runs} cold starts)")
    for label, median in medians.items():
        listed = ", ".join(f"{s:.2f}" for s, _, _, _ in runs[label])
        ratio = "" if median == b else f"  x{median / b:.2f}"
        print(f"  {label:28}{median:8.2f} s{ratio:7}  runs: {listed}")
    print("  goal: the game page within 1.25 times the bare page")
    toml, json_ = medians["game page, config as TOML"], medians["Attika game page"]
    print(f"  configuration as TOML / as JSON: {toml / json_:.2f} ({toml - json_:+.2f} s)")
    paired = [
        t - j
        for (j, _, _, _), (t, _, _, _) in zip(
            runs["Attika game page"], runs["game page, config as TOML"], strict=True
        )
    ]
    print(
        f"  TOML minus JSON, median of the {len(paired)} runs side by side: "
        f"{statistics.median(paired) * 1000:+.0f} ms"
    )
    print("configuration arrived to PyScript's next request (reading it), median, ms")
    for label in ("Attika game page", "game page, config as TOML"):
        reads = [r * 1000 for _, _, _, r in runs[label] if r is not None]
        if reads:
            listed = ", ".join(f"{r:.0f}" for r in reads)
            print(f"  {label:28}{statistics.median(reads):8.0f} ms  runs: {listed}")
    print("cold load, transferred")
    for label, r in runs.items():
        _, n, size, _ = r[-1]
        print(f"  {label:28}{n:5d} requests {size / 1e6:8.2f} MB")
    if not tapped:
        return
    print(f"tap to redrawn board, 4-player late game ({args.taps} taps each), ms")
    print(f"  {'':34}{'median':>8}{'p95':>8}")
    for label, key in (
        ("select a building: handler", "select"),
        ("select a building: next frame", "select_frame"),
        ("tap a legal hex: handler", "hex"),
        ("tap a legal hex: next frame", "hex_frame"),
    ):
        values = tapped[key]
        print(f"  {label:34}{statistics.median(values):8.1f}{p95(values):8.1f}")
    print("  goal: 100 ms or less at the 95th percentile")


if __name__ == "__main__":
    main()
