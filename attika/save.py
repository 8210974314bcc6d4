"""Saving and loading games: a record that replays, checked against a snapshot.

A saved game holds the record that made it (player names, seed, action texts)
and a snapshot of the state it reached. Loading replays the record under the
rules and compares the result with the snapshot, so a corrupt or edited file
is refused with the reason instead of producing an impossible position, and a
loaded game continues exactly as the original would, random draws included.
"""

from __future__ import annotations

import json
from typing import Any

from .components import LETTERS
from .errors import IllegalAction
from .game import EDITION, Game
from .limits import MAX_SEED

FORMAT = "attika-game"
#: A record's version is the rules edition it was played under (see game.EDITION).
VERSION = EDITION


class SaveError(ValueError):
    """A saved game or game record that cannot be loaded; the message says why."""


def snapshot(game: Game) -> dict[str, Any]:
    """The complete state as plain JSON data (hidden order of stacks and deck included)."""
    board = game.board
    return {
        "players": [
            {
                "name": p.name,
                "hand": list(p.hand),
                "amphorae": p.amphorae,
                "stacks": [list(s) for s in p.stacks],
                "stored": dict(sorted(p.stored.items())),
                "rewarded": sorted(p.rewarded),
                "built": p.built,
            }
            for p in game.players
        ],
        "board": board.to_data(),
        "tile_stack": list(game.tile_stack),
        "deck": "".join(LETTERS[c] for c in game.deck),
        "discard": list(game.discard),
        "amphora_supply": game.amphora_supply,
        "current": game.current,
        "start_player": game.start_player,
        "turn_number": game.turn_number,
        "turn": {
            "mode": game.turn.mode,
            "used": game.turn.used,
            "extra": game.turn.extra,
            "cards_taken": game.turn.cards_taken,
            "drawn": list(game.turn.drawn) if game.turn.drawn else None,
            "tile": game.turn.tile,
        },
        # A string: a 64-bit number would lose digits in JavaScript.
        "rng": format(game.rng.state, "x"),
        "winner": game.winner,
        "win_reason": game.win_reason,
        "winning_hexes": [list(h) for h in game.winning_hexes],
    }


def record(game: Game) -> dict[str, Any]:
    """The game record: enough to replay the game from its first move."""
    return {
        "format": FORMAT,
        "version": game.edition,
        "players": [p.name for p in game.players],
        "seed": game.seed,
        "start": game.chosen_start,
        "actions": list(game.actions),
    }


def to_json(game: Game) -> str:
    data = record(game)
    data["state"] = snapshot(game)
    return json.dumps(data, separators=(",", ":"))


def _field(data: dict[str, Any], name: str, kind: type, what: str) -> Any:
    if name not in data:
        raise SaveError(f"the game file has no {name!r} ({what})")
    value = data[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise SaveError(f"the game file's {name!r} should be {what}, not {value!r}")
    return value


def replay(source: str | dict[str, Any]) -> Game:
    """Rebuild a game from its record (a dict, or its JSON text), checking every action."""
    if isinstance(source, str):
        try:
            data = json.loads(source)
        except json.JSONDecodeError as exc:
            raise SaveError(f"this is not a game file (not valid JSON: {exc.msg})") from None
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
    try:
        game = Game.new(names, seed, start)
    except (ValueError, TypeError) as exc:
        raise SaveError(f"the game file's players cannot start a game: {exc}") from None
    game.edition = version
    for number, text in enumerate(actions, start=1):
        if not isinstance(text, str):
            raise SaveError(f"action {number} should be a text, not {text!r}")
        try:
            game.apply(text)
        except IllegalAction as exc:
            raise SaveError(f"action {number} ({text!r}) breaks a rule: {exc}") from None
    return game


def from_json(text: str) -> Game:
    """Load a saved game; the snapshot must match what its record replays to."""
    game = replay(text)
    data = json.loads(text)
    if "state" in data:
        expected = snapshot(game)
        if data["state"] != expected:
            where = _first_difference(expected, data["state"], "state")
            raise SaveError(
                f"the game file was changed or damaged: its {where} does not match "
                "the game its own actions produce"
            )
    return game


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
