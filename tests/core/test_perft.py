"""Pinned counts of legal actions for fixed positions, like chess perft.

A change to any rule that alters what is legal changes these numbers. On a
mismatch the test prints the breakdown by kind of action, so the cause shows.
"""

from __future__ import annotations

from collections import Counter

import attika
from attika.bots import random_position

# (players, seed, steps of seeded play) -> legal actions by kind
PINNED: dict[tuple[int, int, int], dict[str, int]] = {
    (2, 1, 0): {"build": 102, "draw": 4, "end": 1, "paid-nothing": 0},
    (2, 1, 74): {"tile": 240, "paid-nothing": 0},
    (2, 1, 100): {"build": 3, "store": 1, "paid-nothing": 3},
    (2, 1, 155): {"build": 253, "draw": 2, "end": 1, "paid-nothing": 1},
    (2, 1, 163): {"amphora": 2, "build": 1, "end": 1, "paid-nothing": 1},
    (3, 2, 0): {"build": 157, "draw": 4, "end": 1, "paid-nothing": 4},
    (3, 2, 32): {"amphora": 2, "draw": 4, "end": 1, "paid-nothing": 0},
    (3, 2, 89): {"tile": 228, "paid-nothing": 0},
    (3, 2, 273): {"build": 206, "draw": 1, "end": 1, "paid-nothing": 0},
    (3, 2, 316): {"build": 5, "store": 1, "paid-nothing": 5},
    (4, 3, 0): {"build": 154, "draw": 4, "end": 1, "paid-nothing": 6},
    (4, 3, 49): {"build": 6, "store": 1, "paid-nothing": 6},
    (4, 3, 123): {"tile": 300, "paid-nothing": 0},
    (4, 3, 166): {"amphora": 2, "draw": 4, "end": 1, "paid-nothing": 0},
    (4, 3, 259): {"build": 312, "draw": 4, "end": 1, "paid-nothing": 0},
}
# (players, seed) -> number of two-action sequences from the start
PINNED_DEPTH_2: dict[tuple[int, int], int] = {
    (2, 1): 1531,
    (3, 2): 2487,
    (4, 3): 1899,
}


def breakdown(game: attika.Game) -> dict[str, int]:
    kinds = Counter(str(a).split()[0] for a in game.legal_actions())
    nothing = sum(
        1 for a in game.legal_actions() if isinstance(a, attika.Build) and not any(a.payment)
    )
    return {**dict(sorted(kinds.items())), "paid-nothing": nothing}


def depth_2(game: attika.Game) -> int:
    total = 0
    for action in game.legal_actions():
        child = game.copy()
        child.apply(action)
        total += len(child.legal_actions())
    return total


def test_pinned_legal_action_counts() -> None:
    wrong = []
    for (players, seed, steps), expected in PINNED.items():
        got = breakdown(random_position(players, seed, steps))
        if got != expected:
            wrong.append(
                f"{players} players, seed {seed}, step {steps}: expected {expected}, got {got}"
            )
    assert not wrong, "\n".join(wrong)


def test_pinned_depth_2_counts() -> None:
    wrong = []
    for (players, seed), expected in PINNED_DEPTH_2.items():
        game = attika.new_game(players, seed)
        got = depth_2(game)
        if got != expected:
            per_action = {
                str(a): len(_after(game, a).legal_actions()) for a in game.legal_actions()
            }
            wrong.append(
                f"{players} players, seed {seed}: expected {expected}, got {got}: {per_action}"
            )
    assert not wrong, "\n".join(wrong)


def _after(game: attika.Game, action: attika.Action) -> attika.Game:
    child = game.copy()
    child.apply(action)
    return child
