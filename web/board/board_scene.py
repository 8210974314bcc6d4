"""What the board draws, declared here so the board depends on nothing above it.

The turn's scene (web/play/scene.py) carries a :class:`BoardView` and the :class:`Marks`
of the viewer's half-made choice, and is itself a :class:`BoardScene`: the board's
renderers (board_svg.py, board_text.py) read only what this protocol names.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from attika import Build, Hex, TurnStatus


@dataclass(frozen=True)
class BoardView:
    landscape: Mapping[Hex, int | None]
    shrines: frozenset[Hex]
    #: hex -> (seat, building)
    buildings: Mapping[Hex, tuple[int, str]]
    #: The buildings that won, once the game is over.
    winning: frozenset[Hex]


@dataclass(frozen=True)
class Marks:
    """What the board marks for the viewer's half-made choice."""

    selected: str | None = None
    #: Where the selected building may go, each with its cheapest payment.
    targets: Mapping[Hex, Build] | None = None
    target: Hex | None = None
    #: The revealed tile, where it may go, where it is put and how it is turned.
    tile: str | None = None
    sites: tuple[Hex, ...] = ()
    site: Hex | None = None
    rotation: int = 0
    #: Spaces a teaching position points at (its text alternative says so).
    spots: frozenset[Hex] = frozenset()
    #: Where the hinted move goes (a build's hex, a tile's centre), the stack it draws
    #: from, the stored building it builds.
    hint: Hex | None = None
    hint_stack: int | None = None
    hint_building: str | None = None
    #: What the others changed since the player to move last ended a turn: their new
    #: buildings and the hexes of a tile they laid (marked until this turn ends).
    recent: frozenset[Hex] = frozenset()


class Seated(Protocol):
    """A player as the board names them: seat, name and city-state (colour and shape)."""

    @property
    def seat(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def city_state(self) -> str: ...


class BoardScene(Protocol):
    """The part of a scene the board draws and words."""

    @property
    def board(self) -> BoardView: ...
    @property
    def marks(self) -> Marks: ...
    @property
    def players(self) -> Sequence[Seated]: ...
    @property
    def status(self) -> TurnStatus: ...
    @property
    def handover(self) -> bool: ...
    @property
    def hide(self) -> frozenset[str]: ...

    def name(self, seat: int) -> str: ...
