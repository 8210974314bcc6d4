"""A rules action as the page commands a player's taps produce (shared by the web tests)."""

from __future__ import annotations

from dataclasses import dataclass, field

import attika
from attika.actions import Build, DrawBuilding, EndTurn, PlaceTile, SpendAmphora, StoreBuilding
from attika.hexes import format_hex
from web.core.storage import MemoryStorage
from web.play.messages import turn_message
from web.play.notes import shown
from web.play.scene import Scene
from web.play.session import Session
from web.table.effects import Effect, carry_out
from web.table.messages import Opened, table_message
from web.table.saves import Shelf
from web.table.scenes import page_scene
from web.table.store import Table
from web.table.update import update


def tap_turn(session: Session, command: str, arg: str = "") -> None:
    """A tap's command words on a turn, read as the page reads them, then given to the
    session."""
    session.update(turn_message(command, arg))


def taps(session: Session, action: attika.Action) -> list[tuple[str, str]]:
    game = session.game
    match action:
        case DrawBuilding(stack=stack):
            return [("draw", str(stack))]
        case StoreBuilding():
            return [("store", "")]
        case Build(building=kind, hex=h, payment=payment):
            out = [] if game.turn.drawn is not None else [("select", kind)]
            out.append(("hex", format_hex(h)))
            # the page proposes the cheapest payment; step each landscape to the wanted one
            cheapest = session.game.quote(kind, h).payment
            assert cheapest is not None
            for i in range(4):
                step = "+" if payment[i] > cheapest[i] else "-"
                out.extend(("pay", f"{step}{i}") for _ in range(abs(payment[i] - cheapest[i])))
            out.append(("confirm", ""))
            return out
        case PlaceTile(centre=centre, rotation=rotation):
            return [("site", format_hex(centre))] + [("rotate", "1")] * rotation + [("confirm", "")]
        case SpendAmphora(use=use):
            return [("amphora", use)]
        case EndTurn():
            # with actions left, the page asks first and a second tap confirms
            sure = [("end", "sure")] if game.unused_actions() else []
            return [("end", ""), *sure, ("continue", "")]
    raise AssertionError(action)


def play(session: Session, action: attika.Action | str) -> None:
    if isinstance(action, str):
        action = attika.parse_action(action)
    if session.handover:
        tap_turn(session, "continue")
    before = len(session.game.actions)
    for cmd, arg in taps(session, action):
        tap_turn(session, cmd, arg)
        assert shown(session.note) is None or shown(session.note)[0] != "error", (
            cmd,
            arg,
            shown(session.note),
        )
    if not session.game.is_over or isinstance(action, EndTurn):
        assert session.game.actions[before:] == [str(action)] or session.game.is_over


# -- the game page's store, driven as the binder drives it ------------------------------


def tap(table: Table, cmd: str, arg: str = "") -> list[Effect]:
    """A tap on the game page: its command words read into a message, then the update."""
    return update(table, table_message(cmd, arg))[1]


def opened(
    table: Table, params: dict[str, str], fetched: tuple[str | None, str] | None = None
) -> list[Effect]:
    """The page (re)loaded at an address with these parameters."""
    return update(table, Opened(tuple(params.items()), fetched))[1]


@dataclass
class HeldTable(Table):
    """The store as the tests hold it, with the shelf over storage the binder keeps beside it."""

    shelf: Shelf = field(default_factory=lambda: Shelf(MemoryStorage()))

    def shown(self) -> Scene | None:
        """The table's scene as the page would draw it now."""
        return page_scene(self, [], []).table


def run(table: HeldTable, effects: list[Effect], now: int = 0) -> list[Effect]:
    """Carry out the storage effects as the binder does, telling the store how each save
    went; returns the effects that need a browser."""
    browser: list[Effect] = []
    while effects:
        told, rest = carry_out(effects, table.shelf, now)
        browser.extend(rest)
        effects = [e for message in told for e in update(table, message)[1]]
    return browser
