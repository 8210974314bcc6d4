"""The game page's binder (index.html): DOM events in, the store's effects and fresh markup out.

The only code that touches ``document`` for the game page. A tap's command words become a
message (web/table/messages.py ``table_message``) for the page's update
(web/table/update.py); the effects it returns are carried out (storage first, then what
needs the browser), and the view is redrawn from the scene.
"""

from __future__ import annotations

import asyncio

from pyodide.ffi import jsnull, to_js  # type: ignore[import-not-found]
from pyodide.http import pyfetch  # type: ignore[import-not-found]

from attika import GAME_CHARS
from web.board.board_svg import Drawing
from web.browser.dom import (
    attr,
    choose_language,
    fatal,
    find,
    new_id,
    offer_download,
    rove,
    say,
    switch_language,
    tapped,
    tasks,
    write_words,
)
from web.browser.window import document, window
from web.core.addresses import Refusal, same_site
from web.core.storage import EDITOR_INBOX, Storage
from web.core.text import language, t
from web.play.computers import Think, Thinking
from web.play.spoken import fresh, is_cue
from web.table.device_messages import (
    AnswersTyped,
)
from web.table.effects import (
    Address,
    Download,
    Effect,
    OpenLesson,
    StopThinking,
    carry_out,
)
from web.table.focus import Focus
from web.table.link import LINK_EFFECTS, TableLink
from web.table.messages import (
    Back,
    ComputerMoved,
    FileChosen,
    FileTooLarge,
    FormTyped,
    Message,
    Opened,
    ReviewStep,
    StartGame,
    table_message,
)
from web.table.saves import Shelf
from web.table.scenes import page_scene
from web.table.store import Table
from web.table.update import update
from web.table.view import PageView, page_view


