"""Whole-screen cards: the new-game form, the hand-over between players, the result."""

from __future__ import annotations

from dataclasses import dataclass, field

from attika import MAX_SEED

from .panels import button, icon
from .saves import Broken, Saved
from .session import Session
from .text import CITY_STATE_IDS, city_state_name, escape, shape, t


@dataclass
class Setup:
    """The new-game form's values; kept while the form is redrawn."""

    count: int = 2
    names: list[str] = field(default_factory=lambda: ["", "", "", ""])
    city_states: list[str] = field(default_factory=lambda: list(CITY_STATE_IDS))
    #: "" for a random start player, else the seat number as text.
    start: str = ""
    seed: int = 1
    #: What was typed in the seed field, checked when the game starts.
    seed_text: str = ""
    error: str = ""

    def default_name(self, seat: int) -> str:
        """A player who gives no name plays under the name of their city-state."""
        return city_state_name(self.city_states[seat])

    def choose(self, seat: int, cs: str) -> None:
        """Give ``seat`` the city-state ``cs``; whoever had it takes this seat's old one."""
        if cs not in CITY_STATE_IDS:
            return
        other = self.city_states.index(cs)
        self.city_states[other], self.city_states[seat] = self.city_states[seat], cs

    def apply_seed_text(self) -> None:
        """Take the typed seed; a ValueError names the allowed range if it is no seed."""
        text = self.seed_text.strip()
        if not text:
            return
        if not text.isdigit() or int(text) > MAX_SEED:
            raise ValueError(t("setup.error.seed", max=MAX_SEED))
        self.seed = int(text)

    def start_session(self) -> Session:
        """The game this form describes; ValueError (with a reason to show) if it can't start."""
        names = [(self.names[i].strip() or self.default_name(i))[:24] for i in range(self.count)]
        if len({n.casefold() for n in names}) < len(names):
            raise ValueError(t("setup.error.names"))
        start = int(self.start) if self.start else None
        if start is not None and not 0 <= start < self.count:
            start = None
        return Session.start(names, self.seed, self.city_states[: self.count], start)


def setup_html(setup: Setup, playing: bool = False) -> str:
    """The new-game form; ``playing`` offers a way back to the game in progress."""
    counts = "".join(
        f'<button type="button" class="count{" chosen" if n == setup.count else ""}" '
        f'data-cmd="setup-count" data-arg="{n}" data-key="setup-count:{n}" '
        f'aria-pressed="{"true" if n == setup.count else "false"}">'
        f"{escape(t('setup.players-n', n=n))}</button>"
        for n in (2, 3, 4)
    )
    seats = []
    for i in range(setup.count):
        options = "".join(
            f'<button type="button" class="cs cs-{cs}{" chosen" if setup.city_states[i] == cs else ""}" '
            f'data-cmd="setup-cs" data-arg="{i}:{cs}" data-key="setup-cs:{i}:{cs}" '
            f'aria-pressed="{"true" if setup.city_states[i] == cs else "false"}" '
            f'aria-label="{escape(t("setup.cs-aria", n=i + 1, city=city_state_name(cs)))}">'
            f"{icon('seat-' + shape(cs), 'mark')}<span>{escape(city_state_name(cs))}</span></button>"
            for cs in CITY_STATE_IDS
        )
        seats.append(
            f'<div class="seatrow"><label>{escape(t("setup.name", n=i + 1))}'
            f'<input name="name-{i}" maxlength="24" autocomplete="off" '
            f'value="{escape(setup.names[i])}" placeholder="{escape(setup.default_name(i))}"></label>'
            f'<div class="cslist" role="group" aria-label="{escape(t("setup.cs", n=i + 1))}">{options}</div></div>'
        )
    start_options = f'<option value="">{escape(t("setup.start-random"))}</option>' + "".join(
        f'<option value="{i}"{" selected" if setup.start == str(i) else ""}>'
        f"{escape(setup.names[i].strip() or setup.default_name(i))}</option>"
        for i in range(setup.count)
    )
    error = (
        f'<p class="message error" role="alert">{escape(setup.error)}</p>' if setup.error else ""
    )
    return (
        '<form class="setup" id="setup-form" onsubmit="return false">'
        f"<h2>{escape(t('setup.title'))}</h2>"
        f'<div class="counts" role="group" aria-label="{escape(t("setup.players"))}">{counts}</div>'
        + "".join(seats)
        + '<div class="row">'
        f'<label>{escape(t("setup.start"))}<select name="start">{start_options}</select></label>'
        f'<label>{escape(t("setup.seed"))}<input name="seed" inputmode="numeric" '
        f'pattern="[0-9]*" value="{escape(setup.seed_text or str(setup.seed))}"></label>'
        + button(escape(t("setup.new-seed")), "setup-seed")
        + "</div>"
        f'<p class="hint">{escape(t("setup.seed-hint"))}</p>'
        + error
        + '<div class="row">'
        + button(escape(t("setup.go")), "setup-start", cls="primary big")
        + (button(escape(t("setup.back")), "setup-close") if playing else "")
        + "</div></form>"
    )


