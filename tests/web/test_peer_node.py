"""The transport of own-device play is JavaScript (web/peer/); its unit tests run under node's
test runner (tests/peer/*.test.mjs). Run from here so the README's test command runs them too."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_the_peer_modules_pass_their_node_tests() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed: run bash scripts/install.sh")
    tests = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests" / "peer").glob("*.test.mjs"))
    assert tests, "no tests in tests/peer/"
    done = subprocess.run(
        [node, "--test", *tests], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
