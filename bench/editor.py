"""Editor benchmark: how soon editor.html can be edited, and how long an edit takes.

    python bench/editor.py [--runs N] [--edits N]

Measured in Debian's Chromium (headless), served from 127.0.0.1, each run in a fresh
browser context (cold: Pyodide from the network cache of that context only):

- ready: from navigation to the first editable board (``body[data-ready]``), in seconds;
- an edit: from a tap on a hex (painting it) to the redrawn board showing the new landscape
  (rules read the whole scenario back after every change), in milliseconds, median and the
  slowest of ``--edits`` taps; the baseline in the same run is a tap on a tool button,
  which redraws the same page without painting anything.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.page import serve  # noqa: E402
from e2e.conftest import ARGS, CHROMIUM  # noqa: E402

LANDS = ("hill", "mountain", "forest", "water")


def timed_tap(page: Page, selector: str, done: str) -> float:
    start = time.perf_counter()
    page.click(selector)
    page.wait_for_selector(done, state="attached")
    return (time.perf_counter() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--edits", type=int, default=12)
    args = parser.parse_args()
    base = serve()
    ready: list[float] = []
    edits: list[float] = []
    tools: list[float] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for _ in range(args.runs):
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            page = context.new_page()
            start = time.perf_counter()
            page.goto(f"{base}/editor.html")
            page.wait_for_selector("body[data-ready='1']", timeout=120_000)
            ready.append(time.perf_counter() - start)
            for i in range(args.edits):
                land = LANDS[i % 4]
                tools.append(
                    timed_tap(page, f"[data-cmd=tool][data-arg={land}]", f"[data-arg={land}].on")
                )
                edits.append(timed_tap(page, '[data-hex="0,0"]', f'[data-hex="0,0"].l-{land}'))
            context.close()
        browser.close()
    print(f"editor, {args.runs} runs of {args.edits} edits")
    print(
        f"  ready to edit after navigation (cold context): median {statistics.median(ready):.1f} s"
    )
    med, slow = statistics.median(edits), max(edits)
    base_med = statistics.median(tools)
    print(f"  paint a hex, tap to redrawn board: median {med:.0f} ms, slowest {slow:.0f} ms")
    print(f"  baseline, a tool button (same redraw, no change): median {base_med:.0f} ms")
    print(f"  ratio edit / baseline: {med / base_med:.2f}")


if __name__ == "__main__":
    main()
