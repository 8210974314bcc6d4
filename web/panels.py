"""The side panel as HTML: whose turn, what to do next, the hand, the player boards.

Pure functions of a session. Buttons carry ``data-cmd`` and ``data-arg``;
``main.py`` sends those to :meth:`Session.handle`, so no rule is decided here:
what is enabled is asked of the rules package.
"""

from __future__ import annotations

from attika import (
    BUILDINGS,
    COMPONENTS,
    GROUPS,
    LANDSCAPES,
    LETTERS,
    Cards,
    Due,
    Quote,
    SpendAmphora,
    payment_verdict,
    stepped_payment,
    turn_status,
)

from .board_svg import ART
from .session import Session
from .text import building_name, escape, group_name, landscape_name, plural, shape, t


def icon(symbol: str, cls: str = "icon") -> str:
    return f'<svg class="{cls}" aria-hidden="true"><use href="{ART}#{symbol}"/></svg>'


def button(label: str, cmd: str, arg: str = "", *, cls: str = "", enabled: bool = True) -> str:
    disabled = "" if enabled else " disabled"
    klass = f' class="{cls}"' if cls else ""
    return (
        f'<button type="button"{klass} data-cmd="{cmd}" data-arg="{escape(arg)}" '
        f'data-key="{cmd}:{escape(arg)}"{disabled}>{label}</button>'
    )


def seat_mark(session: Session, seat: int) -> str:
    cs = session.city_states[seat]
    return f'<span class="seat cs-{cs}">{icon("seat-" + shape(cs), "mark")}</span>'


def minicards(cards: Cards, extra_any: int = 0) -> str:
    """A cost or payment as small landscape cards, plus grey 'any' cards."""
    out = [
        f'<span class="minicard c-{LANDSCAPES[i]}" title="{escape(landscape_name(i))}">'
        f"{LETTERS[i]}</span>"
        for i, n in enumerate(cards)
        for _ in range(n)
    ]
    out.extend(
        f'<span class="minicard c-any" title="{escape(t("cards.any"))}">'
        f"{escape(t('cards.any-letter'))}</span>"
        for _ in range(extra_any)
    )
    return '<span class="minicards">' + ("".join(out) or escape(t("cards.none"))) + "</span>"


def due_cards(due: Due) -> str:
    return minicards(due.landscapes, due.any)


# -- status -------------------------------------------------------------------------


def status(session: Session, named: bool = False) -> str:
    """The one line that says what happens now ("Build 2 of 3"), or with whose turn it is."""
    line = _status(session)
    game = session.game
    if named and not game.is_over and not session.handover:
        return t("status.with-name", name=session.name(session.seat), status=line)
    return line


def _status(session: Session) -> str:
    game = session.game
    name = session.name(session.seat)
    if game.is_over:
        assert game.winner is not None
        return t("status.won", name=session.name(game.winner))
    if session.handover:
        return t("status.handover", name=name)
    now = turn_status(game)
    if now.phase == "tile":
        return t("status.tile", name=name)
    if now.drawn is not None:
        return t("status.drawn", name=name, building=session.drawn_name())
    if now.actions_left == 0:
        return t("status.done", name=name)
    if now.mode is None:
        return t("status.choose", name=name)
    return t(f"status.{now.mode}", name=name, n=now.step, of=now.allowance)


# -- the action area ----------------------------------------------------------------


def quote_lines(q: Quote, session: Session) -> str:
    lines = [f"<li>{t('quote.printed')} {due_cards(q.base)}</li>"]
    if q.free_from is not None:
        source = session.game.board.buildings[q.free_from][1]
        lines.append(
            '<li class="free">'
            + t(
                "quote.free",
                source=building_name(source),
                hex=f"{q.free_from[0]},{q.free_from[1]}",
                building=building_name(q.building),
            )
            + "</li>"
        )
    else:
        for i, n in enumerate(q.saved):
            if n:
                lines.append(
                    "<li>" + plural("quote.saved", n, landscape=landscape_name(i)) + "</li>"
                )
    if q.new_settlement and q.surcharge:
        lines.append("<li>" + plural("quote.surcharge", q.surcharge) + "</li>")
    lines.append(f"<li><strong>{t('quote.due')}</strong> {due_cards(q.due)}</li>")
    return '<ul class="quote">' + "".join(lines) + "</ul>"


