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

from web.core.css import blocks, selector_list  # noqa: E402

OUT = ROOT / "web" / "position.css"
SOURCES = ("web/app.css", "web/embed.css")
ELEMENT = "attika-position"
#: The page's own variables, font and ink become the element's.
PAGE = re.compile(r"^:root$")
#: Selectors for a page of the game only: nothing on a host page should match them.
GAME_PAGE = re.compile(r"^(html|body)\b")
_KEYFRAMES = re.compile(r"@keyframes\s+([\w-]+)")


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
    for prelude, body in blocks(css):
        if prelude.startswith("@keyframes"):
            name = prelude.split()[1]
            out.append(f"@keyframes {names[name]} {{{' '.join(body.split())}}}")
        elif prelude.startswith(("@media", "@container", "@supports")):
            inner = scoped(body, names)
            if inner:
                out.append(f"{prelude} {{\n{inner}\n}}")
        elif not prelude.startswith("@"):
            chosen = [s for part in selector_list(prelude) if (s := scoped_selector(part))]
            if chosen:
                declarations = " ".join(body.split())
                for old, new in names.items():
                    declarations = re.sub(
                        rf"\banimation:\s*{old}\b", f"animation: {new}", declarations
                    )
                out.append(f"{', '.join(chosen)} {{{declarations}}}")
    return "\n".join(out)


#: A lesson element the page gives a height: it is laid out as embed.html lays out its frame.
SIZED = f"{ELEMENT}[data-sized]"
_VIEW_UNITS = re.compile(r"(\d)d?v([hw])\b")
#: What the frame's page has and the element has not.
_NOT_IN_ELEMENT = re.compile(r"> main|embedbar|\.loading")


def sized_selector(selector: str) -> str | None:
    """A rule for embed.html's frame as one for a sized element, or None if it is not one."""
    selector = selector.strip()
    if not selector.startswith("body.embed") or _NOT_IN_ELEMENT.search(selector):
        return None
    return SIZED + selector.removeprefix("body.embed")


def sized(css: str) -> str:
    """embed.html's layout of one position in a frame, for an element with a height of its
    own: the frame's viewport becomes the element (a size container), so each media query
    on the frame becomes a container query and a viewport unit a container unit."""
    out: list[str] = []
    for prelude, body in blocks(css):
        if prelude.startswith("@media"):
            inner = sized(body)
            if inner and "prefers-" not in prelude and "forced-colors" not in prelude:
                out.append(f"@container {prelude.removeprefix('@media').strip()} {{\n{inner}\n}}")
        elif not prelude.startswith("@"):
            chosen = [s for part in selector_list(prelude) if (s := sized_selector(part))]
            if not chosen:
                continue
            declarations = [d.strip() for d in body.split(";") if d.strip()]
            if chosen == [SIZED]:  # the element keeps the height its page gives it
                declarations = [d for d in declarations if "height" not in d.split(":")[0]]
            text = _VIEW_UNITS.sub(lambda m: f"{m.group(1)}cq{m.group(2)}", "; ".join(declarations))
            out.append(f"{', '.join(chosen)} {{{' '.join(text.split())}}}")
    return "\n".join(out)


#: The element's headings in the game's look whatever the host page says of headings (its
#: ``h2`` or ``body h2`` rules): first, so the game's own rules of the same weight still win.
HEADINGS = (
    f"{ELEMENT}[data-compact] :is(h1, h2, h3) {{color: inherit; background: none; border: 0;"
    ' font-family: Georgia, "DejaVu Serif", serif; font-style: normal; letter-spacing: normal;'
    " text-transform: none; text-shadow: none; text-decoration: none;}"
)


def position_css() -> str:
    texts = [(ROOT / name).read_text("utf-8") for name in SOURCES]
    names = {n: f"attika-{n}" for text in texts for n in _KEYFRAMES.findall(text)}
    head = "/* Written by scripts/position_css.py from " + " and ".join(SOURCES) + ". */\n"
    # layout containment: the "More" panel, fixed in a frame, is fixed to the element here
    frame = (
        f"{SIZED} {{container-type: size; contain: layout; overflow: hidden;}}\n"
        f"{SIZED} > .pos {{flex: 1; min-height: 0; width: 100%;}}"
    )
    parts = [HEADINGS] + [scoped(text, names) for text in texts] + [frame]
    parts += [sized(text) for text in texts]
    return head + "\n".join(parts) + "\n"


if __name__ == "__main__":
    OUT.write_text(position_css(), "utf-8")
    print(f"position style: {OUT.relative_to(ROOT)}")
