"""A real Nostr relay for the tests of play over the internet, and a copy of the site whose
setting names it. The relay (PyPI nostr-relay) listens on a free loopback port only, keeps its
database and everything else in a temporary folder, and is stopped when the session ends.
The context managers serve bench/peer_link.py too; the fixtures wrap them for pytest."""

from __future__ import annotations

import functools
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from scripts import site

ROOT = Path(__file__).resolve().parent.parent

#: How long the relay may take to start on a busy machine.
START_S = 30
#: What a copy of the site leaves out: tools, tests and what git keeps.
LEFT_OUT = (".git", ".venv", "node_modules", "tests", "bench", "docs", "test-results", "vendor")
CONFIG = """\
DEBUG: false
relay_name: attika test relay
storage:
  sqlalchemy.url: sqlite+aiosqlite:///{database}
  num_concurrent_reqs: 10
  num_concurrent_adds: 2
  validators:
    - nostr_relay.validators.is_not_too_large
    - nostr_relay.validators.is_signed
    - nostr_relay.validators.is_recent
verification:
  nip05_verification: disabled
gunicorn:
  bind: 127.0.0.1:{port}
  workers: 1
  loglevel: warning
  reload: false
authentication:
  enabled: false
message_timeout: 1800
subscription_limit: 32
max_limit: 6000
"""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _listening(port: int) -> bool:
    with socket.socket() as probe:
        probe.settimeout(0.5)
        return probe.connect_ex(("127.0.0.1", port)) == 0


@contextmanager
def local_relay(folder: Path) -> Iterator[str]:
    """ws://127.0.0.1:PORT of a Nostr relay that runs until the block ends."""
    port = _free_port()
    config = folder / "relay.yaml"
    config.write_text(CONFIG.format(database=folder / "relay.sqlite3", port=port), "utf-8")
    program = Path(sys.executable).with_name("nostr-relay")
    if not program.exists():
        raise RuntimeError("nostr-relay is not installed: run bash scripts/install.sh")
    # HOME and the working folder are the temporary one, so nothing is left anywhere else
    env = {**os.environ, "HOME": str(folder), "TMPDIR": str(folder)}
    with (folder / "relay.log").open("w") as log:
        relay = subprocess.Popen(
            [str(program), "-c", str(config), "serve", "--use-uvicorn"],
            cwd=folder,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            deadline = time.monotonic() + START_S
            while not _listening(port):
                if relay.poll() is not None or time.monotonic() > deadline:
                    said = (folder / "relay.log").read_text()[-2000:]
                    raise RuntimeError(f"the relay did not start: {said}")
                time.sleep(0.2)
            yield f"ws://127.0.0.1:{port}"
        finally:
            relay.terminate()
            try:
                relay.wait(timeout=10)
            except subprocess.TimeoutExpired:
                relay.kill()
                relay.wait()


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def site_with_relay(folder: Path, relay: str) -> Iterator[str]:
    """The address of a copy of the site in `folder`, served on loopback until the block ends,
    with play over the internet on through `relay` (and no STUN server: all stays here)."""
    shutil.copytree(ROOT, folder, dirs_exist_ok=True, ignore=shutil.ignore_patterns(*LEFT_OUT))
    (folder / "web" / "vendor").symlink_to(ROOT / "web" / "vendor")
    setting = folder / "site.toml"
    setting.write_text(f'[internet]\nenabled = true\nrelays = ["{relay}"]\n', "utf-8")
    harness = "e2e/peer_harness.html"
    if site.main(["--root", str(folder), "--setting", str(setting), "--page", harness]) != 0:
        raise RuntimeError("the test setting was not applied")
    handler = functools.partial(_Quiet, directory=str(folder))
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture(scope="session")
def nostr_relay(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A Nostr relay for this test session, on loopback."""
    with local_relay(tmp_path_factory.mktemp("nostr-relay")) as url:
        yield url


@pytest.fixture(scope="session")
def relayed_site(tmp_path_factory: pytest.TempPathFactory, nostr_relay: str) -> Iterator[str]:
    """A copy of the site whose setting names the session's relay, served on loopback."""
    with site_with_relay(tmp_path_factory.mktemp("site"), nostr_relay) as base:
        yield base