def payment_note(payment: list[int], due: Due) -> tuple[bool, str]:
    """Does the payment pay exactly (the rules judge), and how the 2-for-1 rule reads for it."""
    verdict = payment_verdict(payment, due)
    notes = [
        plural("pay.stand-in", n, landscape=landscape_name(i), cards=2 * n)
        for i, n in verdict.stand_ins
    ]
    if verdict.short:
        notes.append(plural("pay.short", verdict.short))
    elif verdict.over:
        notes.append(plural("pay.over", verdict.over))
    else:
        notes.append(t("pay.exact"))
    return verdict.exact, " ".join(notes)


def payment_panel(session: Session) -> str:
    assert session.selected and session.target is not None and session.payment is not None
    q = session.game.quote(session.selected, session.target)
    hand = session.game.players[session.seat].hand
    pay = session.payment
    rows = []
    for i in range(4):
        if not hand[i]:
            continue
        n = pay[i]
        more = stepped_payment(session.game, pay, i, 1) != tuple(pay)
        rows.append(
            f'<div class="payrow c-{LANDSCAPES[i]}">'
            f'<span class="card-face">{icon("land-" + LANDSCAPES[i])}</span>'
            f'<span class="payname">{escape(landscape_name(i))}</span>'
            + button("&minus;", "pay", f"-{i}", cls="step", enabled=n > 0)
            + f'<output class="paycount" aria-label="{escape(landscape_name(i))}">{n}</output>'
            + button("+", "pay", f"+{i}", cls="step", enabled=more)
            + f'<span class="of">{escape(t("pay.of", n=hand[i]))}</span></div>'
        )
    ok, note = payment_note(session.payment, q.due)
    total = payment_verdict(session.payment, q.due).cards
    confirm_label = t("pay.confirm-free") if total == 0 else plural("pay.confirm", total)
    return (
        '<section class="payment" aria-label="' + escape(t("pay.title-plain")) + '">'
        f"<h3>{escape(t('pay.title', building=building_name(session.selected), hex=f'{session.target[0]},{session.target[1]}'))}</h3>"
        + quote_lines(q, session)
        + (
            '<div class="payrows">' + "".join(rows) + "</div>"
            if q.due.any or any(q.due.landscapes)
            else ""
        )
        + f'<p class="verdict {"ok" if ok else "bad"}" role="status">{escape(note)}</p>'
        + '<div class="row">'
        + button(icon("ui-check") + escape(confirm_label), "confirm", cls="primary", enabled=ok)
        + button(escape(t("pay.cheapest")), "cheapest")
        + button(icon("ui-close") + escape(t("common.cancel")), "cancel")
        + "</div></section>"
    )


def _stack_buttons(session: Session) -> str:
    player = session.game.players[session.seat]
    can = session.can_draw()
    out = []
    for i, stack in enumerate(player.stacks):
        label = t("stack.main") if i == COMPONENTS.main_stack else t("stack.other", n=i + 1)
        out.append(
            f'<button type="button" class="stack" data-stack="{i}" data-cmd="draw" '
            f'data-arg="{i}" data-key="draw:{i}"{"" if can and stack else " disabled"} '
            f'aria-label="{escape(t("stack.aria", label=label, n=len(stack)))}">'
            f'<span class="stackpile" aria-hidden="true"></span>'
            f'<span class="stacklabel">{escape(label)}</span>'
            f'<span class="stacksize">{len(stack)}</span></button>'
        )
    return '<div class="stacks">' + "".join(out) + "</div>"


