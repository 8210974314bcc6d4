"""Change only what one seat cannot see: for tests of fairness.

A computer player or a screen for ``seat`` must behave the same in two games
that differ only in hidden things. ``reshuffle_hidden`` makes the second game:
other hands trade cards with the deck, every stack is reordered (and other
stacks' buildings swapped between a player's non-main stacks), the tile stack and
deck are shuffled, and the random generator gets another state.
"""

from __future__ import annotations

import attika
from attika.rng import Rng


def reshuffle_hidden(game: attika.Game, seat: int, seed: int) -> attika.Game:
    """A copy of ``game`` whose hidden information for ``seat`` is re-dealt from ``seed``."""
    rng = Rng(seed)
    other = game.copy()
    unseen: list[int] = list(other.deck)
    for i, player in enumerate(other.players):
        if i != seat:
            unseen.extend(land for land in range(4) for _ in range(player.hand[land]))
    rng.shuffle(unseen)
    for i, player in enumerate(other.players):
        if i != seat:
            size = sum(player.hand)
            player.hand = [0, 0, 0, 0]
            for _ in range(size):
                player.hand[unseen.pop()] += 1
        mains = player.stacks[0]
        rng.shuffle(mains)
        rest = [b for s in player.stacks[1:] for b in s]
        rng.shuffle(rest)
        start = 0
        for k in range(1, len(player.stacks)):
            size = len(player.stacks[k])
            player.stacks[k] = rest[start : start + size]
            start += size
    other.deck = unseen
    rng.shuffle(other.tile_stack)
    other.rng = Rng(rng.next64())
    return other
