"""The binder of live positions: embed.html, rules.html, or any page holding
``<div class="attika-position" data-scenario="NAME-or-URL">``.

``data-scenario=""`` takes the scenario's name from the page's ``?scenario=``. Each holder
keeps its still preview (web/still.js) until its own "Try it", then plays its position here.
"""

from __future__ import annotations

import asyncio
import traceback

from pyodide.ffi import jsnull  # type: ignore[import-not-found]
from pyodide.http import pyfetch  # type: ignore[import-not-found]

from attika import ScenarioError, load_scenario, shorten
from web.core.addresses import Refusal, scenario_address
from web.core.browser import document, window
from web.core.dom import (
    rove,
    switch_language,
    tapped,
    tasks,
    write_words,
)
from web.core.html import el, join
from web.core.refusals import file_refusal
from web.core.storage import Storage
from web.core.text import LANGUAGES, language, set_language, speaking, t
from web.teach.feedback import verdict_text
from web.teach.messages import TryIt, position_message
from web.teach.position import Effect, FocusTask, Position, update
from web.teach.position_scene import lesson_language, position_scene
from web.teach.position_view import position_html


class Positions:
    """embed.html, rules.html, or any page with ``.attika-position`` holders: live positions.

    Each holder keeps one live region outside the redrawn part, so a screen reader hears the
    verdict once when it changes, not on every redraw."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.positions: dict[str, Position] = {}
        #: Positions that could not be set up: the text key and its values, worded when shown
        #: so a language switch rewords them too.
        self.failed: dict[str, tuple[str, dict[str, str]]] = {}

    async def start(self) -> None:
        """Bring to life the positions whose "Try it" was tapped (``data-live``, set by
        web/preview.js); the others keep their still preview until their own tap."""
        if document.body.classList.contains("embed"):
            asked = _asked(document.body)  # embed.html?lang=: the whole frame speaks it
            if asked is not None:
                set_language(asked)
        write_words()
        holders = list(document.querySelectorAll(".attika-position"))
        for i, node in enumerate(holders):
            node.setAttribute("data-key", str(i))
        while True:  # a "Try it" tapped while Python was loading counts too
            keys = [str(n.getAttribute("data-key")) for n in holders if n.hasAttribute("data-live")]
            waiting = [k for k in keys if k not in self.positions and k not in self.failed]
            if not waiting:
                break
            await asyncio.gather(*(self.mount(holders[int(k)], k) for k in waiting))
        self.render()
        active = document.activeElement
        if active is None or active is jsnull or active == document.body:
            # the "Try it" that started Python is gone: the keyboard goes on in its lesson
            live = [n for n in holders if n.hasAttribute("data-live")]
            if live:
                _refocus(live[-1], None)

    async def try_it(self, holder: object) -> None:
        """A "Try it" tapped once Python runs: that position alone comes to life."""
        key = str(holder.getAttribute("data-key"))  # type: ignore[attr-defined]
        if key not in self.positions and key not in self.failed:
            await self.mount(holder, key)
        self.render(key)
        _refocus(holder, None)

    async def mount(self, node: object, key: str) -> None:
        name = str(node.getAttribute("data-scenario") or "")  # type: ignore[attr-defined]
        if not name:
            found = window.URLSearchParams.new(window.location.search).get("scenario")
            name = "" if found is None or found is jsnull else str(found)
        node.setAttribute("data-key", key)  # type: ignore[attr-defined]
        node.setAttribute("data-live", "1")  # type: ignore[attr-defined]
        if not name:
            self.failed[key] = ("pos.no-scenario", {})
            return
        # a shipped name, or a file of this site only: never foreign teaching text
        url = scenario_address(name, str(window.location.href))
        if isinstance(url, Refusal):
            detail = t(url.key, address=url.address)
            self.failed[key] = ("pos.no-fetch", {"name": name, "detail": detail})
            return
        try:
            response = await pyfetch(url)
            if not response.ok:
                raise OSError(t("load.missing", url=url, status=response.status))
            scenario = load_scenario(await response.string(), name)
            # a small frame (embed.html, <attika-position>): board, task and needed controls
            compact = node.hasAttribute("data-compact") or document.body.classList.contains("embed")  # type: ignore[attr-defined]
            self.positions[key] = Position(key, scenario, compact=bool(compact), lang=_asked(node))
        except ScenarioError as exc:
            self.failed[key] = ("pos.bad-scenario", {"name": name, "detail": file_refusal(exc)})
        except Exception as exc:
            self.failed[key] = ("pos.no-fetch", {"name": name, "detail": shorten(str(exc), 200)})

    def render(self, key: str | None = None) -> None:
        """Redraw the positions (or the one with ``key``)."""
        for holder in document.querySelectorAll(".attika-position[data-key]"):
            k = str(holder.getAttribute("data-key"))
            if (key is not None and k != key) or (k not in self.positions and k not in self.failed):
                continue  # still its preview: not tried yet
            view = holder.querySelector(".pos-view")
            if view is None or view is jsnull:
                holder.innerHTML = join(
                    el("div", {"class": "pos-view"}),
                    el("p", {"class": "sr-only pos-live", "role": "status"}),
                )
                view = holder.querySelector(".pos-view")
            if k in self.positions:
                pos = self.positions[k]
                lang = lesson_language(pos.lang, language(), pos.scenario)
                with speaking(lang):  # each lesson wholly in its own language
                    scene = position_scene(pos)
                    view.innerHTML = position_html(scene)
                    said = verdict_text(scene)
                holder.setAttribute("lang", lang)
                live = holder.querySelector(".pos-live")
                if str(live.textContent) != said:
                    live.textContent = said
            else:
                text = t(self.failed[k][0], **self.failed[k][1])
                view.innerHTML = el("p", {"class": "message error", "role": "alert"}, text)

    def on_click(self, event: object) -> None:
        """A tap becomes a message: "Try it" fetches the scenario (the browser's part), the
        rest goes to that position's update, whose effects are carried out here."""
        target = event.target  # type: ignore[attr-defined]
        trying = target.closest("[data-try]") if hasattr(target, "closest") else None
        if trying is not None and trying is not jsnull:
            found, message = trying, TryIt()
        else:
            hit = tapped(event)
            if hit is None:
                return
            found, message = hit[0], position_message(str(hit[1]), str(hit[2]))
        holder = found.closest(".attika-position[data-key]")  # type: ignore[attr-defined]
        if holder is None or holder is jsnull:
            return
        if isinstance(message, TryIt):
            task = asyncio.ensure_future(self.try_it(holder))
            tasks.add(task)
            task.add_done_callback(tasks.discard)
            return
        key = str(holder.getAttribute("data-key"))
        pos = self.positions.get(key)
        if pos is None:
            return
        event.preventDefault()  # type: ignore[attr-defined]
        focus = found.getAttribute("data-key") or found.getAttribute("data-hex")  # type: ignore[attr-defined]
        effects: tuple[Effect, ...] = ()
        try:
            pos, effects = update(pos, message)
        except Exception:
            traceback.print_exc()
        for effect in effects:
            if isinstance(effect, FocusTask):
                focus = None  # that button is gone after the redraw: go to the task
        self.render(key)
        _refocus(holder, focus)

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
            for pos in self.positions.values():
                pos.lang = chosen  # asked for now, over what the page said
            write_words()
            self.render()


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


def _refocus(holder: object, focus: object) -> None:
    """Keep the keyboard where it was: the same button or hex after the redraw, else the
    position's task (never the top of a long page)."""
    if focus is not None and focus is not jsnull:
        value = str(focus).replace('"', "")
        for name in ("data-key", "data-hex"):
            node = holder.querySelector(f'[{name}="{value}"]')  # type: ignore[attr-defined]
            if node is not None and node is not jsnull:
                node.focus()
                return
    head = holder.querySelector(".poshead")  # type: ignore[attr-defined]
    if head is not None and head is not jsnull:
        head.focus()
