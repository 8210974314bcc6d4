"""Axial hex coordinates (q, r), after Red Blob Games' hexagon guide.

A hex is a plain ``(q, r)`` tuple so it hashes fast and serialises as a pair.
The third cube coordinate is ``s = -q - r``. Board tiles are "flowers": a
centre hex and its six neighbours, so every tile lands on the same grid.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

Hex = tuple[int, int]

#: The six neighbour offsets, counter-clockwise starting east (pointy-top hexes).
#: Petal ``i`` of a tile with rotation ``k`` lies in direction ``(i + k) % 6``.
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six hexes that share an edge with ``h``."""
    q, r = h
    return (
        (q + 1, r),
        (q + 1, r - 1),
        (q, r - 1),
        (q - 1, r),
        (q - 1, r + 1),
        (q, r + 1),
    )


def add(a: Hex, b: Hex) -> Hex:
    return (a[0] + b[0], a[1] + b[1])


def distance(a: Hex, b: Hex) -> int:
    """Number of steps between two hexes."""
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def flower(centre: Hex) -> tuple[Hex, ...]:
    """The seven hexes a board tile covers: the centre, then petals 0..5 (rotation 0)."""
    return (centre, *neighbours(centre))


def within(centre: Hex, radius: int) -> Iterator[Hex]:
    """Every hex at distance ``radius`` or less from ``centre``."""
    cq, cr = centre
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            yield (cq + dq, cr + dr)


def format_hex(h: Hex) -> str:
    """The text form used in action notation and in the page's ``data-hex``: ``"q,r"``."""
    return f"{h[0]},{h[1]}"


def parse_hex(text: str) -> Hex:
    """Inverse of :func:`format_hex`; raises ``ValueError`` on anything else."""
    parts = text.split(",")
    if len(parts) != 2:
        raise ValueError(f"a hex is written 'q,r', not {text!r}")
    try:
        return (int(parts[0]), int(parts[1]))
    except ValueError:
        raise ValueError(f"a hex is written 'q,r' with whole numbers, not {text!r}") from None


def to_pixel(h: Hex, size: float = 1.0) -> tuple[float, float]:
    """Centre of a pointy-top hex in pixels, for drawing."""
    q, r = h
    return (size * 3**0.5 * (q + r / 2), size * 1.5 * r)


def bounding_order(hexes: Iterable[Hex]) -> list[Hex]:
    """Hexes sorted top-to-bottom, left-to-right: a stable order for output and tests."""
    return sorted(hexes, key=lambda h: (h[1], h[0]))