def _stored_buttons(session: Session) -> str:
    player = session.game.players[session.seat]
    if not player.stored:
        return f'<p class="hint">{escape(t("build.none-stored"))}</p>'
    out = []
    for kind, n in sorted(player.stored.items(), key=lambda kv: list(BUILDINGS).index(kv[0])):
        b = BUILDINGS[kind]
        chosen = session.selected == kind
        enabled = session.can_place(kind)
        count = f'<span class="count">&times;{n}</span>' if n > 1 else ""
        out.append(
            f'<button type="button" class="building{" chosen" if chosen else ""}" '
            f'data-cmd="select" data-arg="{kind}" data-key="select:{kind}" '
            f'aria-pressed="{"true" if chosen else "false"}"{"" if enabled else " disabled"}>'
            f'<span class="badge cs-{session.city_states[session.seat]}">{icon("b-" + kind)}</span>'
            f'<span class="bname">{escape(building_name(kind))}{count}</span>'
            + minicards(b.cost, b.any_cost)
            + "</button>"
        )
    return '<div class="buildings">' + "".join(out) + "</div>"


def _undo_row(session: Session) -> str:
    """Take back, or why not: a final action says it is final, in plain sight."""
    why = session.undo_refusal()
    if why is None:
        return (
            '<div class="row undo">'
            + button(icon("ui-undo") + escape(t("act.undo")), "undo")
            + "</div>"
        )
    if session.game.undo_refusal().rule == "undo-turn":  # type: ignore[union-attr]
        return ""
    return f'<p class="hint final">{icon("ui-lock", "tiny")} {escape(why)}</p>'


def _confirm_end(session: Session) -> str:
    unused = session.game.unused_actions()
    return (
        '<section class="act confirm-end" role="alertdialog" aria-labelledby="confirm-end-q">'
        f'<p id="confirm-end-q" class="question">{escape(plural("end.confirm", unused))}</p>'
        '<div class="row">'
        + button(icon("ui-end") + escape(t("end.sure")), "end", "sure", cls="primary")
        + button(escape(t("end.keep")), "cancel")
        + "</div></section>"
    )


def action_area(session: Session) -> str:
    game = session.game
    if game.is_over or session.handover:
        return ""
    if session.target is not None:
        return payment_panel(session)
    if session.confirm_end:
        return _confirm_end(session)
    now = turn_status(game)
    if now.phase == "tile":
        return (
            '<section class="act tile-act">'
            f"<p>{escape(t('tile.explain'))}</p>"
            '<div class="row">'
            + button(icon("ui-rotate-ccw") + escape(t("tile.rotate-ccw")), "rotate", "-1")
            + button(icon("ui-rotate-cw") + escape(t("tile.rotate-cw")), "rotate", "1")
            + button(
                icon("ui-check") + escape(t("tile.place")),
                "confirm",
                cls="primary",
                enabled=session.site is not None,
            )
            + "</div>"
            + _undo_row(session)
            + "</section>"
        )
    if now.drawn is not None:
        kind = now.drawn
        b = BUILDINGS[kind]
        where = (
            t("drawn.where", n=len(session.targets())) if session.targets() else t("drawn.nowhere")
        )
        return (
            '<section class="act drawn">'
            f'<div class="drawn-card"><span class="badge big cs-{session.city_states[session.seat]}">'
            f"{icon('b-' + kind)}</span><div><strong>{escape(building_name(kind))}</strong>"
            f"<div>{escape(group_name(b.group))} · {minicards(b.cost, b.any_cost)}</div></div></div>"
            f'<p class="hint">{escape(where)}</p>'
            '<div class="row">'
            + button(escape(t("drawn.store")), "store", cls="primary")
            + "</div>"
            + _undo_row(session)
            + "</section>"
        )
    parts = ['<section class="act">']
    parts.append(f"<h3>{escape(t('act.draw'))}</h3>" + _stack_buttons(session))
    parts.append(f"<h3>{escape(t('act.build'))}</h3>" + _stored_buttons(session))
    if session.selected and session.targets():
        parts.append(f'<p class="hint">{escape(t("build.tap-hex", n=len(session.targets())))}</p>')
    player = game.players[session.seat]
    if player.amphorae:
        parts.append(
            f"<h3>{icon('amphora')} {escape(plural('act.amphorae', player.amphorae))}</h3>"
            '<div class="row">'
            + button(
                escape(t("amphora.action")),
                "amphora",
                "action",
                enabled=session.legal(SpendAmphora("action")),
            )
            + button(
                escape(t("amphora.card")),
                "amphora",
                "card",
                enabled=session.legal(SpendAmphora("card")),
            )
            + "</div>"
        )
    unused = game.unused_actions()
    parts.append(
        '<div class="row end">'
        + button(
            icon("ui-end") + escape(plural("act.end", unused)),
            "end",
            cls="primary" if game.actions_left() == 0 else "",
        )
        + "</div>"
        + _undo_row(session)
        + "</section>"
    )
    return "".join(parts)


