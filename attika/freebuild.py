"""Why a building is not free on a site: the free-build rule answered as a code, so a page
that teaches it can say which of the rule's cases the reader ran into.

A building is free next to one of its owner's own buildings whose arrow points at it. When it
is not, the reason is one of (most telling first):

- ``main-building``: a main building is never free;
- ``skips``: an own building of the same arrow stands next to it, but further back: the
  arrow's order may not skip a building;
- ``against-arrow``: an own building that comes after it on the arrow stands next to it;
- ``not-yours``: the building whose arrow points at it stands there, but another player's;
- ``no-arrow``: none of the owner's buildings next to it has an arrow pointing at it.

>>> import attika
>>> game = attika.new_game(2, seed=1)
>>> not_free(game, "quarry", next(iter(game.board.landscape))).code
'main-building'
"""

from __future__ import annotations

from .components import BUILDINGS
from .game import Game
from .hexes import Hex, format_hex, neighbours
from .questions import Refusal


def _after(start: str) -> set[str]:
    """Every building reached from ``start`` by following arrows (start excluded)."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        here = todo.pop()
        for kind, b in BUILDINGS.items():
            if here in b.free_after and kind not in seen:
                seen.add(kind)
                todo.append(kind)
    return seen


def not_free(game: Game, building: str, h: Hex) -> Refusal | None:
    """None when ``building`` is free on ``h`` for the player to move, else why not."""
    b = BUILDINGS[building]
    if b.main:
        return Refusal(
            "main-building", {"building": building}, f"the {building} is a main building"
        )
    seat = game.current
    own: list[tuple[Hex, str]] = []
    others: list[tuple[Hex, str]] = []
    for n in neighbours(h):
        placed = game.board.buildings.get(n)
        if placed is not None:
            (own if placed[0] == seat else others).append((n, placed[1]))
    if any(kind in b.free_after for _, kind in own):
        return None
    for n, kind in own:
        if building in _after(kind):
            return Refusal(
                "skips",
                {"building": building, "source": kind, "hex": n},
                f"the {kind} at {format_hex(n)} comes before the {building}, but not right before",
            )
    for n, kind in own:
        if kind in _after(building):
            return Refusal(
                "against-arrow",
                {"building": building, "source": kind, "hex": n},
                f"the {kind} at {format_hex(n)} comes after the {building} on the arrow",
            )
    for n, kind in others:
        if kind in b.free_after:
            return Refusal(
                "not-yours",
                {"building": building, "source": kind, "hex": n},
                f"the {kind} at {format_hex(n)} belongs to another player",
            )
    return Refusal(
        "no-arrow",
        {"building": building},
        f"none of your buildings next to it has an arrow to the {building}",
    )
