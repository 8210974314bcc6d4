"""Seeded positions for the page tests, made by playing the rules package's bots."""

from __future__ import annotations

from collections.abc import Callable

import attika
from attika.bots import greedy_bot, random_bot
from attika.rng import Rng


def play_until(
    players: int, seed: int, stop: Callable[[attika.Game], bool], bot: str = "greedy"
) -> attika.Game:
    """Play bots from a new game until ``stop`` holds before an action (or fail)."""
    game = attika.new_game(players, seed)
    rng = Rng(seed)
    choose = greedy_bot if bot == "greedy" else random_bot
    for _ in range(3000):
        if stop(game):
            return game
        if game.is_over:
            break
        game.apply(choose(game, rng))
    raise AssertionError(f"no such position in the seeded game ({players} players, seed {seed})")


def fresh_turn(game: attika.Game) -> bool:
    turn = game.turn
    return turn.mode is None and turn.drawn is None and turn.tile is None and not game.is_over


def last_building_in_a_stack(game: attika.Game) -> bool:
    """A new turn whose player can draw the last building of a stack (a tile follows)."""
    player = game.players[game.current]
    return fresh_turn(game) and bool(game.tile_stack) and any(len(s) == 1 for s in player.stacks)


def before_the_winning_turn(players: int, seed: int) -> tuple[attika.Game, list[str]]:
    """The position at the start of the turn that wins a seeded bot game, and that turn."""
    finished = play_until(players, seed, lambda g: g.is_over)
    actions = finished.actions
    start = len(actions)
    while start > 0 and actions[start - 1] != "end":
        start -= 1
    game = attika.new_game(players, seed)
    for text in actions[:start]:
        game.apply(text)
    return game, actions[start:]


def late_game(players: int = 4, seed: int = 2) -> attika.Game:
    """A 4-player position late in a long game: 80 buildings down, the board grown,
    and a new turn whose player has buildings waiting to be built and a place for each
    (the heaviest case)."""
    return play_until(
        players,
        seed,
        lambda g: fresh_turn(g) and len(g.board.buildings) >= 80 and _all_stored_placeable(g),
        bot="random",
    )


def _all_stored_placeable(game: attika.Game) -> bool:
    stored = set(game.players[game.current].stored)
    placeable = {a.building for a in game.legal_actions() if isinstance(a, attika.Build)}
    return bool(stored) and stored <= placeable


def turn_with(players: int, seed: int, kinds: set[str]) -> tuple[attika.Game, list[str]]:
    """The start of the first turn of a seeded bot game whose events include all of
    ``kinds`` (and no win), and that turn's actions: from the game of ``seed`` or, when it
    has no such turn, of the next seed that has (so a change of the designed data that
    alters the seeded games does not take the position away)."""
    for tried in range(seed, seed + 40):
        try:
            return _turn_with(players, tried, kinds)
        except AssertionError:
            continue
    raise AssertionError(f"no turn with {kinds} in {players}-player games of seeds {seed}+")


def _turn_with(players: int, seed: int, kinds: set[str]) -> tuple[attika.Game, list[str]]:
    finished = play_until(players, seed, lambda g: g.is_over)
    _, events = attika.replay(finished.record())
    actions = finished.actions
    start = 0
    for i, text in enumerate(actions):
        if text != "end":
            continue
        seen = {e["event"] for caused in events[start : i + 1] for e in caused}
        if kinds <= seen and "win" not in seen:
            game = attika.new_game(players, seed)
            for done in actions[:start]:
                game.apply(done)
            return game, actions[start : i + 1]
        start = i + 1
    raise AssertionError(
        f"no turn with {kinds} in the seeded game ({players} players, seed {seed})"
    )


def paid_build_with_a_spare_card() -> tuple[int, attika.Game, str, tuple[int, int]]:
    """The first 3-player game from seed 42 on whose start player can build a stored building
    for cards and still hold a card that no payment for that place uses (the start board and
    the dealt cards decide it): its seed, the game, the building and the place."""
    for seed in range(42, 82):
        game = attika.new_game(3, seed)
        hand = game.players[game.current].hand
        builds = [b for b in game.legal_actions() if isinstance(b, attika.Build)]
        for b in builds:
            pays = [o.payment for o in builds if (o.building, o.hex) == (b.building, b.hex)]
            if sum(b.payment) and any(hand[i] > max(p[i] for p in pays) for i in range(4)):
                return seed, game, b.building, b.hex
    raise AssertionError("no 3-player game from seed 42 on has a paid build with a card spare")
