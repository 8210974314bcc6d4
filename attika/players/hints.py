"""A hint for a learner: a good move for their seat, and the one reason that weighed most,
as a code the page words in the player's language.

The move is the best that answers at once: the whole-turn ranking (turns.py: every
promising first action played to the end of the turn by plans.py's turn planning, the
policy of the sparring partner normal-2, the best finished turn chosen), a few
milliseconds on CPython and well within the 300 ms a hint may take in the page, where
strong's whole search takes a second. It reads only the seat's view (so a hint can never
tell what the seat may not see). Like the strong level, a hint never lets the next
player's chain stand when the seat's sure actions can cut it (sure.guard). The reason is
read off the measures that planning weighs (heuristics.py, plans.py), most decisive first:
a win, a block of a rival's shrine chain, a free build, an amphora, a step along one's own
chain, a cheap build.

Codes and their parameters (a page words them; nothing here is English for players):

``win``            the build wins the game
``block``          ``seat``: takes a hex the rival's shortest shrine chain needs (only for a
                   rival whose own buildings already shorten that chain)
``chain``          ``left``: own buildings still missing on the shortest shrine chain after it
                   (only when some chain can still link two shrines: never a "no route")
``free``           ``building``: free thanks to the arrow of the own building next to it
``amphora``        ``group``: completes a group of buildings, which earns an amphora
``cheap``          ``cards``: the number of cards it costs here
``grow``           a build worth more than the cards it costs
``draw``           ``stack``: 0 main stack, 1.. the others; builds to come are worth more
``store``          ``building``: the drawn building has no place worth its price yet
``more-action``    an amphora buys one more action, worth it for the next build
``take-cards``     ``cards``: nothing is worth more now than the cards ending the turn brings
``end``            the actions left are worth less than keeping the cards
``tile``           the new land goes next to own buildings
``only``           the one legal move
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..actions import Action, Build, DrawBuilding, EndTurn, PlaceTile, SpendAmphora, StoreBuilding
from ..board import Board
from ..components import BUILDINGS
from ..game import Game
from ..rng import Rng
from . import heuristics as hx
from .plans import WATCH, Situation
from .sure import guard
from .turns import ranked_turns
from .world import View, determinise


@dataclass(frozen=True)
class Hint:
    """The suggested action, and why, as a code with the facts its wording needs."""

    action: Action
    reason: str
    params: dict[str, object] = field(default_factory=dict, hash=False)


def hint(view: View, rng: Rng | None = None) -> Hint:
    """The hint for the seat whose view this is (it must be that seat's turn).

    The normal player reads only what the seat may see; ``rng`` deals the unseen parts of
    the world its look-ahead plays in (the buildings a draw would turn up), so the same
    view and generator give the same hint."""
    game = determinise(view, rng or Rng(0))
    ranked = [a for _, a in ranked_turns(game)]
    cuts = guard(game, game.current)
    if cuts:
        # As the strong level: a chain the next player could close and this seat can
        # surely cut is cut; the ranking chooses among the ways to do it.
        ranked = [a for a in ranked if a in cuts] or cuts
    action = ranked[0]
    return Hint(action, *_why(game, action))


def _why(game: Game, action: Action) -> tuple[str, dict[str, object]]:
    if len(game.legal_actions()) == 1:
        return "only", {}
    if isinstance(action, Build):
        return _why_build(game, action)
    if isinstance(action, DrawBuilding):
        return "draw", {"stack": action.stack}
    if isinstance(action, StoreBuilding):
        drawn = game.turn.drawn
        return "store", {"building": drawn[0] if drawn else ""}
    if isinstance(action, SpendAmphora):
        return "more-action", {}
    if isinstance(action, PlaceTile):
        return "tile", {}
    if isinstance(action, EndTurn):
        turn = game.turn
        if turn.used == 0 and not turn.cards_taken:
            return "take-cards", {"cards": game.unused_actions()}
        return "end", {}
    return "grow", {}


def has_road(board: Board, seat: int) -> bool:
    """True when some building of ``seat`` shortens its way between the shrines: only then
    is there a road of theirs to block (a seat with nothing on the board, or nothing that
    helps it, has none, whatever the empty hexes between the shrines allow)."""
    if not any(owner == seat for owner, _ in board.buildings.values()):
        return False
    bare = board.copy()
    bare.buildings = {h: b for h, b in board.buildings.items() if b[0] != seat}
    return hx.chains(board, seat).length < hx.chains(bare, seat).length


def _why_build(game: Game, action: Build) -> tuple[str, dict[str, object]]:
    sit = Situation.of(game)
    board = game.board
    seat = sit.seat
    h, kind = action.hex, action.building
    if game.players[seat].built + 1 >= hx.PER_PLAYER:
        return "win", {}
    mine = sit.mine
    through = mine.through.get(h, hx.FAR)
    if through <= mine.length and through - 1 <= 0:
        return "win", {}
    for rival, theirs in sorted(sit.rivals, key=lambda r: r[1].length):
        on_chain = theirs.length <= WATCH and theirs.through.get(h, hx.FAR) == theirs.length
        if on_chain and has_road(board, rival) and sit.blocked_length(rival, h) > theirs.length:
            return "block", {"seat": rival}
    quote = game.quote(kind, h)
    if quote.free_from is not None:
        return "free", {"building": board.buildings[quote.free_from][1]}
    if hx.completes_group(board, seat, kind, h, game.players[seat].rewarded):
        return "amphora", {"group": BUILDINGS[kind].group}
    if through <= mine.length < hx.FAR:
        return "chain", {"left": through - 1}
    cards = sum(action.payment)
    if cards <= 1:
        return "cheap", {"cards": cards}
    return "grow", {}
