"""Screenshots of a whole game at a phone's and a tablet's sizes, for the four questions'
tally in docs/screens.md (judged by eye, not asserted here; not part of the test command).

Run it by name: ``nice -n 10 .venv/bin/python -m pytest e2e/whole_game_screens.py``. A
2-player game, seed 11: a person playing the greedy bot's choices with touch, each by the
taps ``driver.play`` makes, against the normal computer. Two screenshots a turn of the
person's: at its start and after its first action, under ``test-results/screens/whole/``.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from attika.bots import greedy_bot
from attika.rng import Rng

from .conftest import ROOT, close_clean
from .driver import open_game, page_game, play
from .test_every_screen import phone

OUT = ROOT / "test-results" / "screens" / "whole"
SEED = 11
#: The person's turn has come (or the game is over): the computer's moves are all shown.
READY = """() => document.body.dataset.phase === 'over' || (document.body.dataset.seat === '0'
    && !!document.querySelector('[data-cmd=end]:not([disabled])'))"""


@pytest.mark.parametrize("size", ["360x740", "768x1024", "1024x768"])
def test_whole_game_screens(browser: Browser, server: str, size: str) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    width, height = (int(x) for x in size.split("x"))
    page = phone(browser, server, width, height)
    open_game(page, f"{server}/index.html?players=2&seed={SEED}&seats=human,normal")
    rng = Rng(SEED)
    turn = 0
    while turn < 40:
        page.wait_for_function(READY, timeout=120_000)
        game = page_game(page)
        if game.is_over:
            break
        turn += 1
        page.screenshot(path=OUT / f"{size}-turn{turn:02d}-a-start.png")
        first = True
        while game.current == 0 and not game.is_over:
            play(page, game, str(greedy_bot(game, rng)), touch=True)
            if first:
                page.screenshot(path=OUT / f"{size}-turn{turn:02d}-b-after-first.png")
                first = False
    page.screenshot(path=OUT / f"{size}-end.png")
    close_clean(page, page.guard)  # type: ignore[attr-defined]
