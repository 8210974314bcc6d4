"""The command line: simulate prints statistics, replay lists a saved game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from attika.cli import lineup, main, play, wilson


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


def test_tournament_prints_win_rates_intervals_reasons_rounds_and_times(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["tournament", "--players", "2", "--games", "3", "--seed", "3"]
    assert main([*args, "--bots", "normal,random"]) == 0
    out = capsys.readouterr().out
    assert "3 games, 2 players, bots normal,random (seats rotate), seeds 3..5" in out
    assert "rounds per game: mean" in out and "unfinished 0" in out
    rows = {line.split()[0]: line.split() for line in out.splitlines()[3:5]}
    assert set(rows) == {"normal", "random"}
    assert sum(int(row[2]) for row in rows.values()) == 3
    for row in rows.values():
        rate = float(row[3].rstrip("%"))
        low, high = (float(x.rstrip("%")) for x in row[4].split("-"))
        assert low <= rate <= high
        assert float(row[6]) <= float(row[7])  # median time per decision <= p95


def test_a_tournament_shared_among_processes_plays_the_same_games(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--jobs 2`` plays each game from its own seed, so only the times differ."""
    args = ["tournament", "--players", "2", "--games", "4", "--seed", "3", "--bots", "easy,random"]

    def results() -> list[list[str]]:
        out = capsys.readouterr().out.splitlines()
        return [line.split()[:5] + line.split()[8:] for line in out[:5]]

    assert main(args) == 0
    alone = results()
    assert main([*args, "--jobs", "2"]) == 0
    assert results() == alone


def test_a_strong_tournament_names_its_budget(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tournament", "--games", "1", "--bots", "strong,random", "--budget", "1"]
    assert main(args) == 0
    assert "strong budget 1 playouts" in capsys.readouterr().out


def test_wilson_interval_matches_the_textbook() -> None:
    """Reference values of the 95% Wilson score interval (z = 1.96)."""
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-4)


def test_seats_rotate_so_every_bot_plays_every_seat() -> None:
    games = [lineup(["strong", "normal"], 4, k) for k in range(4)]
    assert games[0] == ["strong", "normal", "normal", "normal"]
    for seat in range(4):
        assert sorted(g[seat] for g in games) == ["normal", "normal", "normal", "strong"]


def test_tournament_refuses_unknown_bots_and_too_many(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--bots", "genius"]) == 2
    assert "unknown bot 'genius'" in capsys.readouterr().err
    assert main(["tournament", "--players", "2", "--bots", "easy,easy,easy"]) == 2
    assert "3 bots for 2 seats" in capsys.readouterr().err


def test_balance_prints_a_report_of_its_games(capsys: pytest.CaptureFixture[str]) -> None:
    from attika.cli import main

    assert main(["balance", "--players", "2", "--games", "4", "--bots", "easy"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("### 2 players, 4 games, bots easy")
    assert "rounds per game" in out and "shrine wins by pair" in out
    assert main(["balance", "--bots", "wizard"]) == 2
