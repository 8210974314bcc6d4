"""A position of a real game written as a scenario file, so a teacher can make a lesson of it.

Written from one seat's view (``game.view(seat)``) and nothing else: the other players'
hands, the order of every stack, the deck and the tile stack are hidden from that seat, so
the file leaves them for the teacher to set ("unknown" stacks, deck and tile stack; empty
hands). What the seat may see is kept exactly: the board as laid, the buildings and whose
they are, its own hand, everyone's amphorae and stored buildings, whose turn and how far it
has gone. The file is read back by :func:`attika.load_scenario` like any other.
"""

from __future__ import annotations

from typing import Any

from .components import LANDSCAPES
from .hexes import format_hex
from .scenario import FORMAT, VERSION
from .view import View


def lesson_from_view(
    seen: View, city_states: list[str], title: str = "A position from a game"
) -> dict[str, Any]:
    """The scenario data of the position a seat sees (``seen`` is ``game.view(seat)``)."""
    board = seen["board"]
    players = []
    for i, p in enumerate(seen["players"]):
        hand = p["hand"]
        entry: dict[str, Any] = {"name": p["name"], "city_state": city_states[i]}
        if hand is not None and any(hand):
            entry["hand"] = {LANDSCAPES[k]: n for k, n in enumerate(hand) if n}
        if p["amphorae"]:
            entry["amphorae"] = p["amphorae"]
        if p["stored"]:
            entry["stored"] = dict(sorted(p["stored"].items()))
        players.append(entry)
    turn = seen["turn"]
    out_turn: dict[str, Any] = {"number": seen["turn_number"]}
    if turn["mode"] is not None:
        out_turn |= {"mode": turn["mode"], "used": turn["used"]}
    if turn["extra"]:
        out_turn["extra"] = turn["extra"]
    drawn = turn["drawn"]
    if drawn is not None and drawn != "hidden" and turn["drawn_from"] is not None:
        out_turn["drawn"] = {"building": drawn, "stack": turn["drawn_from"]}
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "title": title,
        "board": {
            "tiles": [
                {"tile": tile, "centre": format_hex((q, r)), "rotation": rot}
                for tile, q, r, rot in board["tiles"]
            ],
            "shrines": [format_hex((q, r)) for q, r in board["shrines"]],
            "buildings": {
                format_hex((q, r)): {"building": kind, "owner": seat}
                for q, r, seat, kind in board["buildings"]
            },
        },
        "players": players,
        "current": seen["current"],
        "turn": out_turn,
        "amphora_supply": seen["amphora_supply"],
    }
    hexes = board.get("hexes")
    if hexes:  # hexes set one by one (a scenario's own board), beside the tiles
        data["board"]["hexes"] = {
            format_hex((q, r)): "plain" if land is None else LANDSCAPES[land]
            for q, r, land in hexes
        }
    return data
