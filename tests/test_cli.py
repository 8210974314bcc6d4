"""The command line: simulate prints statistics, replay lists a saved game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from attika.cli import main, play


def test_simulate_prints_turns_reasons_and_win_rates(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["simulate", "--players", "3", "--games", "6", "--seed", "4", "--bot", "greedy"]) == 0
    )
    out = capsys.readouterr().out
    assert "6 games, 3 players" in out
    assert "turns per game: mean" in out
    assert "win reasons:" in out and "shrines" in out
    rates = [line for line in out.splitlines() if line.startswith("seat ")]
    assert len(rates) == 3
    assert sum(int(line.split(": ")[1].split()[0]) for line in rates) == 6


def test_simulate_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    main(["simulate", "--players", "2", "--games", "3", "--seed", "9", "--bot", "greedy,random"])
    first = capsys.readouterr().out
    main(["simulate", "--players", "2", "--games", "3", "--seed", "9", "--bot", "greedy,random"])
    assert capsys.readouterr().out == first


def test_unknown_bot_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--bot", "genius"]) == 2
    assert "unknown bot 'genius'" in capsys.readouterr().err


def test_replay_lists_actions_and_the_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = play(2, 5, ["greedy"])
    path = tmp_path / "game.json"
    path.write_text(game.to_json())
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"   1. {game.actions[0]}" in out
    assert f"{game.players[game.winner or 0].name} won" in out


def test_replay_of_a_damaged_file_says_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = play(2, 5, ["greedy"])
    data = json.loads(game.to_json())
    data["actions"][0] = "build palace 0,0 -"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 1
    assert "action 1" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.json")]) == 2
