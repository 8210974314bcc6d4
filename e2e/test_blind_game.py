"""A whole game without sight: a person plays against the easy computer by keyboard alone,
finding every control by its role and accessible name (as a screen reader lists them),
never by a CSS selector, a coordinate or a test id, and hears what the page announces.

The player's way is simple: build a waiting building where it may go, else draw from the
first stack that has buildings; build what was drawn at the first place offered or store it;
lay a new tile at the first place after turning it once; pay what the page proposes; end
the turn. After each of the computer's turns the page's live region must have said, once
each, who built what and where; at the end, who won, and Escape on the result must leave
the keyboard on a control in view.
"""

from __future__ import annotations

import os
import re

from playwright.sync_api import Locator, Page, expect

import attika
from attika.actions import Build, EndTurn, PlaceTile, StoreBuilding
from web.core.text import landscape_name, set_language

from .conftest import READY_MS
from .driver import page_game

#: A 2-player game against the easy computer that ends in 12 turns (under a minute), with
#: three new tiles for the person to lay on the way.
SEED = int(os.environ.get("ATTIKA_BLIND_SEED", "3"))
#: Longest wait for the computer's whole turn (easy decides in a few milliseconds).
TURN_MS = 30_000
#: What the stored buildings are called on their buttons ("Quarry Hill Mountain Mountain").
BUILDINGS = sorted({b.names["en"] for b in attika.COMPONENTS.buildings.values()}, key=len)


def said(page: Page) -> list[str]:
    """The entries of the page's live region, as a screen reader has heard them."""
    text = page.get_by_role("log", name="What just happened").inner_text()
    return [line.strip() for line in text.split("\n") if line.strip()]


def new_since(before: list[str], after: list[str]) -> list[str]:
    """The entries added since ``before`` (the region drops its oldest entries)."""
    for start in range(len(before) + 1):
        overlap = before[start:]
        if after[: len(overlap)] == overlap:
            return after[len(overlap) :]
    return after


def press(control: Locator) -> None:
    """Bring the keyboard to a control and press Enter on it."""
    control.focus()
    control.page.keyboard.press("Enter")


def focus_kept(page: Page, what: str, *, in_view: bool = False) -> None:
    """The keyboard is on a control, not on the page itself (and, ``in_view``, on one that
    can be seen: whether a focused control stays clear of the sticky parts during a turn
    is for their own checks)."""
    where = page.evaluate(
        """() => {
            const e = document.activeElement;
            const r = e.getBoundingClientRect();
            return {tag: e.tagName, top: r.top, bottom: r.bottom, height: innerHeight};
        }"""
    )
    assert where["tag"] not in ("BODY", "HTML"), f"after {what} the focus fell to the page"
    if in_view:
        assert where["bottom"] > 0 and where["top"] < where["height"], f"after {what}: {where}"


