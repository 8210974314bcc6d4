"""The yardstick: a player that plans its whole turn at once by the work left to win.

No search and no playouts: a few milliseconds a decision. Every position is scored by the
work each seat has left toward both ways to win, in cards (standing.py: all 30 buildings
as work_left.py counts them, and the shrine chains). The turn is chosen whole at its
start: three builds from the player board played greedily, two draws valued by what each
kind the stack may hold would be worth (built at its best site or stored), or three cards.
Each later decision of the turn re-plans with what the draw showed. The measured strength
is in docs/benchmarks.md ("the yardstick, and strong's building race").

It reads only public facts and the seat's own hand (through :func:`determinise`); the
stacks' order is never read: a draw is valued by the kinds the stack may hold.
"""

from __future__ import annotations

from collections.abc import Generator

from ..actions import Action, Build, DrawBuilding, EndTurn, PlaceTile, SpendAmphora, StoreBuilding
from ..components import BUILDINGS
from ..game import Game
from ..legality import builds
from ..rng import Rng
from . import heuristics as hx
from .base import done
from .greedy import cards_to_take, instead_of_passing
from .plans import deciding
from .standing import Plan
from .work_left import AMPHORA
from .world import View, determinise


def draw_gain(plan: Plan) -> Generator[None, None, dict[int, float]]:
    """Expected gain of one draw from each stack: each kind it may hold, built at its
    best site or stored, whichever scores higher, weighed by how many there are. Only
    the stacks' sizes and what the seat has not placed or stored are read, never their
    order. Yields between kinds."""
    game, seat = plan.game, plan.seat
    player = game.players[seat]
    unseen = dict(plan.me.left)
    for kind, n in player.stored.items():
        unseen[kind] -= n
    mains = {k: n for k, n in unseen.items() if n > 0 and BUILDINGS[k].main}
    others = {k: n for k, n in unseen.items() if n > 0 and not BUILDINGS[k].main}
    kinds = sorted(set(mains) | set(others))
    # One pricing of every site for all kinds at once (each site's neighbourhood is
    # read once), then each kind weighed on its own.
    by_kind: dict[str, list[Build]] = {kind: [] for kind in kinds}
    for option in builds(game, kinds):
        by_kind[option.building].append(option)
    worth: dict[str, float] = {}
    for kind in kinds:
        yield
        top, _ = yield from plan.weighing(by_kind[kind], "stack")
        worth[kind] = max(top, plan.stored(kind))
    gains: dict[int, float] = {}
    for i, stack in enumerate(player.stacks):
        pool = mains if i == 0 else others
        total = sum(pool.values())
        if not stack or not total:
            continue
        gains[i] = sum(worth[k] * n for k, n in pool.items()) / total - plan.now
    return gains


def card_value(game: Game, seat: int) -> float:
    """What the card an unused action brings is worth to the seat: nothing once every card
    sits in a hand. Else a build worth no more than a card is never made, though no card
    comes instead: on seed 216 (2 players, normal self-play) both seats, two roads in store
    each, ended their turns for ever."""
    if not cards_to_take(game):
        return 0.0
    return hx.card_worth(sum(game.players[seat].hand) + 1)


def build_turn(game: Game, limit: int) -> Generator[None, None, tuple[float, Build | None]]:
    """The gain of builds from the player board played greedily, each while it gains more
    than the card its unused action would bring, and the first of them. Yields between
    builds; the builds stand pushed on the game meanwhile and are taken back at the end."""
    total = 0.0
    first: Build | None = None
    pushed = 0
    seat = game.current
    for _ in range(limit):
        if game.winner is not None:
            break
        yield
        plan = Plan(game)
        options = builds(game, sorted(game.players[seat].stored))
        value, action = yield from plan.weighing(options, "stored")
        card = card_value(game, seat)
        if action is None or value - plan.now <= card:
            break
        total += value - plan.now - card
        first = first or action
        game.push(action)
        pushed += 1
        if value >= hx.WIN:
            break
    for _ in range(pushed):
        game.pop()
    return total, first


def choose(game: Game) -> Action:
    """The yardstick's action for the seat to play."""
    return done(choosing(game))


def choosing(game: Game) -> Generator[None, None, Action]:
    """:func:`choose` as a generator that yields between the parts of its plan (a few
    chain searches each), so the strong level's playouts, which finish the seat's turn
    with it, keep a page's slices short. The action is the same."""
    legal = game.legal_actions()
    if len(legal) == 1:
        return legal[0]
    turn = game.turn
    if turn.tile is not None or isinstance(legal[0], PlaceTile):
        return (yield from deciding(game))
    plan = Plan(game)
    if turn.drawn is not None:
        now = plan.now
        value, action = yield from plan.weighing(
            [a for a in legal if isinstance(a, Build)], "stored"
        )
        return action if action is not None and value > now else StoreBuilding()
    player = game.players[plan.seat]
    card = card_value(game, plan.seat)
    may_act = not turn.cards_taken and turn.used < turn.allowance(2, 3)
    amphora = SpendAmphora("action") in legal
    if turn.mode == "build":
        options = builds(game, sorted(player.stored))
        value, action = yield from plan.weighing(options, "stored")
        gain = value - plan.now
        if may_act and action is not None and gain > card:
            return action
        if not may_act and amphora and action is not None and gain > AMPHORA:
            return SpendAmphora("action")
        return EndTurn()
    if turn.mode == "draw":
        gains = yield from draw_gain(plan)
        if gains:
            stack = max(gains, key=lambda i: (gains[i], -i))
            if may_act and gains[stack] > card:
                return DrawBuilding(stack)
            if not may_act and amphora and gains[stack] > AMPHORA:
                return SpendAmphora("action")
        return EndTurn()
    # A fresh turn: three builds, two draws or three cards, whichever gains most.
    build_gain, first = yield from build_turn(game, 3)
    gains = yield from draw_gain(plan)
    draw_total, stack = -1e18, -1
    if gains:
        stack = max(gains, key=lambda i: (gains[i], -i))
        g = gains[stack]
        draw_total = g + max(g, card) - 3.0 * card
    if first is not None and build_gain >= draw_total and build_gain > 0.0:
        return first
    if stack >= 0 and draw_total > 0.0:
        return DrawBuilding(stack)
    move = instead_of_passing(game, legal, first)
    return EndTurn() if move is None else move


class YardstickPlayer:
    """A whole turn planned at once by the work left to win; a few milliseconds."""

    name = "yardstick"

    def choose(self, view: View, rng: Rng) -> Action:
        return choose(determinise(view, rng))
