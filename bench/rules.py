"""Rules benchmark: CPython and Pyodide figures from one run, and their ratio.

    python bench/rules.py [--quick]

Prints the median time of legal_actions() in a mid-game 4-player position
(goal: 2 ms or less on CPython), whole random 4-player games per second, and
how many times slower Pyodide (in Node) does the same work (goal: 4 or less).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


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
    ]
    for label, key, higher_is_better in rows:
        a, b = cpython[key], pyodide[key]
        ratio = a / b if higher_is_better else b / a
        print(f"{label:28}{a:>18.3f}{b:>18.3f}{ratio:>8.2f}")
    print(
        f"(mid-game position: {cpython['legal_actions_count']} legal actions; "
        f"a random 4-player game: {cpython['actions_per_game']:.0f} actions)"
    )


if __name__ == "__main__":
    main()
