"""The pages' one Python script: it finds which page it runs on and binds that page.

index.html is the game (web/table/page.py), editor.html the lesson editor, and any page
holding ``.attika-position`` elements plays live positions (web/teach/page.py). Each page
has one binder, the only code that touches its DOM and storage.
"""

from __future__ import annotations

import traceback

from pyodide.ffi import create_proxy, jsnull  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]

from web.core.dom import (
    attr,
    browser_storage,
    choose_language,
    find,
    new_id,
    offer_download,
    switch_language,
    tapped,
    write_words,
)
from web.editor.drafts import Desk
from web.editor.editor_view import editor_page_html
from web.table.page import GamePage
from web.table.saves import Storage
from web.teach.page import Positions


class EditorPage:
    """editor.html: the position editor (web/editor/editor.py) over the drafts kept in this
    browser; every change is kept at once, and a refused save is said on the page."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.desk = Desk(storage, now=lambda: int(window.Date.now()), new_id=new_id)

    def render(self) -> None:
        write_words()
        holder = document.getElementById("editor")
        focused = document.activeElement
        key = attr(focused, "data-key")
        holder.innerHTML = editor_page_html(self.desk)
        # a question takes the keyboard, on its safe answer
        goal = find(".editor-drafts .confirm [data-cmd=no]", holder) if self.desk.asking else None
        if goal is None and key:
            goal = find(f'[data-key="{key}"]', holder)
        if goal is not None:
            goal.focus()  # type: ignore[attr-defined]
        if self.desk.download is not None:
            offer_download(*self.desk.download)
            self.desk.download = None

    def run(self, cmd: str, arg: str) -> None:
        try:
            if cmd == "download":
                offer_download("attika-lesson.json", self.desk.editor.text())
                return
            if cmd == "import-text":
                area = find('textarea[name="import"]')
                self.desk.command("import", str(area.value) if area is not None else "")  # type: ignore[attr-defined]
            else:
                self.desk.command(cmd, arg)
        except Exception:
            traceback.print_exc()
        self.render()

    def on_click(self, event: object) -> None:
        hit = tapped(event)
        if hit is None:
            return
        found, cmd, arg = hit
        event.preventDefault()  # type: ignore[attr-defined]
        inside = found.closest(".recording-board")  # type: ignore[attr-defined]
        if inside is not None and inside is not jsnull:
            self.run("play", f"{cmd} {arg}".strip())
        else:
            self.run(cmd, arg)

    def on_key(self, event: object) -> None:
        key = str(event.key)  # type: ignore[attr-defined]
        target = event.target  # type: ignore[attr-defined]
        if (
            key in ("Enter", " ")
            and hasattr(target, "getAttribute")
            and target.getAttribute("data-hex")
        ):
            self.on_click(event)

    def on_change(self, event: object) -> None:
        node = event.target  # type: ignore[attr-defined]
        name = str(attr(node, "name") or "")
        if attr(node, "id") == "language":
            switch_language(self.storage, str(node.value))
            self.desk.editor.check()  # its messages in the new language
            self.desk.refresh()
            self.render()
        elif name in ("building", "owner", "seat", "current", "phase"):
            self.run(name, str(node.value))
        elif name == "draft":
            self.run("draft-open", str(node.value))
        elif name == "draft-name":
            self.run("draft-name", str(node.value))
        elif name.startswith("text "):
            self.run("text", f"{name[5:]} {node.value}")


async def main() -> None:
    storage = browser_storage()
    choose_language(storage)
    page: GamePage | Positions | EditorPage
    if find("#app") is not None:
        page = GamePage(storage)
        await page.open_from_url()
    elif find("#editor") is not None:
        page = EditorPage(storage)
        page.render()
    else:
        page = Positions(storage)
        await page.start()
    document.addEventListener("click", create_proxy(page.on_click))
    document.addEventListener("change", create_proxy(page.on_change))
    document.addEventListener("keydown", create_proxy(page.on_key))
    if isinstance(page, GamePage):
        window.addEventListener("popstate", create_proxy(page.on_back))
        document.getElementById("app").hidden = False
        page.after_command(page._pending)
    loading = find("#loading")
    if loading is not None:
        loading.remove()
    document.body.dataset.ready = "1"


await main()  # noqa: F704 - PyScript runs this module with top-level await
