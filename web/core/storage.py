"""The part of the browser's localStorage the pages use, as a protocol.

Every page keeps something in the browser (games, drafts, the language chosen), and each
page's storage code is written against this protocol, not against ``localStorage``, so the
tests run it over a dict. It lives in core because every page needs it and none owns it.
"""

from __future__ import annotations

from typing import Protocol


class Storage(Protocol):
    """The part of the browser's localStorage the game uses."""

    @property
    def length(self) -> int: ...

    def getItem(self, key: str) -> str | None: ...
    def setItem(self, key: str, value: str) -> None: ...
    def removeItem(self, key: str) -> None: ...
    def key(self, index: int) -> str | None: ...
