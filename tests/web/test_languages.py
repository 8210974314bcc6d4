"""Every language of the list (attika/data/languages.json), nothing missing: a key, a
placeholder or a name absent in any language fails here, and the language a player gets is
the one they chose or their browser's."""

from __future__ import annotations

import re
import string

import pytest

from attika import BUILDINGS, COMPONENTS, GROUPS
from tests.web.commands import tap_turn
from web.core import text
from web.play.notes import shown

I18N = text.HERE / "i18n"
ROOT = I18N.parent.parent
OTHERS = [lang for lang in text.LANGUAGES if lang != "en"]


def fields(value: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(value) if name}


def test_there_is_a_file_for_each_language_and_no_other() -> None:
    assert {p.stem for p in I18N.glob("*.json")} == set(text.LANGUAGES)


@pytest.mark.parametrize("lang", OTHERS)
def test_every_key_is_in_every_language(lang: str) -> None:
    english = text.strings("en")
    other = text.strings(lang)
    assert sorted(set(english) - set(other)) == [], f"missing in {lang}.json"
    assert sorted(set(other) - set(english)) == [], f"in {lang}.json but not in en.json"


@pytest.mark.parametrize("lang", OTHERS)
def test_placeholders_match_english(lang: str) -> None:
    english = text.strings("en")
    for key, value in text.strings(lang).items():
        assert fields(value) == fields(english[key]), f"{lang}.json {key}: {value!r}"
        assert value.strip(), f"{lang}.json {key} is empty"


def test_component_names_exist_in_every_language() -> None:
    named = [*BUILDINGS.values(), *GROUPS.values()]
    for item in named:
        assert set(item.names) >= set(text.LANGUAGES), item.id
    for names in COMPONENTS.landscape_names.values():
        assert set(names) >= set(text.LANGUAGES)
    for cs in COMPONENTS.city_states:
        assert set(cs["names"]) >= set(text.LANGUAGES)


@pytest.mark.parametrize("page_file", ["index.html", "embed.html", "rules.html"])
def test_every_word_a_page_marks_has_a_text(page_file: str) -> None:
    path = ROOT / page_file
    if not path.exists():
        pytest.skip(f"{page_file} not there")
    html = path.read_text(encoding="utf-8")
    keys = set(re.findall(r'data-t(?:-aria)?="([^"]+)"', html))
    assert keys, f"{page_file} marks no words for translation"
    missing = sorted(keys - set(text.strings("en")))
    assert missing == []


def test_switching_changes_words_and_names_and_back() -> None:
    try:
        text.set_language("de")
        assert text.building_name("fortress") == "Festung"
        assert text.t("menu.new") != text.strings("en")["menu.new"]
        text.set_language("nl")
        assert text.building_name("fortress") == BUILDINGS["fortress"].names["nl"]
        with pytest.raises(ValueError, match="no language 'fr'"):
            text.set_language("fr")
        assert text.language() == "nl"  # a refused switch changes nothing
    finally:
        text.set_language("en")


@pytest.mark.parametrize(
    "saved,accepted,expected",
    [
        (None, ["de-AT", "en"], "de"),
        (None, ["fr-FR", "nl-BE"], "nl"),
        (None, ["fr"], "en"),
        ("nl", ["de"], "nl"),
        ("xx", ["de"], "de"),
        (None, [], "en"),
    ],
)
def test_the_language_is_the_choice_then_the_browser_then_english(
    saved: str | None, accepted: list[str], expected: str
) -> None:
    assert text.pick_language(saved, accepted) == expected


def test_every_rule_the_rules_package_can_refuse_has_a_text() -> None:
    source = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "attika").glob("*.py"))
    codes = set(re.findall(r'IllegalAction\(\s*"([a-z0-9-]+)"', source))
    assert len(codes) > 15
    missing = sorted(c for c in codes if f"rule.{c}" not in text.strings("en"))
    assert missing == []


def test_a_refusal_reaches_a_german_player_in_german() -> None:
    from attika import IllegalAction
    from web.core.refusals import rule_message

    refusal = IllegalAction("payment", "1 forest does not pay 2 hill exactly.")
    try:
        assert rule_message(refusal) == refusal.args[0]  # English: the rules' own words
        text.set_language("de")
        assert rule_message(refusal) == text.strings("de")["rule.payment"]
    finally:
        text.set_language("en")


def test_the_loading_screen_speaks_english_as_the_i18n_file_does() -> None:
    """boot.js writes its English words itself (no download before the first words)."""
    boot = (ROOT / "web" / "boot.js").read_text(encoding="utf-8")
    written = dict(re.findall(r'"(boot\.[a-z-]+)": "([^"]*)"', boot))
    english = {k: v for k, v in text.strings("en").items() if k.startswith("boot.")}
    assert written and written == english


def test_a_message_on_screen_is_reworded_when_the_language_changes() -> None:
    from web.play.session import Session

    session = Session.start(["Ann", "Bo"], 3)
    tap_turn(session, "continue")
    stored = session.game.players[session.seat].stored
    missing = next(k for k in BUILDINGS if k not in stored)
    tap_turn(session, "select", missing)
    assert shown(session.note) is not None and shown(session.note)[0] == "error"
    english = shown(session.note)[1]
    try:
        text.set_language("de")
        german = text.t("error.not-stored", building=BUILDINGS[missing].names["de"])
        assert shown(session.note) == ("error", german) and german != english
    finally:
        text.set_language("en")
