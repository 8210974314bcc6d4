"""The site setting for play over the internet (site.toml, applied by scripts/site.py): off as
committed, with pages byte for byte as committed; on, every page's policy lets the page connect
to exactly the relays named; a setting that is not valid changes nothing."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from scripts import site

ROOT = Path(__file__).resolve().parents[2]
ON = """
[internet]
enabled = true
relays = ["wss://relay.example.org", "wss://nostr.example.net:7447/ws", "ws://127.0.0.1:7000"]
stun = ["stun:stun.example.org:3478"]
"""


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """The pages of the site in a folder of their own, to apply settings to."""
    for name in site.PAGES:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / name, tmp_path / name)
    (tmp_path / "web").mkdir()
    return tmp_path


def setting(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "setting.toml"
    path.write_text(text, "utf-8")
    return path


def connect_src(html: str) -> str:
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html)
    assert policy, "the page has no content security policy"
    found = re.search(r"connect-src ([^;]+)", policy.group(1))
    assert found, "the policy has no connect-src"
    return found.group(1)


def site_script(root: Path) -> dict[str, object]:
    text = (root / "web" / "site.js").read_text("utf-8")
    found = re.search(r"Object\.freeze\((.*)\);", text)
    assert found, text
    return json.loads(found.group(1))  # type: ignore[no-any-return]


def test_the_committed_setting_is_off_and_leaves_every_page_as_committed(copy: Path) -> None:
    assert site.load(ROOT / "site.toml").internet is False
    assert site.main(["--root", str(copy)]) == 0
    for name in site.PAGES:
        assert (copy / name).read_bytes() == (ROOT / name).read_bytes(), name
        assert connect_src((copy / name).read_text("utf-8")) == "'self'"
    assert site_script(copy) == {"internet": False, "relays": [], "iceServers": []}


def test_turned_on_every_page_may_connect_to_exactly_the_relays_named(copy: Path) -> None:
    assert site.main(["--root", str(copy), "--setting", str(setting(copy, ON))]) == 0
    for name in site.PAGES:
        html = (copy / name).read_text("utf-8")
        assert connect_src(html) == (
            "'self' wss://relay.example.org wss://nostr.example.net:7447 ws://127.0.0.1:7000"
        ), name
        # nothing else in the policy moved
        assert re.sub(r"connect-src [^;]+", "", html) == re.sub(
            r"connect-src [^;]+", "", (ROOT / name).read_text("utf-8")
        )
    assert site_script(copy) == {
        "internet": True,
        "relays": [
            "wss://relay.example.org",
            "wss://nostr.example.net:7447/ws",
            "ws://127.0.0.1:7000",
        ],
        "iceServers": [{"urls": "stun:stun.example.org:3478"}],
    }
    # and off again: the pages are as committed once more
    assert site.main(["--root", str(copy)]) == 0
    for name in site.PAGES:
        assert (copy / name).read_bytes() == (ROOT / name).read_bytes(), name


@pytest.mark.parametrize(
    ("text", "why"),
    [
        (
            '[internet]\nenabled = true\nrelays = ["wss://a.example; script-src *"]',
            "not a valid address",
        ),
        (
            '[internet]\nenabled = true\nrelays = ["wss://a.example\\" onload=\\"x"]',
            "not a valid address",
        ),
        ('[internet]\nenabled = true\nrelays = ["https://a.example"]', "not a valid address"),
        ('[internet]\nenabled = true\nrelays = ["ws://relay.example.org"]', "not a valid address"),
        (
            '[internet]\nenabled = true\nrelays = ["wss://a.example"]\nstun = ["turn:a.example"]',
            "not a valid",
        ),
        ("[internet]\nenabled = true\nrelays = []", "no relay is named"),
        ('[internet]\nenabled = "yes"', "true or false"),
        (
            "[internet]\nenabled = true\nrelays = [" + ", ".join(['"wss://a.example"'] * 9) + "]",
            "at most 8",
        ),
        ("[internet]\nenable = true", "no entry 'enable'"),
        ("[internet\n", "cannot be read"),
    ],
)
def test_a_setting_that_is_not_valid_is_refused_and_changes_nothing(
    copy: Path, text: str, why: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert site.main(["--root", str(copy), "--setting", str(setting(copy, ON))]) == 0
    before = {name: (copy / name).read_bytes() for name in (*site.PAGES, "web/site.js")}
    assert site.main(["--root", str(copy), "--setting", str(setting(copy, text))]) == 1
    assert why in capsys.readouterr().err
    assert {name: (copy / name).read_bytes() for name in before} == before


def test_a_page_without_a_policy_to_set_is_refused_before_any_page_is_written(copy: Path) -> None:
    (copy / "examples/lessons.html").write_text("<!doctype html><title>no policy</title>", "utf-8")
    before = (copy / "index.html").read_bytes()
    assert site.main(["--root", str(copy), "--setting", str(setting(copy, ON))]) == 1
    assert (copy / "index.html").read_bytes() == before
    assert not (copy / "web" / "site.js").exists()
