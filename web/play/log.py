"""The game log: each rules event told as one short sentence."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from attika import TOLD

from ..core.html import Markup, el
from ..core.text import (
    building_name,
    cards_words,
    group_name,
    plural,
    stack_name,
    t,
)


class Line(Protocol):
    """One line of the log: the turn and seat it belongs to, and its words."""

    @property
    def turn(self) -> int: ...
    @property
    def seat(self) -> int: ...
    @property
    def text(self) -> str: ...


#: How each placeholder of a log line is filled from its event.
_FILL: dict[str, Callable[[dict[str, Any]], str]] = {
    "building": lambda e: building_name(e["building"]),
    "cards": lambda e: cards_words(e["paid"]),
    "group": lambda e: group_name(e["group"]),
    "stack": lambda e: stack_name(e["stack"]),
}


def describe(event: dict[str, Any], names: list[str]) -> str:
    """One log line, by the key and placeholders the rules' registry gives each event
    (attika.TOLD); a drawn building stays unnamed until it is built or stored."""
    told = TOLD.get(event["event"])
    if told is None:
        return t("log.unknown", event=event["event"])
    who = names[event["seat"]]
    filled = {p: _FILL[p](event) for p in told.params}
    match told.event:  # the lines whose key depends on the event's facts
        case "build":
            text = t(f"{told.log}.free" if event["free"] else told.log, name=who, **filled)
            if event["new_settlement"]:
                text += " " + t("log.new-settlement")
            return text
        case "end-turn":
            return plural(told.log, event["cards"], name=who)
        case "win":
            return t(f"{told.log}.{event['reason']}", name=who)
    return t(told.log, name=who, **filled)


def log_html(lines: Sequence[Line], names: Sequence[str], city_states: Sequence[str]) -> Markup:
    """The log, turn by turn, each line in the colour of the player who acted."""
    items = []
    last_turn = None
    for line in lines:
        if line.turn != last_turn:
            items.append(
                el("li", {"class": "turnmark"}, t("log.turn", n=line.turn, name=names[line.seat]))
            )
            last_turn = line.turn
        items.append(el("li", {"class": f"cs-{city_states[line.seat]}"}, line.text))
    if not items:
        items.append(el("li", {"class": "hint"}, t("log.empty")))
    return el("ol", None, items)
