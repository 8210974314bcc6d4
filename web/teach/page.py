"""The binder of live positions: embed.html, rules.html, or any page holding
``<div class="attika-position" data-scenario="NAME-or-URL">``, or the element
``<attika-position>``, which is drawn in its shadow root (web/attika-embed.js).

``data-scenario=""`` takes the scenario's name from the page's ``?scenario=``. Each holder
keeps its still preview (web/still.js) until its own "Try it", then plays its position here.
"""

from __future__ import annotations

import asyncio
import traceback

from pyodide.ffi import create_proxy, jsnull  # type: ignore[import-not-found]
from pyodide.http import pyfetch  # type: ignore[import-not-found]

from attika import shorten
from web.browser.dom import (
    hold_language_keys,
    rove,
    switch_language,
    tapped,
    tasks,
    write_words,
)
from web.browser.window import document, window
from web.core.addresses import Refusal, scenario_address
from web.core.html import el, join
from web.core.storage import Storage
from web.core.text import LANGUAGES, language, set_language, speaking, t
from web.teach.art import art_address, with_art
from web.teach.feedback import verdict_text
from web.teach.messages import (
    Failure,
    Fetched,
    LanguageChosen,
    LessonMessage,
    NotFetched,
    TryIt,
    lesson_message,
)
from web.teach.position_scene import lesson_language, position_scene
from web.teach.position_view import position_html
from web.teach.store import Effect, FetchScenario, Lessons, Redraw, update


