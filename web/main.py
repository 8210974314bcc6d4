"""The page's glue: DOM events in, session commands, fresh markup out.

The only module that touches ``document``. It holds no rule: a tap becomes a
``data-cmd`` command for :class:`web.session.Session` (or for the new-game form),
and the whole view is redrawn from the session afterwards.
"""

from __future__ import annotations

import traceback

from pyodide.ffi import create_proxy, jsnull  # type: ignore[import-not-found]
from pyodide.http import pyfetch  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]

from attika import Game
from web.board_svg import Drawing, board_drawing
from web.panels import log_html, side_panel, status
from web.screens import Setup, handover_html, result_html, setup_html
from web.session import Session
from web.text import t


def find(selector: str, root: object = None) -> object | None:
    """``querySelector`` with JavaScript's null read as None (Pyodide gives ``jsnull``)."""
    el = (root or document).querySelector(selector)  # type: ignore[attr-defined]
    return None if el is None or el is jsnull else el


def attr(el: object, name: str) -> str | None:
    if el is None or el is jsnull or not hasattr(el, "getAttribute"):
        return None
    value = el.getAttribute(name)  # type: ignore[attr-defined]
    return None if value is None or value is jsnull else str(value)


class App:
    def __init__(self) -> None:
        self.session: Session | None = None
        self.setup: Setup | None = None
        self._written: dict[str, str] = {}
        self._drawing: Drawing | None = None

    def _put(self, el: object, markup: str) -> None:
        """Replace an element's content only when it changed: re-parsing an unchanged log or
        board costs the browser a layout and paint for nothing."""
        key = el.id  # type: ignore[attr-defined]
        if self._written.get(key) != markup:
            el.innerHTML = markup  # type: ignore[attr-defined]
            self._written[key] = markup

    # -- starting -------------------------------------------------------------------

    async def open_from_url(self) -> None:
        """``?players=3&seed=42`` opens straight into that game with default names;
        ``?load=<game file URL>`` opens a saved game (a record, as ``to_json`` writes it)."""
        params = window.URLSearchParams.new(window.location.search)
        players, seed = _param(params, "players"), _param(params, "seed")
        load = _param(params, "load")
        setup = Setup()
        if load is not None:
            try:
                response = await pyfetch(load)
                if not response.ok:
                    raise ValueError(t("load.missing", url=load, status=response.status))
                game = Game.from_json(await response.string())
                self.session = Session.resume(game)
                return
            except (ValueError, OSError) as exc:
                setup.error = t("load.failed", detail=str(exc))
        setup.seed = int(window.Math.floor(window.Math.random() * 1_000_000))
        if players is not None or seed is not None:
            try:
                setup.count = int(players or 2)
                if seed is not None:
                    setup.seed = int(seed)
                if not 2 <= setup.count <= 4:
                    raise ValueError(f"players={players}")
                self.session = setup.start_session()
                return
            except ValueError as exc:
                setup.error = t("error.bad-input", detail=str(exc))
        self.setup = setup

    def read_form(self) -> None:
        setup = self.setup
        if setup is None:
            return
        for i in range(4):
            field = find(f'[name="name-{i}"]')
            if field is not None:
                setup.names[i] = str(field.value)
        start = find('[name="start"]')
        if start is not None:
            setup.start = str(start.value)
        seed = find('[name="seed"]')
        if seed is not None:
            setup.seed_text = str(seed.value).strip()

    # -- commands ---------------------------------------------------------------------

    def command(self, cmd: str, arg: str) -> None:
        if cmd.startswith("setup-") or cmd == "new-game":
            self.setup_command(cmd, arg)
        elif cmd == "log":
            panel = document.getElementById("log")
            panel.hidden = not panel.hidden
            return
        elif self.session is not None:
            self.session.handle(cmd, arg)
        self.render()

    def setup_command(self, cmd: str, arg: str) -> None:
        if cmd == "new-game":
            setup = Setup()
            if self.session is not None:
                game = self.session.game
                setup.count = len(game.players)
                for i, p in enumerate(game.players):
                    setup.names[i] = p.name
                setup.city_states[: setup.count] = self.session.city_states
            setup.seed = int(window.Math.floor(window.Math.random() * 1_000_000))
            self.setup = setup
            return
        self.read_form()
        setup = self.setup
        assert setup is not None
        setup.error = ""
        if cmd == "setup-count":
            setup.count = int(arg)
        elif cmd == "setup-cs":
            seat, cs = arg.split(":")
            setup.choose(int(seat), cs)
        elif cmd == "setup-seed":
            setup.seed = int(window.Math.floor(window.Math.random() * 1_000_000))
            setup.seed_text = ""
        elif cmd == "setup-start":
            try:
                setup.apply_seed_text()
                self.session = setup.start_session()
                self.setup = None
            except ValueError as exc:
                setup.error = str(exc)

    # -- drawing ------------------------------------------------------------------------

    def _draw_board(self, board: object, drawing: Drawing) -> None:
        """Redraw only the hexes that changed; the whole board when hexes came or went."""
        changed = drawing.changed(self._drawing)
        if changed is None:
            board.innerHTML = drawing.markup()  # type: ignore[attr-defined]
        else:
            group = board.firstElementChild  # type: ignore[attr-defined]
            group.setAttribute("class", drawing.mode)
            children = group.children
            for i in changed:
                children.item(i).outerHTML = drawing.pieces[i][1]
        x, y, w, h = drawing.bounds
        board.dataset.bounds = f"{x} {y} {w} {h}"  # type: ignore[attr-defined]
        self._drawing = drawing

    def render(self) -> None:
        focused = document.activeElement
        focus_key = attr(focused, "data-key")
        focus_hex = attr(focused, "data-hex")
        body = document.body
        overlay = document.getElementById("overlay")
        side = document.getElementById("side")
        board = document.getElementById("board")
        session = self.session
        if self.setup is not None:
            self._put(overlay, f'<div class="card-screen">{setup_html(self.setup)}</div>')
            body.dataset.screen = "setup"
        if session is not None:
            self._draw_board(board, board_drawing(session))
            self._put(side, side_panel(session))
            document.getElementById("status-top").textContent = status(session, named=True)
            self._put(document.getElementById("log-list"), log_html(session))
            document.getElementById("seed").textContent = t("menu.seed", seed=session.game.seed)
            body.dataset.phase = session.phase
            body.dataset.seat = str(session.seat)
            if self.setup is None:
                body.dataset.screen = "game"
                if session.handover:
                    self._put(overlay, handover_html(session))
                    body.dataset.screen = "handover"
                elif session.game.is_over and not session.result_closed:
                    self._put(overlay, result_html(session))
                    body.dataset.screen = "result"
                else:
                    self._put(overlay, "")
            view = getattr(window, "attikaBoard", None)
            if view is not None and view is not jsnull:
                view.refresh()
        restore = None
        if focus_key:
            restore = find(f'[data-key="{focus_key}"]')
        elif focus_hex:
            restore = find(f'[data-hex="{focus_hex}"]')
        if restore is None and body.dataset.screen in ("handover", "result", "setup"):
            restore = find("button.primary", overlay)
        if restore is not None:
            restore.focus()
        body.dataset.ready = "1"