# -- hand and player boards -----------------------------------------------------------


def hand_html(session: Session) -> str:
    if session.handover or session.watching:
        why = t("hand.hidden-review" if session.watching else "hand.hidden")
        return (
            f'<section class="hand hidden-hand"><h3>{escape(t("hand.title"))}</h3>'
            f'<p class="hint">{escape(why)}</p></section>'
        )
    hand = session.game.players[session.seat].hand
    held = session.game.view(session.seat)["players"][session.seat]["hand_size"]
    cards = "".join(
        f'<div class="card c-{LANDSCAPES[i]}" aria-label="{escape(plural("hand.aria", n, landscape=landscape_name(i)))}">'
        f"{icon('land-' + LANDSCAPES[i])}"
        f'<span class="cardname">{escape(landscape_name(i))}</span>'
        f'<span class="cardcount">{n}</span></div>'
        for i, n in enumerate(hand)
    )
    return (
        f'<section class="hand"><h3>{escape(plural("hand.title-n", held))}</h3>'
        f'<div class="cards">{cards}</div></section>'
    )


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


def player_board(session: Session, seat: int) -> str:
    """The seven groups with their arrows: what is built, stored, still in the stacks."""
    game = session.game
    player = game.players[seat]
    built: dict[str, int] = {}
    for s, kind in game.board.buildings.values():
        if s == seat:
            built[kind] = built.get(kind, 0) + 1
    cs = session.city_states[seat]
    groups = []
    for gid in GROUPS:
        rows = []
        for row in _chain_rows(gid):
            chips = []
            for k, kind in enumerate(row):
                if kind.startswith("^"):
                    chips.append(f'<span class="from">{escape(building_name(kind[1:]))}</span>')
                    continue
                b = BUILDINGS[kind]
                nb, ns = built.get(kind, 0), player.stored.get(kind, 0)
                pips = "".join(
                    f'<i class="pip is-{state}"></i>'
                    for state in ["built"] * nb + ["stored"] * ns + ["stack"] * (b.count - nb - ns)
                )
                state_text = t("board.chip", built=nb, stored=ns, stacks=b.count - nb - ns)
                if k:
                    chips.append('<span class="arrow" aria-hidden="true">→</span>')
                selfloop = (
                    '<span class="loop" title="' + escape(t("board.road-loop")) + '">↻</span>'
                    if kind in b.free_after
                    else ""
                )
                chips.append(
                    f'<span class="chip{" has-built" if nb else ""}{" has-stored" if ns else ""}" '
                    f'aria-label="{escape(building_name(kind) + ": " + state_text)}">'
                    f'<span class="badge small cs-{cs}">{icon("b-" + kind)}</span>'
                    f'<span class="chipname">{escape(building_name(kind))}{selfloop}</span>'
                    f'<span class="pips" aria-hidden="true">{pips}</span></span>'
                )
            rows.append('<div class="chain">' + "".join(chips) + "</div>")
        rewarded = (
            f'<span class="earned" title="{escape(t("board.earned"))}">{icon("amphora")}</span>'
            if gid in player.rewarded
            else ""
        )
        groups.append(
            f'<div class="group"><div class="gname">{escape(group_name(gid))}{rewarded}</div>'
            + "".join(rows)
            + "</div>"
        )
    legend = (
        '<p class="legend"><i class="pip is-built"></i>'
        + escape(t("board.legend.built"))
        + ' <i class="pip is-stored"></i>'
        + escape(t("board.legend.stored"))
        + ' <i class="pip is-stack"></i>'
        + escape(t("board.legend.stack"))
        + "</p>"
    )
    return f'<div class="pboard">{legend}' + "".join(groups) + "</div>"


