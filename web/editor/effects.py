"""What the editor page's store asks the page to carry out (web/editor/store.py's effects).

Frozen values, each one thing to do with the browser: keep a draft, note the one open, move a
hand-over aside, delete an entry, clear the hand-over, offer a download, read a field. The
binder (web/editor/keeping.py and web/editor/page.py) carries them out; the store decides them
without touching storage or the DOM.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SaveDraft:
    """Keep the draft's text under its key and note it as the one open; the page answers
    ``DraftKept`` or ``DraftNotKept`` with ``after`` (what the store does next: ``refresh``
    the list, take the ``hand-over`` away, or nothing)."""

    draft_id: str
    text: str
    after: str = ""


@dataclass(frozen=True)
class NoteOpen:
    """Note the draft open now, to open it again on the next visit (a refusal is let go)."""

    draft_id: str


@dataclass(frozen=True)
class MoveAside:
    """Keep a hand-over that cannot be opened under a draft's key, to list it with why;
    the page answers ``NotMovedAside`` when there is no room."""

    key: str
    text: str


@dataclass(frozen=True)
class DeleteEntry:
    """Delete one of the editor's entries by its whole key."""

    key: str


@dataclass(frozen=True)
class ClearHandOver:
    """The hand-over is a draft of its own now: take it away."""


@dataclass(frozen=True)
class OfferFile:
    """Offer a text file as a download."""

    filename: str
    text: str
    #: A lesson for pages: the binder adds the board as a picture, for the page to show
    #: before Python starts (web/teach/embed_preview.py's ``with_still``).
    pictured: bool = False


@dataclass(frozen=True)
class ReadField:
    """Read the page's field ``name`` (the import box) and send its name and value through
    the page's reader, as a changed field is."""

    name: str


Effect = SaveDraft | NoteOpen | MoveAside | DeleteEntry | ClearHandOver | OfferFile | ReadField
