"""The pages' one Python script: it finds which page it runs on and binds that page.

index.html is the game (web/table/page.py), editor.html the lesson editor, and any page
holding ``.attika-position`` elements plays live positions (web/teach/page.py). Each page
has one binder, the only code that touches its DOM and storage.
"""

from __future__ import annotations

from pyodide.ffi import create_proxy  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]

from web.browser.dom import (
    browser_storage,
    choose_language,
    find,
    hold_language_keys,
)
from web.editor.page import EditorPage
from web.remote.page import DevicePage
from web.remote.page import begin as begin_device
from web.table.effects import Effect
from web.table.page import GamePage
from web.teach.page import Positions


async def main() -> None:
    storage = browser_storage()
    choose_language(storage)
    page: GamePage | Positions | EditorPage | DevicePage
    opening: list[Effect] = []
    if find("#app") is not None:
        page = GamePage(storage)
        opening = await page.open_from_url()
    elif find("#device") is not None:
        page = DevicePage(storage)
        begin_device(page)
    elif find("#editor") is not None:
        page = EditorPage(storage)
        page.render()
    else:
        page = Positions(storage)
        await page.start()
    document.addEventListener("click", create_proxy(page.on_click))
    document.addEventListener("change", create_proxy(page.on_change))
    document.addEventListener("keydown", create_proxy(hold_language_keys))
    document.addEventListener("keydown", create_proxy(page.on_key))
    if isinstance(page, EditorPage):
        window.addEventListener("storage", create_proxy(page.on_storage))
    if isinstance(page, GamePage):
        window.addEventListener("popstate", create_proxy(page.on_back))
        document.getElementById("app").hidden = False
        page.after_command(opening)
    loading = find("#loading")
    if loading is not None:
        loading.remove()
    document.body.dataset.ready = "1"


await main()  # noqa: F704 - PyScript runs this module with top-level await
