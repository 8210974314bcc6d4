"""The game record as a file: what it holds, and reading it back with a reason for every refusal.

A saved game holds the record that made it (player names, seed, chosen start,
action texts, and its version: the rules edition it was played under) and a
snapshot of the state it reached. Loading replays the record under the rules
(``attika.replay``) and compares the result with the snapshot, so a corrupt or
edited file is refused with the reason instead of producing an impossible
position. This module knows the format only; it imports no game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .inputs import GAME_CHARS, InputRefused, read_json
from .limits import EDITION, MAX_SEED

FORMAT = "attika-game"
#: A record's version is the rules edition it was played under (see limits.EDITION).
VERSION = EDITION


class SaveError(ValueError):
    """A saved game or game record that cannot be loaded; the message says why.

    ``code`` is set where the page words the reason itself (``too-long``, ``too-deep``,
    ``not-json``: see :mod:`attika.inputs`), with ``params`` for its message.
    """

    def __init__(self, message: str, code: str = "", **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, object] = params


@dataclass(frozen=True)
class Record:
    """A game record as read from a file, every field checked for its type."""

    names: list[str]
    seed: int
    start: int | None
    edition: int
    actions: list[str]
    #: The snapshot the file claims its actions reach (None in a bare record).
    state: dict[str, Any] | None


def write(record: dict[str, Any], state: dict[str, Any]) -> str:
    return json.dumps({**record, "state": state}, separators=(",", ":"))


def record_data(
    names: list[str], seed: int, start: int | None, edition: int, actions: list[str]
) -> dict[str, Any]:
    """The game record: enough to replay the game from its first move."""
    return {
        "format": FORMAT,
        "version": edition,
        "players": names,
        "seed": seed,
        "start": start,
        "actions": actions,
    }


def _field(data: dict[str, Any], name: str, kind: type, what: str) -> Any:
    if name not in data:
        raise SaveError(f"the game file has no {name!r} ({what})")
    value = data[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise SaveError(f"the game file's {name!r} should be {what}, not {value!r}")
    return value


def read_record(source: str | dict[str, Any]) -> Record:
    """Check a record (a dict, or its JSON text) field by field; SaveError says what is wrong."""
    if isinstance(source, str):
        try:
            data = read_json(source, GAME_CHARS, "the game file")
        except InputRefused as exc:
            raise SaveError(f"this is not a game file: {exc}", exc.code, **exc.params) from None
    else:
        data = source
    if not isinstance(data, dict):
        raise SaveError("this is not a game file (expected a JSON object)")
    if data.get("format") != FORMAT:
        raise SaveError(f"this is not an Attika game file (format should be {FORMAT!r})")
    version = _field(data, "version", int, "a whole number")
    if version > VERSION:
        raise SaveError(f"this game file is version {version}, newer than this edition reads")
    if version < 1:
        raise SaveError(f"the game file's 'version' should be 1 to {VERSION}, not {version}")
    names = _field(data, "players", list, "a list of 2 to 4 names")
    seed = _field(data, "seed", int, "a whole number")
    actions = _field(data, "actions", list, "a list of action texts")
    if not 0 <= seed <= MAX_SEED:
        raise SaveError(f"the seed must lie between 0 and {MAX_SEED}")
    start = data.get("start")
    if start is not None and (type(start) is not int or not 0 <= start < len(names)):
        raise SaveError(f"the game file's 'start' should be a seat number or null, not {start!r}")
    for number, text in enumerate(actions, start=1):
        if not isinstance(text, str):
            raise SaveError(f"action {number} should be a text, not {text!r}")
    state = data.get("state")
    return Record(list(names), seed, start, version, list(actions), state)


def check_snapshot(reached: dict[str, Any], claimed: dict[str, Any] | None) -> None:
    """Refuse a file whose snapshot is not what its own actions produce."""
    if claimed is not None and claimed != reached:
        where = _first_difference(reached, claimed, "state")
        raise SaveError(
            f"the game file was changed or damaged: its {where} does not match "
            "the game its own actions produce"
        )


def _first_difference(a: Any, b: Any, path: str) -> str:
    """The path of the first place where two JSON values differ, for the error message."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if a.get(key) != b.get(key):
                return _first_difference(a.get(key), b.get(key), f"{path}.{key}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_difference(x, y, f"{path}[{i}]")
    return path
