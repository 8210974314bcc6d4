"""Write web/position.css: the game's style for <attika-position> on a page of someone else's.

Run by scripts/install.sh (the file is git-ignored: generated, never committed). The game's own
pages use web/app.css and web/embed.css as they are; a teacher's page that holds the element
must keep its own look, so every rule here is scoped to the element: a rule for the page
(``:root``: the colours, the font) becomes one for the element, one for ``html`` or ``body``
is left out (it sizes or colours a page of the game), and every other selector
applies only inside the element. Animations get names of their own, so none replaces one of
the host's. web/attika-embed.js links this file and nothing else.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

OUT = ROOT / "web" / "position.css"
SOURCES = ("web/app.css", "web/embed.css")
ELEMENT = "attika-position"
#: The page's own variables, font and ink become the element's.
PAGE = re.compile(r"^:root$")
#: Selectors for a page of the game only: nothing on a host page should match them.
GAME_PAGE = re.compile(r"^(html|body)\b")
_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
_KEYFRAMES = re.compile(r"@keyframes\s+([\w-]+)")


def blocks(css: str) -> list[tuple[str, str]]:
    """The top-level ``prelude { body }`` pairs of a stylesheet (a nested body whole)."""
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


def scoped_selector(selector: str) -> str | None:
    """One selector as it applies inside the element, or None when it is for a game page."""
    selector = selector.strip()
    if PAGE.match(selector):
        return ELEMENT
    if GAME_PAGE.match(selector):
        return None
    if selector.startswith((ELEMENT, ".attika-position")):
        return selector  # the element itself: already its own
    if selector == "*":
        return f"{ELEMENT}, {ELEMENT} *"
    return f"{ELEMENT} {selector}"


def scoped(css: str, names: dict[str, str]) -> str:
    """A stylesheet with every rule scoped to the element (at-rules' bodies too)."""
    out: list[str] = []
    for prelude, body in blocks(_COMMENT.sub("", css)):
        if prelude.startswith("@keyframes"):
            name = prelude.split()[1]
            out.append(f"@keyframes {names[name]} {{{' '.join(body.split())}}}")
        elif prelude.startswith(("@media", "@container", "@supports")):
            inner = scoped(body, names)
            if inner:
                out.append(f"{prelude} {{\n{inner}\n}}")
        elif not prelude.startswith("@"):
            chosen = [s for part in prelude.split(",") if (s := scoped_selector(part))]
            if chosen:
                declarations = " ".join(body.split())
                for old, new in names.items():
                    declarations = re.sub(
                        rf"\banimation:\s*{old}\b", f"animation: {new}", declarations
                    )
                out.append(f"{', '.join(chosen)} {{{declarations}}}")
    return "\n".join(out)


def position_css() -> str:
    texts = [(ROOT / name).read_text("utf-8") for name in SOURCES]
    names = {n: f"attika-{n}" for text in texts for n in _KEYFRAMES.findall(text)}
    head = "/* Written by scripts/position_css.py from " + " and ".join(SOURCES) + ". */\n"
    return head + "\n".join(scoped(text, names) for text in texts) + "\n"


if __name__ == "__main__":
    OUT.write_text(position_css(), "utf-8")
    print(f"position style: {OUT.relative_to(ROOT)}")
