"""The page glue for live positions: embed.html (one, in an iframe) and rules.html (many).

Any page that loads PyScript with pyscript.json and this file gets every
``<div class="attika-position" data-scenario="NAME-or-URL">`` on it turned into a position
a reader can play. ``data-scenario=""`` takes the name from the page's ``?scenario=``.
Words marked ``data-t`` are filled in the chosen language; ``#language`` switches it.
"""

from __future__ import annotations

import asyncio
import traceback

from pyodide.ffi import create_proxy, jsnull  # type: ignore[import-not-found]
from pyodide.http import pyfetch  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]

from attika import ScenarioError, load_scenario
from web.dom import (
    browser_storage,
    choose_language,
    switch_language,
    tapped,
    write_words,
)
from web.html import el
from web.position import Position, position_html, verdict_text
from web.text import t

STORAGE = browser_storage()
POSITIONS: dict[str, Position] = {}
#: Positions that could not be set up: the text key and its values, worded when shown so a
#: language switch rewords them too.
FAILED: dict[str, tuple[str, dict[str, str]]] = {}


def scenario_address(name: str) -> str:
    """A plain name means a shipped scenario; anything with a slash or .json is an address."""
    if "/" in name or name.endswith(".json"):
        return name
    return f"scenarios/{name}.json"


async def mount(node: object, key: str) -> None:
    name = str(node.getAttribute("data-scenario") or "")  # type: ignore[attr-defined]
    if not name:
        found = window.URLSearchParams.new(window.location.search).get("scenario")
        name = "" if found is None or found is jsnull else str(found)
    node.setAttribute("data-key", key)  # type: ignore[attr-defined]
    if not name:
        FAILED[key] = ("pos.no-scenario", {})
        return
    try:
        response = await pyfetch(scenario_address(name))
        if not response.ok:
            raise OSError(t("load.missing", url=scenario_address(name), status=response.status))
        POSITIONS[key] = Position(key, load_scenario(await response.string(), name))
    except ScenarioError as exc:
        FAILED[key] = ("pos.bad-scenario", {"name": name, "detail": str(exc)})
    except Exception as exc:
        FAILED[key] = ("pos.no-fetch", {"name": name, "detail": str(exc)})


def render(key: str | None = None) -> None:
    """Redraw positions. Each holder keeps one live region outside the redrawn part, so
    a screen reader hears the verdict once when it changes, not on every redraw."""
    for node in document.querySelectorAll(".attika-position[data-key]"):
        k = str(node.getAttribute("data-key"))
        if key is not None and k != key:
            continue
        view = node.querySelector(".pos-view")
        if view is None or view is jsnull:
            node.innerHTML = (
                '<div class="pos-view"></div><p class="sr-only pos-live" role="status"></p>'
            )
            view = node.querySelector(".pos-view")
        if k in POSITIONS:
            view.innerHTML = position_html(POSITIONS[k])
            live = node.querySelector(".pos-live")
            said = verdict_text(POSITIONS[k])
            if str(live.textContent) != said:
                live.textContent = said
        else:
            text = t(FAILED[k][0], **FAILED[k][1])
            view.innerHTML = el("p", {"class": "message error", "role": "alert"}, text)


def on_click(event: object) -> None:
    hit = tapped(event)
    if hit is None:
        return
    found, cmd, arg = hit
    holder = found.closest(".attika-position[data-key]")  # type: ignore[attr-defined]
    if holder is None or holder is jsnull:
        return
    key = str(holder.getAttribute("data-key"))
    pos = POSITIONS.get(key)
    if pos is None:
        return
    event.preventDefault()  # type: ignore[attr-defined]
    focus = found.getAttribute("data-key") or found.getAttribute("data-hex")
    if cmd in ("again", "confirm"):
        focus = None  # that button is gone after the redraw: go to the task
    try:
        pos.handle(cmd, arg)
    except Exception:
        traceback.print_exc()
    render(key)
    _refocus(holder, focus)


def _refocus(holder: object, focus: object) -> None:
    """Keep the keyboard where it was: the same button or hex after the redraw, else the
    position's task (never the top of a long page)."""
    if focus is not None and focus is not jsnull:
        value = str(focus).replace('"', "")
        for attr in ("data-key", "data-hex"):
            node = holder.querySelector(f'[{attr}="{value}"]')  # type: ignore[attr-defined]
            if node is not None and node is not jsnull:
                node.focus()
                return
    head = holder.querySelector(".poshead")  # type: ignore[attr-defined]
    if head is not None and head is not jsnull:
        head.focus()


def on_key(event: object) -> None:
    """Enter or Space on a focused hex acts like a tap (buttons do that by themselves)."""
    key = str(event.key)  # type: ignore[attr-defined]
    target = event.target  # type: ignore[attr-defined]
    if (
        key in ("Enter", " ")
        and hasattr(target, "getAttribute")
        and (target.getAttribute("data-hex") or target.getAttribute("data-site"))
    ):
        on_click(event)


def on_change(event: object) -> None:
    node = event.target  # type: ignore[attr-defined]
    if getattr(node, "id", "") == "language":
        switch_language(STORAGE, str(node.value))
        write_words()
        render()


async def main() -> None:
    choose_language(STORAGE)
    write_words()
    holders = list(document.querySelectorAll(".attika-position"))
    await asyncio.gather(*(mount(node, str(i)) for i, node in enumerate(holders)))
    render()
    document.addEventListener("click", create_proxy(on_click))
    document.addEventListener("keydown", create_proxy(on_key))
    document.addEventListener("change", create_proxy(on_change))
    loading = document.getElementById("loading")
    if loading is not None and loading is not jsnull:
        loading.remove()
    document.body.dataset.ready = "1"


await main()  # noqa: F704 - PyScript runs this module with top-level await