class Blind:
    """The person at the keyboard: what they can reach by role and name."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.side = page.get_by_role("complementary")
        self.board = page.get_by_role("group", name="The board")
        self.tiles = 0
        self.payments = 0
        self.before_end: list[str] = []

    def button(self, name: str | re.Pattern[str], where: Locator | None = None) -> Locator:
        return (where or self.page).get_by_role("button", name=name)

    def end_turn(self) -> Locator:
        return self.button(re.compile(r"^End (turn|the turn)"), self.side)

    def result(self) -> Locator:
        return self.page.get_by_role("dialog", name=re.compile("wins"))

    def wait_for_my_turn(self) -> bool:
        """Until it is the person's turn (True) or the game is over (False)."""
        expect(self.end_turn().or_(self.result())).to_be_visible(timeout=TURN_MS)
        return not self.result().is_visible()

    def pay(self) -> None:
        """The payment the page proposes: the cheapest that pays exactly."""
        payment = self.page.get_by_role("region", name="Payment")
        expect(payment).to_be_visible()
        confirm = self.button(re.compile(r"^Build"), payment)
        expect(confirm).to_be_enabled()
        press(confirm)
        expect(payment).to_have_count(0)
        self.payments += 1

    def build_at_first_place(self) -> bool:
        places = self.button(re.compile(r"build the .* here"), self.board)
        if not places.count():
            return False
        label = places.first.get_attribute("aria-label") or ""
        assert not re.search(r"-?\d+,-?\d+", label), f"coordinates in {label!r}"
        press(places.first)
        self.pay()
        return True

    def lay_tile(self) -> None:
        """Choose the first place, hear the tile, turn it once and hear it turned, lay it."""
        before = said(self.page)
        sites = self.button(re.compile(r"^Place \d+ of \d+ for the new tile"), self.board)
        first = sites.first
        name = first.get_attribute("aria-label") or ""
        assert re.search(r"of the board", name), name  # where it is, in words
        press(first)
        chosen = self.board.get_by_role("button", pressed=True)
        expect(chosen).to_have_count(1)
        expect(chosen).to_have_accessible_name(re.compile("Chosen: press again"))
        # how the tile stands is a cue of the status region, not a move of the log
        cue = self.page.get_by_role("status", name="Your move so far")
        expect(cue).to_have_text(re.compile(r"^The new tile at place 1:"))
        tile = cue.inner_text()
        assert "in the middle:" in tile and "on the right:" in tile, tile
        press(self.button("Turn right", self.side))
        expect(cue).not_to_have_text(tile)
        expect(cue).to_have_text(re.compile(r"^The new tile at place 1:"))
        assert new_since(before, said(self.page)) == [], "the tile's turns are no moves"
        before = said(self.page)
        press(self.button("Place tile", self.side))
        expect(sites).to_have_count(0)
        heard = new_since(before, said(self.page))
        assert any("laid a new board tile. It lies" in h for h in heard), heard
        self.tiles += 1

    def play_turn(self) -> None:
        """One whole turn of the simple way, every step by a named control."""
        side = self.side
        for _ in range(30):
            if self.result().is_visible():
                return
            if self.button("Place tile", side).count():
                self.lay_tile()
            elif self.button("Store on player board", side).count():  # a building drawn
                if not self.build_at_first_place():
                    press(self.button("Store on player board", side))
            elif self.end_turn().count() == 0:
                raise AssertionError(f"nothing to do in: {side.aria_snapshot()}")
            elif self._build_waiting() or self._draw():
                continue
            else:
                # what the region held before the turn ends: the computer may build at once
                self.before_end = said(self.page)
                press(self.end_turn())
                question = self.page.get_by_role("alertdialog")
                if question.count():  # actions are left: the page asks first
                    press(self.button("End the turn", question))
                return
            focus_kept(self.page, "an action")
        raise AssertionError("the turn does not end")

    def _build_waiting(self) -> bool:
        """Choose the first waiting building that may be built, then its first place."""
        waiting = self.side.get_by_role(
            "button", name=re.compile(rf"^({'|'.join(map(re.escape, BUILDINGS))}) ")
        )
        for i in range(waiting.count()):
            choice = waiting.nth(i)
            if choice.is_enabled():
                mark = said(self.page)
                press(choice)
                if choice.get_attribute("aria-pressed") == "true":
                    return self.build_at_first_place()
                # no place for it now: it is not chosen, and the player is told why
                told = new_since(mark, said(self.page))
                assert any("cannot go anywhere" in h for h in told), told
        return False

    def _draw(self) -> bool:
        stacks = self.side.get_by_role("button", name=re.compile(r"draw from it$"))
        for i in range(stacks.count()):
            if stacks.nth(i).is_enabled():
                press(stacks.nth(i))
                return True
        return False


