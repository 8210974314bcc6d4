"""web/position.css, the style of <attika-position> on someone else's page, linked in each
element's shadow root: every rule applies to the element (``:host``) or inside it, so the host
page's background, fonts and classes stay its own; what a shadow root lets through (inherited
properties, the page's root font size) is closed too."""

from __future__ import annotations

import re

from scripts.position_css import position_css, scoped_selector, shadow_selector
from web.core.css import blocks, selector_list


def selectors(css: str) -> list[str]:
    out: list[str] = []
    for prelude, body in blocks(css):
        if prelude.startswith(("@media", "@container", "@supports")):
            out += selectors(body)
        elif not prelude.startswith("@"):
            out += [s.strip() for s in selector_list(prelude)]
    return out


def test_every_rule_applies_only_to_the_element_or_inside_it() -> None:
    css = position_css()
    found = selectors(css.split("*/", 1)[1])  # after the file's heading
    assert len(found) > 300
    assert [s for s in found if not s.startswith(":host")] == []
    assert not [s for s in found if re.search(r"(^|\s)(body|html)\b|attika-position", s)]
    # the game's colours and font are the element's, and set anew at the shadow's top
    assert ":host, :host > :not(link) {--ink:" in css.replace("\n", " ")
    # the first rule stops what the host's element passes on by inheritance
    assert css.split("\n")[1].startswith(":host > :not(link) {all: initial;")


def test_the_host_pages_root_font_size_reaches_nothing() -> None:
    css = position_css()
    assert not re.search(r"\d(\.\d+)?rem\b", css)
    # the game's sizes kept, at its own root size of 16 px: "0.9rem" is 14.4 px
    assert "button.try {padding: 0 10px; font-size: 14.4px}" in css


def test_the_element_is_the_host_in_its_shadow_root() -> None:
    assert shadow_selector("attika-position") == ":host"
    assert shadow_selector("attika-position[data-sized] > .pos") == ":host([data-sized]) > .pos"
    assert shadow_selector("attika-position .pos h2") == ":host .pos h2"
    assert shadow_selector(".attika-position:not(main) .pos") == ":host .pos"
    assert shadow_selector("attika-position:not([data-live])") == ":host(:not([data-live]))"


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
