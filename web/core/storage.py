"""The part of the browser's localStorage the pages use, as a protocol, and a dict that
stands in for it: in the tests, and in a browser that refuses storage.

Every page keeps something (the game page its kept games, the editor its drafts, every page
the chosen language), so the protocol lives here, below them all; only the binders hand the
real localStorage in (web/browser/dom.py).
"""

from __future__ import annotations

from typing import Protocol

#: Where the game page leaves a lesson made from its position for the editor to open.
EDITOR_INBOX = "attika.editor"


class Storage(Protocol):
    """The part of the browser's localStorage the game uses."""

    @property
    def length(self) -> int: ...

    def getItem(self, key: str) -> str | None: ...
    def setItem(self, key: str, value: str) -> None: ...
    def removeItem(self, key: str) -> None: ...
    def key(self, index: int) -> str | None: ...


class MemoryStorage:
    """Storage in a dict: for tests, and for a browser that refuses storage."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    @property
    def length(self) -> int:
        return len(self.items)

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        self.items[key] = str(value)

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)

    def key(self, index: int) -> str | None:
        keys = list(self.items)
        return keys[index] if 0 <= index < len(keys) else None
