"""What the player holds and can take from: the hand, the four stacks, the waiting buildings."""

from __future__ import annotations

from attika import BUILDINGS, LANDSCAPES

from ..core.html import Markup, el, join, raw
from ..core.refusals import refusal_text
from ..core.text import building_name, landscape_name, plural, stack_name, t
from ..core.widgets import icon, minicards
from .scene import Scene


def hand_html(scene: Scene) -> Markup:
    """The viewer's cards; a scene with no viewer has no hand to show."""
    me = None if scene.viewer is None else scene.players[scene.viewer]
    if me is None or me.hand is None:
        why = t("hand.hidden-review" if scene.watching else "hand.hidden")
        return el(
            "section",
            {"class": "hand hidden-hand"},
            el("h2", None, t("hand.title")),
            el("p", {"class": "hint"}, why),
        )
    cards = [
        el(
            "div",
            {
                "class": f"card c-{LANDSCAPES[i]}",
                "aria-label": plural("hand.aria", n, landscape=landscape_name(i)),
            },
            icon("land-" + LANDSCAPES[i]),
            el("span", {"class": "cardname"}, landscape_name(i)),
            el("span", {"class": "cardcount"}, str(n)),
        )
        for i, n in enumerate(me.hand)
    ]
    # another person is moving (on their own device): "your cards" under their turn's
    # heading would read as theirs, so the hand shown says whose it is
    mover = scene.players[scene.status.current]
    owned = mover.seat != me.seat and mover.computer is None and not scene.over
    title = (
        plural("hand.owner-n", me.hand_size, name=me.name)
        if owned
        else plural("hand.title-n", me.hand_size)
    )
    return el(
        "section",
        {"class": "hand"},
        el("h2", None, title),
        el("div", {"class": "cards"}, cards),
    )


def stack_buttons(scene: Scene) -> Markup:
    """The current player's four face-down stacks, each a button that draws from it."""
    can = scene.offer is not None and scene.offer.draw
    why = scene.offer.draw_refusal if scene.offer is not None else None
    out = []
    for i, size in enumerate(scene.current.stacks):
        label = stack_name(i)
        out.append(
            el(
                "button",
                {
                    "type": "button",
                    "class": "stack hinted" if scene.marks.hint_stack == i else "stack",
                    "data-stack": str(i),
                    "data-cmd": "draw",
                    "data-arg": str(i),
                    "data-key": f"draw:{i}",
                    "disabled": not (can and size),
                    "aria-describedby": "draw-why" if why is not None else None,
                },
                # named by what it shows ("Main stack 6") and words for screen readers after
                # (the hinted one said to be marked, as the board's hinted place is)
                el("span", {"class": "sr-only"}, t("hint.marked-prefix") + " ")
                if scene.marks.hint_stack == i
                else None,
                el("span", {"class": "stackpile", "aria-hidden": "true"}),
                el("span", {"class": "stacklabel"}, label),
                " ",
                el("span", {"class": "stacksize"}, str(size)),
                el("span", {"class": "sr-only"}, t("stack.aria") if can and size else ""),
            )
        )
    stacks = el("div", {"class": "stacks"}, out)
    if why is None:
        return stacks
    # greyed stacks say why (a build was made, cards taken...), on screen and to a reader
    return join(el("p", {"class": "hint", "id": "draw-why"}, refusal_text(why)), stacks)


def stored_buttons(scene: Scene) -> Markup:
    """The buildings waiting on the current player's board, each a button that chooses it."""
    player = scene.current
    if not player.stored:
        return el("p", {"class": "hint"}, t("build.none-stored"))
    placeable = scene.offer.placeable if scene.offer is not None else frozenset()
    # a lesson that keeps the price back leaves it to the reader to find there is no place
    nowhere = (
        scene.offer.nowhere
        if scene.offer is not None and not scene.hide & {"price", "free"}
        else frozenset()
    )
    why = scene.offer.build_refusal if scene.offer is not None else None
    # several with no place share one line of why under them all (a line each pushed the
    # rest of a phone's choices below the fold)
    placeless = [kind for kind, _ in player.stored if kind in nowhere]
    shared = len(placeless) > 1
    out = []
    for kind, n in player.stored:
        b = BUILDINGS[kind]
        chosen = scene.marks.selected == kind
        hinted = " hinted" if scene.marks.hint_building == kind else ""
        out.append(
            el(
                "button",
                {
                    "type": "button",
                    "class": ("building chosen" if chosen else "building") + hinted,
                    "data-cmd": "select",
                    "data-arg": kind,
                    "data-key": f"select:{kind}",
                    "aria-pressed": "true" if chosen else "false",
                    "disabled": kind not in placeable or kind in nowhere,
                    "aria-describedby": ("nowhere-all" if shared else f"nowhere-{kind}")
                    if kind in nowhere
                    else "build-why"
                    if why is not None
                    else None,
                },
                el("span", {"class": f"badge cs-{player.city_state}"}, icon("b-" + kind)),
                el(
                    "span",
                    {"class": "bname"},
                    building_name(kind),
                    el("span", {"class": "count"}, join(raw("&times;"), str(n))) if n > 1 else None,
                ),
                minicards(b.cost, b.any_cost),
            )
        )
        if kind in nowhere and not shared:  # why not, right under it, on screen and to a reader
            out.append(
                el(
                    "p",
                    {"class": "hint nowhere", "id": f"nowhere-{kind}"},
                    t("select.nowhere", building=building_name(kind)),
                )
            )
    if shared:
        names = ", ".join(building_name(kind) for kind in placeless)
        out.append(
            el(
                "p",
                {"class": "hint nowhere", "id": "nowhere-all"},
                t("select.nowhere-many", buildings=names),
            )
        )
    buildings = el("div", {"class": "buildings"}, out)
    if why is None:
        return buildings
    # greyed buildings say why (a draw was made: a turn is all drawing or all building),
    # as the greyed stacks do, on screen and to a reader
    return join(el("p", {"class": "hint", "id": "build-why"}, refusal_text(why)), buildings)
