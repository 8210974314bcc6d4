"""The balance study counts what happened in its games, and says so in its report."""

from __future__ import annotations

import pytest

from attika.balance import report, study, study_on, wilson
from attika.balance_document import document, findings
from attika.components import COMPONENTS

pytestmark = pytest.mark.slow  # minutes of self-play: left out of -m 'not slow'


def test_a_small_study_accounts_for_every_game_and_every_shrine_pair() -> None:
    s = study(3, 12, ["greedy", "random"], seed=5)
    finished = s.games - s.unfinished
    assert s.games == 12 and finished == len(s.rounds) == sum(s.reasons.values())
    assert sum(s.by_seat.values()) == sum(s.by_position.values()) == finished
    assert sum(s.shrine_pairs.values()) == s.reasons["shrines"]
    assert 0 < s.free_builds < s.buildings and s.cards_paid > 0
    text = report(s)
    assert f"data version {COMPONENTS.version}" in text
    for shrine in COMPONENTS.layouts[3].shrines:
        assert f"{shrine[0]},{shrine[1]}" in text


def test_the_same_seed_gives_the_same_study() -> None:
    assert report(study(2, 4, ["greedy"], seed=9)) == report(study(2, 4, ["greedy"], seed=9))


def test_a_wilson_interval_holds_the_rate_and_narrows_with_more_games() -> None:
    low, high = wilson(7, 10)
    assert 0 <= low < 0.7 < high <= 1
    low2, high2 = wilson(70, 100)
    assert low < low2 < 0.7 < high2 < high
    assert wilson(0, 20)[0] == 0 and wilson(20, 20)[1] == 1


def test_games_shared_among_processes_give_the_same_figures() -> None:
    one = study_on(3, 4, ["greedy"], seed=3, jobs=1)
    two = study_on(3, 4, ["greedy"], seed=3, jobs=2)
    assert report(one) == report(two) and two.games == 4


def test_the_balance_document_checks_each_goal_for_both_layouts_and_marks_misses() -> None:
    text = document(games=1, seed=1, jobs=1)
    assert f"components data version {COMPONENTS.version}" in text
    rows = [line for line in text.splitlines() if line.startswith(("| 2 |", "| 3 |", "| 4 |"))]
    replaced = ["retired (edition 4)", "retired (edition 4)", "retired (edition 3)"]
    assert [row.split("|")[2].strip() for row in rows] == [
        board for r in replaced for board in ("today", r)
    ]
    assert "7/7/8/8 (diagonals 9/10)" in rows[4] and "7/7/7/7 (diagonals 8/12)" in rows[5]
    # one game cannot put a shrine win share inside 10-40% and use every pair
    assert all("(missed)" in row for row in rows)
    assert text.count("retired layout of rules edition") == 6 and text.count("### ") == 12


def test_the_written_balance_document_holds_the_findings_the_command_writes() -> None:
    """docs/balance.md is the command's output: the findings it carries are the ones in
    attika/data/balance-findings.md, so the next run of the command keeps them."""
    from pathlib import Path

    written = (Path(__file__).resolve().parents[1] / "docs" / "balance.md").read_text("utf-8")
    assert findings() in written
    assert "(#how-the-shrine-goal-was-reached)" in written
    assert findings().splitlines()[0] == "## How the shrine goal was reached"
