"""The league: a round robin that rates every player, sparring partners included."""

from __future__ import annotations

import pytest

from attika.cli import main
from attika.players.league import League, Pairing, ratings


def test_league_prints_a_rating_with_an_interval_for_every_player(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """One game a pairing, the cheapest players and strong at its smallest budget: every
    player gets a rating inside its interval, best first, and every pairing is listed."""
    names = ["easy", "racer", "planner", "strong"]
    args = ["tournament", "--league", "--games", "1", "--seed", "5", "--budget", "1"]
    assert main([*args, "--bots", ",".join(names)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("league: 4 players, 2-player round robin, 1 games a pairing")
    assert "seeds 5..10" in out[0]
    rows = {line.split()[0]: line.split() for line in out[2:6]}
    assert set(rows) == set(names)
    elos = [float(line.split()[1]) for line in out[2:6]]
    assert elos == sorted(elos, reverse=True)
    for row in rows.values():
        low, high = (float(x) for x in row[2].split(".."))
        assert low <= float(row[1]) <= high
        assert row[3] == "3"  # games: one against each of the three others
    pairings = [line for line in out if " v " in line]
    assert len(pairings) == 6


def test_the_league_default_is_every_level_but_random_and_every_partner(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["tournament", "--league", "--bots", "normal,genius"]) == 2
    assert "genius" in capsys.readouterr().err
    assert main(["tournament", "--league", "--bots", "normal"]) == 2


def test_ratings_follow_results_and_stay_finite_for_a_clean_sweep() -> None:
    """A beats B 9-1, B beats C 9-1, A beats C 10-0: A > B > C, all finite, intervals
    around each rating, and the ratings centred on 0."""
    league = League(
        ["a", "b", "c"],
        [Pairing("a", "b", 10, 9.0), Pairing("b", "c", 10, 9.0), Pairing("a", "c", 10, 10.0)],
    )
    found = ratings(league)
    assert [r.name for r in found] == ["a", "b", "c"]
    assert sum(r.elo for r in found) == pytest.approx(0.0, abs=1e-6)
    for r in found:
        assert r.low < r.elo < r.high < 2000
        assert r.games == 20
    # Equal results, equal ratings.
    even = ratings(League(["x", "y"], [Pairing("x", "y", 8, 4.0)]))
    assert even[0].elo == pytest.approx(0.0, abs=1e-6)
