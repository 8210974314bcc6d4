"""Strong decision time, CPython and Pyodide in one run, with and without the page's time cap.

    python bench/thinking.py [--positions N]

Runs bench/thinking_workload.py under CPython and under Pyodide in Node (the vendored
Pyodide, as bench/rules.py does; after ``bash scripts/install.sh``): the same positions,
N per player count (2, 3 and 4 players) taken along normal-vs-normal games, every kind of
decision. Prints wall-clock seconds per decision, median / 95th percentile / max, with the
former 2.5 s cap (bench/thinking_workload.py) and without, the Pyodide / CPython ratio,
and how many decisions the cap cut short. Goal (issue 13): in Pyodide a median of 1.5 s or
less and a 95th percentile of 3 s or less. Wall time, so a busy machine inflates it: note
the load printed at the start.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from attika.cli import percentile  # noqa: E402

Row = dict[str, Any]


def run(command: list[str]) -> dict[str, Any]:
    """The workload's figures, with the whole run's wall and processor seconds: a share of
    processor time well under 1 means other work on the machine slowed this run."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    out = subprocess.run(command, cwd=ROOT, env=env, check=True, capture_output=True, text=True)
    after, wall = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter() - start
    figures: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    figures["wall"] = wall
    figures["cpu"] = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return figures


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):7.2f}{percentile(values, 0.95):7.2f}{max(values):7.2f}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--positions", type=int, default=20, help="per player count")
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at start")
    work = ["bench/thinking_workload.py", "--positions", str(args.positions)]
    cpython = run([sys.executable, *work])
    pyodide = run(["node", "bench/pyodide_run.mjs", *work])
    print(f"load average {os.getloadavg()[0]:.2f} at end")
    for name, figures in (("CPython", cpython), ("Pyodide", pyodide)):
        print(
            f"{name} run: {figures['wall']:.0f} s wall, {figures['cpu']:.0f} s processor "
            f"({figures['cpu'] / figures['wall']:.0%}; Pyodide's includes about 10 s loading)"
        )
    a_rows: list[Row] = cpython["rows"]
    b_rows: list[Row] = pyodide["rows"]
    assert [r["at"] for r in a_rows] == [r["at"] for r in b_rows], "the same positions"
    differ = sum(
        a["action"] != b["action"] for a, b in zip(a_rows, b_rows, strict=True) if not b["cut"]
    )
    head_a, head_b = f"CPython {cpython['python']}", f"Pyodide {pyodide['python']}"
    print(
        f"strong decision, wall seconds, {args.positions} positions per player count "
        f"(cap {pyodide['cap']} s)"
    )
    print(f"{'':26}{head_a:>21}{head_b:>21}  ratio of medians")
    print(f"{'':26}{'median    p95    max':>21}{'median    p95    max':>21}")
    for label, keep in (
        ("2 players", lambda r: r["players"] == 2),
        ("3 players", lambda r: r["players"] == 3),
        ("4 players", lambda r: r["players"] == 4),
        ("all", lambda r: True),
        ("all, searched only", lambda r: r["full_steps"] > 0),
    ):
        for key, what in (("capped_s", "capped"), ("full_s", "no cap")):
            a = [r[key] for r in a_rows if keep(r)]
            b = [r[key] for r in b_rows if keep(r)]
            ratio = statistics.median(b) / statistics.median(a)
            print(f"{label + ', ' + what:26}{spread(a):>21}{spread(b):>21}{ratio:8.2f}")
    print("  goal: Pyodide median 1.5 s or less, p95 3 s or less")
    for name, rows in (("CPython", a_rows), ("Pyodide", b_rows)):
        cut = [r for r in rows if r["cut"]]
        changed = sum(not r["same"] for r in cut)
        by_players = Counter(r["players"] for r in cut)
        print(
            f"{name}: the cap cut {len(cut)} of {len(rows)} decisions short "
            f"(by players: {dict(sorted(by_players.items()))}), {changed} of them chose "
            f"another action than the full search"
        )
    kinds = Counter(r["kind"] for r in b_rows)
    searched = Counter(r["kind"] for r in b_rows if r["full_steps"] > 0)
    print(
        "decisions by kind (searched / all): "
        + ", ".join(f"{k} {searched[k]}/{n}" for k, n in kinds.most_common())
    )
    print(f"uncut decisions choosing differently on the two interpreters: {differ}")
    slowest = sorted(b_rows, key=lambda r: -r["capped_s"])[:5]
    print(
        "slowest in Pyodide (capped): "
        + "; ".join(
            f"{r['players']}p at {r['at']}: {r['capped_s']:.2f} s ({r['action']})" for r in slowest
        )
    )


if __name__ == "__main__":
    main()
