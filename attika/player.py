"""One player's belongings: hand, amphorae, building stacks and the player board."""

from __future__ import annotations

from dataclasses import dataclass

from .components import Cards
from .facts import ATOM, WORDS, by_all, by_owner_with_size, fact, sizes_only


@dataclass
class Player:
    name: str = fact(seen=by_all, codec=ATOM, default="", undo="fixed")
    #: Landscape cards held, counted per landscape (hill, mountain, forest, water).
    hand: list[int] = fact(seen=by_owner_with_size, factory=lambda: [0, 0, 0, 0], undo="kept")
    amphorae: int = fact(seen=by_all, codec=ATOM, default=0, undo="kept")
    #: The four face-down stacks; stack 0 holds the main buildings. The top is the last item.
    stacks: list[list[str]] = fact(
        seen=sizes_only, factory=lambda: [[], [], [], []], undo="by-action"
    )
    #: Buildings waiting on the player board, by kind.
    stored: dict[str, int] = fact(seen=by_all, factory=dict, undo="kept")
    #: Groups that have earned their amphora (each group earns one, once).
    rewarded: set[str] = fact(seen=by_all, codec=WORDS, factory=set, undo="kept")
    #: How many of the player's buildings stand on the board.
    built: int = fact(seen=by_all, codec=ATOM, default=0, undo="kept")

    @property
    def cards(self) -> Cards:
        h = self.hand
        return (h[0], h[1], h[2], h[3])

    def store(self, building: str) -> None:
        self.stored[building] = self.stored.get(building, 0) + 1

    def unstore(self, building: str) -> None:
        left = self.stored[building] - 1
        if left:
            self.stored[building] = left
        else:
            del self.stored[building]

    def in_stacks(self) -> int:
        return sum(len(s) for s in self.stacks)

    def in_storage(self) -> int:
        return sum(self.stored.values())
