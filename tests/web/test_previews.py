"""The still previews written at install: for each language one data file whose keys are the
exact list of shipped positions (their title, task and picture text), and for each position a
picture of its board drawn as the live page draws it, that stands on its own in an <img>."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from scripts.previews import write_previews
from web.core import text
from web.teach.embed_preview import WORDS, board_style

ROOT = Path(__file__).resolve().parents[2]
NAMES = sorted(p.stem for p in (ROOT / "scenarios").glob("*.json"))
SVG = "{http://www.w3.org/2000/svg}"


def test_every_scenario_has_a_picture_and_its_words_in_every_language(tmp_path: Path) -> None:
    stale = tmp_path / "gone.en.html"  # the old previews, markup: must not stay behind
    stale.write_text("<img src=x onerror=alert(1)>")
    written = write_previews(tmp_path)
    assert sorted(p.name for p in written) == sorted(
        [f"{n}.{lang}.svg" for n in NAMES for lang in text.LANGUAGES]
        + [f"{lang}.json" for lang in text.LANGUAGES]
    )
    assert not stale.exists()  # a scenario that went away leaves no preview behind
    assert text.language() == "en"  # writing them leaves the language as it was
    roads = json.loads((ROOT / "scenarios" / "roads.json").read_text("utf-8"))
    for lang in text.LANGUAGES:
        data = json.loads((tmp_path / f"{lang}.json").read_text("utf-8"))
        assert sorted(data["previews"]) == NAMES  # the exact list of shipped names
        shown = data["previews"]["roads"]
        assert shown["title"] == roads["title"][lang]
        assert shown["task"] == roads["task"]["text"][lang]
        assert roads["title"][lang] in shown["alt"]
        assert data["words"]["pos.try"] == text.strings(lang)["pos.try"]
        assert set(data["words"]) == set(WORDS)


def test_a_board_picture_stands_on_its_own_and_runs_nothing(tmp_path: Path) -> None:
    write_previews(tmp_path)
    roads = json.loads((ROOT / "scenarios" / "roads.json").read_text("utf-8"))
    for path in tmp_path.glob("*.svg"):
        svg = path.read_text("utf-8")
        tree = ET.fromstring(svg)  # a picture is read as XML: it must be well formed
        assert tree.tag == f"{SVG}svg"
        assert list(tree.iter(f"{SVG}script")) == [], path.name
        assert not re.search(r"\son[a-z]+=", svg), path.name
        # its art is inside it: a picture loads no other file
        hrefs = set(re.findall(r'href="([^"]*)"', svg))
        assert all(h.startswith("#") for h in hrefs), (path.name, hrefs)
        defined = {s.get("id") for s in tree.iter(f"{SVG}symbol")}
        assert {h[1:] for h in hrefs} <= defined, path.name
        assert ".face{" in svg.replace(" ", "")  # and so is its style
    roads_svg = (tmp_path / "roads.de.svg").read_text("utf-8")
    assert roads_svg.count('class="hex ') == len(roads["board"]["hexes"])
    assert 'class="spot"' in roads_svg  # the marked space is ringed, as on the live board
    assert "var(--mountain)" in roads_svg


def test_the_picture_takes_the_board_rules_and_not_the_pages_background() -> None:
    css = """:root { --plain: #efe4c6; font-family: serif; background: #f4eddd; }
    /* a comment { with braces } */
    .hex .face { stroke: #fff; }
    .selecting .hex:not(.legal) .veil { display: inline; }
    @media (min-width: 900px) { .hex .face { stroke: red; } }
    button, .hex { cursor: pointer; }
    """
    style = board_style(css, {"hex", "face", "veil"})
    assert "svg{--plain: #efe4c6;font-family: serif}" in style
    assert "background" not in style
    assert ".hex .face{stroke: #fff;}" in style
    assert "selecting" not in style and "red" not in style
    assert ".hex{cursor: pointer;}" in style and "button" not in style


def test_a_lesson_downloaded_from_the_editor_carries_its_board_in_each_written_language() -> None:
    """The picture a page shows of a teacher's own lesson before Python: one per language the
    lesson is written in, drawn as the live board is, and the file still loads."""
    import attika
    from web.teach.embed_preview import with_still

    css = (ROOT / "web" / "app.css").read_text("utf-8")
    art = (ROOT / "web" / "svg" / "art.svg").read_text("utf-8")
    lesson = json.loads((ROOT / "scenarios" / "free-build.json").read_text("utf-8"))
    lesson["title"] = {"en": "Mine", "de": "Meins"}  # not written in Dutch
    out = json.loads(with_still(json.dumps(lesson), css, art))
    assert sorted(out["still"]) == ["de", "en"]
    for lang, picture in out["still"].items():
        root = ET.fromstring(picture)  # a picture that stands on its own
        assert root.tag == f"{SVG}svg" and root.find(f".//{SVG}script") is None
        assert len(picture) <= attika.STILL_CHARS
        names = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "bname"]
        # the board's buildings are named in the lesson's language
        assert "Tower" in names if lang == "en" else "Turm" in names, names
    attika.load_scenario(json.dumps(out))
    again = json.loads(with_still(json.dumps(out), css, art))  # made again, not doubled
    assert again["still"] == out["still"]


def test_a_lessons_picture_is_checked_when_the_file_is_read() -> None:
    import attika

    roads = json.loads((ROOT / "scenarios" / "roads.json").read_text("utf-8"))
    cases = {
        "still": [],
        "still.fr": {"fr": "<svg/>"},
        "still.en": {"en": "<script>alert(1)</script>"},
    }
    long = {"en": "<svg>" + " " * attika.STILL_CHARS}
    for where, still in [*cases.items(), ("still.en", long)]:
        try:
            attika.load_scenario(json.dumps(roads | {"still": still}))
        except attika.ScenarioError as refused:
            assert refused.field == where
        else:
            raise AssertionError(f"{still!r} was accepted")
