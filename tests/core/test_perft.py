"""Pinned counts of legal actions for fixed positions, like chess perft.

A change to any rule that alters what is legal changes these numbers. On a
mismatch the test prints the breakdown by kind of action, so the cause shows.
"""

from __future__ import annotations

from collections import Counter

import attika
from attika.bots import random_position
from attika.limits import EDITION

# (players, seed, steps of seeded play) -> legal actions by kind, on today's start layouts.
# Re-pinned when the layouts were redesigned (data version 2, rules edition 3): a new board
# changes every count, so the steps were chosen again to reach the same kinds of position
# (the start, a stored building, an amphora, a tile to place, a late board full of builds).
PINNED: dict[tuple[int, int, int], dict[str, int]] = {
    (2, 1, 0): {"build": 106, "draw": 4, "end": 1, "paid-nothing": 0},
    (2, 1, 28): {"build": 1, "store": 1, "paid-nothing": 0},
    (2, 1, 44): {"tile": 216, "paid-nothing": 0},
    (2, 1, 209): {"build": 78, "draw": 1, "end": 1, "paid-nothing": 1},
    (2, 2, 50): {"amphora": 2, "build": 1, "end": 1, "paid-nothing": 0},
    (3, 2, 0): {"build": 155, "draw": 4, "end": 1, "paid-nothing": 6},
    (3, 2, 16): {"build": 4, "store": 1, "paid-nothing": 4},
    (3, 2, 27): {"amphora": 2, "end": 1, "paid-nothing": 0},
    (3, 2, 119): {"tile": 228, "paid-nothing": 0},
    (3, 2, 159): {"build": 192, "draw": 2, "end": 1, "paid-nothing": 0},
    (4, 3, 0): {"build": 154, "draw": 4, "end": 1, "paid-nothing": 7},
    (4, 3, 41): {"build": 4, "store": 1, "paid-nothing": 4},
    (4, 3, 147): {"tile": 294, "paid-nothing": 0},
    (4, 3, 200): {"amphora": 2, "end": 1, "paid-nothing": 0},
    (4, 3, 326): {"build": 172, "draw": 2, "end": 1, "paid-nothing": 0},
}
# 2 and 3 players were re-pinned for the layouts of data version 4 (rules edition 5), the steps
# chosen again as above (seed 1's 2-player random game ends by step 221 without an amphora to
# take, so that position comes from seed 2). Editions 3 and 4 began 2- and 3-player games on
# the layouts those replaced, where these counts, pinned before, still hold.
PINNED_EDITION_4: dict[tuple[int, int, int], dict[str, int]] = {
    (2, 1, 0): {"build": 104, "draw": 4, "end": 1, "paid-nothing": 4},
    (2, 1, 9): {"build": 1, "store": 1, "paid-nothing": 1},
    (2, 1, 100): {"tile": 192, "paid-nothing": 0},
    (2, 1, 134): {"build": 164, "draw": 2, "end": 1, "paid-nothing": 0},
    (2, 1, 150): {"amphora": 2, "draw": 2, "end": 1, "paid-nothing": 0},
    (3, 2, 0): {"build": 157, "draw": 4, "end": 1, "paid-nothing": 4},
    (3, 2, 10): {"build": 3, "store": 1, "paid-nothing": 1},
    (3, 2, 32): {"amphora": 2, "draw": 4, "end": 1, "paid-nothing": 0},
    (3, 2, 89): {"tile": 234, "paid-nothing": 0},
    (3, 2, 304): {"build": 240, "end": 1, "paid-nothing": 0},
}
# 4 players were re-pinned for the 4-player layout of data version 3 (rules edition 4), the
# steps chosen again as above; edition 3's 4-player counts, pinned on the layout it replaced,
# must still hold (old saves replay on it).
PINNED_EDITION_3: dict[tuple[int, int, int], dict[str, int]] = {
    (4, 3, 0): {"build": 154, "draw": 4, "end": 1, "paid-nothing": 6},
    (4, 3, 28): {"build": 1, "store": 1, "paid-nothing": 0},
    (4, 3, 123): {"tile": 276, "paid-nothing": 0},
    (4, 3, 166): {"amphora": 2, "draw": 4, "end": 1, "paid-nothing": 0},
    (4, 3, 328): {"build": 315, "draw": 2, "end": 1, "paid-nothing": 6},
}
# The same, for games of rules edition 2 on the retired layouts: the rules did not change, so
# these counts, pinned before the redesign, must still hold exactly (old saves replay on them).
PINNED_EDITION_2: dict[tuple[int, int, int], dict[str, int]] = {
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
# (players, seed) -> number of two-action sequences from the start, today and in older editions
PINNED_DEPTH_2: dict[tuple[int, int], int] = {
    (2, 1): 1682,
    (3, 2): 3032,
    (4, 3): 2025,
}
PINNED_DEPTH_2_EDITION_4: dict[tuple[int, int], int] = {(2, 1): 2472, (3, 2): 2487}
PINNED_DEPTH_2_EDITION_3: dict[tuple[int, int], int] = {(4, 3): 1899}
PINNED_DEPTH_2_EDITION_2: dict[tuple[int, int], int] = {
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
    _check_counts(EDITION, PINNED)


def test_pinned_legal_action_counts_on_the_retired_layouts() -> None:
    _check_counts(2, PINNED_EDITION_2)
    _check_counts(3, PINNED_EDITION_3)
    _check_counts(4, PINNED_EDITION_4)


def _check_counts(edition: int, pins: dict[tuple[int, int, int], dict[str, int]]) -> None:
    """(Plain functions, not pytest's parametrize: these tests run under Pyodide too.)"""
    wrong = []
    for (players, seed, steps), expected in pins.items():
        got = breakdown(random_position(players, seed, steps, edition))
        if got != expected:
            wrong.append(
                f"{players} players, seed {seed}, step {steps}: expected {expected}, got {got}"
            )
    assert not wrong, "\n".join(wrong)


def test_pinned_depth_2_counts() -> None:
    _check_depth_2(EDITION, PINNED_DEPTH_2)


def test_pinned_depth_2_counts_on_the_retired_layouts() -> None:
    _check_depth_2(2, PINNED_DEPTH_2_EDITION_2)
    _check_depth_2(3, PINNED_DEPTH_2_EDITION_3)
    _check_depth_2(4, PINNED_DEPTH_2_EDITION_4)


def _check_depth_2(edition: int, pins: dict[tuple[int, int], int]) -> None:
    wrong = []
    for (players, seed), expected in pins.items():
        game = attika.Game.new(players, seed, edition=edition)
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