class Positions:
    """embed.html, rules.html, or any page with ``.attika-position`` holders: live positions.

    Each holder keeps one live region outside the redrawn part, so a screen reader hears the
    verdict once when it changes, not on every redraw."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.lessons = Lessons()

    async def start(self) -> None:
        """Bring to life the positions whose "Try it" was tapped (``data-live``, set by
        web/preview.js); the others keep their still preview until their own tap. Each is
        a *Try it* for the store; the keyboard stays where the reader put it meanwhile."""
        if document.body.classList.contains("embed"):
            asked = _asked(document.body)  # embed.html?lang=: the whole frame speaks it
            if asked is not None:
                set_language(asked)
        write_words()
        holders = list(document.querySelectorAll(".attika-position"))
        for i, node in enumerate(holders):
            node.setAttribute("data-key", str(i))
            root = node.shadowRoot
            if root is not None and root is not jsnull:
                # a tap inside an element's shadow root reaches the page's own listeners
                # (web/main.py) as a tap on the element: it is read here, where it happened
                root.addEventListener("click", create_proxy(self.on_click))
                root.addEventListener("change", create_proxy(self.on_change))
                root.addEventListener("keydown", create_proxy(hold_language_keys))
                root.addEventListener("keydown", create_proxy(self.on_key))
        while True:  # a "Try it" tapped while Python was loading counts too
            keys = [str(n.getAttribute("data-key")) for n in holders if n.hasAttribute("data-live")]
            asked_for = [
                e.key
                for k in keys
                if not self.lessons.tried(k)
                for e in self._update(lesson_message(k, "try"))
                if isinstance(e, FetchScenario)
            ]
            if not asked_for:
                break
            for reply in await asyncio.gather(*(self._fetch(k) for k in asked_for)):
                self._update(reply)  # drawn all at once below
        self.render()
        active = document.activeElement
        if active is None or active is jsnull or active == document.body:
            # the "Try it" that started Python is gone: the keyboard goes on in its lesson
            live = [n for n in holders if n.hasAttribute("data-live")]
            if live:
                _refocus(live[-1], None)

    def _update(self, message: LessonMessage) -> tuple[Effect, ...]:
        """The store answers; a mistake in it is reported in the console and changes no
        more than it did."""
        try:
            self.lessons, effects = update(self.lessons, message)
        except Exception:
            traceback.print_exc()
            return ()
        return effects

    def send(self, message: LessonMessage, focus: object = None) -> tuple[Effect, ...]:
        """One message through the store, its effects carried out: a fetch runs on its own
        and comes back as a message; a drawn lesson keeps the keyboard on ``focus`` (the
        control tapped) unless it is gone."""
        effects = self._update(message)
        for effect in effects:
            match effect:
                case FetchScenario(key):
                    task = asyncio.ensure_future(self._fetch_and_send(key))
                    tasks.add(task)
                    task.add_done_callback(tasks.discard)
                case Redraw(key, to_task):
                    self.render(key)
                    holder = None if key is None else _holder(key)
                    if holder is not None:
                        _refocus(holder, None if to_task else focus)
        return effects

    async def _fetch_and_send(self, key: str) -> None:
        self.send(await self._fetch(key))

    async def _fetch(self, key: str) -> Fetched | NotFetched:
        """The scenario the holder ``key`` names (its ``data-scenario``, else the page's
        ``?scenario=``): a shipped name or a file of this site only, never foreign text."""
        node = _holder(key)
        if node is None:
            return NotFetched(key, Failure("pos.no-scenario"))
        name = str(node.getAttribute("data-scenario") or "")  # type: ignore[attr-defined]
        if not name:
            found = window.URLSearchParams.new(window.location.search).get("scenario")
            name = "" if found is None or found is jsnull else str(found)
        node.setAttribute("data-live", "1")  # type: ignore[attr-defined]
        if not name:
            return NotFetched(key, Failure("pos.no-scenario"))
        url = scenario_address(name, str(window.location.href))
        if isinstance(url, Refusal):
            detail = t(url.key, address=url.address)
            return NotFetched(key, Failure("pos.no-fetch", (("name", name), ("detail", detail))))
        try:
            response = await pyfetch(url)
            if not response.ok:
                raise OSError(t("load.missing", url=url, status=response.status))
            text = await response.string()
        except Exception as exc:
            detail = shorten(str(exc), 200)
            return NotFetched(key, Failure("pos.no-fetch", (("name", name), ("detail", detail))))
        # a small frame (embed.html, <attika-position>): board, task and needed controls
        compact = node.hasAttribute("data-compact") or document.body.classList.contains("embed")  # type: ignore[attr-defined]
        return Fetched(key, name, text, bool(compact), _asked(node))

    def render(self, key: str | None = None) -> None:
        """Redraw the positions (or the one with ``key``) from the store."""
        lessons = self.lessons
        for holder in document.querySelectorAll(".attika-position[data-key]"):
            k = str(holder.getAttribute("data-key"))
            failure = lessons.failed.get(k)
            pos = lessons.positions.get(k)
            if (key is not None and k != key) or (pos is None and failure is None):
                continue  # still its preview: not tried yet
            inside = _inside(holder)
            view = inside.querySelector(".pos-view")
            if view is None or view is jsnull:
                _draw_in(
                    holder,
                    join(
                        el("div", {"class": "pos-view"}),
                        el("p", {"class": "sr-only pos-live", "role": "status"}),
                    ),
                )
                view = inside.querySelector(".pos-view")
            if pos is not None:
                lang = lesson_language(pos.lang, language(), pos.scenario)
                with speaking(lang):  # each lesson wholly in its own language
                    scene = position_scene(pos)
                    view.innerHTML = with_art(str(position_html(scene)), _art_of(holder))
                    said = verdict_text(scene)
                holder.setAttribute("lang", lang)
                live = inside.querySelector(".pos-live")
                if str(live.textContent) != said:
                    live.textContent = said
            elif failure is not None:
                text = t(failure.text, **dict(failure.values))
                view.innerHTML = el("p", {"class": "message error", "role": "alert"}, text)

    def on_click(self, event: object) -> None:
        """A tap becomes a message of the lesson it is in, read by the page's one reader,
        and goes to the store like any other: a *Try it* too (its fetch is an effect)."""
        target = event.target  # type: ignore[attr-defined]
        trying = target.closest("[data-try]") if hasattr(target, "closest") else None
        if trying is not None and trying is not jsnull:
            # a still preview's button carries its command as data-try (web/still.js)
            found, command, arg = trying, "try", str(trying.getAttribute("data-try") or "")
        else:
            hit = tapped(event)
            if hit is None:
                return
            found, command, arg = hit[0], str(hit[1]), str(hit[2])
        holder = _holder_of(found)
        if holder is None:
            return
        message = lesson_message(str(holder.getAttribute("data-key")), command, arg)
        focus = found.getAttribute("data-key") or found.getAttribute("data-hex")  # type: ignore[attr-defined]
        effects = self.send(message, focus)
        if not isinstance(message.message, TryIt) and any(isinstance(e, Redraw) for e in effects):
            event.preventDefault()  # type: ignore[attr-defined]

    def on_key(self, event: object) -> None:
        """Enter or Space on a focused hex acts like a tap (buttons do that by themselves)."""
        if rove(event):
            return
        key = str(event.key)  # type: ignore[attr-defined]
        target = event.target  # type: ignore[attr-defined]
        if (
            key in ("Enter", " ")
            and hasattr(target, "getAttribute")
            and (target.getAttribute("data-hex") or target.getAttribute("data-site"))
        ):
            self.on_click(event)

    def on_change(self, event: object) -> None:
        node = event.target  # type: ignore[attr-defined]
        if getattr(node, "id", "") == "language":
            chosen = str(node.value)
            if document.body.classList.contains("embed"):
                set_language(chosen)  # this frame only: a choice here is no other page's
            else:
                switch_language(self.storage, chosen)
            write_words()
            self.send(LanguageChosen(chosen))


def _asked(node: object) -> str | None:
    """The language a lesson's holder asks for: its ``lang`` (an ``<attika-position
    lang=...>``), else on embed.html the address's ``lang=``; None when neither names a
    language the game speaks."""
    asked = node.getAttribute("lang")  # type: ignore[attr-defined]
    if (asked is None or asked is jsnull) and document.body.classList.contains("embed"):
        asked = window.URLSearchParams.new(window.location.search).get("lang")
    if asked is None or asked is jsnull:
        return None
    code = str(asked).strip().lower()[:8]
    return code if code in LANGUAGES else None


def _art_of(holder: object) -> str | None:
    """The art sheet's address the element named (web/attika-embed.js: on a page in
    another folder than the game's), if it is one of this site's, else None."""
    named = holder.getAttribute("data-art")  # type: ignore[attr-defined]
    if named is None or named is jsnull:
        return None
    return art_address(str(named), str(window.location.origin))


def _holder(key: str) -> object | None:
    """The holder of the lesson ``key`` (the page numbers them: a key is digits only)."""
    if not key.isdigit():
        return None
    node = document.querySelector(f'.attika-position[data-key="{key}"]')
    return None if node is None or node is jsnull else node


def _inside(holder: object) -> object:
    """Where a holder's lesson is drawn: its shadow root (the element), else the holder."""
    root = holder.shadowRoot  # type: ignore[attr-defined]
    return holder if root is None or root is jsnull else root


