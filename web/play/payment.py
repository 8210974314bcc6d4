"""Paying for a building: the price on the chosen hex, the cards put forward, the verdict."""

from __future__ import annotations

from attika import LANDSCAPES, Due, PaymentVerdict, Quote, cards_text, format_hex, payment_verdict

from ..core.html import Markup, el, join, raw
from ..core.text import building_name, cards_words, landscape_name, plural, t
from ..core.widgets import button, due_cards, icon
from .scene import PaymentView

#: What a teaching position may keep back in the payment (attika/scenario.py HIDEABLE).
KEPT_BACK = frozenset({"payment", "price", "free"})


def unpriced(hide: frozenset[str]) -> bool:
    """Whether the sum to pay is kept back: hiding what is free hides every price too, as a
    price missing only where building is free would tell."""
    return bool(hide & {"price", "free"})


def quote_lines(q: Quote, free_source: str | None, hide: frozenset[str] = frozenset()) -> Markup:
    """How the price comes about: printed cost, what the symbols save, the surcharge; only
    the printed cost while a teaching position keeps the price back."""
    lines = [el("li", None, t("quote.printed"), " ", due_cards(q.base))]
    if unpriced(hide):
        return el("ul", {"class": "quote"}, lines)
    if q.free_from is not None and free_source is not None:
        lines.append(
            el(
                "li",
                {"class": "free"},
                t(
                    "quote.free",
                    source=building_name(free_source),
                    hex=format_hex(q.free_from),
                    building=building_name(q.building),
                ),
            )
        )
    else:
        lines.extend(
            el("li", None, plural("quote.saved", n, landscape=landscape_name(i)))
            for i, n in enumerate(q.saved)
            if n
        )
    if q.new_settlement and q.surcharge:
        lines.append(el("li", None, plural("quote.surcharge", q.surcharge)))
    due = el("li", {"class": "due"}, el("strong", None, t("quote.due")), " ", due_cards(q.due))
    lines.append(due)
    return el("ul", {"class": "quote"}, lines)


def verdict_note(verdict: PaymentVerdict) -> str:
    """How the 2-for-1 rule reads for a payment, and whether it pays exactly."""
    notes = [
        plural("pay.stand-in", n, landscape=landscape_name(i), cards=2 * n)
        for i, n in verdict.stand_ins
    ]
    if verdict.short:
        notes.append(plural("pay.short", verdict.short))
    elif verdict.over:
        notes.append(plural("pay.over", verdict.over))
    else:
        notes.append(t("pay.exact"))
    return " ".join(notes)


def payment_words(view: PaymentView) -> str | None:
    """What a screen reader hears as the payment changes: how it reads against the price;
    None while a teaching position keeps the price back."""
    return None if unpriced(view.hide) else verdict_note(view.verdict)


def payment_said(view: PaymentView) -> str | None:
    """What a screen reader hears after each card put forward or taken back: the whole
    payment by landscape, then how it reads ("Paying 1 Hill, 2 Forest. This pays
    exactly."); None while a teaching position keeps the price back."""
    words = payment_words(view)
    if words is None:
        return None
    paid = cards_words(cards_text(view.payment))
    return t("pay.said", cards=paid, verdict=words)


def payment_note(payment: list[int], due: Due) -> tuple[bool, str]:
    """Does the payment pay exactly (the rules judge), and how the 2-for-1 rule reads for it."""
    verdict = payment_verdict(payment, due)
    return verdict.exact, verdict_note(verdict)


def payment_panel(view: PaymentView) -> Markup:
    """Paying: with nothing kept back, the cheapest payment is filled in and only an exact
    one may be confirmed; a teaching position that keeps the payment, the price or what is
    free back lets the reader put forward any payment and judges it after (web/teach/position.py).
    """
    q = view.quote
    kept = view.hide & KEPT_BACK
    rows = []
    for i in range(4):
        if not view.hand[i]:
            continue
        n = view.payment[i]
        name = landscape_name(i)
        rows.append(
            el(
                "div",
                {"class": f"payrow c-{LANDSCAPES[i]}"},
                el("span", {"class": "card-face"}, icon("land-" + LANDSCAPES[i])),
                el("span", {"class": "payname"}, name),
                # at its limit a stepper is held, not disabled: the focus stays in its row
                button(
                    raw("&minus;"),
                    "pay",
                    f"-{i}",
                    cls="step",
                    held=n <= 0,
                    aria_label=t("pay.counted", step=t("pay.less", landscape=name), n=n),
                ),
                # not an <output>: each step drew all four anew, and each was read out
                el("span", {"class": "paycount"}, str(n)),
                button(
                    "+",
                    "pay",
                    f"+{i}",
                    cls="step",
                    held=not view.more[i],
                    aria_label=t("pay.counted", step=t("pay.more", landscape=name), n=n),
                ),
                el("span", {"class": "of"}, t("pay.of", n=view.hand[i])),
            )
        )
    verdict = view.verdict
    total = verdict.cards
    confirm_label = plural("pay.confirm", total)
    if total == 0:  # "for free" is the arrow's word, as in the log; else "paying nothing"
        free = q.free_from is not None and not kept  # a lesson leaves that to the reader
        confirm_label = t("pay.confirm-free" if free else "pay.confirm-nothing")
    title = t("pay.title", building=building_name(q.building), hex=format_hex(q.hex))
    return el(
        "section",
        {"class": "payment", "aria-label": t("pay.title-plain")},
        el("h2", None, title),
        quote_lines(q, view.free_source, view.hide),
        el("div", {"class": "payrows"}, rows)
        if kept or q.due.any or any(q.due.landscapes)
        else None,
        None
        if unpriced(view.hide)
        else el(
            "p",
            # said through the page's persistent live region (spoken.py, a lesson's own),
            # not from this paragraph, which is drawn again with the panel
            {"class": f"verdict {'ok' if verdict.exact else 'bad'}"},
            verdict_note(verdict),
        ),
        el(
            "div",
            {"class": "row"},
            button(
                join(icon("ui-check"), confirm_label),
                "confirm",
                cls="primary",
                enabled=verdict.exact or bool(kept),
            ),
            None if kept else button(t("pay.cheapest"), "cheapest"),
            button(
                join(icon("ui-close"), el("span", {"class": "word"}, t("common.cancel"))),
                "cancel",
                cls="cancel",
            ),
        ),
    )
