"""What a building costs on a site, and how a hand of cards pays for it.

A cost due is a count of cards per landscape plus a count of cards of any
landscape (roads, the settlement surcharge). A matching card pays one
landscape; any two cards may stand in for one matching card. A payment is
valid when it covers the due exactly: no card could be left out.
"""

from __future__ import annotations

from dataclasses import dataclass

from .components import LANDSCAPES, LETTERS, NO_CARDS, Cards


@dataclass(frozen=True)
class Due:
    """Cards still owed after reductions: per landscape, plus any landscape."""

    landscapes: Cards = NO_CARDS
    any: int = 0

    @property
    def is_free(self) -> bool:
        return self.any == 0 and not any(self.landscapes)

    def describe(self) -> str:
        parts = [f"{n} {LANDSCAPES[i]}" for i, n in enumerate(self.landscapes) if n]
        if self.any:
            parts.append(f"{self.any} of any kind")
        return ", ".join(parts) if parts else "nothing"


def cards_text(cards: Cards) -> str:
    """Cards as letters, e.g. ``HMM``; ``-`` for none. Used in action notation."""
    text = "".join(LETTERS[i] * n for i, n in enumerate(cards))
    return text or "-"


def parse_cards(text: str) -> Cards:
    """Inverse of :func:`cards_text`; letters in any order."""
    if text == "-":
        return NO_CARDS
    counts = [0, 0, 0, 0]
    for ch in text.upper():
        index = LETTERS.find(ch)
        if index < 0:
            raise ValueError(f"cards are written with the letters {LETTERS} (or '-'), not {text!r}")
        counts[index] += 1
    return (counts[0], counts[1], counts[2], counts[3])


def describe_cards(cards: Cards) -> str:
    parts = [f"{n} {LANDSCAPES[i]}" for i, n in enumerate(cards) if n]
    return ", ".join(parts) if parts else "no cards"


def covers(payment: Cards, due: Due) -> bool:
    """True when ``payment`` pays ``due`` exactly (the 2-for-1 rule included)."""
    matched = 0
    missing = 0
    for paid, owed in zip(payment, due.landscapes, strict=True):
        used = paid if paid < owed else owed
        matched += used
        missing += owed - used
    spare = sum(payment) - matched
    return spare == 2 * missing + due.any


def cheapest(hand: Cards, due: Due) -> Cards | None:
    """The payment with the fewest cards, or None if the hand cannot pay.

    Every matching card saves one card over a 2-for-1 pair, so matching cards
    are used first; the cards that remain to give are taken from the landscapes
    the player holds most of, which keeps the hand as varied as possible.
    """
    pay = [0, 0, 0, 0]
    left = list(hand)
    missing = 0
    for i in range(4):
        owed = due.landscapes[i]
        used = left[i] if left[i] < owed else owed
        pay[i] = used
        left[i] -= used
        missing += owed - used
    extra = 2 * missing + due.any
    if extra > sum(left):
        return None
    while extra:
        i = max(range(4), key=lambda k: (left[k], -k))
        pay[i] += 1
        left[i] -= 1
        extra -= 1
    return (pay[0], pay[1], pay[2], pay[3])


def minimum_cards(due: Due) -> int:
    """Cards needed when every landscape is matched: the least a due can cost."""
    return sum(due.landscapes) + due.any
