"""What a seat may know of the log: each event as that seat witnessed it.

The events an action writes (``Game.apply``) are the table's whole truth, hidden facts
included: a drawn building is named in its ``draw`` event before anyone but its drawer may
see it (``readings.DRAWN_BUILDING_SEEN_BY_ALL``). Whatever carries events to another seat's
screen or device passes them through :func:`witnessed` first, as a scene is built from
``game.view(seat)`` and never from the game.
"""

from __future__ import annotations

from . import readings
from .game import Event


def witnessed(event: Event, seat: int | None) -> Event:
    """``event`` as ``seat`` knows it (None: a watcher who holds no hand). A building drawn
    by another seat is ``"hidden"``, as ``Game.view`` shows it; every other field is public
    (cards taken are counts)."""
    seen = dict(event)
    hidden = not readings.DRAWN_BUILDING_SEEN_BY_ALL
    if hidden and event["event"] == "draw" and event["seat"] != seat:
        seen["building"] = "hidden"
    return seen
