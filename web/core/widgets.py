"""The page's small recurring pieces: icons, buttons, a seat's mark, cards drawn small."""

from __future__ import annotations

from attika import LANDSCAPES, Cards, Due

from .html import Markup, classes, el
from .text import landscape_name, plural, shape, t

ART = "web/svg/art.svg"


def icon(symbol: str, cls: str = "icon") -> Markup:
    """A symbol of the art sheet, hidden from screen readers (its button says it)."""
    return el("svg", {"class": cls, "aria-hidden": "true"}, el("use", {"href": f"{ART}#{symbol}"}))


def button(
    label: object,
    cmd: str,
    arg: str = "",
    *,
    cls: str | None = None,
    enabled: bool = True,
    aria_label: str | None = None,
    held: bool = False,
) -> Markup:
    """A button that sends ``cmd`` with ``arg``; ``data-key`` finds it again after a redraw.

    A ``held`` button is one that cannot act now but keeps the keyboard: a stepper at its
    limit stays focusable (``aria-disabled``), so the focus stays in its row and the next
    key press does not land on another row's button."""
    return el(
        "button",
        {
            "aria-label": aria_label,
            "type": "button",
            "class": classes(cls),
            "data-cmd": cmd,
            "data-arg": arg,
            "data-key": f"{cmd}:{arg}",
            "disabled": not enabled,
            "aria-disabled": "true" if held else None,
        },
        label,
    )


def seat_mark(city_state: str) -> Markup:
    """A player's colour and shape."""
    return el("span", {"class": f"seat cs-{city_state}"}, icon("seat-" + shape(city_state), "mark"))


def minicards(cards: Cards, extra_any: int = 0) -> Markup:
    """A cost or payment as small landscape cards, plus grey 'any' cards: one picture,
    named as a sentence ("2 Hill cards, 1 card of any landscape") rather than a card at a
    time, and never as the '?' drawn on an 'any' card."""
    # each card shows its landscape's symbol on its colour, in every language (a letter
    # would be English, and Wald and Wasser both start with W)
    out = [
        el("span", {"class": f"minicard c-{LANDSCAPES[i]}"}, icon(f"land-{LANDSCAPES[i]}", "tiny"))
        for i, n in enumerate(cards)
        for _ in range(n)
    ]
    out.extend(
        el("span", {"class": "minicard c-any", "aria-hidden": "true"}, t("cards.any-letter"))
        for _ in range(extra_any)
    )
    if not out:
        return el("span", {"class": "minicards"}, t("cards.none"))
    said = [plural("cards.of", n, landscape=landscape_name(i)) for i, n in enumerate(cards) if n]
    if extra_any:
        said.append(plural("cards.any-n", extra_any))
    return el("span", {"class": "minicards", "role": "img", "aria-label": ", ".join(said)}, out)


def due_cards(due: Due) -> Markup:
    return minicards(due.landscapes, due.any)
