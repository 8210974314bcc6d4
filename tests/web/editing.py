"""The lesson editor driven as its page drives it, for the editor's tests: a tap read by
the page's one reader, answered by the page's one update (web/editor/store.py)."""

from __future__ import annotations

from web.editor.editor import Editor
from web.editor.messages import Message
from web.editor.reader import read
from web.editor.store import Desk, update


def edit(ed: Editor, message: Message) -> tuple[str, tuple[tuple[str, str], ...]] | None:
    """One message answered by the page's update on a desk holding ``ed``; what the page
    said of it (None: it was taken)."""
    desk = Desk(now=lambda: 0, new_id=lambda: "t", editor=ed)
    update(desk, message)
    return desk.said


def play(tap: str) -> Message:
    """A tap on the editor's live position (``select fortress``, ``hex 0,0``...), read as
    the page reads a tap inside its recording or preview."""
    command, _, arg = tap.partition(" ")
    return read(command, arg, live=True)
