"""Markup built from elements, escaped by construction.

Text handed to :func:`el` is always escaped; only :class:`Markup` (what ``el`` returns, or
what :func:`raw` marks as written by the page itself) goes in as it is. So a player's name,
a translated text or a scenario's title can never become markup, and no renderer has to
remember to escape.

>>> el("p", {"class": "hint"}, "Ann <3", el("b", None, "Bo"))
'<p class="hint">Ann &lt;3<b>Bo</b></p>'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

#: SVG elements drawn without content close themselves (``<use .../>``).
_SELF_CLOSING = frozenset({"use", "polygon", "circle", "rect", "path", "line"})
#: HTML elements that never have content (``<input ...>``).
_VOID = frozenset({"input", "br", "hr", "img", "meta"})

Attrs = Mapping[str, str | int | float | bool | None]


class Markup(str):
    """Text that is already markup: made by :func:`el`, or marked by :func:`raw`.

    ``markup + text`` escapes the text; ``text + markup`` is plain text (and so escaped
    when it is used): either way nothing unescaped becomes markup."""

    __slots__ = ()

    def __add__(self, other: str) -> Markup:
        return Markup(str.__add__(self, other if isinstance(other, Markup) else escape(other)))


def escape(text: str) -> str:
    """HTML-escape text and attribute values (the standard ``html`` module pulls in
    ``html.entities``, which costs Pyodide about 60 ms at start-up)."""
    return (
        text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#x27;")
    )


def raw(markup: str) -> Markup:
    """Markup written in the page's own code (an entity, a fixed SVG path): never data."""
    return Markup(markup)


def _attrs(attrs: Attrs | None) -> str:
    if not attrs:
        return ""
    out = []
    for name, value in attrs.items():
        if value is None or value is False:
            continue
        if value is True:
            out.append(f" {name}")
        else:
            out.append(f' {name}="{escape(str(value))}"')
    return "".join(out)


def _children(children: Iterable[object]) -> str:
    out: list[str] = []
    for child in children:
        if child is None:
            continue
        if isinstance(child, Markup):
            out.append(child)
        elif isinstance(child, str):
            out.append(escape(child))
        elif isinstance(child, int | float):
            out.append(str(child))
        else:
            out.append(_children(child))  # type: ignore[arg-type]
    return "".join(out)


def el(tag: str, attrs: Attrs | None = None, *children: object) -> Markup:
    """``<tag attrs>children</tag>``: text children and every attribute value escaped; an
    attribute that is None or False is left out, True writes it bare (``disabled``)."""
    inner = _children(children)
    if not inner and tag in _SELF_CLOSING:
        return Markup(f"<{tag}{_attrs(attrs)}/>")
    if tag in _VOID:
        return Markup(f"<{tag}{_attrs(attrs)}>")
    return Markup(f"<{tag}{_attrs(attrs)}>{inner}</{tag}>")


def join(*parts: object) -> Markup:
    """Several pieces as one: text escaped, markup kept."""
    return Markup(_children(parts))


def classes(*names: str | None) -> str | None:
    """A class attribute from the names that are set; None (no attribute) when none is."""
    chosen = " ".join(n for n in names if n)
    return chosen or None
