"""The one binder: DOM events in, commands to the page's state, fresh markup and effects out.

The only module that touches ``document``, for every page of the game: index.html (the game,
:class:`GamePage`), and embed.html, rules.html or any page holding
``<div class="attika-position" data-scenario="NAME-or-URL">`` (live positions,
:class:`Positions`). It holds no rule and no state of its own worth testing: a tap becomes a
``data-cmd`` command for the controller (or a position), the effects it returns are carried
out, and the view is redrawn from a scene. ``data-scenario=""`` takes the scenario's name from
the page's ``?scenario=``; words marked ``data-t`` are written in the chosen language.
"""

from __future__ import annotations

import asyncio
import traceback

from pyodide.ffi import create_proxy, jsnull, to_js  # type: ignore[import-not-found]
from pyodide.http import pyfetch  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]

from attika import GAME_CHARS, ScenarioError, load_scenario, shorten
from web.board.board_svg import Drawing, board_drawing
from web.core.addresses import Refusal, same_site, scenario_address
from web.core.dom import (
    attr,
    browser_storage,
    choose_language,
    find,
    switch_language,
    tapped,
    write_words,
)
from web.core.html import Markup, el, join
from web.core.refusals import file_refusal
from web.core.roving import DIRECTIONS, next_place
from web.core.text import language, t
from web.core.widgets import button, icon
from web.editor.drafts import STORE_KEY, Desk
from web.editor.editor_view import editor_page_html
from web.play.computers import Thinking
from web.play.log import log_html
from web.play.news import news_html, news_words
from web.play.panel import side_panel
from web.play.status import status_strip
from web.table.controller import Controller
from web.table.effects import Address, Download, Effect, OpenLesson, StopThinking, Think, carry_out
from web.table.review import review_bar
from web.table.saves import Shelf, Storage
from web.table.screens import handover_html, result_html, saved_games_html, setup_html
from web.teach.position import Position, position_html, verdict_text


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


