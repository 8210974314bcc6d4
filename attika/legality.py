"""What is legal now: the list of legal actions, and the check of one action.

Every check happens before anything changes, so an illegal action raises
:class:`IllegalAction` naming the rule and leaves the game as it was. The list
of legal actions is the hot path of bots and of the page's highlighting.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .actions import (
    Action,
    Build,
    DrawBuilding,
    EndTurn,
    PlaceTile,
    SpendAmphora,
    StoreBuilding,
    validate,
)
from .components import BUILDINGS, Cards
from .cost import Due, cheapest, covers, describe_cards
from .errors import IllegalAction
from .hexes import Hex, format_hex, neighbours
from .limits import BUILDS, DRAWS
from .quote import Quote, quote

if TYPE_CHECKING:
    from .game import Game


def _name(kind: str) -> str:
    return BUILDINGS[kind].names["en"].lower()


def legal_actions(game: Game) -> list[Action]:
    """Every legal action; each placement once, with its cheapest payment."""
    if game.winner is not None:
        return []
    turn = game.turn
    player = game.players[game.current]
    if turn.tile is not None:
        return [PlaceTile(c, r) for c in game.board.tile_sites() for r in range(6)]
    if turn.drawn is not None:
        actions: list[Action] = list(builds(game, [turn.drawn[0]]))
        actions.append(StoreBuilding())
        return actions
    actions = []
    if not turn.cards_taken and turn.used < turn.allowance(DRAWS, BUILDS):
        if turn.mode != "build":
            actions.extend(DrawBuilding(i) for i, s in enumerate(player.stacks) if s)
        if turn.mode != "draw":
            actions.extend(builds(game, sorted(player.stored)))
    if player.amphorae:
        if turn.mode is not None and not turn.cards_taken:
            actions.append(SpendAmphora("action"))
        actions.append(SpendAmphora("card"))
    actions.append(EndTurn())
    return actions


def builds(game: Game, kinds: Sequence[str]) -> list[Build]:
    """Cheapest legal placement of each kind on each site.

    The hot path of every bot and of the page's highlighting, so each site's
    neighbourhood is read once and payments are memoised by what is due.
    """
    seat = game.current
    board = game.board
    hand = game.players[seat].cards
    buildings = board.buildings
    landscape = board.landscape
    settlements: int | None = None
    memo: dict[tuple[Cards, int], Cards | None] = {}
    specs = [BUILDINGS[k] for k in kinds]
    found: list[Build] = []
    for h in board.empty_sites():
        near = [0, 0, 0, 0]
        own: set[str] = set()
        for n in (h, *neighbours(h)):
            placed = buildings.get(n)
            if placed is None:
                land = landscape.get(n)
                if land is not None:
                    near[land] += 1
            elif placed[0] == seat:
                own.add(placed[1])
        surcharge = 0
        if not own:
            if settlements is None:
                settlements = len(board.settlements(seat))
            surcharge = settlements
        for b in specs:
            if own and not b.free_after.isdisjoint(own):
                found.append(Build(b.id, h, (0, 0, 0, 0)))
                continue
            if b.is_road:
                owed: Cards = (0, 0, 0, 0)
                extra = max(0, b.any_cost - sum(near)) + surcharge
            else:
                c = b.cost
                owed = (
                    max(0, c[0] - near[0]),
                    max(0, c[1] - near[1]),
                    max(0, c[2] - near[2]),
                    max(0, c[3] - near[3]),
                )
                extra = surcharge
            key = (owed, extra)
            if key in memo:
                pay = memo[key]
            else:
                pay = memo[key] = cheapest(hand, Due(owed, extra))
            if pay is not None:
                found.append(Build(b.id, h, pay))
    return found


def check(game: Game, action: Action) -> Quote | None:
    """Raise IllegalAction naming the rule that forbids ``action``; a build's quote."""
    validate(action)
    if game.winner is not None:
        raise IllegalAction(
            "game-over",
            f"The game is over: {game.players[game.winner].name} has won.",
            winner=game.winner,
        )
    turn = game.turn
    player = game.players[game.current]
    if turn.tile is not None and not isinstance(action, PlaceTile):
        raise IllegalAction(
            "expand-board",
            "A stack ran out, so the revealed board tile must be laid before anything else.",
        )
    if turn.drawn is not None and not isinstance(action, Build | StoreBuilding):
        raise IllegalAction(
            "drawn-building",
            f"First build or store the {_name(turn.drawn[0])} you just drew.",
            building=turn.drawn[0],
        )
    match action:
        case DrawBuilding(stack=stack):
            _check_may_act(game, "draw")
            if not 0 <= stack < len(player.stacks):
                raise IllegalAction("no-stack", f"There is no stack {stack}.", stack=stack)
            if not player.stacks[stack]:
                raise IllegalAction("empty-stack", f"Your stack {stack} is empty.", stack=stack)
            return None
        case StoreBuilding():
            if turn.drawn is None:
                raise IllegalAction("nothing-drawn", "Only a building just drawn can be stored.")
            return None
        case Build(building=kind, hex=h, payment=payment):
            return _check_build(game, kind, h, payment)
        case PlaceTile(centre=centre, rotation=rotation):
            if turn.tile is None:
                raise IllegalAction(
                    "no-tile", "A board tile is laid only when one of your stacks runs out."
                )
            if rotation not in range(6):
                raise IllegalAction("tile-rotation", "A tile turns in sixths: rotation 0 to 5.")
            if not game.board.can_lay_tile(centre):
                raise IllegalAction(
                    "tile-site",
                    f"A tile centred on {format_hex(centre)} would overlap the board or a "
                    "shrine, or touch neither: it must touch at least one and overlap none.",
                    hex=centre,
                )
            return None
        case SpendAmphora(use=use):
            if not player.amphorae:
                raise IllegalAction("no-amphora", "You have no amphora to spend.")
            if use == "action":
                if turn.cards_taken:
                    raise IllegalAction(
                        "cards-taken",
                        "After taking landscape cards, no more drawing or building this turn.",
                    )
                if turn.mode is None:
                    raise IllegalAction(
                        "amphora-before-choice",
                        "An amphora adds one more draw or build to the kind of turn you "
                        "chose: draw or build first.",
                    )
            return None
        case EndTurn():
            return None
    raise IllegalAction("unknown-action", f"{action!r} is not an action of this game.")


