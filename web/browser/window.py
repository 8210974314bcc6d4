"""The page's ``document`` and ``window``, found when they are used, not when imported.

The binders (web/browser/dom.py, web/table/focus.py, web/*/page.py) take them from here rather
than from ``pyscript``, which exists only in a page: so they import anywhere, and the install
step's snapshot (scripts/snapshot.mjs, made in Node) holds them with the rest of the page's
modules instead of leaving them to be compiled on every start. Nothing here holds a
JavaScript object between calls: one held when the snapshot is made would break it.

On the main thread PyScript's ``document`` is ``js.document`` and its ``window`` is ``js``
itself; these are the same objects, looked up on each use.
"""

from __future__ import annotations

from typing import Any


class _Global:
    """A global of the page by name (``None``: the global object itself), looked up on use."""

    __slots__ = ("_name",)

    def __init__(self, name: str | None) -> None:
        object.__setattr__(self, "_name", name)

    def _here(self) -> Any:
        import js  # type: ignore[import-not-found]  # at use, never at import

        return js if self._name is None else getattr(js, self._name)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._here(), name)

    def __setattr__(self, name: str, value: object) -> None:
        setattr(self._here(), name, value)

    def __repr__(self) -> str:
        return "the page's " + (self._name or "window")


#: ``document``, as PyScript's ``from pyscript import document``.
document: Any = _Global("document")
#: The global object, as PyScript's ``from pyscript import window``.
window: Any = _Global(None)
