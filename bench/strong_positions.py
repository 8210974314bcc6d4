"""Strong decisions on saved positions, as the page drives them; runs under CPython or Pyodide.

    python bench/strong_positions.py FILE [--limit N] [--slice SECONDS] [--level LEVEL]
    node bench/pyodide_run.mjs bench/strong_positions.py FILE [--limit N] [--slice SECONDS]

FILE holds one decided view and seed a line (``bench/strong_work.py --save``: positions
from real strong games, the slow ones included). Each is decided through
``attika.thinking`` with no time cap, so the figure is the budget's own cost; ``--level``
decides the same positions with another level (``normal``, which also thinks in slices). Prints, per
player count, wall seconds per decision (median, 95th percentile, max) and the longest
stretch between two yields (what a page slice can overrun by: the page's long tasks),
the garbage collections run while deciding and the longest of them (a collection lands in
some slice and lengthens it), the decisions with the longest stretches, then one JSON line
of every figure. With ``--slice`` the search runs as the page runs it, in slices of that
many seconds (the page's is ``web.play.computers.SLICE``, 0.025), and a stretch is a whole
slice: the page's task, less the few lines that start the next slice.

Under Pyodide ``time.process_time`` is wall time, so on a shared machine it counts the
time the process waited for a core; there the processor figures are Node's own processor
time (``process.cpuUsage``, every thread of the Node process, so a little more than the
interpreter's), which a loaded machine does not inflate.
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from attika import thinking
from attika.cli import percentile


def processor_clock() -> Callable[[], float]:
    """Seconds of processor time: CPython's own, or under Pyodide in Node the Node
    process's (Pyodide's process_time is the wall clock)."""
    if sys.platform != "emscripten":
        return time.process_time
    from js import process  # type: ignore[import-not-found]  # Node's global, under Pyodide

    def node() -> float:
        used = process.cpuUsage()
        return float(used.user + used.system) / 1e6

    return node


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("--limit", type=int, help="at most this many positions per player count")
    parser.add_argument(
        "--slice", type=float, help="think in slices of this many seconds between yields"
    )
    parser.add_argument("--level", default="strong", help="the level that decides (strong)")
    args = parser.parse_args()
    lines = Path(args.file).read_text(encoding="utf-8").splitlines()
    taken: dict[int, int] = {}
    rows = []
    clock = processor_clock()
    collections = [0]
    #: When the running collection started (processor seconds), and the longest one.
    collecting = [0.0, 0.0]

    def counted(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collections[0] += 1
            collecting[0] = clock()
        else:
            collecting[1] = max(collecting[1], clock() - collecting[0])

    gc.callbacks.append(counted)
    for line in lines:
        item = json.loads(line)
        view, seed = item["view"], item["seed"]
        players = len(view["players"])
        if args.limit is not None and taken.get(players, 0) >= args.limit:
            continue
        taken[players] = taken.get(players, 0) + 1
        steps = thinking(args.level, view, seed)
        cpu = clock()
        start = last = time.perf_counter()
        gap = cpu_gap = 0.0
        cpu_last = cpu
        try:
            while True:
                if args.slice is None:
                    next(steps)
                else:  # as web.play.computers.Thinking.work does
                    begun = time.perf_counter()
                    while time.perf_counter() - begun < args.slice:
                        next(steps)
                now, cpu_now = time.perf_counter(), clock()
                gap, cpu_gap = max(gap, now - last), max(cpu_gap, cpu_now - cpu_last)
                last, cpu_last = now, cpu_now
        except StopIteration:
            pass
        now = time.perf_counter()
        cpu_gap = max(cpu_gap, clock() - cpu_last)
        rows.append(
            {
                "players": players,
                "s": now - start,
                "cpu": clock() - cpu,
                "gap": max(gap, now - last),
                "cpu_gap": cpu_gap,
            }
        )
    gc.callbacks.remove(counted)
    version = sys.version.split()[0]
    print(
        f"garbage collections while deciding: {collections[0]}, the longest "
        f"{1000 * collecting[1]:.1f} ms of processor time"
    )
    slowest = sorted(range(len(rows)), key=lambda k: -rows[k]["cpu_gap"])[:5]
    print(
        "longest stretches, processor ms (decision): "
        + ", ".join(f"{1000 * rows[k]['cpu_gap']:.0f} ({k})" for k in slowest)
    )
    if args.slice is not None:
        print(f"slices of {1000 * args.slice:.0f} ms: a stretch is a whole slice")
    print(f"{args.level} decisions on {len(rows)} saved positions, wall seconds, Python {version}")
    print(
        f"{'players':>7} {'n':>4} {'median':>7} {'p95':>7} {'max':>7} {'longest step':>12}"
        f"   processor: {'median':>7} {'p95':>7} {'max':>7} {'longest step':>12}"
    )
    for players in [*sorted({r["players"] for r in rows}), 0]:
        chosen = [r for r in rows if players in (0, r["players"])]
        s = [r["s"] for r in chosen]
        c = [r["cpu"] for r in chosen]
        g = [r["gap"] for r in chosen]
        cg = [r["cpu_gap"] for r in chosen]
        print(
            f"{players or 'all':>7} {len(s):>4} {statistics.median(s):>7.3f} "
            f"{percentile(s, 0.95):>7.3f} {max(s):>7.3f} {max(g):>12.3f}"
            f"              {statistics.median(c):>7.3f} {percentile(c, 0.95):>7.3f} {max(c):>7.3f}"
            f" {max(cg):>12.3f}"
        )
    print(json.dumps({"python": sys.version.split()[0], "rows": rows}))


if __name__ == "__main__":
    main()
