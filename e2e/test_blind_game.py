"""A whole game without sight, by the keyboard alone: a person plays the normal computer
with Tab, the arrow keys, Enter and Escape (never a click, never a focus() call), finds
each control by the name a screen reader says as the focus reaches it, and decides only from
what the page said: its log of what happened and its status cue (web/play/spoken.py).

The person's way: build a waiting building where it may go, else draw; build what was drawn
or store it; choose a place by the arrow keys, not the first one the board offers; pay by
hand once with several landscapes (every card taken back, then put forward one by one
until the cue says it pays exactly), else take the payment proposed; lay a new tile at a
place reached by the arrows, turned once; end the turn. Each wait is for what a listener
would hear, never for a time."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

import attika

from .conftest import READY_MS

#: Longest wait for the normal computer's whole turn on a loaded machine.
TURN_MS = 120_000
#: A 2-player game against the normal computer (seed 3: 13 turns of the person's).
SEED = 3
#: More Tabs than the page has stops: past them the control is not reachable at all.
TABS = 90
COORDINATES = re.compile(r"-?\d+,-?\d+")
#: What the waiting buildings' buttons start with ("Quarry Hill Mountain Mountain").
BUILDINGS = sorted({b.names["en"] for b in attika.COMPONENTS.buildings.values()}, key=len)
#: Every time the keyboard fell onto the page's body because its control was taken away
#: or hidden (a screen reader says the page's name then), however briefly: a focus that
#: leaves for nothing and whose control is gone or hidden once the page's work is done.
WATCH_FOCUS = """
window.focusDrops = [];
document.addEventListener('focusout', (event) => {
  if (event.relatedTarget) return;
  const gone = event.target;
  const what = gone.outerHTML ? gone.outerHTML.slice(0, 100) : String(gone);
  queueMicrotask(() => {
    if (!gone.isConnected || !gone.checkVisibility()) window.focusDrops.push(what);
  });
}, true);
"""


#: Whether the focus is on an element: "on it", "elsewhere", or "gone" once it was redrawn.
ON_IT = "e => !e.isConnected ? 'gone' : e === document.activeElement ? 'on it' : 'elsewhere'"


def said(page: Page) -> list[str]:
    """The entries of the page's log of what happened, as a screen reader heard them."""
    text = page.get_by_role("log", name="What just happened").inner_text()
    return [line.strip() for line in text.split("\n") if line.strip()]


def new_since(before: list[str], after: list[str]) -> list[str]:
    """The entries added since ``before`` (the region drops its oldest entries)."""
    for start in range(len(before) + 1):
        overlap = before[start:]
        if after[: len(overlap)] == overlap:
            return after[len(overlap) :]
    return after