def overview(session: Session) -> str:
    """Every player at a glance; each row opens that player's board."""
    game = session.game
    rows = []
    sizes = [p["hand_size"] for p in game.view(session.seat)["players"]]
    for seat, p in enumerate(game.players):
        current = seat == session.seat and not game.is_over
        stacks = "/".join(str(len(s)) for s in p.stacks)
        opened = session.open_player == seat
        rows.append(
            f'<li class="{"current" if current else ""}">'
            f'<button type="button" class="prow" data-cmd="player" data-arg="{seat}" '
            f'data-key="player:{seat}" aria-expanded="{"true" if opened else "false"}">'
            + seat_mark(session, seat)
            + f'<span class="pname">{escape(p.name)}</span>'
            + f'<span class="pstat">{escape(plural("over.cards", sizes[seat]))}</span>'
            + f'<span class="pstat">{icon("amphora", "tiny")}{p.amphorae}</span>'
            + f'<span class="pstat">{escape(t("over.built", n=p.built, of=COMPONENTS.buildings_per_player))}</span>'
            + f'<span class="pstat">{escape(t("over.stacks", sizes=stacks))}</span>'
            + "</button>"
            + (player_board(session, seat) if opened else "")
            + "</li>"
        )
    return (
        f'<section class="overview"><h3>{icon("ui-players", "tiny")} {escape(t("over.title"))}</h3>'
        f"<ul>{''.join(rows)}</ul></section>"
    )


def side_panel(session: Session, actions: str | None = None) -> str:
    """The whole side panel; ``actions`` replaces the action area (stepping through)."""
    game = session.game
    seat = session.seat
    p = game.players[seat]
    head = (
        '<header class="turnhead">'
        + seat_mark(session, seat)
        + f'<div><div class="who">{escape(p.name)}</div>'
        f'<div class="status" id="status-line">{escape(status(session))}</div></div>'
        f'<div class="amph" aria-label="{escape(plural("act.amphorae", p.amphorae))}">'
        f"{icon('amphora')}<span>{p.amphorae}</span></div></header>"
    )
    message = ""
    if session.message:
        kind, text = session.message
        message = f'<p class="message {kind}" role="alert">{escape(text)}</p>'
    board_title = f"<h3>{escape(t('board.title', name=p.name))}</h3>"
    return (
        head
        + f'<div class="messages" aria-live="polite">{message}</div>'
        + (action_area(session) if actions is None else actions)
        + hand_html(session)
        + f'<section class="mine">{board_title}{player_board(session, seat)}</section>'
        + overview(session)
    )


def log_html(session: Session) -> str:
    items = []
    last_turn = None
    for line in session.log:
        if line.turn != last_turn:
            items.append(
                f'<li class="turnmark">{escape(t("log.turn", n=line.turn, name=session.name(line.seat)))}</li>'
            )
            last_turn = line.turn
        items.append(f'<li class="cs-{session.city_states[line.seat]}">{escape(line.text)}</li>')
    if not items:
        items.append(f'<li class="hint">{escape(t("log.empty"))}</li>')
    return "<ol>" + "".join(items) + "</ol>"
