"""Twins across JavaScript and Python agree on one table of cases each.

Some rules must hold before Python has started, so they are written twice: which addresses
a page may open (web/addresses.js, web/core/addresses.py), which language the player gets
(web/language-choice.js, web/core/text.py), and the English words the still previews fall
back on (web/still.js, web/i18n/en.json). The cases live in data files (tests/data/), and
the JavaScript answers them in Node (tests/web/twins.mjs), the browser's URL parser included.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from attika import LANGUAGES
from web.core import text
from web.core.addresses import Refusal, same_site, scenario_address
from web.teach.embed_preview import WORDS

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
ADDRESSES = json.loads((DATA / "addresses.json").read_text("utf-8"))
CHOICES = json.loads((DATA / "language-choice.json").read_text("utf-8"))["cases"]

needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="Node runs the scripts")


def in_node(request: dict[str, Any]) -> dict[str, Any]:
    """What the page's scripts answer to ``request`` (see tests/web/twins.mjs)."""
    done = subprocess.run(
        ["node", str(ROOT / "tests" / "web" / "twins.mjs")],
        input=json.dumps(request),
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    answers: dict[str, Any] = json.loads(done.stdout)
    return answers


def _page(case: dict[str, Any]) -> str:
    return str(case.get("page", ADDRESSES["page"]))


def _python(answer: str | Refusal) -> dict[str, str]:
    return {"refused": answer.code} if isinstance(answer, Refusal) else {"url": answer}


@cache
def _answers() -> dict[str, Any]:
    """Both twins' answers to every case, and each Python URL as the browser writes it."""
    sites = [_python(same_site(c["address"], _page(c))) for c in ADDRESSES["same_site"]]
    shipped = [_python(scenario_address(c["name"], _page(c))) for c in ADDRESSES["scenario"]]
    urls = [a["url"] for a in sites + shipped if "url" in a]
    js = in_node(
        {
            "same_site": [[c["address"], _page(c)] for c in ADDRESSES["same_site"]],
            # the element resolves a shipped name against the game's folder, Python against
            # the page: here the page is in the game's folder, so the two are the same
            "scenario": [[c["name"], _page(c), _page(c)] for c in ADDRESSES["scenario"]],
            "languages": [[list(LANGUAGES), c["saved"], c["browser"]] for c in CHOICES],
            "canonical": urls,
        }
    )
    fetched = dict(zip(urls, js["canonical"], strict=True))
    for answer in sites + shipped:  # Python's URL as the browser fetches it
        if "url" in answer:
            answer["url"] = fetched[answer["url"]]
    return {"js": js, "python": {"same_site": sites, "scenario": shipped}}


def _expected(case: dict[str, Any]) -> dict[str, str]:
    return {"refused": case["refused"]} if "refused" in case else {"url": case["url"]}


@needs_node
@pytest.mark.parametrize("kind", ["same_site", "scenario"])
def test_both_twins_open_or_refuse_every_address_of_the_table_alike(kind: str) -> None:
    answers = _answers()
    for number, case in enumerate(ADDRESSES[kind]):
        said = case.get("address", case.get("name"))
        expected = _expected(case)
        assert answers["js"][kind][number] == expected, f"JavaScript, {said!r}"
        assert answers["python"][kind][number] == expected, f"Python, {said!r}"


def test_the_address_table_holds_every_kind_of_answer() -> None:
    for kind in ("same_site", "scenario"):
        answers = {next(iter(_expected(c))) for c in ADDRESSES[kind]}
        assert answers == {"url", "refused"}, kind
    codes = {c["refused"] for c in ADDRESSES["same_site"] if "refused" in c}
    assert codes == {"other-site", "odd"}


@needs_node
def test_both_twins_choose_the_same_language_for_every_case() -> None:
    chosen = _answers()["js"]["languages"]
    for number, case in enumerate(CHOICES):
        assert chosen[number] == case["chosen"], f"JavaScript, {case}"
        assert text.pick_language(case["saved"], case["browser"]) == case["chosen"], case
    assert {c["chosen"] for c in CHOICES} == set(LANGUAGES), "every language is chosen once"


@needs_node
def test_the_still_previews_fall_back_on_the_english_of_en_json() -> None:
    """web/still.js keeps the words of the previews' data for when that cannot be fetched:
    the same words, each as en.json has it."""
    still = _answers()["js"]["still"]
    english = text.strings("en")
    assert set(still) == set(WORDS)
    assert still == {key: english[key] for key in WORDS}


def test_no_script_before_python_chooses_the_language_by_itself() -> None:
    """The choice is written once for the scripts (web/language-choice.js): boot.js and the
    embed element ask it, and every page loads it before boot.js."""
    for name in ("boot.js", "attika-embed.js"):
        script = (ROOT / "web" / name).read_text("utf-8")
        assert "navigator.languages" not in script and "attikaLanguageChoice" in script, name
    for page in ("index.html", "embed.html", "rules.html", "editor.html"):
        html = (ROOT / page).read_text("utf-8")
        choice = html.find('<script src="web/language-choice.js"></script>')
        assert 0 < choice < html.find('<script src="web/boot.js"></script>'), page