class Keys:
    """The person at the keyboard, who hears each control's name as the focus reaches it."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.side = page.get_by_role("complementary")
        self.board = page.get_by_role("group", name="The board")
        self.cue = page.get_by_role("status", name="Your move so far")
        self.paid_by_hand = 0
        self.payments = 0
        self.tiles = 0
        self.other_places = 0
        self.own_builds: list[str] = []

    def tab_to(self, control: Locator) -> None:
        """Tab until the focus is on ``control``, as a listener does (the page's Tab
        order wraps round, so every control is reached). The control is found by its name
        once, and found again only if the page redrew it: a search by name between every
        two Tabs cost more than the rest of the game."""
        target = control.element_handle(timeout=READY_MS)
        for _ in range(TABS):
            where = target.evaluate(ON_IT)
            if where == "gone":
                target = control.element_handle(timeout=READY_MS)
                where = target.evaluate(ON_IT)
            if where == "on it":
                return
            self.page.keyboard.press("Tab")
        where = self.page.evaluate("document.activeElement.outerHTML.slice(0, 120)")
        raise AssertionError(f"Tab never reaches {control} (left at {where})")

    def press(self, control: Locator) -> None:
        self.tab_to(control)
        self.page.keyboard.press("Enter")

    def button(self, name: str | re.Pattern[str], where: Locator | None = None) -> Locator:
        return (where or self.page).get_by_role("button", name=name)

    def end_turn(self) -> Locator:
        return self.button(re.compile(r"^End (turn|the turn)"), self.side)

    def result(self) -> Locator:
        return self.page.get_by_role("dialog", name=re.compile("wins"))

    def my_turn(self) -> bool:
        expect(self.end_turn().or_(self.result())).to_be_visible(timeout=TURN_MS)
        return not self.result().is_visible()

    # -- a place on the board ---------------------------------------------------------

    def choose_place(self, kind: re.Pattern[str]) -> str:
        """Tab to the board's place, arrow to another, press Enter; the name chosen."""
        places = self.button(kind, self.board)
        first = self.page.locator(":focus")
        self.tab_to(places.and_(self.board.locator("[tabindex='0']")))
        offered = first.get_attribute("aria-label") or ""
        chosen = offered
        if places.count() > 1:
            for key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"):
                self.page.keyboard.press(key)
                chosen = first.get_attribute("aria-label") or ""
                if chosen != offered:
                    self.other_places += 1
                    break
        assert not COORDINATES.search(chosen), chosen
        self.page.keyboard.press("Enter")
        return chosen

    # -- paying --------------------------------------------------------------------

    def pay(self) -> None:
        payment = self.page.get_by_role("region", name="Payment")
        expect(payment).to_be_visible()
        expect(self.cue).to_have_text(re.compile(r"^(Paying |Build)|free"))
        proposed = self.cue.inner_text()
        paying = re.match(r"Paying ([^.]*)\.", proposed)  # "Paying 1 Hill, 2 Water. …"
        wanted = {
            kind: int(n)
            for n, kind in re.findall(
                r"(\d+) (Hill|Mountain|Forest|Water)", paying[1] if paying else ""
            )
        }
        if not self.paid_by_hand and len(wanted) >= 2 and "pays exactly" in proposed:
            self._by_hand(payment, wanted)
        confirm = self.button(re.compile(r"^Build"), payment)
        expect(confirm).to_be_enabled()
        self.press(confirm)
        expect(payment).to_have_count(0)
        self.payments += 1

    def _by_hand(self, payment: Locator, wanted: dict[str, int]) -> None:
        """Every card taken back, then each landscape of the proposal put forward again,
        one card at a time, each step heard in the cue, until it pays exactly."""
        for kind, n in wanted.items():
            fewer = self.button(re.compile(rf"^One {kind} card fewer"), payment)
            for _ in range(n):
                before = self.cue.inner_text()
                self.press(fewer)
                expect(self.cue).not_to_have_text(before)
        expect(self.cue).not_to_have_text(re.compile("pays exactly"))
        for kind, n in wanted.items():
            more = self.button(re.compile(rf"^One more {kind} card"), payment)
            for _ in range(n):
                before = self.cue.inner_text()
                self.press(more)
                expect(self.cue).not_to_have_text(before)
        expect(self.cue).to_have_text(re.compile(r"pays exactly"))
        self.paid_by_hand += 1

    # -- a turn -------------------------------------------------------------------

    def build_somewhere(self) -> bool:
        places = self.button(re.compile(r"build the .* here"), self.board)
        if not places.count():
            return False
        mark = said(self.page)
        self.choose_place(re.compile(r"build the .* here"))
        self.pay()
        heard = new_since(mark, said(self.page))
        mine = [h for h in heard if re.match(r"Athens built the ", h)]
        assert mine and "It stands " in mine[0], heard  # the own build, with where
        self.own_builds.append(mine[0])
        return True

    def lay_tile(self) -> None:
        self.choose_place(re.compile(r"^Place \d+ of \d+ for the new tile"))
        expect(self.cue).to_have_text(re.compile(r"^The new tile at place \d+:"))
        before = self.cue.inner_text()
        self.press(self.button("Turn right", self.side))
        expect(self.cue).not_to_have_text(before)
        mark = said(self.page)
        self.press(self.button("Place tile", self.side))
        expect(self.button(re.compile("for the new tile"), self.board)).to_have_count(0)
        heard = new_since(mark, said(self.page))
        assert any("laid a new board tile. It lies" in h for h in heard), heard
        self.tiles += 1

    def play_turn(self) -> None:
        for _ in range(30):
            if self.button("Place tile", self.side).count():
                self.lay_tile()
            elif self.button("Store on player board", self.side).count():
                if not self.build_somewhere():
                    self.press(self.button("Store on player board", self.side))
            elif self._build_waiting() or self._draw():
                continue
            else:
                self.press(self.end_turn())
                question = self.page.get_by_role("alertdialog")
                if question.count():
                    self.press(self.button("End the turn", question))
                return
        raise AssertionError("the turn does not end")

    def _build_waiting(self) -> bool:
        waiting = self.side.get_by_role(
            "button", name=re.compile(rf"^({'|'.join(map(re.escape, BUILDINGS))}) ")
        )
        for i in range(waiting.count()):
            choice = waiting.nth(i)
            if not choice.is_enabled():
                continue
            mark = said(self.page)
            self.press(choice)
            if choice.get_attribute("aria-pressed") == "true":
                # the choice is said: which building, how many places, how to move
                expect(self.cue).to_have_text(re.compile(r" chosen: \d+ place"))
                return self.build_somewhere()
            told = new_since(mark, said(self.page))
            assert any("cannot go anywhere" in h for h in told), told
        return False

    def _draw(self) -> bool:
        stacks = self.side.get_by_role("button", name=re.compile(r"draw from it$"))
        for i in range(stacks.count()):
            if stacks.nth(i).is_enabled():
                self.press(stacks.nth(i))
                return True
        return False


