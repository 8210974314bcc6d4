"""The shape of a start layout: how far apart its shrines are and how easily one is sealed.

The start layouts are designed, not known (docs/components.md). Two figures of their shape
decide much of how the shrine win competes with the 30-building win, and are kept even on
purpose (tests/test_layouts.py): the *chain length* of a pair of shrines, the fewest buildings
that join them on the start board; and how many start hexes a shrine *touches*, since one
building next to a shrine that touches a single hex seals it.
"""

from __future__ import annotations

from collections import deque

from .components import Layout
from .hexes import Hex, flower, neighbours


def start_hexes(layout: Layout) -> set[Hex]:
    """The hexes the start tiles cover."""
    return {h for centre, _ in layout.tiles for h in flower(centre)}


def chain_length(layout: Layout, a: Hex, b: Hex) -> int | None:
    """The fewest buildings on the start board that join shrines ``a`` and ``b``: a chain
    starts on a hex next to ``a`` and ends on a hex next to ``b``. None if no chain can."""
    land = start_hexes(layout)
    steps = {h: 1 for h in neighbours(a) if h in land}
    todo = deque(steps)
    while todo:
        h = todo.popleft()
        if b in neighbours(h):
            return steps[h]
        for n in neighbours(h):
            if n in land and n not in steps:
                steps[n] = steps[h] + 1
                todo.append(n)
    return None


def pair_chains(layout: Layout) -> dict[tuple[Hex, Hex], int | None]:
    """Every pair of shrines (in sorted order) and its chain length."""
    shrines = sorted(layout.shrines)
    return {
        (a, b): chain_length(layout, a, b) for i, a in enumerate(shrines) for b in shrines[i + 1 :]
    }


def neighbour_pairs(layout: Layout) -> list[tuple[Hex, Hex]]:
    """The pairs of shrines that are next to each other around the board's rim.

    With two or three shrines every pair is; four shrines sit at the corners of the board, and
    a shrine's neighbours are its two nearest by chain length (the board is longer than wide,
    so the two diagonals are longer than any side, as on the rulebook's figure)."""
    chains = pair_chains(layout)
    if len(layout.shrines) <= 3:
        return list(chains)
    diagonals = set()
    for s in layout.shrines:
        mine = sorted((n or 99, pair) for pair, n in chains.items() if s in pair)
        diagonals.add(mine[-1][1])
    return [pair for pair in chains if pair not in diagonals]


def touching(layout: Layout) -> dict[Hex, int]:
    """How many start hexes each shrine touches."""
    land = start_hexes(layout)
    return {s: sum(n in land for n in neighbours(s)) for s in layout.shrines}


def describe(layout: Layout) -> str:
    """One line of shape, for reports: chain length per pair, start hexes per shrine."""
    chains = ", ".join(f"{a}-{b}: {n}" for (a, b), n in pair_chains(layout).items())
    touches = ", ".join(f"{s}: {n}" for s, n in touching(layout).items())
    return f"chains {chains}; start hexes touched {touches}"
