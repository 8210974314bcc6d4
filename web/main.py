"""The page's glue: DOM events in, session commands, fresh markup out.

The only module that touches ``document``. It holds no rule: a tap becomes a
``data-cmd`` command for :class:`web.session.Session` (or for the new-game form),
and the whole view is redrawn from the session afterwards.
"""

from __future__ import annotations

import asyncio
import traceback

from pyodide.ffi import create_proxy, jsnull, to_js  # type: ignore[import-not-found]
from pyodide.http import pyfetch  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]

from web.board_svg import Drawing, board_drawing
from web.controller import Controller
from web.dom import (
    attr,
    browser_storage,
    choose_language,
    find,
    switch_language,
    tapped,
    write_words,
)
from web.effects import Address, Download, Effect, carry_out
from web.html import Markup, el, join
from web.log import log_html
from web.panel import side_panel
from web.review import review_bar
from web.saves import Shelf
from web.screens import handover_html, result_html, saved_games_html, setup_html
from web.status import status
from web.text import language, t
from web.widgets import button, icon


def _new_id() -> str:
    stamp = int(window.Date.now())
    tail = int(window.Math.floor(window.Math.random() * 36**4))
    return f"{_base36(stamp)}-{_base36(tail)}"


def _base36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = digits[r] + out
        if n == 0:
            return out


#: Panel parts that answer a tap and must be seen when they appear.
ATTENTION = ("#side .confirm-end", "#side .payment", "#side .message.error", "#side .review")


class App:
    def __init__(self) -> None:
        self.ctl = Controller(
            Shelf(browser_storage()),
            new_id=_new_id,
            now=lambda: int(window.Date.now()),
            random_seed=lambda: int(window.Math.floor(window.Math.random() * 1_000_000)),
        )
        self._written: dict[str, str] = {}
        self._drawing: Drawing | None = None
        self._attention: set[str] = set()
        self._words = ""
        #: What opening the page asked for, carried out once the page is bound.
        self._pending: list[Effect] = []

    def _put(self, node: object, markup: str) -> None:
        """Replace an element's content only when it changed: re-parsing an unchanged log or
        board costs the browser a layout and paint for nothing."""
        key = node.id  # type: ignore[attr-defined]
        if self._written.get(key) != markup:
            node.innerHTML = markup  # type: ignore[attr-defined]
            self._written[key] = markup

    # -- starting -------------------------------------------------------------------

    async def open_from_url(self) -> None:
        """See :meth:`Controller.open`; only the fetch of ``?load=<url>`` happens here."""
        search = window.URLSearchParams.new(window.location.search)
        params = {}
        for name in ("game", "players", "seed", "load"):
            value = search.get(name)
            if value is not None and value is not jsnull:
                params[name] = str(value)
        fetched = None
        if "load" in params:
            try:
                response = await pyfetch(params["load"])
                if not response.ok:
                    raise OSError(t("load.missing", url=params["load"], status=response.status))
                fetched = (await response.string(), "")
            except Exception as exc:
                fetched = (None, str(exc))
        self._pending = self.ctl.open(params, fetched)

    def read_form(self) -> None:
        setup = self.ctl.setup
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

    # -- language ---------------------------------------------------------------------

    def choose_language(self) -> None:
        choose_language(self.ctl.shelf.storage)

    def switch_language(self, lang: str) -> None:
        self.read_form()  # names and seed typed into the new-game form survive the switch
        switch_language(self.ctl.shelf.storage, lang)
        self._written.clear()  # every text is new
        self._drawing = None
        self.render()

    def words(self) -> None:
        """The page's fixed words, only when the language changed: rewriting them costs
        every tap a style pass."""
        if self._words != language():
            self._words = language()
            write_words()

    def command(self, cmd: str, arg: str) -> None:
        if cmd == "log":
            panel = document.getElementById("log")
            panel.hidden = not panel.hidden
            return
        if cmd == "review":  # the log panel would cover the step buttons
            document.getElementById("log").hidden = True
        self.read_form()
        self.after_command(self.ctl.command(cmd, arg))

    def after_command(self, effects: list[Effect]) -> None:
        """Carry out what the command asked for (storage first, then the browser's part),
        then redraw."""
        ctl = self.ctl
        for effect in carry_out(effects, ctl, ctl.shelf, int(window.Date.now())):
            if isinstance(effect, Download):
                _offer_download(effect.filename, effect.text)
            elif isinstance(effect, Address):
                window.history.replaceState(jsnull, "", f"?game={effect.game_id}")
        self.render()

    async def import_file(self, file: object) -> None:
        text = str(await file.text())  # type: ignore[attr-defined]
        self.after_command(self.ctl.import_text(text))

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
        self.words()
        focused = document.activeElement
        focus_key = attr(focused, "data-key")
        focus_hex = attr(focused, "data-hex")
        body = document.body
        overlay = document.getElementById("overlay")
        ctl = self.ctl
        scene = ctl.shown()
        if ctl.setup is not None:
            games, broken = ctl.shelf.games(), ctl.shelf.broken()
            saved = saved_games_html(games, broken, ctl.confirm_delete, ctl.game_id, ctl.notice)
            playing = ctl.session is not None
            form = setup_html(ctl.setup, playing)
            # a message, or games to go back to on a fresh start, come before the new-game form
            first = ctl.notice is not None or (not playing and bool(games or broken))
            inner = saved + form if first else form + saved
            self._put(overlay, el("div", {"class": "card-screen start"}, inner))
            body.dataset.screen = "setup"
        if scene is not None:
            review = ctl.review
            self._draw_board(document.getElementById("board"), board_drawing(scene))
            actions = review_bar(review) if review is not None else None
            self._put(document.getElementById("side"), side_panel(scene, actions))
            top = status(scene, named=True)
            if review is not None:
                top = t("review.step", n=review.step, of=review.length)
            document.getElementById("status-top").textContent = top
            names = [p.name for p in scene.players]
            city_states = [p.city_state for p in scene.players]
            self._put(document.getElementById("log-list"), log_html(scene.log, names, city_states))
            self._put(document.getElementById("log-tools"), log_tools(review is not None))
            document.getElementById("seed").textContent = t("menu.seed", seed=scene.seed)
            body.dataset.phase = "review" if review is not None else scene.status.phase
            body.dataset.seat = str(scene.status.current)
            if ctl.setup is None:
                body.dataset.screen = "review" if review is not None else "game"
                if scene.handover:
                    self._put(overlay, handover_html(scene))
                    body.dataset.screen = "handover"
                elif scene.over and not scene.result_closed and review is None:
                    self._put(overlay, result_html(scene))
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
        if restore is None and body.dataset.screen in ("handover", "result"):
            restore = find("button.primary", overlay)
        if restore is not None:
            restore.focus()
        self._bring_into_view()
        body.dataset.ready = "1"

    def _bring_into_view(self) -> None:
        """Scroll to a question or message that has just appeared in the panel. On a phone
        the panel scrolls under the board, and a tap low down (End turn, a hex) may make its
        answer appear above, out of sight; CSS scroll-margin keeps it clear of the board."""
        shown = {sel for sel in ATTENTION if find(sel) is not None}
        for sel in ATTENTION:
            if sel in shown and sel not in self._attention:
                find(sel).scrollIntoView(to_js({"block": "start"}))  # type: ignore[union-attr]
                break
        self._attention = shown


