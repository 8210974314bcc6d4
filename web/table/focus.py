"""Where the keyboard is after the game page is drawn again: part of its binder.

A redraw replaces the panel's buttons and the board's places, so the focus is put back on
the same button or hex, on the dialog's answer, on a question that just appeared, or, when
its element is gone, on the next meaningful thing; never on the top of the page. A dialog
(the hand-over, the result) makes the page behind it inert.
"""

from __future__ import annotations

from pyodide.ffi import jsnull, to_js  # type: ignore[import-not-found]

from web.browser.dom import find
from web.browser.window import document
from web.play.panel import NEXT_FOCUS

#: Panel parts that answer a tap and must be seen when they appear.
ATTENTION = ("#side .confirm-end", "#side .payment", "#side .message.error", "#side .review")

#: Where the keyboard waits while its control is replaced, first that can take it: parts
#: of the page that are never replaced themselves (the status strip says whose turn it is).
HOLDERS = ("#status-top", "#side", "#overlay")


class Focus:
    def __init__(self) -> None:
        #: The part holding the keyboard while its control is replaced, and whether it was
        #: given a tabindex for that (taken away again once the keyboard has gone on).
        self._held: object | None = None
        self._tabindex_added = False
        #: The ATTENTION parts shown at the last redraw.
        self._attention: set[str] = set()
        #: The screen at the last redraw (body's data-screen).
        self._screen = ""
        #: The data-key of the control that opened the dialog now shown (New game, …).
        self._opener: str | None = None

    def hold(self, part: object, itself: bool = False) -> None:
        """Before ``part``'s content (or ``itself``) is replaced or hidden: a focused
        control in it would drop the keyboard onto the page's body as it goes (the browser
        blurs it), and a screen reader says the page's name; so the keyboard waits on a
        part that stays until ``settle`` puts it where it belongs."""
        active = document.activeElement
        if active is None or active is jsnull or active == document.body:
            return
        if not part.contains(active) or (active == part and not itself):  # type: ignore[attr-defined]
            return
        for sel in HOLDERS:
            holder = find(sel)
            if holder is None or (holder != part and part.contains(holder)):  # type: ignore[attr-defined]
                continue
            if itself and holder == part:
                continue
            added = not holder.hasAttribute("tabindex")
            if added:
                holder.setAttribute("tabindex", "-1")
            holder.focus(to_js({"preventScroll": True}))
            if document.activeElement == holder:  # not inert behind a dialog
                if self._held is None:
                    self._tabindex_added = added
                self._held = holder
                return
            if added:
                holder.removeAttribute("tabindex")

    def settle(self, focused: object, key: str | None, hex_: str | None, board: bool) -> None:
        """After a redraw: focus back where it was (``key`` or ``hex_``), or somewhere
        meaningful; the dialog's page made inert; the board's one Tab stop set."""
        body = document.body
        overlay = document.getElementById("overlay")
        restore = None
        if key:
            restore = find(f'[data-key="{key}"]')
        elif hex_:
            restore = find(f'[data-hex="{hex_}"]')
        # a dialog is modal: the page behind it can be neither reached nor read, and the
        # keyboard starts in it (on its first answer) unless it is already there
        modal = body.dataset.screen in ("handover", "result", "setup")
        inside = focused is not None and focused is not jsnull and overlay.contains(focused)
        # the new-game form, put aside, gives the keyboard back to the control that opened
        # it (the hand-over and the result end a turn or a game: they go on from the panel)
        form, was_form = body.dataset.screen == "setup", self._screen == "setup"
        if form and not was_form:
            self._opener = None if inside else _key_of(focused)
        elif was_form and not form and self._opener is not None:
            back = find(f'[data-key="{self._opener}"]')
            if back is not None and (restore is None or not document.contains(restore)):
                restore = back
            self._opener = None
        if modal and not inside and (restore is None or not overlay.contains(restore)):
            restore = find("button.primary", overlay)
        if restore is None and self._screen == "result" and body.dataset.screen == "game":
            # the result put aside (Escape, Back, "Look at the board"): on the board, in view
            restore = document.getElementById("board")
        self._screen = str(body.dataset.screen)
        # the question before ending a turn is modal too: all but it is inert while it asks
        asking = None if modal else find("#side .confirm-end")
        for part in ("header.top", "main.layout", "#log", ".boardwrap"):
            node = find(part)
            if node is not None:
                node.inert = modal if part == "main.layout" else modal or asking is not None
        side = document.getElementById("side")
        if side is not None:
            for child in side.children:
                child.inert = asking is not None and not child.contains(asking)
        place = document.getElementById("board")
        if place is not None and board:
            # the board itself is the Tab stop (arrows pan, + and - zoom) when no place on
            # it can be chosen; else its one chosen place is (web/core/roving.py)
            choosing = find('#board [data-hex][tabindex="0"], #board [data-site][tabindex="0"]')
            place.setAttribute("tabindex", "-1" if choosing is not None else "0")
        appeared = self._bring_into_view()
        if restore is not None:
            restore.focus()
        active = document.activeElement
        held, self._held = self._held, None
        lost = active is None or active is jsnull or active in (body, held)
        had_focus = focused is not None and focused is not jsnull and focused != body
        parked = focused is not None and focused is not jsnull and focused == find("#status-top")
        if parked and _meaningful(None) is not None:  # something to press again: go there
            lost = True
        if (appeared and had_focus) or (lost and had_focus):
            # the focused button or place is gone (Continue, Confirm, a draw, a tile place)
            # or a question appeared: go on from somewhere meaningful, not from the page top
            meaningful = _meaningful(appeared)
            if meaningful is None and appeared != "#side .message.error":
                # nothing to press now (a computer plays): the status strip, which says
                # whose turn it is, holds the keyboard rather than the page's body
                meaningful = document.getElementById("status-top")
            if meaningful is not None:
                meaningful.focus(to_js({"preventScroll": True}))
        if held is not None and self._tabindex_added and document.activeElement != held:
            held.removeAttribute("tabindex")  # type: ignore[attr-defined]

    def _bring_into_view(self) -> str | None:
        """Scroll to a question or message that has just appeared in the panel. On a phone
        the panel scrolls under the board, and a tap low down (End turn, a hex) may make its
        answer appear above, out of sight; CSS scroll-margin keeps it clear of the board."""
        shown = {sel for sel in ATTENTION if find(sel) is not None}
        appeared = None
        for sel in ATTENTION:
            if sel in shown and sel not in self._attention:
                find(sel).scrollIntoView(to_js({"block": "start"}))  # type: ignore[union-attr]
                appeared = sel
                break
        self._attention = shown
        return appeared


def _meaningful(appeared: str | None) -> object | None:
    if appeared == "#side .message.error":
        return None  # an error keeps the focus where the player was
    for sel in NEXT_FOCUS:
        found = find(sel)
        if found is not None:
            return found
    return None


def _key_of(node: object) -> str | None:
    """A control's data-key (how a redraw finds it again), if it has one."""
    if node is None or node is jsnull or not hasattr(node, "getAttribute"):
        return None
    key = node.getAttribute("data-key")  # type: ignore[attr-defined]
    return None if key is None or key is jsnull else str(key)
