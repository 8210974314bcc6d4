"""Write web/position.css: the game's style for <attika-position> on a page of someone else's.

Run by scripts/install.sh (the file is git-ignored: generated, never committed). The game's own
pages use web/app.css and web/embed.css as they are; a teacher's page that holds the element
keeps its own look, and the element keeps the game's: web/attika-embed.js draws each lesson
in the element's shadow root and links this file there, so no rule of the host page reaches
inside, and none of these reaches out. A rule for the page (``:root``: the colours, the
font) becomes one for the element (``:host``), one for ``html`` or ``body`` is left out (it
sizes or colours a page of the game), and every other selector applies inside the element.
What a shadow root lets through is closed too: the host's inherited properties stop at the
shadow's top (every one set anew there), and ``rem`` (the host page's root font size) is
written out in pixels. Animations get names of their own.
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


#: What the host page's element passes on by inheritance (its font, colour, letter spacing,
#: a text transform...) stops at the shadow's top: every property set anew there, before
#: every other rule, so the game's own rules still win.
ISOLATE = ":host > :not(link) {all: initial; display: block; box-sizing: border-box;}"
#: Last, over the game's own rules of the same weight for the lesson's top boxes.
OUT_OF_FLOW = (
    # a text decoration of the host page's (body's) is painted through every box in flow
    # below it, whatever they say: the shadow's top boxes are out of flow (the element
    # holds its floats; a sized element places them over its padding box)
    ":host > :not(link, .sr-only) {float: left; width: 100%;}\n"
    ":host([data-sized]) {position: relative;}\n"
    ":host([data-sized]) > :not(link, .sr-only) {position: absolute; inset: 4px; width: auto;}"
)
#: The element itself (the host): as the scoped page rule says, and its own selectors.
_HOST = re.compile(
    rf"^(?:{ELEMENT}|\.attika-position)((?:\[[^\]]*\]|:not\([^)]*\)|\.[\w-]+)*)(.*)$", re.S
)
_REM = re.compile(r"(?<![\w.-])(\d*\.?\d+)rem\b")


def shadow_selector(selector: str) -> str:
    """A selector scoped to the element, as written in its shadow root: the element is
    ``:host`` (with its own attributes in ``:host(...)``), the rest applies inside it."""
    found = _HOST.match(selector.strip())
    if found is None:
        raise ValueError(f"not scoped to the element: {selector}")
    own = found.group(1).replace(":not(main)", "")  # the element is never a <main>
    rest = found.group(2)
    if rest.strip() == "*":
        return ":host *"
    return (f":host({own})" if own else ":host") + rest


def in_shadow(css: str) -> str:
    """The scoped stylesheet for the element's shadow root: ``:host`` selectors, ``rem``
    in pixels (16 to the rem, the game's own root size)."""
    out: list[str] = []
    for prelude, body in blocks(css):
        if prelude.startswith("@keyframes"):
            out.append(f"{prelude} {{{' '.join(body.split())}}}")
        elif prelude.startswith("@"):
            out.append(f"{prelude} {{\n{in_shadow(body)}\n}}")
        else:
            chosen = ", ".join(shadow_selector(s) for s in selector_list(prelude))
            if prelude.strip() == ELEMENT and "--ink:" in body:
                chosen = ":host, :host > :not(link)"  # the game's colours and font, at the top
            text = _REM.sub(lambda m: f"{float(m.group(1)) * 16:g}px", " ".join(body.split()))
            out.append(f"{chosen} {{{text}}}")
    return "\n".join(out)


def position_css() -> str:
    texts = [(ROOT / name).read_text("utf-8") for name in SOURCES]
    names = {n: f"attika-{n}" for text in texts for n in _KEYFRAMES.findall(text)}
    head = "/* Written by scripts/position_css.py from " + " and ".join(SOURCES) + ". */\n"
    # layout containment: the "More" panel, fixed in a frame, is fixed to the element here
    frame = (
        f"{SIZED} {{container-type: size; contain: layout; overflow: hidden;}}\n"
        f"{SIZED} > .pos {{flex: 1; min-height: 0; width: 100%;}}"
    )
    parts = [scoped(text, names) for text in texts] + [frame]
    parts += [sized(text) for text in texts]
    return head + ISOLATE + "\n" + in_shadow("\n".join(parts)) + "\n" + OUT_OF_FLOW + "\n"


if __name__ == "__main__":
    OUT.write_text(position_css(), "utf-8")
    print(f"position style: {OUT.relative_to(ROOT)}")
