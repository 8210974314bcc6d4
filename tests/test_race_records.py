"""bench/race_figures.py --record: a long match stopped and taken up again gives the figures
of one run, and a damaged record file stops the run without being changed."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bench import race_figures


def run(capsys: pytest.CaptureFixture[str], *args: str) -> list[str]:
    """The report's rows of one run, processor times left out (they differ run to run)."""
    old = sys.argv
    sys.argv = ["race_figures.py", "--bots", "easy,random", "--seed", "9000", *args]
    try:
        race_figures.main()
    finally:
        sys.argv = old
    out = capsys.readouterr().out
    return [row for row in out.splitlines() if row.startswith("|") and "ms a decision" not in row]


def test_a_match_taken_up_again_plays_only_the_missing_games_and_reports_them_all(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "match.jsonl"
    run(capsys, "--games", "2", "--record", str(record))
    first = record.read_text().splitlines()
    assert len(first) == 2
    taken_up = run(capsys, "--games", "3", "--record", str(record))
    lines = record.read_text().splitlines()
    assert lines[:2] == first and len(lines) == 3
    assert taken_up == run(capsys, "--games", "3")
    assert "| wins | " in taken_up[2] and "/3 |" in taken_up[2]


def test_a_damaged_record_stops_the_run_by_its_line_and_is_left_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "match.jsonl"
    run(capsys, "--games", "1", "--record", str(record))
    damaged = record.read_text().replace('"games": 1', '"games": -1', 1) + "not a record\n"
    record.write_text(damaged)
    with pytest.raises(SystemExit) as stopped:
        run(capsys, "--games", "2", "--record", str(record))
    assert stopped.value.code == 2
    assert f"{record}:1" in capsys.readouterr().err
    assert record.read_text() == damaged
