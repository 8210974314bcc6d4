"""What is legal now: the list of legal actions, and the check of one action.

Every check happens before anything changes, so an illegal action raises
:class:`IllegalAction` naming the rule and leaves the game as it was. The list
of legal actions is the hot path of bots and of the page's highlighting.
Every function here reads only the facts of state.py (a ``Game`` is such a state), so
this module sits below the game and never needs it.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

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
from .components import BUILDINGS, Building, Cards
from .cost import Due, cheapest, covers, describe_cards
from .errors import IllegalAction
from .hexes import Hex, format_hex, neighbours
from .limits import BUILDS, DRAWS
from .quote import Quote, quote
from .rng import Rng
from .state import State


def _name(kind: str) -> str:
    return BUILDINGS[kind].names["en"].lower()


def legal_actions(game: State, sites: Collection[Hex] | None = None) -> list[Action]:
    """Every legal action; each placement once, with its cheapest payment. With ``sites``,
    only builds on those hexes are listed (a search that needs a few hexes need not price
    the whole board)."""
    if game.winner is not None:
        return []
    turn = game.turn
    player = game.players[game.current]
    if turn.tile is not None:
        return [PlaceTile(c, r) for c in game.board.tile_sites() for r in range(6)]
    if turn.drawn is not None:
        actions: list[Action] = list(builds(game, [turn.drawn[0]], sites))
        actions.append(StoreBuilding())
        return actions
    actions = []
    if not turn.cards_taken and turn.used < turn.allowance(DRAWS, BUILDS):
        if turn.mode != "build":
            actions.extend(DrawBuilding(i) for i, s in enumerate(player.stacks) if s)
        if turn.mode != "draw":
            actions.extend(builds(game, sorted(player.stored), sites))
    if player.amphorae:
        if turn.mode is not None and not turn.cards_taken:
            actions.append(SpendAmphora("action"))
        actions.append(SpendAmphora("card"))
    actions.append(EndTurn())
    return actions


#: Builds already listed, by everything a listing reads (the seat, its hand, the kinds, the
#: sites asked for, the board's buildings and landscape, in their order: the same board
#: reached by another order is only listed again; keys of a few tuples, not a tuple a hex,
#: since every object they add is more work for the page's garbage collector): the strong
#: level's playouts list
#: the same position's builds again and again (more than half of their calls, in the same
#: world and across the worlds dealt for one decision, whose boards agree). Cleared when full.
_LISTED: dict[tuple[object, ...], tuple[Build, ...]] = {}
#: Listings kept at most. On 74 strong decisions, 256 (with 1024 chains kept, heuristics.py)
#: was as fast as 2048 (with 4096) and peaked at 6 MB more memory than memos of one entry,
#: against 26 MB: a page on a phone would feel the larger.
LISTED_KEPT = 256


def forget_listed() -> None:
    """Empty the memo of listed builds: a benchmark timing the listing itself on one
    position calls it before each listing, or it would time a lookup."""
    _LISTED.clear()


def builds(game: State, kinds: Sequence[str], sites: Collection[Hex] | None = None) -> list[Build]:
    """Cheapest legal placement of each kind on each site (of ``sites`` only, if given).

    The hot path of every bot and of the page's highlighting, so each site's
    neighbourhood is read once, payments are memoised by what is due, and a listing
    asked for again is answered from memory (a new list each time: callers may extend it).
    """
    board = game.board
    seat = game.current
    key = (
        seat,
        game.players[seat].cards,
        tuple(kinds),
        None if sites is None else frozenset(sites),
        tuple(board.buildings),
        tuple(board.buildings.values()),
        tuple(board.landscape),
        tuple(board.landscape.values()),
    )
    listed = _LISTED.get(key)
    if listed is None:
        if len(_LISTED) >= LISTED_KEPT:
            _LISTED.clear()
        listed = _LISTED[key] = tuple(_priced(game, kinds, sites))
    return list(listed)


def _priced(game: State, kinds: Sequence[str], sites: Collection[Hex] | None) -> list[Build]:
    pricer = _Pricer(game)
    specs = [BUILDINGS[k] for k in kinds]
    found: list[Build] = []
    empty = game.board.empty_sites()
    for h in empty if sites is None else [h for h in empty if h in sites]:
        pricer.add(h, specs, found)
    return found


class _Pricer:
    """Prices buildings on sites for the current player, reading each site once."""

    __slots__ = ("board", "hand", "memo", "seat", "settlements")

    def __init__(self, game: State) -> None:
        self.seat = game.current
        self.board = game.board
        self.hand = game.players[self.seat].cards
        self.settlements: int | None = None
        self.memo: dict[tuple[Cards, int], Cards | None] = {}

    def add(self, h: Hex, specs: Sequence[Building], found: list[Build]) -> None:
        """Append the cheapest legal build of each spec on the empty site ``h``."""
        buildings = self.board.buildings
        landscape = self.board.landscape
        seat = self.seat
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
            if self.settlements is None:
                self.settlements = self.board.settlement_count(seat)
            surcharge = self.settlements
        memo = self.memo
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
                pay = memo[key] = cheapest(self.hand, Due(owed, extra))
            if pay is not None:
                found.append(Build(b.id, h, pay))


def random_action(game: State, rng: Rng) -> Action:
    """A random legal action without listing every legal action: for fast playouts.

    First a kind of action is drawn among those possible now (draw, build, amphora,
    end), then one of its kind: a build tries a few random sites for a random stored
    building and, if none is affordable, another kind is drawn. Not uniform over all
    legal actions (a build that only few sites allow is seldom found), but every
    result is legal and the game always moves on.
    """
    if game.winner is not None:
        raise IllegalAction("game-over", "The game is over.", winner=game.winner)
    turn = game.turn
    player = game.players[game.current]
    if turn.tile is not None:
        return PlaceTile(_random_tile_site(game, rng), rng.below(6))
    if turn.drawn is not None:
        placed = _random_build(game, [turn.drawn[0]], rng)
        return placed if placed is not None and rng.below(4) else StoreBuilding()
    options: list[str] = []
    if not turn.cards_taken and turn.used < turn.allowance(DRAWS, BUILDS):
        if turn.mode != "build" and any(player.stacks):
            options.append("draw")
        if turn.mode != "draw" and player.stored:
            options.append("build")
    if player.amphorae:
        if turn.mode is not None and not turn.cards_taken:
            options.append("amphora action")
        options.append("amphora card")
    options.append("end")
    while True:
        pick = options[rng.below(len(options))]
        if pick == "draw":
            stacks = [i for i, s in enumerate(player.stacks) if s]
            return DrawBuilding(stacks[rng.below(len(stacks))])
        if pick == "build":
            placed = _random_build(game, sorted(player.stored), rng)
            if placed is not None:
                return placed
            options.remove("build")
            continue
        if pick == "amphora action":
            return SpendAmphora("action")
        if pick == "amphora card":
            return SpendAmphora("card")
        return EndTurn()


def _random_tile_site(game: State, rng: Rng, tries: int = 60) -> Hex:
    """A centre for a new tile: two random steps out from a random hex of the board, kept
    when the tile there covers nothing (it then touches that hex); else any site."""
    board = game.board
    landscape, shrines = board.landscape, board.shrines
    hexes = list(landscape)
    for _ in range(tries):
        h = hexes[rng.below(len(hexes))]
        step = neighbours(h)[rng.below(6)]
        centre = neighbours(step)[rng.below(6)]
        if not any(x in landscape or x in shrines for x in (centre, *neighbours(centre))):
            return centre
    sites = board.tile_sites()
    return sites[rng.below(len(sites))]


def _random_build(game: State, kinds: Sequence[str], rng: Rng, tries: int = 12) -> Build | None:
    """A legal build of one of ``kinds`` on a random site, or None when ``tries`` sites miss."""
    board = game.board
    sites = list(board.landscape)
    pricer = _Pricer(game)
    specs = [BUILDINGS[kinds[rng.below(len(kinds))]]]
    found: list[Build] = []
    for _ in range(tries):
        h = sites[rng.below(len(sites))]
        if h in board.buildings or h in board.shrines:
            continue
        pricer.add(h, specs, found)
        if found:
            return found[0]
    return None


def check(game: State, action: Action) -> Quote | None:
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


def _check_may_act(game: State, mode: str) -> None:
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


def _check_build(game: State, kind: str, h: Hex, payment: Cards) -> Quote:
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
