"""The game log: each rules event told as one short sentence."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from attika import LETTERS

from .html import Markup, el
from .text import building_name, group_name, landscape_name, plural, stack_name, t


class Line(Protocol):
    """One line of the log: the turn and seat it belongs to, and its words."""

    @property
    def turn(self) -> int: ...
    @property
    def seat(self) -> int: ...
    @property
    def text(self) -> str: ...


def cards_words(letters: str) -> str:
    """``HMM`` as "1 Hill, 2 Mountain"; ``-`` as "nothing"."""
    if letters in ("", "-"):
        return t("cards.none")
    parts = []
    for i, letter in enumerate(LETTERS):
        n = letters.count(letter)
        if n:
            parts.append(f"{n} {landscape_name(i)}")
    return ", ".join(parts)


def describe(event: dict[str, Any], names: list[str]) -> str:
    """One log line; a drawn building stays unnamed until it is built or stored."""
    kind = event["event"]
    who = names[event["seat"]]
    match kind:
        case "draw":
            return t("log.draw", name=who, stack=stack_name(event["stack"]))
        case "store":
            return t("log.store", name=who, building=building_name(event["building"]))
        case "build":
            key = "log.build.free" if event["free"] else "log.build"
            text = t(
                key,
                name=who,
                building=building_name(event["building"]),
                hex=event["hex"],
                cards=cards_words(event["paid"]),
            )
            if event["new_settlement"]:
                text += " " + t("log.new-settlement")
            return text
        case "tile":
            return t("log.tile", name=who, hex=event["hex"])
        case "reveal-tile":
            return t("log.reveal-tile", name=who)
        case "amphora":
            return t("log.amphora", name=who, group=group_name(event["group"]))
        case "amphora-empty":
            return t("log.amphora-empty", name=who, group=group_name(event["group"]))
        case "amphora-action":
            return t("log.amphora-action", name=who)
        case "amphora-card":
            return t("log.amphora-card", name=who)
        case "end-turn":
            return plural("log.end-turn", event["cards"], name=who)
        case "win":
            return t(f"log.win.{event['reason']}", name=who)
    return t("log.unknown", event=kind)


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