def _check_may_act(game: Game, mode: str) -> None:
    turn = game.turn
    if turn.cards_taken:
        raise IllegalAction(
            "cards-taken",
            "After taking landscape cards, no more drawing or building this turn.",
        )
    if turn.mode is not None and turn.mode != mode:
        raise IllegalAction(
            "mixed-turn",
            f"A turn is all drawing or all building, never both: you already chose to "
            f"{turn.mode} this turn.",
            mode=turn.mode,
        )
    limit = turn.allowance(DRAWS, BUILDS)
    if turn.used >= limit:
        raise IllegalAction(
            "no-actions-left",
            f"You have made all {limit} {mode}s of this turn; an amphora buys one more.",
            mode=mode,
            limit=limit,
        )


def _check_build(game: Game, kind: str, h: Hex, payment: Cards) -> Quote:
    turn = game.turn
    player = game.players[game.current]
    if kind not in BUILDINGS:
        raise IllegalAction(
            "unknown-building", f"There is no building called {kind!r}.", building=kind
        )
    if turn.drawn is not None:
        if kind != turn.drawn[0]:
            raise IllegalAction(
                "drawn-building",
                f"In a draw turn only the building just drawn ({_name(turn.drawn[0])}) "
                "may be built.",
                building=turn.drawn[0],
            )
    else:
        _check_may_act(game, "build")
        if not player.stored.get(kind):
            raise IllegalAction(
                "not-stored",
                f"You have no {_name(kind)} waiting on your player board.",
                building=kind,
            )
    q = quote(game.board, game.current, player.cards, kind, h)
    problem = game.board.site_problem(h)
    if problem:
        raise IllegalAction("building-site", f"Cannot build there: {problem}.", hex=h)
    if any(p > held for p, held in zip(payment, player.hand, strict=True)):
        raise IllegalAction(
            "not-in-hand",
            f"You do not hold {describe_cards(payment)} (your hand: "
            f"{describe_cards(player.cards)}).",
            payment=payment,
            hand=player.cards,
        )
    if not covers(payment, q.due):
        raise IllegalAction(
            "payment",
            f"{describe_cards(payment)} does not pay {q.due.describe()} exactly "
            "(matching cards, any 2 cards for 1 missing card, nothing extra).",
            payment=payment,
            due=q.due,
        )
    return q
