"""web/position.css, the style of <attika-position> on someone else's page: every rule applies
inside the element, so the host page's background, fonts and classes stay its own."""

from __future__ import annotations

import re

from scripts.position_css import position_css, scoped_selector
from web.core.css import blocks, selector_list


def selectors(css: str) -> list[str]:
    out: list[str] = []
    for prelude, body in blocks(css):
        if prelude.startswith(("@media", "@container", "@supports")):
            out += selectors(body)
        elif not prelude.startswith("@"):
            out += [s.strip() for s in selector_list(prelude)]
    return out


def test_every_rule_applies_only_inside_the_element() -> None:
    css = position_css()
    found = selectors(css.split("*/", 1)[1])  # after the file's heading
    assert len(found) > 300
    outside = [s for s in found if not s.startswith(("attika-position", ".attika-position"))]
    assert outside == []
    assert not [s for s in found if re.search(r"(^|\s)(body|html)\b", s)]
    # the game's colours and font are the element's, not the page's
    assert "attika-position {--ink:" in css.replace("\n", " ")


def test_page_rules_become_the_elements_or_go() -> None:
    assert scoped_selector(":root") == "attika-position"
    assert scoped_selector("body.embed .pos") is None
    assert scoped_selector("html") is None
    assert scoped_selector("h2") == "attika-position h2"
    assert scoped_selector("*") == "attika-position, attika-position *"


def test_animations_have_names_of_their_own() -> None:
    css = position_css()
    assert "@keyframes attika-spin" in css and "@keyframes spin " not in css
    assert "animation: spin" not in css and "animation: attika-spin" in css