class GamePage:
    """index.html: one game at the table, the start screen, stepping through."""

    def __init__(self, storage: Storage) -> None:
        self.ctl = Controller(
            Shelf(storage),
            new_id=_new_id,
            now=lambda: int(window.Date.now()),
            random_seed=lambda: int(window.Math.floor(window.Math.random() * 1_000_000)),
        )
        self._written: dict[str, str] = {}
        self._drawing: Drawing | None = None
        self._attention: set[str] = set()
        #: Whether the history holds our entry for Back to close what is open (on_back).
        self._back_armed = False
        #: The turn (its number, and who looks) whose start the page last scrolled to.
        self._turn_shown: tuple[int, int | None] | None = None
        self._words = ""
        #: What opening the page asked for, carried out once the page is bound.
        self._pending: list[Effect] = []
        #: The computer player's search under way (an asyncio task), and when the last
        #: computer action was shown (for the pace between them).
        self._thinking: asyncio.Task[None] | None = None
        self._shown_at = 0.0

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
        for name in ("game", "players", "seed", "seats", "load"):
            value = search.get(name)
            if value is not None and value is not jsnull:
                params[name] = str(value)
        fetched = None
        if "load" in params:
            # only a file of this site: a game from elsewhere would become a kept game
            url = same_site(params["load"], str(window.location.href))
            try:
                if isinstance(url, Refusal):
                    raise OSError(t(url.key, address=url.address))
                response = await pyfetch(url)
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
        for i in range(4):
            who = find(f'[name="who-{i}"]')
            if who is not None:
                setup.play_by(i, str(who.value))

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
            # into the log when it opens, back to its button when it closes
            goal = find("#log h2") if not panel.hidden else find('[data-key="log"]')
            if goal is not None:
                goal.focus()
            self._arm_back()
            return
        if cmd == "review":  # the log panel would cover the step buttons
            document.getElementById("log").hidden = True
        self.read_form()
        self._shown_at = _seconds()  # a computer's answer waits its pace after this too
        self.after_command(self.ctl.command(cmd, arg))

    def after_command(self, effects: list[Effect]) -> None:
        """Carry out what the command asked for (storage first, then the browser's part),
        then redraw."""
        ctl = self.ctl
        for effect in carry_out(effects, ctl, ctl.shelf, int(window.Date.now())):
            if isinstance(effect, Download):
                _offer_download(effect.filename, effect.text)
            elif isinstance(effect, OpenLesson):  # the editor reads it from storage
                try:
                    self.ctl.shelf.storage.setItem(STORE_KEY, effect.text)
                except Exception:  # storage full: the file instead, to paste into the editor
                    _offer_download("attika-lesson.json", effect.text)
                else:
                    window.location.href = "editor.html"
            elif isinstance(effect, Address):
                window.history.replaceState(jsnull, "", f"?game={effect.game_id}")
            elif isinstance(effect, Think):
                self._stop_thinking()
                self._thinking = asyncio.ensure_future(self._think(effect))
            elif isinstance(effect, StopThinking):
                self._stop_thinking()
        self.render()

    # -- computer players -------------------------------------------------------------

    def _stop_thinking(self) -> None:
        if self._thinking is not None and not self._thinking.done():
            self._thinking.cancel()
        self._thinking = None

    async def _think(self, asked: Think) -> None:
        """Search in slices of about 25 ms, giving the browser its turn between them (taps,
        zoom, frames), then show the move once the pace allows (docs/thinking-in-the-page.md).
        Cancelled when the game changes under it; a stale answer is dropped anyway."""
        try:
            session = self.ctl.session
            if session is None:
                return
            thinking = Thinking(session.game, asked.level)
            document.body.dataset.thinking = "1"  # for the tests: a search is under way
            await asyncio.sleep(0)  # draw "is thinking" before the first slice
            action = thinking.work()
            while action is None:
                await asyncio.sleep(0)
                action = thinking.work()
            document.body.dataset.thinking = "0"
            while (wait := self._shown_at + self.ctl.pace() - _seconds()) > 0:
                await asyncio.sleep(min(wait, 0.05))  # a Skip or Faster tap counts at once
            self._shown_at = _seconds()
            self._thinking = None
            self.after_command(self.ctl.computer_move(asked, action))
        except asyncio.CancelledError:
            document.body.dataset.thinking = "0"
            raise
        except Exception as exc:
            _fatal(exc)

    async def import_file(self, file: object) -> None:
        size = int(file.size)  # type: ignore[attr-defined]
        if size > 4 * GAME_CHARS:  # not read at all: even at 4 bytes a letter it is too long
            self.after_command(self.ctl.import_oversized(size))
            return
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

    # -- Back and Escape: close what is open before leaving -----------------------------

    def close_top(self) -> bool:
        """Close the topmost open thing (the log, then what the controller says); False
        when nothing is open."""
        log = document.getElementById("log")
        if not log.hidden:
            self.command("log", "")
            return True
        if self.ctl.closable() is not None:
            self._run("back", "")
            return True
        return False

    def _arm_back(self) -> None:
        """While something can be closed, the browser's history holds one entry of ours,
        so that Back closes it (on_back) instead of leaving the game and its Python."""
        open_now = not document.getElementById("log").hidden or self.ctl.closable() is not None
        if open_now and not self._back_armed:
            window.history.pushState(to_js({"attika": "open"}), "")
            self._back_armed = True

    def on_back(self, event: object) -> None:
        """The browser's Back: our entry is gone; close the topmost thing, or, with nothing
        open (it was closed by a tap), go on back as the player asked."""
        self._back_armed = False
        if not self.close_top():
            window.history.back()

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
            top = status_strip(scene)
            if review is not None:
                top = el(
                    "span", {"class": "now"}, t("review.step", n=review.step, of=review.length)
                )
            self._put(document.getElementById("status-top"), top)
            said = news_words(scene) if review is None and not scene.handover else []
            news = document.getElementById("news")
            if news is not None:
                self._put(news, news_html(said))
                news.hidden = not said
            names = [p.name for p in scene.players]
            city_states = [p.city_state for p in scene.players]
            self._put(document.getElementById("log-list"), log_html(scene.log, names, city_states))
            self._put(document.getElementById("log-tools"), log_tools(review is not None))
            seed = "" if scene.seed is None else t("menu.seed", seed=scene.seed)
            document.getElementById("seed").textContent = seed
            body.dataset.phase = "review" if review is not None else scene.status.phase
            body.dataset.seat = str(scene.status.current)
            if ctl.setup is None:
                body.dataset.screen = "review" if review is not None else "game"
                turn = (scene.status.turn_number, scene.viewer)
                if scene.handover or (scene.acting and turn != self._turn_shown):
                    # each turn starts at the top: strip, board, then the panel's start (with
                    # computers there is no hand-over: the person's turn starts here too)
                    window.scrollTo(0, 0)
                    document.getElementById("side").scrollTop = 0
                    self._turn_shown = turn if scene.acting else None
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
        # a dialog is modal: the page behind it can be neither reached nor read
        modal = body.dataset.screen in ("handover", "result")
        for part in ("header.top", "main.layout", "#log"):
            node = find(part)
            if node is not None:
                node.inert = modal
        board = document.getElementById("board")
        if board is not None and scene is not None:
            # the board itself is the Tab stop (arrows pan, + and - zoom) when no place on
            # it can be chosen; else its one chosen place is (web/core/roving.py)
            choosing = find('#board [data-hex][tabindex="0"], #board [data-site][tabindex="0"]')
            board.setAttribute("tabindex", "-1" if choosing is not None else "0")
        appeared = self._bring_into_view()
        if restore is not None:
            restore.focus()
        active = document.activeElement
        lost = active is None or active is jsnull or active == body
        had_focus = focused is not None and focused is not jsnull and focused != body
        if (appeared and had_focus) or (lost and had_focus):
            # the focused button or place is gone (Continue, Confirm, a draw, a tile place)
            # or a question appeared: go on from somewhere meaningful, not from the page top
            meaningful = self._meaningful(appeared)
            if meaningful is not None:
                meaningful.focus(to_js({"preventScroll": True}))
        self._arm_back()
        body.dataset.ready = "1"

    def _meaningful(self, appeared: str | None) -> object | None:
        """Where the keyboard goes when its element is gone or something new asks for an
        answer: the question that appeared, the payment's button, the place to choose, the
        building to store, else the panel's first live button."""
        order = [
            ".confirm-end button",
            ".payment [data-cmd=confirm]:not([disabled])",
            ".payment button:not([disabled])",
            '#board [tabindex="0"]',
            "#side [data-cmd=store]",
            "#side .act button:not([disabled])",
            "#side button:not([disabled])",
        ]
        if appeared == "#side .message.error":
            return None  # an error keeps the focus where the player was
        for sel in order:
            found = find(sel)
            if found is not None:
                return found
        return None

    def _bring_into_view(self) -> str | None:
        """Scroll to a question or message that has just appeared in the panel. On a phone
        the panel scrolls under the board, and a tap low down (End turn, a hex) may make its
        answer appear above, out of sight; CSS scroll-margin keeps it clear of the board."""
        shown = {sel for sel in ATTENTION if find(sel) is not None}
        appeared = None
        for sel in ATTENTION:
            if sel in shown and sel not in self._attention:
                find(sel).scrollIntoView(to_js({"block": "start"}))  # type: ignore[union-attr]
                appeared = sel
                break
        self._attention = shown
        return appeared

    # -- the DOM's events -----------------------------------------------------------

    def _run(self, cmd: str, arg: str) -> None:
        try:
            self.command(cmd, arg)
        except Exception as exc:
            _fatal(exc)

    def on_click(self, event: object) -> None:
        found = tapped(event)
        if found is not None:
            self._run(found[1], found[2])

    def on_key(self, event: object) -> None:
        key = str(event.key)  # type: ignore[attr-defined]
        ctl = self.ctl
        if ctl.review is None and rove(event):
            return
        if key not in ("Enter", " "):
            if key == "Escape":  # closes what is open, topmost first, as Back does
                self.close_top()
            elif ctl.review is not None and key in STEP_KEYS:
                event.preventDefault()  # type: ignore[attr-defined]
                self._run("step", STEP_KEYS[key])
            return
        node = event.target  # type: ignore[attr-defined]
        if node.tagName in ("BUTTON", "INPUT", "SELECT", "TEXTAREA"):
            if node.tagName == "INPUT" and key == "Enter" and ctl.setup is not None:
                event.preventDefault()  # type: ignore[attr-defined]
                self._run("setup-start", "")
            return
        found = tapped(event)
        if found is not None:
            event.preventDefault()  # type: ignore[attr-defined]
            self._run(found[1], found[2])

    def on_change(self, event: object) -> None:
        node = event.target  # type: ignore[attr-defined]
        if attr(node, "id") == "language":
            self.switch_language(str(node.value))
            return
        if attr(node, "id") == "import-file" and node.files.length:
            task = asyncio.ensure_future(self._guarded_import(node.files.item(0)))
            _tasks.add(task)  # keep a reference until it is done
            task.add_done_callback(_tasks.discard)

    async def _guarded_import(self, file: object) -> None:
        try:
            await self.import_file(file)
        except Exception as exc:
            _fatal(exc)


