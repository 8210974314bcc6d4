"""editor.html's binder: DOM events become messages (web/editor/messages.py), the store
answers them (web/editor/store.py), its effects are carried out here (storage through
web/editor/keeping.py, downloads, focus), and the page is drawn again from its scene.

A tap's way: event -> :func:`~web.editor.messages.read` -> ``update`` -> effects -> scene
-> markup -> this page. Every change is kept at once, and a refused save is said on the page.
"""

from __future__ import annotations

import asyncio
import traceback

from pyodide.ffi import jsnull  # type: ignore[import-not-found]
from pyodide.http import pyfetch  # type: ignore[import-not-found]

from web.core.browser import document, window
from web.core.dom import (
    attr,
    find,
    new_id,
    offer_download,
    switch_language,
    tapped,
    write_words,
)
from web.core.storage import Storage
from web.teach.embed_preview import with_still

from .editor_view import editor_page_html
from .keeping import found, settle
from .messages import ChangedElsewhere, Import, LanguageChanged, Message, Play, read
from .scene import editor_scene
from .store import Desk, Offer

#: The page's style and the board's art, which a lesson's picture carries inside it.
ART = ("web/app.css", "web/svg/art.svg")

#: The form fields whose change is a message (the text fields are named "text WHAT LANG").
FIELDS = (
    "building",
    "stored-building",
    "owner",
    "seat",
    "current",
    "phase",
    "draft",
    "draft-name",
    "reach",
)


class EditorPage:
    """editor.html: the position editor over the drafts kept in this browser."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._art: tuple[str, str] | None = None  # the page's style and art, for pictures
        self._reading = asyncio.ensure_future(self._read_art())
        desk = Desk(now=lambda: int(window.Date.now()), new_id=new_id)
        self.desk, _ = settle(desk, found(storage), storage)  # web/main.py draws it

    def send(self, message: Message) -> None:
        """The store answers; storage is written as it says; downloads wait for the redraw."""
        offers: list[Offer] = []
        try:
            self.desk, offers = settle(self.desk, message, self.storage)
        except Exception:
            traceback.print_exc()
        self.render()
        for offer in offers:
            offer_download(offer.filename, self._pictured(offer) if offer.pictured else offer.text)

    async def _read_art(self) -> None:
        """The page's style and art, read once as the editor starts (from the offline cache
        when installed), for the picture a downloaded lesson carries."""
        try:
            texts = [await (await pyfetch(name)).string() for name in ART]
            self._art = (texts[0], texts[1])
        except Exception:
            traceback.print_exc()

    def _pictured(self, offer: Offer) -> str:
        """The lesson with its board as a picture; without one if that cannot be made (the
        page then shows the lesson's title and task until Python draws it)."""
        if self._art is None:
            return offer.text
        try:
            return with_still(offer.text, *self._art)
        except Exception:
            traceback.print_exc()
            return offer.text

    def render(self) -> None:
        write_words()
        holder = document.getElementById("editor")
        focused = document.activeElement
        key = attr(focused, "data-key")
        # the game's folder as this page is served, for snippets from any folder of the site
        base = str(window.location.pathname).rsplit("/", 1)[0] + "/"
        holder.innerHTML = editor_page_html(editor_scene(self.desk, base))
        # a question takes the keyboard, on its safe answer
        goal = find(".editor-drafts .confirm [data-cmd=no]", holder) if self.desk.asking else None
        if goal is None and key:
            goal = find(f'[data-key="{key}"]', holder)
        if goal is not None:
            goal.focus()

    def run(self, name: str, value: str) -> None:
        try:
            message = read(name, value)
        except Exception:
            traceback.print_exc()
            self.render()
            return
        self.send(message)

    def on_click(self, event: object) -> None:
        hit = tapped(event)
        if hit is None:
            return
        found_node, cmd, arg = hit
        event.preventDefault()
        inside = found_node.closest(".recording-board")
        if inside is not None and inside is not jsnull:
            self.send(Play(cmd, arg))
        elif cmd == "import-text":
            area = find('textarea[name="import"]')
            self.send(Import(str(area.value) if area is not None else ""))
        else:
            self.run(cmd, arg)

    def on_storage(self, event: object) -> None:
        """Another tab wrote the browser's storage: an entry of the editor's is the store's
        to answer (the tab's open draft may have changed there)."""
        key, text = event.key, event.newValue  # type: ignore[attr-defined]
        if key is None or key is jsnull:
            return
        self.send(ChangedElsewhere(str(key), None if text is None or text is jsnull else str(text)))

    def on_key(self, event: object) -> None:
        key = str(event.key)
        target = event.target
        if (
            key in ("Enter", " ")
            and hasattr(target, "getAttribute")
            and target.getAttribute("data-hex")
        ):
            self.on_click(event)

    def on_change(self, event: object) -> None:
        node = event.target
        name = str(attr(node, "name") or "")
        if attr(node, "id") == "language":
            switch_language(self.storage, str(node.value))
            self.send(LanguageChanged())
        elif name in FIELDS or name.startswith("text "):
            self.run(name, str(node.value))
