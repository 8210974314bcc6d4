"""What every page of the game needs from the browser, in one place.

The binder (web/main.py) reads taps, keeps things in localStorage and speaks the player's
language on the game page and on every page of live positions; this module does each once.
Pyodide hands JavaScript's null over as ``jsnull``, not None: every helper here reads it
as None, so callers can ask the ordinary Python question.
"""

from __future__ import annotations

import contextlib
import traceback

from pyodide.ffi import create_proxy, jsnull, to_js  # type: ignore[import-not-found]

from web.browser.window import document, window
from web.core.html import el, join
from web.core.roving import DIRECTIONS, next_place
from web.core.storage import MemoryStorage, Storage
from web.core.text import LANGUAGE_KEY, LANGUAGES, language, pick_language, set_language, t


def find(selector: str, root: object = None) -> object | None:
    """``querySelector``, None when nothing matches."""
    node = (root or document).querySelector(selector)  # type: ignore[union-attr]
    return None if node is None or node is jsnull else node


def attr(node: object, name: str) -> str | None:
    if node is None or node is jsnull or not hasattr(node, "getAttribute"):
        return None
    value = node.getAttribute(name)
    return None if value is None or value is jsnull else str(value)


def tapped(event: object) -> tuple[object, str, str] | None:
    """The element a click or key press means, and its command: ``data-cmd`` (with
    ``data-arg``), a tile site or a hex. None for anything else or a disabled or held button."""
    node = event.target  # type: ignore[attr-defined]
    if not hasattr(node, "closest"):
        node = node.parentElement
    if node is None or node is jsnull:
        return None
    found = node.closest("[data-cmd],[data-site],[data-hex]")
    if found is None or found is jsnull or found.hasAttribute("disabled"):
        return None
    if found.getAttribute("aria-disabled") == "true":
        return None
    cmd = attr(found, "data-cmd")
    if cmd is not None:
        return found, cmd, attr(found, "data-arg") or ""
    site = attr(found, "data-site")
    if site is not None:
        return found, "site", site
    return found, "hex", attr(found, "data-hex") or ""


class BrowserStorage:
    """localStorage as the :class:`web.core.storage.Storage` protocol."""

    def __init__(self, storage: object) -> None:
        self._js = storage

    @property
    def length(self) -> int:
        return int(self._js.length)  # type: ignore[attr-defined]

    def getItem(self, key: str) -> str | None:
        value = self._js.getItem(key)  # type: ignore[attr-defined]
        return None if value is None or value is jsnull else str(value)

    def setItem(self, key: str, value: str) -> None:
        self._js.setItem(key, value)  # type: ignore[attr-defined]

    def removeItem(self, key: str) -> None:
        self._js.removeItem(key)  # type: ignore[attr-defined]

    def key(self, index: int) -> str | None:
        value = self._js.key(index)  # type: ignore[attr-defined]
        return None if value is None or value is jsnull else str(value)


def browser_storage() -> Storage:
    """The browser's localStorage, or a memory one when the browser refuses it."""
    try:
        storage = BrowserStorage(window.localStorage)
        storage.getItem("attika.probe")
        return storage
    except Exception:
        return MemoryStorage()


def choose_language(storage: Storage) -> None:
    """The player's saved choice, else the browser's languages, else English."""
    browser = [str(x) for x in (window.navigator.languages or [window.navigator.language])]
    set_language(pick_language(storage.getItem(LANGUAGE_KEY), browser))


def switch_language(storage: Storage, lang: str) -> None:
    set_language(lang)
    with contextlib.suppress(Exception):  # storage refused: the choice holds for now
        storage.setItem(LANGUAGE_KEY, lang)


#: Keys that change a closed list's choice at once in Chromium (arrows, paging, type-ahead).
_LIST_KEYS = frozenset(
    {"ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown"}
)


