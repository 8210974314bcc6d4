"""Words a player reads: counts in the right plural (and no "take 0 cards"), one name for a
stack everywhere, no board coordinates, names that fit their tokens and the name field."""

from __future__ import annotations

import json
import re

import pytest

from attika import BUILDINGS, COMPONENTS
from web.board.board_svg import NAME_EM, NAME_ROOM, name_text
from web.core.text import HERE, LANGUAGES, plural, set_language, stack_name, strings, t
from web.play.log import describe
from web.table.scenes import setup_scene
from web.table.screens import setup_html
from web.table.setup import Setup


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_counted_text_has_each_plural_form_of_its_language(lang: str) -> None:
    texts = strings(lang)
    counted = {k.rsplit(".", 1)[0] for k in texts if k.endswith((".one", ".many", ".zero"))}
    for key in counted:
        assert f"{key}.one" in texts and f"{key}.many" in texts, (lang, key)
    # the English keys are the reference: every language counts the same things
    assert counted == {
        k.rsplit(".", 1)[0] for k in strings("en") if k.endswith((".one", ".many", ".zero"))
    }


@pytest.mark.parametrize("lang", LANGUAGES)
def test_nothing_says_zero_cards_or_one_of_one(lang: str) -> None:
    set_language(lang)
    try:
        assert not re.search(r"\b0\b", plural("act.end", 0))
        assert not re.search(r"\b0\b", plural("log.end-turn", 0, name="Ann"))
        assert "1" not in plural("drawn.where", 1) and "3" in plural("drawn.where", 3)
        assert plural("act.end", 1) != plural("act.end", 2).replace("2", "1")
    finally:
        set_language("en")


def test_the_log_names_a_stack_as_the_stack_buttons_do() -> None:
    for lang in LANGUAGES:
        set_language(lang)
        for stack in range(4):
            line = describe({"event": "draw", "seat": 0, "stack": stack}, ["Ann"])
            assert stack_name(stack) in line, (lang, line)
        assert stack_name(COMPONENTS.main_stack) == t("stack.main")
    set_language("en")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_text_for_players_holds_a_board_coordinate(lang: str) -> None:
    texts = json.loads((HERE / "i18n" / f"{lang}.json").read_text("utf-8"))
    for key, text in texts.items():
        assert "{hex}" not in text, (lang, key, text)
    set_language(lang)
    line = describe(
        {
            "event": "build",
            "seat": 0,
            "building": "tower",
            "hex": "3,-2",
            "paid": "HM",
            "free": False,
            "new_settlement": False,
        },
        ["Ann"],
    )
    assert "3,-2" not in line
    set_language("en")


def test_every_building_name_fits_its_token_in_every_language() -> None:
    for building in BUILDINGS.values():
        for name in building.names.values():
            text = str(name_text(name))
            if len(name) * NAME_EM > NAME_ROOM:
                assert f'textLength="{NAME_ROOM:g}"' in text, name
            else:
                assert "textLength" not in text


def test_the_name_field_says_its_limit() -> None:
    from web.table.saves import NAME_LENGTH

    html = str(setup_html(setup_scene(Setup())))
    assert f'maxlength="{NAME_LENGTH}"' in html
    assert 'aria-describedby="name-limit"' in html
    assert t("setup.name-limit", n=NAME_LENGTH) in html