def log_tools(reviewing: bool) -> Markup:
    """Buttons above the log: step through the game, save it to a file."""
    review = None if reviewing else button(join(icon("ui-replay"), t("saves.review")), "review")
    return join(review, button(join(icon("ui-export"), t("saves.export")), "export"))


def _offer_download(filename: str, text: str) -> None:
    """Hand a text file to the browser's download, with no server involved."""
    blob = window.Blob.new([text], to_js({"type": "application/json"}))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = filename
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.setTimeout(create_proxy(lambda: window.URL.revokeObjectURL(url)), 1000)


APP = App()


def _run(cmd: str, arg: str) -> None:
    try:
        APP.command(cmd, arg)
    except Exception as exc:
        traceback.print_exc()
        side = document.getElementById("messages-fatal")
        side.textContent = f"Something went wrong ({type(exc).__name__}: {exc}). "
        side.hidden = False


def on_click(event: object) -> None:
    found = tapped(event)
    if found is not None:
        _run(found[1], found[2])


STEP_KEYS = {"ArrowLeft": "-1", "ArrowRight": "+1", "Home": "first", "End": "last"}
_tasks: set[object] = set()


def on_key(event: object) -> None:
    key = str(event.key)  # type: ignore[attr-defined]
    if key not in ("Enter", " "):
        if key == "Escape" and APP.ctl.session is not None:
            _run("review-exit" if APP.ctl.review is not None else "cancel", "")
        elif APP.ctl.review is not None and key in STEP_KEYS:
            event.preventDefault()  # type: ignore[attr-defined]
            _run("step", STEP_KEYS[key])
        return
    node = event.target  # type: ignore[attr-defined]
    if node.tagName in ("BUTTON", "INPUT", "SELECT", "TEXTAREA"):
        if node.tagName == "INPUT" and key == "Enter" and APP.ctl.setup is not None:
            event.preventDefault()  # type: ignore[attr-defined]
            _run("setup-start", "")
        return
    found = tapped(event)
    if found is not None:
        event.preventDefault()  # type: ignore[attr-defined]
        _run(found[1], found[2])


def on_change(event: object) -> None:
    node = event.target  # type: ignore[attr-defined]
    if attr(node, "id") == "language":
        APP.switch_language(str(node.value))
        return
    if attr(node, "id") == "import-file" and node.files.length:
        task = asyncio.ensure_future(_guarded_import(node.files.item(0)))
        _tasks.add(task)  # keep a reference until it is done
        task.add_done_callback(_tasks.discard)


async def _guarded_import(file: object) -> None:
    try:
        await APP.import_file(file)
    except Exception as exc:
        traceback.print_exc()
        side = document.getElementById("messages-fatal")
        side.textContent = f"Something went wrong ({type(exc).__name__}: {exc}). "
        side.hidden = False


async def main() -> None:
    APP.choose_language()
    await APP.open_from_url()
    document.addEventListener("click", create_proxy(on_click))
    document.addEventListener("change", create_proxy(on_change))
    document.addEventListener("keydown", create_proxy(on_key))
    document.getElementById("app").hidden = False
    APP.after_command(APP._pending)
    loading = find("#loading")
    if loading is not None:
        loading.remove()


await main()  # noqa: F704 - PyScript runs this module with top-level await