def hold_language_keys(event: object) -> None:
    """A closed language list ignores arrows and letters: in Chromium they change the
    choice at once, and one ArrowDown would switch the whole page (a change of context the
    player did not ask for). Space, Enter or Alt+ArrowDown open the list, where arrows move
    and Enter chooses."""
    node = event.target  # type: ignore[attr-defined]
    if "language" not in (attr(node, "data-key"), attr(node, "id")):
        return
    if bool(event.altKey):  # type: ignore[attr-defined]
        return
    key = str(event.key)  # type: ignore[attr-defined]
    if key in _LIST_KEYS or (len(key) == 1 and key != " "):
        event.preventDefault()  # type: ignore[attr-defined]


def write_words() -> None:
    """The page's fixed words and labels (marked ``data-t`` / ``data-t-aria``) and the
    language switch (``#language``), in the language spoken now."""
    lang = language()
    document.documentElement.lang = lang
    for node in document.querySelectorAll("[data-t]"):
        node.textContent = t(node.getAttribute("data-t"))
    for node in document.querySelectorAll("[data-t-aria]"):
        node.setAttribute("aria-label", t(node.getAttribute("data-t-aria")))
    select = find("#language")
    if select is not None:
        select.innerHTML = join(  # type: ignore[attr-defined]
            [el("option", {"value": code, "lang": code}, name) for code, name in LANGUAGES.items()]
        )
        select.value = lang  # type: ignore[attr-defined]


# -- shared by the binders ------------------------------------------------------------

#: How many pieces the page's live region keeps (older ones are read in the log).
SAID_KEPT = 12


def say(region: object, texts: list[str]) -> None:
    """Add each text to a persistent ``role="log"`` region as an entry of its own, so a
    screen reader announces it once; the oldest entries go (removals are not announced)."""
    if region is None or region is jsnull:
        return
    for text in texts:
        entry = document.createElement("p")
        entry.textContent = text
        region.appendChild(entry)  # type: ignore[attr-defined]
    while int(region.childElementCount) > SAID_KEPT:  # type: ignore[attr-defined]
        region.firstElementChild.remove()  # type: ignore[attr-defined]


#: Tasks started from an event handler, kept until done (asyncio holds them weakly).
tasks: set[object] = set()


def new_id() -> str:
    stamp = int(window.Date.now())
    tail = int(window.Math.floor(window.Math.random() * 36**4))
    return f"{_base36(stamp)}-{_base36(tail)}"


def _base36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = digits[r] + out
        if n == 0:
            return out


def offer_download(filename: str, text: str) -> None:
    """Hand a text file to the browser's download, with no server involved."""
    blob = window.Blob.new([text], to_js({"type": "application/json"}))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = filename
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.setTimeout(create_proxy(lambda: window.URL.revokeObjectURL(url)), 1000)


def fatal(exc: Exception) -> None:
    traceback.print_exc()
    side = document.getElementById("messages-fatal")
    side.textContent = f"Something went wrong ({type(exc).__name__}: {exc}). "
    side.hidden = False


def rove(event: object) -> bool:
    """An arrow key on a place to choose moves the focus to the nearest place in that
    direction (web/core/roving.py), which becomes the board's one Tab stop; the game page's
    board keeps it in view. True when the key was used."""
    key = str(event.key)  # type: ignore[attr-defined]
    target = event.target  # type: ignore[attr-defined]
    if key not in DIRECTIONS or not hasattr(target, "getAttribute"):
        return False
    name = "data-site" if target.getAttribute("data-site") else "data-hex"
    here = target.getAttribute(name)
    if not here or (name == "data-hex" and target.getAttribute("role") != "button"):
        return False
    board = target.closest("svg")
    if name == "data-site":
        places = board.querySelectorAll("[data-site]")
    else:
        places = board.querySelectorAll('[data-hex][role="button"]')
    by_place = {str(p.getAttribute(name)): p for p in places}
    found = next_place(str(here), list(by_place), key)
    event.preventDefault()  # type: ignore[attr-defined]
    if found is None:
        return True
    target.setAttribute("tabindex", "-1")
    chosen = by_place[found]
    chosen.setAttribute("tabindex", "0")
    chosen.focus()
    view = getattr(window, "attikaBoard", None)
    if view is not None and view is not jsnull:
        view.show(chosen)
    return True
