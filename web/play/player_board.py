"""Player boards: the seven groups with their free-build arrows, and everyone at a glance."""

from __future__ import annotations

from attika import BUILDINGS, COMPONENTS, GROUPS

from ..core.html import Markup, el
from ..core.text import building_name, group_name, plural, t
from ..core.widgets import icon, seat_mark
from .scene import PlayerView, Scene


def _chain_rows(group: str) -> list[list[str]]:
    """A group's buildings as rows that follow the free-build arrows (a tree for the city)."""
    members = list(GROUPS[group].members)
    children = {m: [c for c in members if m in BUILDINGS[c].free_after and c != m] for m in members}
    roots = [
        m for m in members if not any(p in members and p != m for p in BUILDINGS[m].free_after)
    ]
    rows: list[list[str]] = []

    def walk(node: str, row: list[str]) -> None:
        row.append(node)
        kids = children[node]
        for k, child in enumerate(kids):
            if k == 0:
                walk(child, row)
            else:
                new_row = ["^" + node]
                rows.append(new_row)
                walk(child, new_row)

    for root in roots:
        first: list[str] = []
        rows.insert(len(rows), first)
        walk(root, first)
    return rows


def _chip(player: PlayerView, kind: str, stored: dict[str, int]) -> Markup:
    b = BUILDINGS[kind]
    nb, ns = player.built_kinds.get(kind, 0), stored.get(kind, 0)
    states = ["built"] * nb + ["stored"] * ns + ["stack"] * (b.count - nb - ns)
    state_text = t("board.chip", built=nb, stored=ns, stacks=b.count - nb - ns)
    selfloop = (
        el("span", {"class": "loop", "aria-hidden": "true"}, "↻") if kind in b.free_after else None
    )
    # what the pips and the arrow show, said in words (a name on a span with no role is
    # read by no screen reader)
    said = ": " + state_text + (". " + t("board.road-loop") if selfloop is not None else "")
    chip_class = "chip" + (" has-built" if nb else "") + (" has-stored" if ns else "")
    return el(
        "span",
        {"class": chip_class},
        el("span", {"class": f"badge small cs-{player.city_state}"}, icon("b-" + kind)),
        el("span", {"class": "chipname"}, building_name(kind), selfloop),
        el("span", {"class": "sr-only"}, said),
        el(
            "span",
            {"class": "pips", "aria-hidden": "true"},
            [el("i", {"class": f"pip is-{state}"}) for state in states],
        ),
    )


def player_board(player: PlayerView) -> Markup:
    """What is built, stored and still in the stacks, group by group."""
    stored = dict(player.stored)
    groups = []
    for gid in GROUPS:
        rows = []
        for row in _chain_rows(gid):
            chips: list[Markup] = []
            for k, kind in enumerate(row):
                if kind.startswith("^"):
                    chips.append(el("span", {"class": "from"}, building_name(kind[1:])))
                    continue
                if k:
                    chips.append(el("span", {"class": "arrow", "aria-hidden": "true"}, "→"))
                chips.append(_chip(player, kind, stored))
            rows.append(el("div", {"class": "chain"}, chips))
        rewarded = (
            el(
                "span",
                {"class": "earned", "role": "img", "aria-label": t("board.earned")},
                icon("amphora"),
            )
            if gid in player.rewarded
            else None
        )
        groups.append(
            el(
                "div",
                {"class": "group"},
                el("div", {"class": "gname"}, group_name(gid), rewarded),
                rows,
            )
        )
    legend = el(
        "p",
        {"class": "legend"},
        el("i", {"class": "pip is-built"}),
        t("board.legend.built"),
        " ",
        el("i", {"class": "pip is-stored"}),
        t("board.legend.stored"),
        " ",
        el("i", {"class": "pip is-stack"}),
        t("board.legend.stack"),
        # the arrow's meaning is on the screen, not in a tooltip a finger cannot open
        el(
            "span",
            {"class": "loop-legend"},
            el("span", {"aria-hidden": "true"}, "↻ "),
            t("board.road-loop"),
        ),
    )
    return el("div", {"class": "pboard"}, legend, groups)


def overview(scene: Scene) -> Markup:
    """Every player at a glance; each row opens that player's board."""
    rows = []
    for p in scene.players:
        current = p.seat == scene.status.current and not scene.over
        opened = scene.open_player == p.seat
        stacks = "/".join(str(n) for n in p.stacks)
        rows.append(
            el(
                "li",
                {"class": "current" if current else ""},
                el(
                    "button",
                    {
                        "type": "button",
                        "class": "prow",
                        "data-cmd": "player",
                        "data-arg": str(p.seat),
                        "data-key": f"player:{p.seat}",
                        "aria-expanded": "true" if opened else "false",
                    },
                    seat_mark(p.city_state),
                    el("span", {"class": "pname"}, p.name),
                    el("span", {"class": "pstat"}, plural("over.cards", p.hand_size)),
                    el("span", {"class": "pstat"}, icon("amphora", "tiny"), str(p.amphorae)),
                    el(
                        "span",
                        {"class": "pstat"},
                        t("over.built", n=p.built, of=COMPONENTS.buildings_per_player),
                    ),
                    el("span", {"class": "pstat"}, t("over.stacks", sizes=stacks)),
                ),
                player_board(p) if opened else None,
            )
        )
    return el(
        "section",
        {"class": "overview"},
        el("h2", None, icon("ui-players", "tiny"), " ", t("over.title")),
        el("ul", None, rows),
    )