def test_a_whole_game_by_keys_against_the_normal_computer(game_page: Page, server: str) -> None:
    page = game_page
    page.add_init_script(WATCH_FOCUS)
    page.goto(f"{server}/index.html?players=2&seed={SEED}&seats=human,normal")
    expect(page.get_by_role("button", name="New game")).to_be_visible(timeout=READY_MS)
    person = Keys(page)
    turns = 0
    draws = 0
    before: list[str] = []
    while person.my_turn():
        heard = new_since(before, said(page))
        if turns:  # the computer's turn, as told: what it built, with where, and its end
            assert any(h.startswith("Corinth ended the turn") for h in heard), heard
            for h in heard:
                assert not COORDINATES.search(h), h
                if h.startswith("Corinth built the "):
                    assert "It stands " in h, h
            draws += sum(h.startswith("Corinth drew a building") for h in heard)
        assert not any(h.startswith("Paying ") for h in heard), "a payment in the log"
        if not turns:  # the hint, said in words through the log region
            mark = said(page)
            person.press(person.button("Hint", person.side))
            hint = new_since(mark, said(page))
            assert len(hint) == 1 and ":" in hint[0], hint
            person.press(person.button("Hide the hint", person.side))
        # heard from here on: this turn's own lines, then the computer's whole turn (which,
        # at its pace, may be over before the person's last key has been answered)
        before = said(page)
        person.play_turn()
        assert page.evaluate("document.activeElement !== document.body"), "focus on the body"
        dropped = page.evaluate("window.focusDrops")
        assert dropped == [], f"the keyboard fell on the page's body from {dropped}"
        turns += 1
        assert turns < 40, "the game does not end"
    result = person.result()
    expect(result).to_have_accessible_name(re.compile(r"\w+ wins!"))
    assert any(re.search(r" wins", h) for h in said(page))
    assert page.evaluate("document.activeElement.closest('[role=dialog]') !== null")
    page.keyboard.press("Escape")
    expect(result).to_have_count(0)
    assert page.evaluate("document.activeElement !== document.body"), "focus on the body"
    assert page.evaluate("window.focusDrops") == []
    # stepping back through the game: each step says what its action did
    person.press(person.button("Log"))
    person.press(person.button("Step through"))
    for _ in range(3):
        mark = said(page)
        page.keyboard.press("ArrowLeft")
        step = new_since(mark, said(page))
        assert len(step) == 1 and re.search(
            r"\w+ (built|ended|stored|laid|drew|took|completed)", step[0]
        ), step
    assert person.paid_by_hand and person.other_places and person.own_builds
    assert draws, "the computer's draws were never said"
    print(
        f"blind game by keys: {turns} turns, {person.payments} payments "
        f"({person.paid_by_hand} by hand), {person.other_places} places not the first, "
        f"{person.tiles} tiles"
    )
