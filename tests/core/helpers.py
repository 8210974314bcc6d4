"""Build exact positions for rule tests, and a ``raises`` that works without pytest.

The core tests also run under Pyodide, where pytest is not available, so they
use plain asserts and these helpers only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager

import attika
from attika.board import Board
from attika.components import BUILDINGS, LETTERS
from attika.hexes import Hex, within
from attika.rng import Rng
from attika.turn import Turn


@contextmanager
def raises(kind: type[BaseException], rule: str | None = None) -> Iterator[list[BaseException]]:
    """Assert the block raises ``kind`` (and, for IllegalAction, names ``rule``)."""
    caught: list[BaseException] = []
    try:
        yield caught
    except kind as exc:
        caught.append(exc)
        if rule is not None:
            assert getattr(exc, "rule", None) == rule, f"expected rule {rule!r}, got {exc!r}"
        return
    raise AssertionError(f"expected {kind.__name__}{' (' + rule + ')' if rule else ''}")


def cards(text: str) -> tuple[int, int, int, int]:
    return attika.cost.parse_cards(text)


def make_game(
    players: int = 2,
    *,
    radius: int = 4,
    land: dict[Hex, str] | None = None,
    shrines: Iterable[Hex] = (),
    buildings: dict[Hex, tuple[int, str]] | None = None,
    hands: dict[int, str] | None = None,
    stored: dict[int, list[str]] | None = None,
    current: int = 0,
    seed: int = 7,
) -> attika.Game:
    """A game on a round board of blank hexes with the given symbols, shrines and buildings.

    Every card and building stays accounted for: buildings put on the board or
    in storage come out of the player's stacks, and the deck holds exactly the
    cards no hand holds.
    """
    game = attika.new_game(players, seed)
    board = Board()
    board.landscape = dict.fromkeys(within((0, 0), radius))
    for h, letter in (land or {}).items():
        board.landscape[h] = LETTERS.index(letter)
    board.shrines = set(shrines)
    for s in board.shrines:
        board.landscape.pop(s, None)
    board.buildings = dict(buildings or {})
    game.board = board
    every = Counter({kind: b.count for kind, b in BUILDINGS.items()})
    for seat, player in enumerate(game.players):
        placed = Counter(kind for s, kind in board.buildings.values() if s == seat)
        player.built = sum(placed.values())
        if stored is not None and seat in stored:
            waiting = Counter(stored[seat])
        else:
            waiting = Counter(player.stored) - placed
        rest = every - placed - waiting
        assert all(every[k] >= placed[k] + waiting[k] for k in every), (
            f"seat {seat} does not own that many of some building"
        )
        player.stored = dict(waiting)
        stacks = []
        for stack in player.stacks:
            kept = []
            for kind in stack:
                if rest[kind]:
                    rest[kind] -= 1
                    kept.append(kind)
            stacks.append(kept)
        stacks[1].extend(rest.elements())
        player.stacks = stacks
    if hands is not None:
        # seats not named hold no cards, so the deck is exactly what no hand holds
        for seat, player in enumerate(game.players):
            player.hand = list(cards(hands.get(seat, "")))
        total = Counter({i: 15 for i in range(4)})
        for p in game.players:
            total -= Counter({i: n for i, n in enumerate(p.hand)})
        game.deck = [i for i in range(4) for _ in range(total[i])]
        game.discard = [0, 0, 0, 0]
        Rng(seed).shuffle(game.deck)
    game.current = current
    game.turn = Turn()
    return game


def build(game: attika.Game, kind: str, h: Hex, pay: str | None = None) -> list[attika.Event]:
    """Build from storage at the quoted cheapest payment (or the given one)."""
    if pay is None:
        q = game.quote(kind, h)
        assert q.payment is not None, q.problem
        payment = q.payment
    else:
        payment = cards(pay)
    return game.apply(attika.Build(kind, h, payment))


def accounted(game: attika.Game) -> None:
    """Every card, building and amphora is somewhere, and no hex holds two buildings."""
    hand_total = [sum(p.hand[i] for p in game.players) for i in range(4)]
    for i in range(4):
        in_deck = sum(1 for c in game.deck if c == i)
        assert hand_total[i] + in_deck + game.discard[i] == 15, f"landscape {i} cards lost"
    assert game.amphora_supply + sum(p.amphorae for p in game.players) == 15
    if game.edition >= 2:  # the discard pile becomes the deck the moment the deck runs out
        assert game.deck or not any(game.discard), "an empty deck beside a discard pile"
    for seat, p in enumerate(game.players):
        on_board = sum(1 for s, _ in game.board.buildings.values() if s == seat)
        drawn = 1 if game.turn.drawn is not None and seat == game.current else 0
        total = on_board + p.in_storage() + p.in_stacks() + drawn
        assert total == 30, f"seat {seat} has {total} buildings, not 30"
        assert on_board == p.built
    assert all(h in game.board.landscape for h in game.board.buildings)
    assert not (set(game.board.buildings) & game.board.shrines)


def find(actions: Iterable[attika.Action], pred: Callable[[attika.Action], bool]) -> attika.Action:
    for a in actions:
        if pred(a):
            return a
    raise AssertionError("no such action")


def put_on_top(game: attika.Game, seat: int, stack: int, kind: str) -> None:
    """Move one ``kind`` from any of the seat's stacks to the top of ``stack``."""
    player = game.players[seat]
    for pile in player.stacks:
        if kind in pile:
            pile.remove(kind)
            player.stacks[stack].append(kind)
            return
    raise AssertionError(f"seat {seat} has no {kind} left in its stacks")
