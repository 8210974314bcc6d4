"""Saved games in the browser's storage: every action kept, several games, nothing lost.

Each game is one storage entry holding its game file (the record that replays it,
with a snapshot that loading checks) and a few facts for the list on the start
screen. There is no separate index to fall out of step: the list is read from
the entries themselves. An entry that cannot be read is moved aside under its
own key, reported, and never written over.

Pure Python over a tiny storage interface (``getItem``/``setItem``/``removeItem``/
``key``/``length``, as ``window.localStorage`` has), so tests use a dict.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, TypeGuard

from attika import GAME_CHARS, Game, InputRefused, SaveError, read_json, shorten

from ..core.refusals import file_refusal
from ..core.storage import Storage
from ..core.text import CITY_STATE_IDS, t
from ..play.computers import HUMAN, SEATS
from .room import ROOM

GAME = "attika.game."
BROKEN = "attika.broken."
CURRENT = "attika.current"
#: More than any browser's storage holds (about 5 million characters).
STORAGE_CHARS = 10_000_000


@dataclass(frozen=True)
class Saved:
    """One line of the saved-games list."""

    id: str
    names: list[str]
    city_states: list[str]
    turn: int
    actions: int
    updated: int
    winner: str | None
    #: Who plays each seat (``human`` or a computer level).
    seats: tuple[str, ...] = ()


@dataclass(frozen=True)
class Broken:
    """A stored entry that could not be read, kept aside with the reason."""

    id: str
    reason: str
    text: str


def game_file(
    game: Game, city_states: list[str], seats: Sequence[str] | None = None
) -> dict[str, Any]:
    """A game file as data: the rules' own file plus the city-states the players chose and
    who plays each seat (``human`` or a computer level), so a resumed game goes on with
    the same players."""
    data: dict[str, Any] = json.loads(game.to_json())
    data["city_states"] = list(city_states)
    data["seats"] = list(seats or [HUMAN] * len(game.players))
    return data


def export_text(game: Game, city_states: list[str], seats: Sequence[str] | None = None) -> str:
    """A game file for people too: indented, the record first."""
    return json.dumps(game_file(game, city_states, seats), indent=1, ensure_ascii=False)


@dataclass(frozen=True)
class GameEntry:
    """A game as it is kept, frozen when the ``Save`` effect is made: the store's live game
    may change before the binder writes it, this cannot."""

    names: tuple[str, ...]
    city_states: tuple[str, ...]
    turn: int
    actions: tuple[str, ...]
    winner: str | None
    #: The game file (``game_file``) as compact JSON text.
    file: str

    @classmethod
    def of(
        cls, game: Game, city_states: list[str], seats: Sequence[str] | None = None
    ) -> GameEntry:
        winner = game.players[game.winner].name if game.winner is not None else None
        file = json.dumps(game_file(game, city_states, seats), separators=(",", ":"))
        return cls(
            names=tuple(p.name for p in game.players),
            city_states=tuple(city_states),
            turn=game.turn_number,
            actions=tuple(game.actions),
            winner=winner,
            file=file,
        )


class GameFile(NamedTuple):
    """A game file read back: the game, the city-states, who plays each seat."""

    game: Game
    city_states: list[str]
    seats: list[str]


def read_game_file(text: str) -> GameFile:
    """Load a game file (exported or stored); SaveError with the reason if it is not one."""
    try:
        game = Game.from_json(text)  # measures, checks the format, replays, compares state
    except SaveError as exc:  # a size or depth problem is said in the player's language
        raise SaveError(file_refusal(exc), exc.code) from None
    except Exception as exc:  # never a raw Python message: the kind of trouble only
        raise SaveError(t("saves.not-a-game", detail=type(exc).__name__)) from None
    names = [p.name for p in game.players]
    if len(set(names)) != len(names) or any(len(n) > NAME_LENGTH for n in names):
        # the new-game form allows neither; a file should not smuggle them in
        raise SaveError(t("saves.bad-names", n=NAME_LENGTH))
    data = json.loads(text)
    count = len(game.players)
    seats = data.get("seats", [HUMAN] * count)
    if (
        not isinstance(seats, list)
        or len(seats) != count
        or not all(isinstance(s, str) and s in SEATS for s in seats)
    ):
        raise SaveError(t("saves.bad-seats", n=count, levels=", ".join(SEATS)))
    chosen = data.get("city_states")
    if chosen is None:
        return GameFile(game, list(CITY_STATE_IDS[:count]), list(seats))
    if (
        not isinstance(chosen, list)
        or len(chosen) != count
        or not all(isinstance(cs, str) and cs in CITY_STATE_IDS for cs in chosen)
        or len(set(chosen)) != count
    ):
        raise SaveError(t("saves.bad-city-states", n=count))
    return GameFile(game, list(chosen), list(seats))


#: The longest player name the new-game form accepts (and a game file may carry).
NAME_LENGTH = 24


class SaveMissing(SaveError):
    """No game is stored under that id (deleted, or kept in another browser)."""


class SaveUnreadable(SaveError):
    """A stored entry that cannot be opened; ``text`` is the entry as it is, to set aside."""

    def __init__(self, reason: str, text: str) -> None:
        super().__init__(reason)
        self.text = text


class SaveConflict(OSError):
    """The stored game changed under this tab (another tab or window played on)."""


class Shelf:
    """The saved games of this browser."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    def _keys(self, prefix: str) -> list[str]:
        keys = [self.storage.key(i) for i in range(self.storage.length)]
        return sorted(k for k in keys if k is not None and k.startswith(prefix))

    def stored_actions(self, game_id: str) -> list[str] | None:
        """The actions of the stored game, or None when there is none (or it is unreadable)."""
        text = self.storage.getItem(GAME + game_id)
        if text is None:
            return None
        try:
            actions = _entry(text)["file"]["actions"]
        except (ValueError, TypeError, KeyError):
            return None
        return [str(a) for a in actions] if isinstance(actions, list) else None

    def save(
        self,
        game_id: str,
        game: Game,
        city_states: list[str],
        now: int,
        expected: list[str] | None = None,
        seats: Sequence[str] | None = None,
    ) -> None:
        """:meth:`keep` for a game at hand (the tests, and a game file opened)."""
        self.keep(game_id, GameEntry.of(game, city_states, seats), now, expected)

    def keep(
        self, game_id: str, entry: GameEntry, now: int, expected: list[str] | None = None
    ) -> None:
        """Store the game as it stands; OSError if the browser refuses the space, and
        SaveConflict if ``expected`` (what this tab last saved) is no longer what is stored:
        another tab has played on, and writing now would throw its moves away."""
        if expected is not None:
            if self.storage.getItem(GAME + game_id) is None:
                # this tab saved it before, so another tab deleted it: keep it deleted
                raise SaveConflict(t("saves.deleted-elsewhere"))
            stored = self.stored_actions(game_id)
            if stored is not None and stored != expected:
                raise SaveConflict(t("saves.other-tab"))
        kept = {
            "names": list(entry.names),
            "city_states": list(entry.city_states),
            "turn": entry.turn,
            "actions": len(entry.actions),
            "updated": now,
            "winner": entry.winner,
            "file": json.loads(entry.file),
        }
        try:
            self.storage.setItem(GAME + game_id, json.dumps(kept, separators=(",", ":")))
            self.storage.setItem(CURRENT, game_id)
        except Exception as exc:  # the browser's quota error arrives as a JS exception
            if "quota" in str(exc).lower():  # said in the player's words, not the browser's
                raise OSError(t("saves.full")) from None
            raise OSError(t("saves.cannot-save", detail=str(exc))) from None

    def load(self, game_id: str) -> GameFile:
        """The stored game; SaveMissing if there is none, SaveUnreadable (with the entry's
        text, for :meth:`set_aside`) if it cannot be read. Reading never writes."""
        text = self.storage.getItem(GAME + game_id)
        if text is None:
            raise SaveMissing(t("saves.gone"))
        try:
            entry = _entry(text)
            if not isinstance(entry.get("file"), dict):
                raise SaveError(t("saves.not-an-entry"))
            return read_game_file(json.dumps(entry["file"]))
        except SaveError as exc:
            raise SaveUnreadable(str(exc), text) from None
        except Exception as exc:  # whatever the entry holds, it is reported, never raised
            raise SaveUnreadable(t("saves.unreadable", detail=_why(exc)), text) from None

    def set_aside(self, game_id: str, text: str, reason: str) -> None:
        """Move an unreadable entry under its own key with the reason; never write over one."""
        key = BROKEN + game_id
        n = 2
        while self.storage.getItem(key) is not None:  # never write over an earlier one
            key, n = f"{BROKEN}{game_id}-{n}", n + 1
        try:
            self.storage.setItem(key, json.dumps({"reason": reason, "text": text}))
        except Exception:
            # no room to keep a copy: leave the entry where it is, but stop resuming it
            if self.storage.getItem(CURRENT) == game_id:
                self.storage.removeItem(CURRENT)
            return
        self.storage.removeItem(GAME + game_id)
        if self.storage.getItem(CURRENT) == game_id:
            self.storage.removeItem(CURRENT)

    def unreadable(self) -> list[tuple[str, str, str]]:
        """Entries the saved-games list cannot show: (id, text, reason), to set aside."""
        found = []
        for key in self._keys(GAME):
            text = self.storage.getItem(key) or ""
            try:
                self._listed(key[len(GAME) :], text)
            except Exception as exc:  # any shape at all: reported and set aside, never raised
                found.append((key[len(GAME) :], text, t("saves.unreadable", detail=_why(exc))))
        return found

    def _listed(self, game_id: str, text: str) -> Saved:
        """One line of the list, every field checked for its type: ValueError otherwise."""
        e = _entry(text)
        names, city_states = e.get("names"), e.get("city_states")
        if not _texts(names) or not _texts(city_states) or len(names) != len(city_states):
            raise ValueError(t("saves.not-an-entry"))
        if not all(c in CITY_STATE_IDS for c in city_states):
            raise ValueError(t("saves.bad-city-states", n=len(names)))
        turn, actions, updated = (_count(e.get(field)) for field in ("turn", "actions", "updated"))
        winner, file = e.get("winner"), e.get("file")
        if not (winner is None or isinstance(winner, str)) or not isinstance(file, dict):
            raise ValueError(t("saves.not-an-entry"))
        seats = file.get("seats", [])
        if not _texts(seats):
            raise ValueError(t("saves.not-an-entry"))
        return Saved(
            game_id, list(names), list(city_states), turn, actions, updated, winner, tuple(seats)
        )

    def games(self) -> list[Saved]:
        """Every stored game that can be listed, the most recently played first (see
        :meth:`unreadable` for the others). Reading never writes."""
        out = []
        for key in self._keys(GAME):
            try:
                out.append(self._listed(key[len(GAME) :], self.storage.getItem(key) or ""))
            except Exception:  # listed by unreadable(), to be set aside
                continue
        return sorted(out, key=lambda s: s.updated, reverse=True)

    def broken(self) -> list[Broken]:
        out = []
        for key in self._keys(BROKEN):
            raw = self.storage.getItem(key) or ""
            try:
                # our own wrapper round any text: as large as storage holds, one level deep
                data = read_json(raw, STORAGE_CHARS, "the entry kept aside")
                reason, text = data["reason"], data["text"]
                if not isinstance(reason, str) or not isinstance(text, str):
                    raise TypeError("not texts")
                out.append(Broken(key[len(BROKEN) :], shorten(reason, 300), text))
            except Exception as exc:  # kept as it is stored, to download or delete
                out.append(Broken(key[len(BROKEN) :], t("saves.unreadable", detail=_why(exc)), raw))
        return out

    def current(self) -> str | None:
        """The game last played in this browser, if it is still stored."""
        game_id = self.storage.getItem(CURRENT)
        if game_id and self.storage.getItem(GAME + game_id) is not None:
            return game_id
        return None

    def keep_room(self, game_id: str, text: str) -> None:
        """The table's room beside the game (web/table/room.py); a full storage loses only
        the room, which a reload then opens anew."""
        try:
            self.storage.setItem(ROOM + game_id, text)
        except Exception:  # the game itself is kept; the room is not vital
            return

    def room(self, game_id: str) -> str | None:
        text = self.storage.getItem(ROOM + game_id)
        return None if text is None else str(text)

    def delete(self, game_id: str) -> None:
        self.storage.removeItem(GAME + game_id)
        self.storage.removeItem(ROOM + game_id)
        if self.storage.getItem(CURRENT) == game_id:
            self.storage.removeItem(CURRENT)

    def delete_broken(self, broken_id: str) -> None:
        self.storage.removeItem(BROKEN + broken_id)


def _entry(text: str) -> dict[str, Any]:
    """A stored entry parsed within the game file's bounds; ValueError unless an object."""
    # an entry is its game file and a few facts around it: allow for those
    data = read_json(text, GAME_CHARS + 10_000, "the stored entry")
    if not isinstance(data, dict):
        raise ValueError(t("saves.not-an-entry"))
    return data


def _texts(value: object) -> TypeGuard[list[str]]:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _count(value: object) -> int:
    """A whole number of 0 or more (not True, which Python counts as 1)."""
    if type(value) is not int or value < 0:
        raise ValueError(t("saves.not-an-entry"))
    return value


def _why(exc: Exception) -> str:
    """A short reason for a report: the project's own words, never a long Python message."""
    if isinstance(exc, (SaveError, InputRefused)) or type(exc) is ValueError:
        return shorten(str(exc), 200)
    return type(exc).__name__