def handover_html(session: Session) -> str:
    seat = session.seat
    cs = session.city_states[seat]
    first = session.game.turn_number == 1
    return (
        f'<div class="card-screen handover cs-{cs}" role="dialog" aria-modal="true" '
        f'aria-labelledby="handover-title">'
        f'<span class="seat big cs-{cs}">{icon("seat-" + shape(cs), "mark")}</span>'
        f'<h2 id="handover-title">{escape(t("handover.title" if not first else "handover.first-title", name=session.name(seat)))}</h2>'
        f"<p>{escape(t('handover.explain'))}</p>"
        + button(escape(t("handover.go", name=session.name(seat))), "continue", cls="primary big")
        + "</div>"
    )


def result_html(session: Session) -> str:
    game = session.game
    assert game.winner is not None
    cs = session.city_states[game.winner]
    reason = t(f"result.{game.win_reason}")
    return (
        f'<div class="card-screen result cs-{cs}" role="dialog" aria-labelledby="result-title">'
        f'<span class="seat big cs-{cs}">{icon("seat-" + shape(cs), "mark")}</span>'
        f'<h2 id="result-title">{escape(t("result.title", name=session.name(game.winner)))}</h2>'
        f"<p>{escape(reason)}</p>"
        f'<p class="hint">{escape(t("result.seed", seed=game.seed))}</p>'
        '<div class="row">'
        + button(escape(t("result.look")), "close")
        + button(icon("ui-replay") + escape(t("saves.review")), "review")
        + button(escape(t("result.again")), "new-game", cls="primary")
        + "</div></div>"
    )


def saved_games_html(
    saved: list[Saved],
    broken: list[Broken],
    confirm_delete: str | None,
    playing: str | None,
    notice: tuple[str, str] | None,
) -> str:
    """The start screen's second half: games kept in this browser, and opening a file."""
    parts = ['<section class="saved" aria-labelledby="saved-title">']
    parts.append(f'<h2 id="saved-title">{escape(t("saves.title"))}</h2>')
    if notice:
        kind, text = notice
        parts.append(f'<p class="message {kind}" role="alert">{escape(text)}</p>')
    if not saved:
        parts.append(f'<p class="hint">{escape(t("saves.none"))}</p>')
    rows = []
    for g in saved:
        marks = "".join(
            f'<span class="seat small cs-{cs}">{icon("seat-" + shape(cs), "mark")}</span>'
            for cs in g.city_states
        )
        state = (
            t("saves.won", name=g.winner)
            if g.winner
            else t("saves.turn", turn=g.turn, actions=g.actions)
        )
        here = (
            f' <strong class="tag">{escape(t("saves.open-now"))}</strong>'
            if g.id == playing
            else ""
        )
        sure = confirm_delete == g.id
        delete_label = t("saves.delete-sure") if sure else t("saves.delete")
        rows.append(
            f'<li data-saved="{escape(g.id)}"><div class="who">{marks}'
            f'<span class="names">{escape(", ".join(g.names))}</span>{here}</div>'
            f'<div class="hint">{escape(state)}</div><div class="row">'
            + button(icon("ui-play") + escape(t("saves.resume")), "resume", g.id, cls="primary")
            + button(icon("ui-replay") + escape(t("saves.review")), "review", g.id)
            + button(
                icon("ui-trash") + escape(delete_label),
                "delete",
                g.id,
                cls="danger" if sure else "",
            )
            + "</div></li>"
        )
    if rows:
        parts.append('<ul class="savedlist">' + "".join(rows) + "</ul>")
    for b in broken:
        parts.append(
            f'<div class="message error broken" data-broken="{escape(b.id)}">'
            f'<p>{escape(t("saves.broken", reason=b.reason))}</p><div class="row">'
            + button(
                icon("ui-export") + escape(t("saves.broken-download")), "broken-download", b.id
            )
            + button(icon("ui-trash") + escape(t("saves.delete")), "broken-delete", b.id)
            + "</div></div>"
        )
    parts.append(
        '<div class="row">'
        f'<label class="filebtn">{icon("ui-import")}<span>{escape(t("saves.import"))}</span>'
        '<input type="file" id="import-file" accept=".json,application/json"></label>'
        "</div>"
        f'<p class="hint">{escape(t("saves.import-hint"))}</p>'
    )
    parts.append("</section>")
    return "".join(parts)