def test_a_whole_game_against_the_computer_without_sight(game_page: Page, server: str) -> None:
    page = game_page
    set_language("en")
    page.goto(f"{server}/index.html?players=2&seed={SEED}&seats=human,easy")
    expect(page.get_by_role("button", name="New game")).to_be_visible(timeout=READY_MS)
    person = Blind(page)
    computer = page_game(page).players[1].name
    faster = person.button("Faster", person.side)
    if faster.count():
        press(faster)
    hint_heard = False
    turns = 0
    before: list[str] = []  # the region starts empty: all it said was said in this game
    while person.wait_for_my_turn():
        # the computer's turn, as it was told: each build once, with who, what and where
        game = page_game(page)
        heard = new_since(before, said(page))
        theirs = _last_turn_of(game, 1)
        builds = [a for a in theirs if isinstance(a, Build)]
        told = [h for h in heard if h.startswith(f"{computer} built the ")]
        assert len(told) == len(builds), (theirs, heard)
        for action, words in zip(builds, told, strict=True):
            name = attika.COMPONENTS.buildings[action.building].names["en"]
            assert words.startswith(f"{computer} built the {name}"), words
            land = game.board.landscape.get(action.hex)
            ground = "on a hex without a symbol" if land is None else f"on a {landscape_name(land)}"
            assert f"It stands {ground}" in words, words
            assert re.search(r"next to .+|of the board", words), words  # where, in words
            assert not re.search(r"-?\d+,-?\d+", words), words
        assert len(told) == len(set(told)), f"told twice: {heard}"
        for action in theirs:  # what else it did: stored, laid a tile (where), ended
            if isinstance(action, StoreBuilding):
                assert any(h.startswith(f"{computer} stored the ") for h in heard), heard
            elif isinstance(action, PlaceTile):
                tile = f"{computer} laid a new board tile. It lies "
                assert any(h.startswith(tile) and "of the board" in h for h in heard), heard
            elif isinstance(action, EndTurn):
                assert any(h.startswith(f"{computer} ended the turn") for h in heard), heard
        if not hint_heard:  # the hint said in words, through the same live region
            mark = said(page)
            press(person.button("Hint", person.side))
            hint = new_since(mark, said(page))
            assert len(hint) == 1 and ":" in hint[0], hint
            press(person.button("Hide the hint", person.side))
            hint_heard = True
        focus_kept(page, "the computer's turn")
        person.play_turn()
        before = person.before_end  # then the person's end of turn, the computer's turn
        turns += 1
        assert turns < 60, "the game does not end"

    # the result: a dialog named by the winner, the keyboard in it, the win said
    game = page_game(page)
    assert game.is_over and game.winner is not None
    winner = game.players[game.winner].name
    result = person.result()
    expect(result).to_have_accessible_name(f"{winner} wins!")
    assert page.evaluate("document.activeElement.closest('[role=dialog]') !== null")
    heard = said(page)
    assert sum(bool(re.search(rf"{winner} .*wins", h)) for h in heard) == 1, heard
    page.keyboard.press("Escape")
    expect(result).to_have_count(0)
    focus_kept(page, "Escape on the result", in_view=True)
    # stepping back through the game: each step says what its action did
    press(person.button("Log"))
    press(person.button("Step through"))
    for _ in range(3):
        mark = said(page)
        page.keyboard.press("ArrowLeft")
        step = new_since(mark, said(page))
        assert len(step) == 1 and re.search(
            r"\w+ (built|ended|stored|laid|drew|took|completed)", step[0]
        ), step
    assert person.tiles >= 1, "no tile was laid: the seed no longer brings one"
    assert person.payments >= 3
    print(f"blind game: seed {SEED}, {winner} won in {turns} turns, {person.tiles} tiles laid")


def _last_turn_of(game: attika.Game, seat: int) -> list[attika.Action]:
    """The actions of ``seat``'s last turn, from the game's record."""
    names = [p.name for p in game.players]
    again = attika.Game.new(names, game.seed, game.chosen_start, game.edition)
    last: list[attika.Action] = []
    before = None
    for text in game.actions:
        mover = again.current
        action = again.parse_action(text)
        if mover == seat:
            if before != seat:
                last = []
            last.append(action)
        before = mover
        again.apply(action)
    return last