def _seconds() -> float:
    return float(window.performance.now()) / 1000.0


def log_tools(reviewing: bool) -> Markup:
    """Buttons above the log: step through the game, save it to a file."""
    review = None if reviewing else button(join(icon("ui-replay"), t("saves.review")), "review")
    lesson = None if reviewing else button(join(icon("ui-export"), t("lesson.save")), "lesson")
    return join(review, button(join(icon("ui-export"), t("saves.export")), "export"), lesson)


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


class Positions:
    """embed.html, rules.html, or any page with ``.attika-position`` holders: live positions.

    Each holder keeps one live region outside the redrawn part, so a screen reader hears the
    verdict once when it changes, not on every redraw."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.positions: dict[str, Position] = {}
        #: Positions that could not be set up: the text key and its values, worded when shown
        #: so a language switch rewords them too.
        self.failed: dict[str, tuple[str, dict[str, str]]] = {}

    async def start(self) -> None:
        """Bring to life the positions whose "Try it" was tapped (``data-live``, set by
        web/preview.js); the others keep their still preview until their own tap."""
        write_words()
        holders = list(document.querySelectorAll(".attika-position"))
        for i, node in enumerate(holders):
            node.setAttribute("data-key", str(i))
        while True:  # a "Try it" tapped while Python was loading counts too
            keys = [str(n.getAttribute("data-key")) for n in holders if n.hasAttribute("data-live")]
            waiting = [k for k in keys if k not in self.positions and k not in self.failed]
            if not waiting:
                break
            await asyncio.gather(*(self.mount(holders[int(k)], k) for k in waiting))
        self.render()

    async def try_it(self, holder: object) -> None:
        """A "Try it" tapped once Python runs: that position alone comes to life."""
        key = str(holder.getAttribute("data-key"))  # type: ignore[attr-defined]
        if key not in self.positions and key not in self.failed:
            await self.mount(holder, key)
        self.render(key)
        _refocus(holder, None)

    async def mount(self, node: object, key: str) -> None:
        name = str(node.getAttribute("data-scenario") or "")  # type: ignore[attr-defined]
        if not name:
            found = window.URLSearchParams.new(window.location.search).get("scenario")
            name = "" if found is None or found is jsnull else str(found)
        node.setAttribute("data-key", key)  # type: ignore[attr-defined]
        node.setAttribute("data-live", "1")  # type: ignore[attr-defined]
        if not name:
            self.failed[key] = ("pos.no-scenario", {})
            return
        # a shipped name, or a file of this site only: never foreign teaching text
        url = scenario_address(name, str(window.location.href))
        if isinstance(url, Refusal):
            detail = t(url.key, address=url.address)
            self.failed[key] = ("pos.no-fetch", {"name": name, "detail": detail})
            return
        try:
            response = await pyfetch(url)
            if not response.ok:
                raise OSError(t("load.missing", url=url, status=response.status))
            scenario = load_scenario(await response.string(), name)
            # a small frame (embed.html, <attika-position>): board, task and needed controls
            compact = node.hasAttribute("data-compact") or document.body.classList.contains("embed")  # type: ignore[attr-defined]
            self.positions[key] = Position(key, scenario, compact=bool(compact))
        except ScenarioError as exc:
            self.failed[key] = ("pos.bad-scenario", {"name": name, "detail": file_refusal(exc)})
        except Exception as exc:
            self.failed[key] = ("pos.no-fetch", {"name": name, "detail": shorten(str(exc), 200)})

    def render(self, key: str | None = None) -> None:
        """Redraw the positions (or the one with ``key``)."""
        for holder in document.querySelectorAll(".attika-position[data-key]"):
            k = str(holder.getAttribute("data-key"))
            if (key is not None and k != key) or (k not in self.positions and k not in self.failed):
                continue  # still its preview: not tried yet
            view = holder.querySelector(".pos-view")
            if view is None or view is jsnull:
                holder.innerHTML = join(
                    el("div", {"class": "pos-view"}),
                    el("p", {"class": "sr-only pos-live", "role": "status"}),
                )
                view = holder.querySelector(".pos-view")
            if k in self.positions:
                view.innerHTML = position_html(self.positions[k])
                live = holder.querySelector(".pos-live")
                said = verdict_text(self.positions[k])
                if str(live.textContent) != said:
                    live.textContent = said
            else:
                text = t(self.failed[k][0], **self.failed[k][1])
                view.innerHTML = el("p", {"class": "message error", "role": "alert"}, text)

    def on_click(self, event: object) -> None:
        target = event.target  # type: ignore[attr-defined]
        trying = target.closest("[data-try]") if hasattr(target, "closest") else None
        if trying is not None and trying is not jsnull:
            holder = trying.closest(".attika-position[data-key]")
            if holder is not None and holder is not jsnull:
                task = asyncio.ensure_future(self.try_it(holder))
                _tasks.add(task)
                task.add_done_callback(_tasks.discard)
            return
        hit = tapped(event)
        if hit is None:
            return
        found, cmd, arg = hit
        holder = found.closest(".attika-position[data-key]")  # type: ignore[attr-defined]
        if holder is None or holder is jsnull:
            return
        key = str(holder.getAttribute("data-key"))
        pos = self.positions.get(key)
        if pos is None:
            return
        event.preventDefault()  # type: ignore[attr-defined]
        focus = found.getAttribute("data-key") or found.getAttribute("data-hex")
        if cmd in ("again", "confirm"):
            focus = None  # that button is gone after the redraw: go to the task
        try:
            pos.handle(cmd, arg)
        except Exception:
            traceback.print_exc()
        self.render(key)
        _refocus(holder, focus)

    def on_key(self, event: object) -> None:
        """Enter or Space on a focused hex acts like a tap (buttons do that by themselves)."""
        if rove(event):
            return
        key = str(event.key)  # type: ignore[attr-defined]
        target = event.target  # type: ignore[attr-defined]
        if (
            key in ("Enter", " ")
            and hasattr(target, "getAttribute")
            and (target.getAttribute("data-hex") or target.getAttribute("data-site"))
        ):
            self.on_click(event)

    def on_change(self, event: object) -> None:
        node = event.target  # type: ignore[attr-defined]
        if getattr(node, "id", "") == "language":
            switch_language(self.storage, str(node.value))
            write_words()
            self.render()


class EditorPage:
    """editor.html: the position editor (web/editor/editor.py) over the drafts kept in this
    browser; every change is kept at once, and a refused save is said on the page."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.desk = Desk(storage, now=lambda: int(window.Date.now()), new_id=_new_id)

    def render(self) -> None:
        write_words()
        holder = document.getElementById("editor")
        focused = document.activeElement
        key = attr(focused, "data-key")
        holder.innerHTML = editor_page_html(self.desk)
        # a question takes the keyboard, on its safe answer
        goal = find(".editor-drafts .confirm [data-cmd=no]", holder) if self.desk.asking else None
        if goal is None and key:
            goal = find(f'[data-key="{key}"]', holder)
        if goal is not None:
            goal.focus()  # type: ignore[attr-defined]
        if self.desk.download is not None:
            _offer_download(*self.desk.download)
            self.desk.download = None

    def run(self, cmd: str, arg: str) -> None:
        try:
            if cmd == "download":
                _offer_download("attika-lesson.json", self.desk.editor.text())
                return
            if cmd == "import-text":
                area = find('textarea[name="import"]')
                self.desk.command("import", str(area.value) if area is not None else "")  # type: ignore[attr-defined]
            else:
                self.desk.command(cmd, arg)
        except Exception:
            traceback.print_exc()
        self.render()

    def on_click(self, event: object) -> None:
        hit = tapped(event)
        if hit is None:
            return
        found, cmd, arg = hit
        event.preventDefault()  # type: ignore[attr-defined]
        inside = found.closest(".recording-board")  # type: ignore[attr-defined]
        if inside is not None and inside is not jsnull:
            self.run("play", f"{cmd} {arg}".strip())
        else:
            self.run(cmd, arg)

    def on_key(self, event: object) -> None:
        key = str(event.key)  # type: ignore[attr-defined]
        target = event.target  # type: ignore[attr-defined]
        if (
            key in ("Enter", " ")
            and hasattr(target, "getAttribute")
            and target.getAttribute("data-hex")
        ):
            self.on_click(event)

    def on_change(self, event: object) -> None:
        node = event.target  # type: ignore[attr-defined]
        name = str(attr(node, "name") or "")
        if attr(node, "id") == "language":
            switch_language(self.storage, str(node.value))
            self.desk.editor.check()  # its messages in the new language
            self.desk.refresh()
            self.render()
        elif name in ("building", "owner", "seat", "current", "phase"):
            self.run(name, str(node.value))
        elif name == "draft":
            self.run("draft-open", str(node.value))
        elif name == "draft-name":
            self.run("draft-name", str(node.value))
        elif name.startswith("text "):
            self.run("text", f"{name[5:]} {node.value}")