class GamePage:
    """index.html: one game at the table, the start screen, stepping through."""

    def __init__(self, storage: Storage) -> None:
        #: The kept games in this browser's storage: read and written here only.
        self.shelf = Shelf(storage)
        self.table = Table(
            new_id=new_id,
            now=lambda: int(window.Date.now()),
            random_seed=lambda: int(window.Math.floor(window.Math.random() * 1_000_000)),
        )
        self._written: dict[str, str] = {}
        self._drawing: Drawing | None = None
        self._focus = Focus()
        #: Whether the history holds our entry for Back to close what is open (on_back).
        self._back_armed = False
        #: The turn (its number, and who looks) whose start the page last scrolled to.
        self._turn_shown: tuple[int, int | None] | None = None
        #: Whether the panel showed the turn's choices (the stacks, the waiting buildings)
        #: at the last draw, and the last computer's turn the page scrolled to.
        self._choosing = False
        self._watched: int | None = None
        self._words = ""
        #: The keys of what the live region was told at the last draw (web/play/spoken.py).
        self._said: set[str] = set()
        #: The computer player's search under way (an asyncio task), and when the last
        #: computer action was shown (for the pace between them).
        self._thinking: asyncio.Task[None] | None = None
        self._shown_at = 0.0
        #: The link to the players' own devices (loaded when a game first needs it).
        self.link = TableLink(self._run)

    def _put(self, node: object, markup: str) -> None:
        """Replace an element's content only when it changed: re-parsing an unchanged log or
        board costs the browser a layout and paint for nothing."""
        key = node.id  # type: ignore[attr-defined]
        if self._written.get(key) != markup:
            self._focus.hold(node)
            node.innerHTML = markup  # type: ignore[attr-defined]
            self._written[key] = markup

    # -- starting -------------------------------------------------------------------

    async def open_from_url(self) -> list[Effect]:
        """The address read into an ``Opened`` message; only the fetch of ``?load=<url>``
        happens here."""
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
        # carried out by web/main.py once the page's events are bound
        return update(self.table, Opened(tuple(params.items()), fetched))[1]

    def read_form(self) -> None:
        """What the new-game form's fields hold, for the store before any other message:
        names and seed typed survive a redraw or a language switch. Likewise the answers
        typed for the players' devices."""
        if self.table.devices_open:
            answers = []
            for field in document.querySelectorAll('#devices textarea[name^="answer-"]'):
                seat = str(field.name).removeprefix("answer-")
                if seat.isdigit():
                    answers.append((int(seat), str(field.value)[:1000]))
            update(self.table, AnswersTyped(tuple(answers)))
        if self.table.setup is None:
            return

        def value(name: str) -> str | None:
            field = find(f'[name="{name}"]')
            return None if field is None else str(field.value)  # type: ignore[attr-defined]

        typed = FormTyped(
            names=tuple(value(f"name-{i}") for i in range(4)),
            start=value("start"),
            seed=value("seed"),
            seats=tuple(value(f"who-{i}") for i in range(4)),
        )
        update(self.table, typed)

    # -- commands ---------------------------------------------------------------------

    # -- language ---------------------------------------------------------------------

    def choose_language(self) -> None:
        choose_language(self.shelf.storage)

    def switch_language(self, lang: str) -> None:
        self.read_form()  # names and seed typed into the new-game form survive the switch
        switch_language(self.shelf.storage, lang)
        self._written.clear()  # every text is new
        self._drawing = None
        self.render()

    def words(self) -> None:
        """The page's fixed words, only when the language changed: rewriting them costs
        every tap a style pass."""
        if self._words != language():
            self._words = language()
            write_words()

    def send(self, message: Message) -> None:
        """One message for the store, after what the form holds; its effects carried out."""
        self.read_form()
        self._shown_at = _seconds()  # a computer's answer waits its pace after this too
        self.after_command(update(self.table, message)[1])

    def after_command(self, effects: list[Effect]) -> None:
        """Carry out what the command asked for (storage first, then the browser's part),
        then redraw."""
        effects = list(effects)
        while True:  # how a save went is a message, which may ask for more
            told, rest = carry_out(effects, self.shelf, int(window.Date.now()))
            effects = [e for message in told for e in update(self.table, message)[1]]
            self.browser(rest)
            if not effects:
                break
        self.render()

    def browser(self, effects: list[Effect]) -> None:
        """What only the browser can do: a download, the editor, the address, thinking."""
        for effect in effects:
            if isinstance(effect, Download):
                offer_download(effect.filename, effect.text)
            elif isinstance(effect, OpenLesson):  # the editor reads it from storage
                try:
                    self.shelf.storage.setItem(EDITOR_INBOX, effect.text)
                except Exception:  # storage full: the file instead, to paste into the editor
                    offer_download("attika-lesson.json", effect.text)
                else:
                    window.location.href = "editor.html"
            elif isinstance(effect, Address):
                window.history.replaceState(jsnull, "", f"?game={effect.game_id}")
            elif isinstance(effect, Think):
                self._stop_thinking()
                self._thinking = asyncio.ensure_future(self._think(effect))
            elif isinstance(effect, StopThinking):
                self._stop_thinking()
            elif isinstance(effect, LINK_EFFECTS):
                self.link.carry_out(effect)

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
            session = self.table.session
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
            while (wait := self._shown_at + self.table.pace() - _seconds()) > 0:
                await asyncio.sleep(min(wait, 0.05))  # a Skip or Faster tap counts at once
            self._shown_at = _seconds()
            self._thinking = None
            self.after_command(update(self.table, ComputerMoved(asked, action))[1])
        except asyncio.CancelledError:
            document.body.dataset.thinking = "0"
            raise
        except Exception as exc:
            fatal(exc)

    async def import_file(self, file: object) -> None:
        size = int(file.size)  # type: ignore[attr-defined]
        if size > 4 * GAME_CHARS:  # not read at all: even at 4 bytes a letter it is too long
            self.after_command(update(self.table, FileTooLarge(size))[1])
            return
        text = str(await file.text())  # type: ignore[attr-defined]
        self.after_command(update(self.table, FileChosen(text))[1])

    # -- drawing ------------------------------------------------------------------------

    def _draw_board(self, board: object, drawing: Drawing) -> None:
        """Redraw only the hexes that changed; the whole board when hexes came or went."""
        changed = drawing.changed(self._drawing)
        if changed is None:
            self._focus.hold(board)
            board.innerHTML = drawing.markup()  # type: ignore[attr-defined]
        else:
            group = board.firstElementChild  # type: ignore[attr-defined]
            group.setAttribute("class", drawing.mode)
            children = group.children
            for i in changed:
                self._focus.hold(children.item(i), itself=True)
                children.item(i).outerHTML = drawing.pieces[i][1]
        x, y, w, h = drawing.bounds
        board.dataset.bounds = f"{x} {y} {w} {h}"  # type: ignore[attr-defined]
        self._drawing = drawing

    # -- Back and Escape: close what is open before leaving -----------------------------

    def close_top(self) -> bool:
        """Close the topmost open thing (the store's ``closable``: the log first); False
        when nothing is open."""
        if self.table.closable() is not None:
            self._run(Back())
            return True
        return False

    def _arm_back(self) -> None:
        """While something can be closed, the browser's history holds one entry of ours,
        so that Back closes it (on_back) instead of leaving the game and its Python."""
        if self.table.closable() is not None and not self._back_armed:
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
        table = self.table
        view = page_view(page_scene(table, self.shelf.games(), self.shelf.broken()))
        opened_or_closed = None
        if view.screen == "setup":
            self._put(overlay, view.overlay)
            body.dataset.screen = "setup"
        shown = view.table
        if shown is not None:
            self._draw_board(document.getElementById("board"), shown.board)
            self._put(document.getElementById("side"), shown.side)
            self._put(document.getElementById("status-top"), shown.status)
            news = document.getElementById("news")
            if news is not None:
                self._put(news, shown.news)
                news.hidden = shown.news_hidden
            self._put(document.getElementById("log-list"), shown.log)
            self._show_devices(view)
            opened_or_closed = self._show_log(view.log_open)
            events = [(k, w) for k, w in shown.said if not is_cue(k)]
            say(document.getElementById("announce"), fresh(events, self._said))
            cues = fresh([(k, w) for k, w in shown.said if is_cue(k)], self._said)
            if cues:  # how things stand now: replaced, not kept (#cue is a status region)
                document.getElementById("cue").textContent = " ".join(cues)
            self._said = {key for key, _ in shown.said}
            self._put(document.getElementById("log-tools"), shown.log_tools)
            document.getElementById("seed").textContent = shown.seed
            body.dataset.phase = shown.phase
            body.dataset.seat = str(shown.seat)
            if view.screen != "setup":
                body.dataset.screen = view.screen
                choosing = find("#side section.act .stacks") is not None
                # back at the turn's choices after a build, a store or a tile (the page was
                # scrolled to the payment or the drawn building), and a computer's turn:
                # the top too, where the board gives way to every choice and its price, or
                # to the computer's moves as they are told
                back = shown.acting and choosing and not self._choosing
                watched = not (shown.acting or shown.handover) and shown.turn[0] != self._watched
                if (
                    shown.handover
                    or (shown.acting and shown.turn != self._turn_shown)
                    or back
                    or watched
                ):
                    # each turn starts at the top: strip, board, then the panel's start (with
                    # computers there is no hand-over: the person's turn starts here too)
                    window.scrollTo(0, 0)
                    document.getElementById("side").scrollTop = 0
                    self._turn_shown = shown.turn if shown.acting else None
                self._choosing = choosing
                self._watched = None if shown.acting else shown.turn[0]
                self._put(overlay, view.overlay)
            board_view = getattr(window, "attikaBoard", None)
            if board_view is not None and board_view is not jsnull:
                board_view.refresh()
        self._focus.settle(focused, focus_key, focus_hex, shown is not None)
        if opened_or_closed is not None:  # the log's heading sticks: no scroll to reach it
            opened_or_closed.focus(to_js({"preventScroll": True}))  # type: ignore[attr-defined]
        self._arm_back()
        body.dataset.ready = "1"

    def _show_devices(self, view: PageView) -> None:
        """The players' devices: the top bar's button and the panel, drawn from the view."""
        self._put(document.getElementById("devices-button"), view.devices_button or "")
        panel = document.getElementById("devices")
        self._put(panel, view.devices or "")
        panel.hidden = not view.devices_open
        if view.devices_open:
            self.link.draw_codes()

    def _show_log(self, log_open: bool) -> object | None:
        """The log panel as the store has it; where the keyboard goes when it opened (into
        the log) or closed (back to its button), None when it did neither."""
        panel = document.getElementById("log")
        if bool(panel.hidden) != log_open:
            return None
        if not log_open:
            self._focus.hold(panel)
        panel.hidden = not log_open
        if log_open:  # it opens at the latest moves, not at turn 1
            panel.scrollTop = panel.scrollHeight
        return find("#log h2") if log_open else find('[data-key="log"]')

    # -- the DOM's events -----------------------------------------------------------

    def _run(self, message: Message) -> None:
        try:
            self.send(message)
        except Exception as exc:
            fatal(exc)

    def on_click(self, event: object) -> None:
        found = tapped(event)
        if found is not None:
            self._run(table_message(found[1], found[2]))

    def on_key(self, event: object) -> None:
        key = str(event.key)  # type: ignore[attr-defined]
        table = self.table
        if table.review is None and rove(event):
            return
        if key not in ("Enter", " "):
            if key == "Escape":  # closes what is open, topmost first, as Back does
                self.close_top()
            elif table.review is not None and key in STEP_KEYS:
                event.preventDefault()  # type: ignore[attr-defined]
                self._run(ReviewStep(STEP_KEYS[key]))
            return
        node = event.target  # type: ignore[attr-defined]
        if node.tagName in ("BUTTON", "INPUT", "SELECT", "TEXTAREA"):
            if node.tagName == "INPUT" and key == "Enter" and table.setup is not None:
                event.preventDefault()  # type: ignore[attr-defined]
                self._run(StartGame())
            return
        found = tapped(event)
        if found is not None:
            event.preventDefault()  # type: ignore[attr-defined]
            self._run(table_message(found[1], found[2]))

    def on_change(self, event: object) -> None:
        node = event.target  # type: ignore[attr-defined]
        if attr(node, "data-key") == "language":  # the top bar's or the new-game form's
            self.switch_language(str(node.value))
            return
        if attr(node, "id") == "import-file" and node.files.length:
            task = asyncio.ensure_future(self._guarded_import(node.files.item(0)))
            tasks.add(task)  # keep a reference until it is done
            task.add_done_callback(tasks.discard)

    async def _guarded_import(self, file: object) -> None:
        try:
            await self.import_file(file)
        except Exception as exc:
            fatal(exc)


def _seconds() -> float:
    return float(window.performance.now()) / 1000.0


STEP_KEYS = {"ArrowLeft": "-1", "ArrowRight": "+1", "Home": "first", "End": "last"}
