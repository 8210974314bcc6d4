"""Computer players in the page: tap latency while a strong player thinks, memory, pace.

    python bench/computers_page.py [--rounds N] [--turns T]

In Debian's Chromium (headless, as e2e/ runs it), served from 127.0.0.1, each part in a
fresh browser so the renderer's peak memory is its own:

- taps while two strong computers play each other (``index.html?players=2&seed=4&seats=
  strong,strong``, played on with "Faster" so most of the time is spent thinking) against
  the same taps on the same page paused (nothing thinking), in one run: the Log button
  (open, close), zoom in, zoom out and a pan (a mouse drag on the board). Each is real input
  (CDP), timed in the page from the input event's time stamp (when the browser received
  it, so time spent waiting for a slice of thinking to end counts) to the DOM change the
  handler makes ("response"), to the next animation frame's callback ("raf": the frame
  begins, layout and paint follow in the same task) and to a timer set in that callback
  ("frame": as bench/page.py measures, by when the frame has been painted);
  goal: 100 ms or less;
- the peak memory of the page's renderer process (``VmHWM`` in ``/proc/<pid>/status``) and
  the largest JS heap sampled (CDP ``Performance.getMetrics``, every second), for a
  pass-and-play game of two people played by taps (the moves the normal player would make)
  against a game of two strong computers, both for the same number of turns; goal: less
  than 25% more with computers;
- the pace: seconds between two computer actions appearing in the log (normal speed for
  the first half of the turns, "Faster" for the rest), which is the pace or the thinking
  time, whichever is longer.
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import attika  # noqa: E402
from attika.actions import EndTurn  # noqa: E402
from attika.cli import percentile  # noqa: E402
from attika.players import make_player  # noqa: E402
from attika.rng import Rng  # noqa: E402
from bench.page import serve  # noqa: E402
from e2e.conftest import ARGS, CHROMIUM  # noqa: E402
from e2e.driver import play  # noqa: E402

PLAYERS, SEED = 2, 4
GAME = f"index.html?players={PLAYERS}&seed={SEED}"

#: In the page: the time of the latest input event of each kind, a watch on one element's
#: attribute, and when that changed after the input (and the next frame after that).
PROBE = """() => {
  const p = (window.__probe = { last: {}, result: null, observer: null });
  for (const type of ["click", "pointermove"]) {
    addEventListener(type, (e) => { p.last[type] = e.timeStamp; }, { capture: true });
  }
  p.arm = (selector, attribute, type) => {
    p.last = {};
    p.result = null;
    if (p.observer) p.observer.disconnect();
    p.observer = new MutationObserver(() => {
      const input = p.last[type];
      if (input === undefined || p.result) return;  // a redraw, not our input's answer
      const response = performance.now();
      p.result = { input, response, raf: null, frame: null };
      p.observer.disconnect();
      requestAnimationFrame(() => {
        p.result.raf = performance.now();
        setTimeout(() => { p.result.frame = performance.now(); }, 0);
      });
    });
    p.observer.observe(document.querySelector(selector), { attributes: true,
      attributeFilter: [attribute] });
  };
}"""

#: When each batch of log lines appeared (one batch per shown action), from a MutationObserver.
LOG_WATCH = """() => {
  const times = (window.__logTimes = []);
  const list = document.getElementById("log-list");
  let count = list.querySelectorAll("li:not(.turnmark)").length;
  new MutationObserver(() => {
    const now = list.querySelectorAll("li:not(.turnmark)").length;
    if (now > count) times.push(performance.now());
    count = now;
  }).observe(list, { childList: true, subtree: true });
}"""

Taps = dict[str, dict[str, list[float]]]


def open_page(browser: Browser, url: str) -> Page:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=120_000)
    return page


def gesture(page: Page, name: str) -> None:
    if name in ("log open", "log close"):
        page.mouse.click(*centre(page, "[data-cmd=log]"))
    elif name == "zoom in":
        page.mouse.click(*centre(page, "[data-view=in]"))
    elif name == "zoom out":
        page.mouse.click(*centre(page, "[data-view=out]"))
    else:  # a pan: press on the board and move past the tap slop in one step
        x, y = centre(page, "#board")
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(x + 60, y + 30)
        page.mouse.up()


def centre(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


WATCH = {
    "log open": ("#log", "hidden", "click"),
    "log close": ("#log", "hidden", "click"),
    "zoom in": ("#board", "viewBox", "click"),
    "zoom out": ("#board", "viewBox", "click"),
    "pan": ("#board", "viewBox", "pointermove"),
}


def tap_round(page: Page, out: Taps, busy: list[bool]) -> None:
    """Every gesture once; response and frame times in ms, and whether a computer was to
    move (``aria-busy``) when each was made."""
    for name, (selector, attribute, kind) in WATCH.items():
        page.evaluate("([s, a, t]) => window.__probe.arm(s, a, t)", [selector, attribute, kind])
        busy.append(page.locator(".act.computer[aria-busy=true]").count() > 0)
        gesture(page, name)
        page.wait_for_function("() => window.__probe.result && window.__probe.result.frame")
        r = page.evaluate("() => window.__probe.result")
        out.setdefault(name, {"response": [], "raf": [], "frame": []})
        for what in ("response", "raf", "frame"):
            out[name][what].append(r[what] - r["input"])
        page.wait_for_timeout(60)


def taps(pw: Playwright, base: str, rounds: int) -> tuple[Taps, Taps, list[bool]]:
    """The same taps on the paused demonstration and while it plays (Faster)."""
    browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    page = open_page(browser, f"{base}/{GAME}&seats=strong,strong")
    page.evaluate(PROBE)
    idle: Taps = {}
    thinking: Taps = {}
    busy: list[bool] = []
    for _ in range(rounds):
        tap_round(page, idle, [])
    page.click("[data-cmd=speed]")
    page.click("[data-cmd=pause]")  # play on
    page.wait_for_timeout(500)
    for _ in range(rounds):
        tap_round(page, thinking, busy)
    browser.close()
    return idle, thinking, busy


def renderer_peak(browser: Browser) -> int:
    """VmHWM in kB of the renderer that worked most (the page's, not a spare one)."""
    info = browser.new_browser_cdp_session().send("SystemInfo.getProcessInfo")["processInfo"]
    renderers = [p for p in info if p["type"] == "renderer"]
    busiest = max(renderers, key=lambda p: p["cpuTime"])
    for line in Path(f"/proc/{busiest['id']}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    raise RuntimeError("no VmHWM")


class HeapSampler:
    """The largest JSHeapUsedSize seen, sampled whenever asked."""

    def __init__(self, page: Page) -> None:
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.send("Performance.enable")
        self.peak = 0.0

    def sample(self) -> None:
        metrics = self.cdp.send("Performance.getMetrics")["metrics"]
        used = next(m["value"] for m in metrics if m["name"] == "JSHeapUsedSize")
        self.peak = max(self.peak, used)


def turns_shown(page: Page) -> int:
    return page.locator("#log-list li.turnmark").count()


def people_game(pw: Playwright, base: str, turns: int) -> dict[str, float]:
    """Pass-and-play: two people play ``turns`` turns by taps (the normal player's moves)."""
    browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    page = open_page(browser, f"{base}/{GAME}")
    if page.locator("[data-cmd=continue]").count():
        page.click("[data-cmd=continue]")
    heap = HeapSampler(page)
    game = attika.new_game(PLAYERS, SEED)
    normal, rng = make_player("normal"), Rng(SEED)
    actions, ended, start, last = 0, 0, time.perf_counter(), 0.0
    while ended < turns:
        action = normal.choose(game.view(game.current), rng)
        try:
            play(page, game, str(action))
        except Exception:
            page.screenshot(path="bench-failure.png")  # what the page showed instead
            print(f"failed at action {actions}: {action}", file=sys.stderr)
            raise
        actions += 1
        ended += isinstance(action, EndTurn)
        if time.perf_counter() - last > 1:
            heap.sample()
            last = time.perf_counter()
    page.wait_for_timeout(500)
    heap.sample()
    figures = {
        "turns": turns,
        "actions": actions,
        "seconds": time.perf_counter() - start,
        "vmhwm_kb": renderer_peak(browser),
        "heap_peak": heap.peak,
    }
    browser.close()
    return figures


def computer_game(pw: Playwright, base: str, turns: int) -> dict[str, Any]:
    """Two strong computers play ``turns`` turns: first half at normal pace, then Faster."""
    browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    page = open_page(browser, f"{base}/{GAME}&seats=strong,strong")
    heap = HeapSampler(page)
    page.evaluate(LOG_WATCH)
    start = time.perf_counter()
    page.click("[data-cmd=pause]")  # play on
    switched_at = math.inf
    while turns_shown(page) <= turns:  # the mark of turn T+1 appears when turn T ends
        heap.sample()
        if switched_at == math.inf and turns_shown(page) > turns // 2:
            switched_at = page.evaluate("performance.now()")
            page.click("[data-cmd=speed]")
        page.wait_for_timeout(1000)
    page.click("[data-cmd=pause]")
    page.wait_for_timeout(500)
    heap.sample()
    times: list[float] = page.evaluate("window.__logTimes")
    figures = {
        "turns": turns,
        "actions": len(times),
        "seconds": time.perf_counter() - start,
        "vmhwm_kb": renderer_peak(browser),
        "heap_peak": heap.peak,
        "normal_gaps": [(b - a) / 1000 for a, b in itertools.pairwise(times) if b < switched_at],
        "fast_gaps": [(b - a) / 1000 for a, b in itertools.pairwise(times) if a > switched_at],
    }
    browser.close()
    return figures


def spread(values: list[float], fmt: str = "8.1f") -> str:
    return "".join(
        format(v, fmt) for v in (statistics.median(values), percentile(values, 0.95), max(values))
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=20, help="taps of each kind, per state")
    parser.add_argument("--turns", type=int, default=12, help="turns played for memory")
    parser.add_argument("--skip-taps", action="store_true")
    parser.add_argument("--skip-memory", action="store_true")
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at start")
    base = serve()
    with sync_playwright() as pw:
        if not args.skip_taps:
            idle, thinking, busy = taps(pw, base, args.rounds)
            print(
                f"input to response / to next frame, ms ({args.rounds} of each; "
                f"{sum(busy)} of {len(busy)} taps made while a computer was to move)"
            )
            print(f"  {'':22}{'nothing thinking':>24}{'strong thinking':>24}   ratio")
            print(f"  {'':22}{'median   p95   max':>24}{'median   p95   max':>24}")
            every: dict[str, list[float]] = {"idle": [], "busy": []}
            for name in WATCH:
                for what in ("response", "raf", "frame"):
                    a, b = idle[name][what], thinking[name][what]
                    if what == "frame":
                        every["idle"] += a
                        every["busy"] += b
                    ratio = statistics.median(b) / max(statistics.median(a), 0.1)
                    print(f"  {name + ', ' + what:22}{spread(a):>24}{spread(b):>24}{ratio:8.1f}")
            print(f"  {'all taps, frame':22}{spread(every['idle']):>24}{spread(every['busy']):>24}")
            print("  goal: 100 ms or less")
        if not args.skip_memory:
            people = people_game(pw, base, args.turns)
            computers = computer_game(pw, base, args.turns)
            print(f"memory, {args.turns} turns of a 2-player game (seed {SEED})")
            print(f"  {'':34}{'pass-and-play':>16}{'two strong':>16}{'ratio':>8}")
            for label, key, scale in (
                ("actions shown", "actions", 1),
                ("seconds played", "seconds", 1),
                ("renderer peak (VmHWM), MB", "vmhwm_kb", 1 / 1024),
                ("JS heap used, largest sample, MB", "heap_peak", 1 / 1e6),
            ):
                without, with_ = people[key] * scale, computers[key] * scale
                print(f"  {label:34}{without:16.1f}{with_:16.1f}{with_ / without:8.2f}")
            print("  goal: renderer peak with computers less than 1.25 times without")
            print("pace, seconds between two shown computer actions (two strong, 2 players)")
            print(f"  {'':22}{'n':>5}{'median':>8}{'p95':>8}{'max':>8}{'min':>8}")
            for label, key in (
                ("normal (0.7 s)", "normal_gaps"),
                ("Faster (0.25 s)", "fast_gaps"),
            ):
                gaps = computers[key]
                print(f"  {label:22}{len(gaps):5d}{spread(gaps, '8.2f')}{min(gaps):8.2f}")
    print(f"load average {os.getloadavg()[0]:.2f} at end")


if __name__ == "__main__":
    main()
