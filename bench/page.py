"""Page benchmark: start-up against a bare PyScript page, bytes on a cold load, tap latency.

    python bench/page.py [--runs N] [--taps N]

Measured in one run, in Debian's Chromium (headless), each start in a fresh browser
context (a cold cache), served from 127.0.0.1 by Python's http.server:

- navigation start to ``data-ready`` for the game (``index.html?players=4&seed=1``), one
  embedded position, the rules page (11 positions, one Python), and ``bench/bare.html``
  (PyScript on the same vendored Pyodide, doing nothing); goal: game / bare 1.25 or less;
- the game page once more with its PyScript configuration written as TOML instead of JSON
  (the same interpreter and files, served from memory as ``bench-pyscript.toml`` by a copy
  of index.html, ``bench-index-toml.html``): what loading the TOML costs at start-up;
- requests and bytes transferred on a cold load of each;
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

from playwright.sync_api import Browser, sync_playwright

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


def serve() -> str:
    _Quiet.extra = toml_variant()
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(ROOT)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{httpd.server_address[1]}"


def cold_start(browser: Browser, url: str) -> tuple[float, int, int]:
    """Seconds from navigation start to data-ready, requests made, bytes received."""
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
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=120_000)
    ms = page.evaluate("performance.now()")
    page.wait_for_timeout(300)  # let late requests (icons) finish for the byte count
    ctx.close()
    return ms / 1000, len(sizes), sum(sizes)


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
    args = parser.parse_args()
    base = serve()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        pages = {
            "bare PyScript page": f"{base}/bench/bare.html",
            "Attika game page": f"{base}/index.html?players=4&seed=1",
            "game page, config as TOML": f"{base}/bench-index-toml.html?players=4&seed=1",
            "one embedded position": f"{base}/embed.html?scenario=free-build",
            "rules page, 11 positions": f"{base}/rules.html",
        }
        runs: dict[str, list[tuple[float, int, int]]] = {label: [] for label in pages}
        cold_start(browser, pages["bare PyScript page"])  # warm the OS file cache once
        for _ in range(args.runs):  # interleaved, so machine noise hits all alike
            for label, url in pages.items():
                runs[label].append(cold_start(browser, url))
        tapped = taps(browser, base, args.taps)
        browser.close()

    medians = {label: statistics.median(s for s, _, _ in r) for label, r in runs.items()}
    b = medians["bare PyScript page"]
    print(f"start-up, navigation to data-ready (median of {args.runs} cold starts)")
    for label, median in medians.items():
        listed = ", ".join(f"{s:.2f}" for s, _, _ in runs[label])
        ratio = "" if median == b else f"  x{median / b:.2f}"
        print(f"  {label:28}{median:8.2f} s{ratio:7}  runs: {listed}")
    print("  goal: the game page within 1.25 times the bare page")
    toml, json_ = medians["game page, config as TOML"], medians["Attika game page"]
    print(f"  configuration as TOML / as JSON: {toml / json_:.2f} ({toml - json_:+.2f} s)")
    print("cold load, transferred")
    for label, r in runs.items():
        _, n, size = r[-1]
        print(f"  {label:28}{n:5d} requests {size / 1e6:8.2f} MB")
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
