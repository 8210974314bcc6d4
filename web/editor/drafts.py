"""A teacher's drafts as kept in this browser: their keys, and reading them.

Each draft is stored exactly as typed, right or not yet, one storage entry each
(``{"name", "updated", "data"}``). Stored data comes from outside, so it is measured before
it is parsed (``attika.inputs``) and checked for the shape the editor writes; what cannot be
read is listed apart (:class:`UnreadableEntry`), never dropped or written over. Pure Python over
the stored texts (a key to text mapping the page read): the page's store
(web/editor/store.py) decides what to write, and the page (web/editor/keeping.py) writes it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from attika import ScenarioError, shorten

from ..core.storage import EDITOR_INBOX
from ..core.text import t
from .checks import NAME_CHARS, measured_json, refused_words, shape_problem

#: The hand-over: "Make a lesson from this position" on the game page leaves the scenario
#: here for the editor (and an older editor kept its one position here). The editor opens
#: it as a new draft and only then removes it.
STORE_KEY = EDITOR_INBOX
#: Each draft is one entry under this prefix and its id: ``{"name", "updated", "data"}``.
DRAFT = "attika.editor.draft."
#: The id of the draft open last, opened again on the next visit.
CURRENT = "attika.editor.current"


def is_editors(key: str) -> bool:
    """Whether a storage key is one of the editor's (the only ones it reads or deletes)."""
    return key in (STORE_KEY, CURRENT) or key.startswith(DRAFT)


class DraftUnreadable(ValueError):
    """A stored draft the editor cannot open; the message says why, in the player's words."""


class DraftWouldNotRead(OSError):
    """A draft the browser would not keep (too long to read back)."""


@dataclass(frozen=True)
class Draft:
    """One draft of the list: its id (the storage key's tail) and name."""

    id: str
    name: str
    updated: int


@dataclass(frozen=True)
class UnreadableEntry:
    """A stored entry that cannot be opened: its whole storage key, why, and its text as
    it is, to download or delete."""

    key: str
    reason: str
    text: str


def name_of(data: object) -> str:
    """A name for a draft made from a file: its English title."""
    title = data.get("title") if isinstance(data, dict) else None
    if isinstance(title, dict):
        title = title.get("en")
    return shorten(title, NAME_CHARS) if isinstance(title, str) and title.strip() else ""


def read_draft(draft_id: str, text: str | None) -> tuple[Draft, dict[str, Any]]:
    """The draft stored as ``text`` and its data; DraftUnreadable with the reason if it
    cannot be opened (``text`` None: it is gone)."""
    if text is None:
        raise DraftUnreadable(t("editor.draft-gone"))
    try:
        entry = measured_json(text)
    except ScenarioError as exc:
        raise DraftUnreadable(refused_words(exc.code, exc.params, exc.problem)) from None
    if not isinstance(entry, dict) or "data" not in entry:
        raise DraftUnreadable(t("editor.draft-bad", field="(draft)"))
    where = shape_problem(entry["data"])
    if where is not None:
        raise DraftUnreadable(t("editor.draft-bad", field=shorten(where, NAME_CHARS)))
    name = entry.get("name")
    updated = entry.get("updated")
    return (
        Draft(
            draft_id,
            shorten(name, NAME_CHARS) if isinstance(name, str) and name.strip() else "?",
            updated if isinstance(updated, int) and not isinstance(updated, bool) else 0,
        ),
        entry["data"],
    )


def survey(stored: Mapping[str, str]) -> tuple[list[Draft], list[UnreadableEntry]]:
    """Every draft that opens (the latest first), and every entry that does not; a
    hand-over that cannot be opened (it could not be moved aside) is listed too."""
    good: list[Draft] = []
    bad: list[UnreadableEntry] = []
    for key in sorted(k for k in stored if k.startswith(DRAFT)):
        try:
            good.append(read_draft(key[len(DRAFT) :], stored[key])[0])
        except DraftUnreadable as exc:
            bad.append(UnreadableEntry(key, str(exc), stored[key]))
    good.sort(key=lambda d: (d.updated, d.id), reverse=True)
    handed = stored.get(STORE_KEY)
    if handed is not None and not fits(handed):
        bad.append(UnreadableEntry(STORE_KEY, t("editor.draft-bad", field="(file)"), handed))
    return good, bad


def entry_text(name: str, data: dict[str, Any], now: int) -> str:
    """The stored text of a draft; DraftWouldNotRead with the reason when it would not read
    back (a draft the editor could not open again is not kept)."""
    entry = {"name": name, "updated": now, "data": data}
    text = json.dumps(entry, ensure_ascii=False, separators=(",", ":"))
    try:
        measured_json(text)
    except ScenarioError as exc:
        raise DraftWouldNotRead(refused_words(exc.code, exc.params, exc.problem)) from None
    return text


def fits(text: str) -> bool:
    """Whether a stored text is data the editor can open."""
    try:
        return shape_problem(measured_json(text)) is None
    except ScenarioError:
        return False