def rove(event: object) -> bool:
    """An arrow key on a place to choose moves the focus to the nearest place in that
    direction (web/core/roving.py), which becomes the board's one Tab stop; the game page's
    board keeps it in view. True when the key was used."""
    key = str(event.key)  # type: ignore[attr-defined]
    target = event.target  # type: ignore[attr-defined]
    if key not in DIRECTIONS or not hasattr(target, "getAttribute"):
        return False
    name = "data-site" if target.getAttribute("data-site") else "data-hex"
    here = target.getAttribute(name)
    if not here or (name == "data-hex" and target.getAttribute("role") != "button"):
        return False
    board = target.closest("svg")
    if name == "data-site":
        places = board.querySelectorAll("[data-site]")
    else:
        places = board.querySelectorAll('[data-hex][role="button"]')
    by_place = {str(p.getAttribute(name)): p for p in places}
    found = next_place(str(here), list(by_place), key)
    event.preventDefault()  # type: ignore[attr-defined]
    if found is None:
        return True
    target.setAttribute("tabindex", "-1")
    chosen = by_place[found]
    chosen.setAttribute("tabindex", "0")
    chosen.focus()
    view = getattr(window, "attikaBoard", None)
    if view is not None and view is not jsnull:
        view.show(chosen)
    return True


