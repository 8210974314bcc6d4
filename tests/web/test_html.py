"""The element helper: text never becomes markup, whatever a name or a text holds."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from web.core.html import Markup, el, join, raw

WEB = Path(__file__).resolve().parents[2] / "web"


def test_text_and_attribute_values_are_escaped() -> None:
    evil = '<img src=x onerror="alert(1)">&\''
    out = el("p", {"title": evil, "class": "a"}, evil)
    assert "<img" not in out and 'onerror="' not in out
    assert out == (
        '<p title="&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#x27;" class="a">'
        "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#x27;</p>"
    )


def test_markup_stays_markup_and_text_added_to_it_is_escaped() -> None:
    inner = el("b", None, "x")
    assert el("p", None, inner, "<i>") == "<p><b>x</b>&lt;i&gt;</p>"
    assert isinstance(inner + "<i>", Markup) and inner + "<i>" == "<b>x</b>&lt;i&gt;"
    assert el("p", None, "<i>" + inner) == "<p>&lt;i&gt;&lt;b&gt;x&lt;/b&gt;</p>"
    assert join("a<", raw("&minus;"), None, [el("br"), 3]) == "a&lt;&minus;<br>3"


def test_attributes_left_out_written_bare_or_with_a_value() -> None:
    assert el("button", {"disabled": True, "class": None, "hidden": False}) == (
        "<button disabled></button>"
    )
    assert el("use", {"href": "#a"}) == '<use href="#a"/>'
    assert el("input", {"value": ""}) == '<input value="">'


@pytest.mark.parametrize(
    "path",
    sorted(p for p in WEB.rglob("*.py") if "vendor" not in p.parts),
    ids=lambda p: p.relative_to(WEB).as_posix(),
)
def test_no_module_builds_markup_by_hand(path: Path) -> None:
    """Markup comes from el(): no tag written into an f-string, no escape() call."""
    if path.name == "html.py":
        return
    source = path.read_text(encoding="utf-8")
    assert not re.search(r"""f["'][^"']*<[a-z]""", source), path.name
    assert not re.search(r"\bescape\(", source), path.name
    assert ".replace('aria-label" not in source and '.replace("<' not in source, path.name
