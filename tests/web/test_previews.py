"""The still previews written at install: one per shipped scenario and language, each with the
position's title, task and board drawn as the live page draws it, and a "Try it"."""

from __future__ import annotations

import json
from pathlib import Path

from scripts.previews import write_previews
from web import text

ROOT = Path(__file__).resolve().parents[2]


def test_every_scenario_has_a_preview_in_every_language(tmp_path: Path) -> None:
    stale = tmp_path / "gone.en.html"
    stale.write_text("old")
    written = write_previews(tmp_path)
    names = sorted(p.stem for p in (ROOT / "scenarios").glob("*.json"))
    assert sorted(p.name for p in written) == sorted(
        f"{n}.{lang}.html" for n in names for lang in text.LANGUAGES
    )
    assert not stale.exists()  # a scenario that went away leaves no preview behind
    assert text.language() == "en"  # writing them leaves the language as it was
    roads = json.loads((ROOT / "scenarios" / "roads.json").read_text("utf-8"))
    for lang in text.LANGUAGES:
        html = (tmp_path / f"roads.{lang}.html").read_text("utf-8")
        assert roads["title"][lang] in html
        assert roads["task"]["text"][lang] in html
        assert html.count('class="hex ') == len(roads["board"]["hexes"])
        assert 'data-try="roads"' in html
        assert text.strings(lang)["pos.try"] in html
        assert 'class="spot"' in html  # the marked space is ringed, as on the live board