def _refocus(holder: object, focus: object) -> None:
    """Keep the keyboard where it was: the same button or hex after the redraw, else the
    position's task (never the top of a long page)."""
    if focus is not None and focus is not jsnull:
        value = str(focus).replace('"', "")
        for name in ("data-key", "data-hex"):
            node = holder.querySelector(f'[{name}="{value}"]')  # type: ignore[attr-defined]
            if node is not None and node is not jsnull:
                node.focus()
                return
    head = holder.querySelector(".poshead")  # type: ignore[attr-defined]
    if head is not None and head is not jsnull:
        head.focus()


def _fatal(exc: Exception) -> None:
    traceback.print_exc()
    side = document.getElementById("messages-fatal")
    side.textContent = f"Something went wrong ({type(exc).__name__}: {exc}). "
    side.hidden = False


STEP_KEYS = {"ArrowLeft": "-1", "ArrowRight": "+1", "Home": "first", "End": "last"}
_tasks: set[object] = set()


async def main() -> None:
    storage = browser_storage()
    choose_language(storage)
    page: GamePage | Positions | EditorPage
    if find("#app") is not None:
        page = GamePage(storage)
        await page.open_from_url()
    elif find("#editor") is not None:
        page = EditorPage(storage)
        page.render()
    else:
        page = Positions(storage)
        await page.start()
    document.addEventListener("click", create_proxy(page.on_click))
    document.addEventListener("change", create_proxy(page.on_change))
    document.addEventListener("keydown", create_proxy(page.on_key))
    if isinstance(page, GamePage):
        window.addEventListener("popstate", create_proxy(page.on_back))
        document.getElementById("app").hidden = False
        page.after_command(page._pending)
    loading = find("#loading")
    if loading is not None:
        loading.remove()
    document.body.dataset.ready = "1"


await main()  # noqa: F704 - PyScript runs this module with top-level await
