"""Two installs of one commit write the same files, byte for byte.

Every player's service worker keeps the game under a cache named after a hash of its files
(web/vendor/precache.js); an install that wrote other bytes for the same sources (the Python
snapshot held the maker's clock, randomness and paths) made every player download all 23 MB
again after each deploy. Here the install step's generating part runs again, in a fresh copy
of the tracked files in a folder of another depth, time zone and language, and every file it
writes is compared with what this checkout's own install wrote (the test command installs
first, so that install is the first of the two).
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: What the install step writes from the sources (the rest of the tree is the commit).
WRITTEN = ["pyscript.json", "web/languages.js", "web/position.css", "web/previews", "web/vendor"]

pytestmark = pytest.mark.slow


def generating_steps() -> list[str]:
    """The install step's own Python generators, in its order (scripts/install.sh), so that a
    step added there is run here too; then scripts/vendor.mjs, which npm runs after them."""
    text = (ROOT / "scripts" / "install.sh").read_text()
    steps = re.findall(r"^\.venv/bin/python (scripts/\w+\.py)\s*$", text, flags=re.M)
    assert steps, "scripts/install.sh runs no generator: this test no longer knows the steps"
    return steps


def copy_commit(dest: Path) -> None:
    tracked = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, check=True, capture_output=True
    ).stdout.split(b"\0")
    for name in filter(None, tracked):
        source = ROOT / name.decode()
        if source.is_file():
            (dest / name.decode()).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, dest / name.decode())
    (dest / "node_modules").symlink_to(ROOT / "node_modules")  # npm ci: pinned by its lock


def install(dest: Path, zone: str, language: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "TZ": zone, "LANG": language, "PYTHONPATH": str(dest)}
    script = " && ".join(
        [f"{sys.executable} {step}" for step in generating_steps()] + ["node scripts/vendor.mjs"]
    )
    return subprocess.Popen(
        ["bash", "-c", script], cwd=dest, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
    )


def written(root: Path) -> dict[str, str]:
    found: dict[str, str] = {}
    for top in WRITTEN:
        paths = [root / top] if (root / top).is_file() else sorted((root / top).rglob("*"))
        for path in paths:
            if path.is_file():
                found[str(path.relative_to(root))] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def test_two_installs_of_one_commit_write_the_same_files(tmp_path: Path) -> None:
    if not (ROOT / "node_modules" / "pyodide").is_dir():
        pytest.fail("node_modules is missing: run bash scripts/install.sh first")
    other = tmp_path / "a" / "much" / "longer" / "other"
    other.mkdir(parents=True)
    copy_commit(other)
    run = install(other, "Pacific/Auckland", "de_DE.UTF-8")
    output = run.communicate(timeout=600)[0].decode()
    assert run.returncode == 0, output
    first, second = written(ROOT), written(other)
    assert any(name.startswith("web/vendor/snapshot/") for name in first), sorted(first)
    assert first.keys() == second.keys(), "run bash scripts/install.sh after changing sources"
    differ = sorted(name for name in first if first[name] != second[name])
    assert differ == [], (
        f"two installs of one commit wrote different {differ} (if this checkout changed since "
        "its last install, run bash scripts/install.sh first)"
    )
    kept = re.search(r'"version": "(\w+)"', (ROOT / "web/vendor/precache.js").read_text())
    made = re.search(r"version (\w+)", output)
    assert kept and made and kept[1] == made[1]
