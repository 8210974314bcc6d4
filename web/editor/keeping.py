"""The editor's entries in the browser's storage: read once when the page opens, and
written only as the store's effects say (web/editor/store.py).

The page (web/editor/page.py) calls these with ``localStorage``; tests call them with a
storage in memory. What the browser says back (a draft kept or refused, a hand-over that
found no room) returns to the store as a message.
"""

from __future__ import annotations

import contextlib

from ..core.storage import Storage
from ..core.text import t
from .drafts import CURRENT, DRAFT, STORE_KEY, is_editors
from .effects import (
    ClearHandOver,
    DeleteEntry,
    Effect,
    MoveAside,
    NoteOpen,
    OfferFile,
    ReadField,
    SaveDraft,
)
from .messages import DraftKept, DraftNotKept, Found, Message, NotMovedAside
from .store import Desk, update


def found(storage: Storage) -> Found:
    """The editor's entries stored in this browser, for the store to start from."""
    keys = [storage.key(i) for i in range(storage.length)]
    entries = []
    for key in keys:
        if key is not None and is_editors(key):
            text = storage.getItem(key)
            if text is not None:
                entries.append((key, text))
    return Found(tuple(entries))


def keep(effect: Effect, storage: Storage) -> Message | None:
    """Carry out one effect on storage (a download or a field to read is the page's); the
    browser's answer as a message, or None."""
    match effect:
        case SaveDraft(draft_id, text, after):
            try:
                storage.setItem(DRAFT + draft_id, text)
            except Exception:  # the browser's quota error arrives as a JS exception
                return DraftNotKept(t("editor.storage-full"), after)
            with contextlib.suppress(Exception):
                storage.setItem(CURRENT, draft_id)
            return DraftKept(draft_id, text, after)
        case NoteOpen(draft_id):
            with contextlib.suppress(Exception):
                storage.setItem(CURRENT, draft_id)
        case MoveAside(key, text):
            try:
                storage.setItem(key, text)
                storage.removeItem(STORE_KEY)
            except Exception:
                return NotMovedAside(key, text)
        case DeleteEntry(key):
            if key.startswith(DRAFT) or key == STORE_KEY:
                storage.removeItem(key)
        case ClearHandOver():
            storage.removeItem(STORE_KEY)
    return None


#: The effects that need the page itself: a download, a field of the page to read.
PageEffect = OfferFile | ReadField


def settle(desk: Desk, message: Message, storage: Storage) -> tuple[Desk, tuple[PageEffect, ...]]:
    """One message answered, its effects on storage carried out in order and what the
    browser says back answered in turn; the downloads to offer and the fields to read are
    left for the page, in order."""
    left: list[PageEffect] = []
    waiting: list[Message] = [message]
    while waiting:
        desk, effects = update(desk, waiting.pop(0))
        for effect in effects:
            if isinstance(effect, OfferFile | ReadField):
                left.append(effect)
                continue
            reply = keep(effect, storage)
            if reply is not None:
                waiting.append(reply)
    return desk, tuple(left)