def _draw_in(holder: object, markup: str) -> None:
    """The holder's content is ``markup``; an element's shadow root keeps its style."""
    inside = _inside(holder)
    if inside is holder:
        holder.innerHTML = markup  # type: ignore[attr-defined]
        return
    for node in list(inside.childNodes):  # type: ignore[attr-defined]
        if str(node.nodeName) != "LINK":
            node.remove()
    made = document.createElement("template")
    made.innerHTML = markup
    inside.append(made.content)  # type: ignore[attr-defined]


def _holder_of(node: object) -> object | None:
    """The lived position a tapped node is in: the holder around it, or the element whose
    shadow root holds it."""
    found = node.closest(".attika-position[data-key]")  # type: ignore[attr-defined]
    if found is not None and found is not jsnull:
        return found
    host = getattr(node.getRootNode(), "host", None)  # type: ignore[attr-defined]
    if host is None or host is jsnull or not host.matches(".attika-position[data-key]"):
        return None
    return host


def _refocus(holder: object, focus: object) -> None:
    """Keep the keyboard where it was: the same button or hex after the redraw, else the
    position's task (never the top of a long page)."""
    if focus is not None and focus is not jsnull:
        value = str(focus).replace('"', "")
        for name in ("data-key", "data-hex"):
            node = _inside(holder).querySelector(f'[{name}="{value}"]')  # type: ignore[attr-defined]
            if node is not None and node is not jsnull:
                node.focus()
                return
    head = _inside(holder).querySelector(".poshead")  # type: ignore[attr-defined]
    if head is not None and head is not jsnull:
        head.focus()