APP = App()


def _target(event: object) -> tuple[str, str] | None:
    el = event.target  # type: ignore[attr-defined]
    if not hasattr(el, "closest"):
        el = el.parentElement
    if el is None or el is jsnull:
        return None
    found = el.closest("[data-cmd],[data-site],[data-hex]")
    if found is None or found is jsnull or found.hasAttribute("disabled"):
        return None
    cmd = attr(found, "data-cmd")
    if cmd is not None:
        return cmd, attr(found, "data-arg") or ""
    site = attr(found, "data-site")
    if site is not None:
        return "site", site
    return "hex", attr(found, "data-hex") or ""


def _run(cmd: str, arg: str) -> None:
    try:
        APP.command(cmd, arg)
    except Exception as exc:
        traceback.print_exc()
        side = document.getElementById("messages-fatal")
        side.textContent = f"Something went wrong ({type(exc).__name__}: {exc}). "
        side.hidden = False


def on_click(event: object) -> None:
    found = _target(event)
    if found is not None:
        _run(*found)


def on_key(event: object) -> None:
    key = str(event.key)  # type: ignore[attr-defined]
    if key not in ("Enter", " "):
        if key == "Escape" and APP.session is not None:
            _run("cancel", "")
        return
    el = event.target  # type: ignore[attr-defined]
    if el.tagName in ("BUTTON", "INPUT", "SELECT", "TEXTAREA"):
        if el.tagName == "INPUT" and key == "Enter" and APP.setup is not None:
            event.preventDefault()  # type: ignore[attr-defined]
            _run("setup-start", "")
        return
    found = _target(event)
    if found is not None:
        event.preventDefault()  # type: ignore[attr-defined]
        _run(*found)


def _param(params: object, name: str) -> str | None:
    value = params.get(name)  # type: ignore[attr-defined]
    return None if value is None or value is jsnull else str(value)


async def main() -> None:
    await APP.open_from_url()
    document.addEventListener("click", create_proxy(on_click))
    document.addEventListener("keydown", create_proxy(on_key))
    document.getElementById("app").hidden = False
    APP.render()
    loading = find("#loading")
    if loading is not None:
        loading.remove()


await main()  # noqa: F704 - PyScript runs this module with top-level await
