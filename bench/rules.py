"""Rules benchmark: CPython and Pyodide figures from one run, and their ratio.

    python bench/rules.py [--quick]

Prints the median time of legal_actions() in a mid-game 4-player position
(goal: 2 ms or less on CPython), whole random 4-player games per second, push+pop
per second, a random playout to the end the old way (copy, list every legal action,
apply) against the search way (random_action, push, then pop back; goal: 30 ms or
less on CPython), and how many times slower Pyodide (in Node) does the same work.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLAYOUT = (4, 7, 200)


def run(command: list[str]) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run(command, cwd=ROOT, env=env, check=True, capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    extra = ["--quick"] if "--quick" in sys.argv else []
    cpython = run([sys.executable, "bench/workload.py", *extra])
    pyodide = run(["node", "bench/pyodide_run.mjs", "bench/workload.py", *extra])
    head_a, head_b = f"CPython {cpython['python']}", f"Pyodide {pyodide['python']}"
    print(f"{'':28}{head_a:>18}{head_b:>18}{'ratio':>8}")
    rows = [
        ("legal_actions() median, ms", "legal_actions_ms", False),
        ("random 4p games per second", "random_games_per_s", True),
        ("push+pop per second", "push_pop_per_s", True),
        ("playout, listing+apply, ms", "playout_listing_ms", False),
        ("playout, random+push, ms", "playout_push_ms", False),
        ("random playouts per second", "playouts_per_s", True),
    ]
    for label, key, higher_is_better in rows:
        a, b = cpython[key], pyodide[key]
        ratio = a / b if higher_is_better else b / a
        print(f"{label:28}{a:>18.3f}{b:>18.3f}{ratio:>8.2f}")
    print(
        f"(mid-game position: {cpython['legal_actions_count']} legal actions; "
        f"a random 4-player game: {cpython['actions_per_game']:.0f} actions)"
    )
    for name, figures in (("CPython", cpython), ("Pyodide", pyodide)):
        speedup = figures["playout_listing_ms"] / figures["playout_push_ms"]
        print(
            f"{name} playout from random_position{PLAYOUT}: listing+apply "
            f"{figures['playout_listing_ms']:.1f} ms ({figures['playout_listing_actions']:.0f} "
            f"actions), random_action+push {figures['playout_push_ms']:.1f} ms "
            f"({figures['playout_push_actions']:.0f} actions): x{speedup:.1f} faster"
        )


if __name__ == "__main__":
    main()
