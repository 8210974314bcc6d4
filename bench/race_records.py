"""A match's games kept one per line, so a long match can be stopped and taken up again.

On a shared machine a 200-game match with the strong player takes hours; each game of
``bench/race_figures.py --record FILE`` is appended to FILE as one JSON line (its seed, who
sat where, each player's counts), and a later run with the same FILE plays only the games
not yet in it and reports all of them. A line that is not such a record stops the run
with the line's number: nothing is guessed from a damaged file.
"""

from __future__ import annotations

import json
from dataclasses import fields
from pathlib import Path
from typing import Any

from bench.race_tally import Tally

#: Tally fields that hold lists of numbers; the others hold one whole number.
LISTS = {"placed", "lost_race_placed", "seconds"}


class RecordError(ValueError):
    """A record file's line is not a game this tool wrote."""


def _tally(data: Any, where: str) -> Tally:
    names = {f.name for f in fields(Tally)}
    if not isinstance(data, dict) or set(data) != names:
        raise RecordError(f"{where}: a player's counts need exactly {sorted(names)}")
    for name, value in data.items():
        if name in LISTS:
            ok = isinstance(value, list) and all(
                isinstance(x, int | float) and not isinstance(x, bool) for x in value
            )
        else:
            ok = isinstance(value, int) and not isinstance(value, bool) and value >= 0
        if not ok:
            wanted = "a list of numbers" if name in LISTS else "a count"
            raise RecordError(f"{where}: {name} is not {wanted}")
    return Tally(**data)


def read(path: Path) -> dict[tuple[str, str, int], dict[str, Tally]]:
    """Every game in the file by (first seat, second seat, seed); none if there is no file."""
    games: dict[tuple[str, str, int], dict[str, Tally]] = {}
    if not path.exists():
        return games
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        where = f"{path}:{number}"
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            raise RecordError(f"{where}: not JSON ({error.msg})") from None
        if not isinstance(record, dict) or set(record) != {"seed", "seats", "tallies"}:
            raise RecordError(f"{where}: a record has exactly seed, seats and tallies")
        seed, seats, tallies = record["seed"], record["seats"], record["tallies"]
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError(f"{where}: the seed is not a whole number")
        if (
            not isinstance(seats, list)
            or len(seats) != 2
            or not all(isinstance(s, str) for s in seats)
            or seats[0] == seats[1]
        ):
            raise RecordError(f"{where}: seats are two different names")
        if not isinstance(tallies, dict) or set(tallies) != set(seats):
            raise RecordError(f"{where}: tallies are one per seated player")
        games[(seats[0], seats[1], seed)] = {
            name: _tally(tallies[name], f"{where}, {name}") for name in seats
        }
    return games


def append(path: Path, seats: tuple[str, str], seed: int, result: dict[str, Tally]) -> None:
    """Add one game's line to the file."""
    line = {
        "seed": seed,
        "seats": list(seats),
        "tallies": {name: vars(tally) for name, tally in result.items()},
    }
    with path.open("a", encoding="utf-8") as out:
        out.write(json.dumps(line, sort_keys=True) + "\n")
