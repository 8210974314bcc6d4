"""One list of languages, attika/data/languages.json, and everything follows it.

Every Python module reads it (through ``attika.LANGUAGES``), the page's scripts read the
web/languages.js that the install step writes from it, and no file of the rules or the page
names a language of its own: adding a language is its translation file and its line.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from attika import LANGUAGES, load_scenario
from attika import languages as language_list
from attika import scenario as scenario_module
from scripts import languages as languages_js
from web.core import text
from web.editor import checks

ROOT = Path(__file__).resolve().parents[2]
INSTALL = "run bash scripts/install.sh: it writes web/languages.js from attika/data/languages.json"
#: The pages, each of which loads web/boot.js.
PAGES = ("index.html", "join.html", "editor.html", "embed.html", "rules.html")


def code_files() -> list[Path]:
    """Every file of the rules, the page and the scripts that could name a language:
    Python, JavaScript and HTML, apart from what the install step writes."""
    found = [ROOT / "sw.js", *(ROOT / name for name in PAGES)]
    for folder in ("attika", "web", "scripts"):
        for path in sorted((ROOT / folder).rglob("*")):
            parts = path.relative_to(ROOT).parts
            if path.suffix not in (".py", ".js", ".mjs", ".html") or not path.is_file():
                continue
            if {"vendor", "previews", "__pycache__"} & set(parts):
                continue
            if path == ROOT / languages_js.TARGET:
                continue
            found.append(path)
    return found


def test_the_list_is_read_by_every_python_module() -> None:
    codes = tuple(LANGUAGES)
    assert codes[0] == language_list.SOURCE == "en"
    assert codes == scenario_module.LANGUAGES
    assert codes == tuple(text.LANGUAGES)
    assert codes == checks.LANGS
    assert all(text.LANGUAGES[code] == LANGUAGES[code].name for code in codes)
    assert set(LANGUAGES[code].plural for code in codes) <= set(text.PLURAL_RULES)


def test_the_scripts_file_holds_exactly_the_list() -> None:
    path = ROOT / languages_js.TARGET
    assert path.exists(), f"no {languages_js.TARGET}: {INSTALL}"
    written = path.read_text("utf-8")
    assert written == languages_js.generated(), INSTALL
    array = re.search(rf"globalThis\.{languages_js.GLOBAL} = Object\.freeze\((\[.*\])\);", written)
    assert array and json.loads(array.group(1)) == list(LANGUAGES)


def test_a_language_added_to_the_list_reaches_the_scripts(tmp_path: Path) -> None:
    raw = json.loads(language_list.DATA_FILE.read_text("utf-8"))
    raw["fr"] = {"name": "Français", "plural": "one=1"}
    path = tmp_path / "languages.json"
    path.write_text(json.dumps(raw, ensure_ascii=False), "utf-8")
    assert tuple(language_list.load(path)) == (*LANGUAGES, "fr")
    assert f"{json.dumps([*LANGUAGES, 'fr'])}" in languages_js.generated(path)


@pytest.mark.parametrize(
    "raw,why",
    [
        ('{"de": {"name": "Deutsch", "plural": "one=1"}}', "'en' first"),
        ('{"en": {"name": "English", "plural": "one=1"}, "EN-gb": {}}', "not a language code"),
        ('{"en": {"name": "English"}}', "a name and a plural rule"),
        ('{"en": {"name": " ", "plural": "one=1"}}', "must be texts"),
    ],
)
def test_a_broken_list_fails_loudly(tmp_path: Path, raw: str, why: str) -> None:
    path = tmp_path / "languages.json"
    path.write_text(raw, "utf-8")
    with pytest.raises(ValueError, match=re.escape(why)):
        language_list.load(path)


def test_every_page_loads_the_list_before_boot_js() -> None:
    for page in PAGES:
        scripts = re.findall(r'<script[^>]*\bsrc="([^"]+)"', (ROOT / page).read_text("utf-8"))
        assert "web/boot.js" in scripts, page
        assert "web/languages.js" in scripts, page
        assert scripts.index("web/languages.js") < scripts.index("web/boot.js"), page


def test_the_scripts_that_choose_a_language_read_the_list() -> None:
    reads = f"globalThis.{languages_js.GLOBAL}"
    assert reads in (ROOT / "web" / "boot.js").read_text("utf-8")
    embed = (ROOT / "web" / "attika-embed.js").read_text("utf-8")
    assert 'import "./languages.js";' in embed and reads in embed
    # web/preview.js takes the language web/boot.js chose
    assert "document.documentElement.lang" in (ROOT / "web" / "preview.js").read_text("utf-8")


def test_no_file_names_a_language_of_its_own() -> None:
    """English is the language the pages and the fallbacks are written in; no other code and
    no language's own name is written out anywhere but in the list."""
    others = [code for code in LANGUAGES if code != language_list.SOURCE]
    words = [*others, *(lang.name for lang in LANGUAGES.values())]
    quoted = re.compile("[\"']({})[\"']".format("|".join(map(re.escape, words))))
    found = [
        f"{path.relative_to(ROOT)}: {match.group(0)}"
        for path in code_files()
        for match in quoted.finditer(path.read_text("utf-8"))
    ]
    assert found == []


def test_the_previews_follow_the_list() -> None:
    out = ROOT / "web" / "previews"
    if not out.is_dir():
        pytest.skip("no previews: run bash scripts/install.sh")
    assert {p.stem for p in out.glob("*.json")} == set(LANGUAGES)


def test_a_scenario_text_is_given_in_every_language_of_the_list() -> None:
    scenario = load_scenario((ROOT / "scenarios" / "roads.json").read_text("utf-8"), "roads")
    assert set(scenario.title) == set(LANGUAGES)
