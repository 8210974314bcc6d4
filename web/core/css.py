"""Reading a stylesheet as its top-level rules, for the files made from the page's style:
the board picture a lesson carries (web/teach/embed_preview.py) and the element's own style
(scripts/position_css.py). Enough CSS for the project's own sheets, not a parser for any."""

from __future__ import annotations

import re

_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)


def blocks(css: str) -> list[tuple[str, str]]:
    """The top-level ``prelude { body }`` pairs of a stylesheet, comments left out (an
    at-rule's body whole, to be read again)."""
    css = _COMMENT.sub("", css)
    found: list[tuple[str, str]] = []
    depth, start, open_at = 0, 0, 0
    for i, ch in enumerate(css):
        if ch == "{":
            if depth == 0:
                open_at = i
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                found.append((" ".join(css[start:open_at].split()), css[open_at + 1 : i]))
                start = i + 1
    return found


def selector_list(prelude: str) -> list[str]:
    """A rule's selectors: its prelude split at the commas outside parentheses."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(prelude):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            parts.append(prelude[start:i])
            start = i + 1
    return [*parts, prelude[start:]]
