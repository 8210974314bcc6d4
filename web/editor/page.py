"""editor.html's binder: DOM events become messages through the page's one reader
(web/editor/reader.py), the store answers them (web/editor/store.py), its effects are carried
out here (storage through web/editor/keeping.py, downloads, a field read), and the page is
drawn again from its scene.

A tap's way: event -> :func:`~web.editor.reader.read` -> ``update`` -> effects -> scene ->
markup -> this page. Every change is kept at once, and a refused save is said on the page; a
tap the reader cannot read is said too.
"""

from __future__ import annotations

import asyncio
import traceback

from pyodide.ffi import jsnull  # type: ignore[import-not-found]
from pyodide.http import pyfetch  # type: ignore[import-not-found]

from web.browser.dom import (
    attr,
    find,
    new_id,
    offer_download,
    switch_language,
    tapped,
    tasks,
    write_words,
)
from web.browser.window import document, window
from web.core.storage import Storage
from web.teach.embed_preview import with_still

from .editor_view import editor_page_html
from .effects import OfferFile, ReadField
from .keeping import PageEffect, found, settle
from .messages import ChangedElsewhere, LanguageChanged, Message, WriteText
from .reader import read
from .scene import editor_scene
from .store import Desk

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
        self._box: tuple[str, str] = ("", "")  # the file box's last text, with its picture
        self._reading = asyncio.ensure_future(self._read_art())
        desk = Desk(now=lambda: int(window.Date.now()), new_id=new_id)
        self.desk, _ = settle(desk, found(storage), storage)  # web/main.py draws it

    def send(self, message: Message) -> None:
        """The store answers; storage is written as it says; a field it asks for is read
        and sent on through the reader; downloads wait for the redraw."""
        left: tuple[PageEffect, ...] = ()
        try:
            self.desk, left = settle(self.desk, message, self.storage)
        except Exception:
            traceback.print_exc()
        fields = [effect for effect in left if isinstance(effect, ReadField)]
        for asked in fields:
            node = find(f'[name="{asked.name}"]')
            self.send(read(asked.name, str(node.value) if node is not None else ""))
        if not fields:
            self.render()
        for effect in left:
            if isinstance(effect, OfferFile):
                text = self._pictured(effect) if effect.pictured else effect.text
                offer_download(effect.filename, text)

    async def _read_art(self) -> None:
        """The page's style and art, read once as the editor starts (from the offline cache
        when installed), for the picture a downloaded lesson carries."""
        try:
            texts = [await (await pyfetch(name)).string() for name in ART]
            self._art = (texts[0], texts[1])
        except Exception:
            traceback.print_exc()

    def _pictured(self, offer: OfferFile) -> str:
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
        self._picture_box()

    def _picture_box(self) -> None:
        """The file box carries the board's picture as the download does, so a lesson
        copied from it shows at once on a page too. Drawn a moment after the page (a tap
        is not kept waiting for it), and only into a box the teacher is not editing."""
        box = find('textarea[name="import"]')
        if box is None:
            return
        bare = str(box.value)
        if self._box[0] == bare:
            box.value = self._box[1]
            box.setAttribute("data-pictured", "1")
            return
        task = asyncio.ensure_future(self._fill_box(bare))
        tasks.add(task)
        task.add_done_callback(tasks.discard)

    async def _fill_box(self, bare: str) -> None:
        await asyncio.sleep(0.3)
        await self._reading
        box = find('textarea[name="import"]')
        if box is None or str(box.value) != bare or document.activeElement == box:
            return
        if self._art is None:
            return
        try:
            pictured = with_still(bare, *self._art)
        except Exception:  # a draft the rules refuse: the editor says why beside the board
            return
        self._box = (bare, pictured)
        box.value = pictured
        box.setAttribute("data-pictured", "1")

    def on_click(self, event: object) -> None:
        """A tap's command words through the reader; a tap on the live position (the
        recording or the preview) is read as that lesson reads it."""
        hit = tapped(event)
        if hit is None:
            return
        found_node, cmd, arg = hit
        event.preventDefault()
        inside = found_node.closest(".recording-board")
        self.send(read(str(cmd), str(arg), live=inside is not None and inside is not jsnull))

    def on_storage(self, event: object) -> None:
        """Another tab wrote the browser's storage: an entry of the editor's is the store's
        to answer (the tab's open draft may have changed there)."""
        key, text = event.key, event.newValue  # type: ignore[attr-defined]
        if key is None or key is jsnull:
            return
        kept = None if text is None or text is jsnull else str(text)
        self.send(ChangedElsewhere(str(key), kept, _typing()))

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
            self.send(read(name, str(node.value)))


def _typing() -> WriteText | None:
    """The text field the teacher is typing in and has not left yet (its value is not the
    one drawn), read as its change would be: not lost when another tab's change comes."""
    node = document.activeElement
    name = str(attr(node, "name") or "")
    if not name.startswith("text ") or str(node.value) == str(node.defaultValue):
        return None
    typed = read(name, str(node.value))
    return typed if isinstance(typed, WriteText) else None
