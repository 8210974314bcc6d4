"""Facts of the game: each one a dataclass field that says how it is written as plain data,
who may see it and how taking an action back puts it back.

Copying, saving, loading, the per-seat view and the search frame of push/pop (game.py) are
generic over these fields, so a new fact is added in one place (see ``state.py``,
``player.py``, ``turn.py``), and a field cannot reach a seat's view without its author
deciding who sees it (``seen=`` is required), nor the game without saying how pop puts it
back (``undo=``, required of the game's and the players' facts).
Hexes are plain tuples in memory and ``[q, r]`` lists in data; sets are sorted lists.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any, Literal, TypeVar

from .components import LETTERS

T = TypeVar("T")

# -- how a value is written, read back and copied ------------------------------------------


@dataclass(frozen=True)
class Codec:
    encode: Callable[[Any], Any]
    decode: Callable[[Any], Any]
    copy: Callable[[Any], Any]


def _same(v: Any) -> Any:
    return v


def _deep(v: Any) -> Any:
    """A copy of JSON-like data (ints, strings, lists, dicts): cheap for the small ones here."""
    if isinstance(v, list):
        return [_deep(x) for x in v]
    if isinstance(v, dict):
        return {k: _deep(x) for k, x in sorted(v.items())}
    return v


#: Numbers, words, None, and lists or dicts of them: written as they are.
PLAIN = Codec(_deep, _deep, _deep)
#: Immutable values (int, str, None): nothing to copy.
ATOM = Codec(_same, _same, _same)
WORDS = Codec(sorted, set, set)
HEXES = Codec(lambda hs: [list(h) for h in hs], lambda d: [(q, r) for q, r in d], list)
PAIR = Codec(
    lambda p: None if p is None else list(p),
    lambda d: None if d is None else tuple(d),
    _same,
)
#: The deck as letters (``"HMWF..."``, top last): short in a save file.
LETTER_CARDS = Codec(
    lambda cards: "".join(LETTERS[c] for c in cards),
    lambda text: [LETTERS.index(ch) for ch in text],
    list,
)


def nested(cls: type[T]) -> Codec:
    """A dataclass field holding another state dataclass."""
    return Codec(to_data, lambda d: from_data(cls, d), copy_of)


def list_of(codec: Codec) -> Codec:
    return Codec(
        lambda vs: [codec.encode(v) for v in vs],
        lambda ds: [codec.decode(d) for d in ds],
        lambda vs: [codec.copy(v) for v in vs],
    )


# -- who sees a field ---------------------------------------------------------------------

#: ``seen(name, value, own) -> entries of the view``; ``own`` is True for the seat the
#: value belongs to (its player, or the player whose turn it is).
Seen = Callable[[str, Any, bool], dict[str, Any]]


def by_all(name: str, value: Any, own: bool, codec: Codec = PLAIN) -> dict[str, Any]:
    return {name: codec.encode(value)}


def by_owner_with_size(name: str, value: list[int], own: bool) -> dict[str, Any]:
    """A hand: its owner sees the cards, everyone sees how many."""
    return {name: list(value) if own else None, f"{name}_size": sum(value)}


def sizes_only(name: str, value: list[list[Any]], own: bool) -> dict[str, Any]:
    """Face-down stacks: how many in each, never which."""
    return {name: [len(v) for v in value]}


def count_only(name: str, value: list[Any], own: bool) -> dict[str, Any]:
    """A face-down pile: only its size."""
    return {f"{name}_size": len(value)}


def by_none(name: str, value: Any, own: bool) -> dict[str, Any]:
    return {}


# -- how pop puts a field back --------------------------------------------------------------

#: How ``Game.pop`` (search, undo) puts a field of the game or of the acting player back:
#: "kept": the search frame keeps the value (it is immutable, or ``moves.carry_out`` replaces
#: it by a copy before changing it); "state": the frame keeps the value's ``state`` attribute (the
#: generator, changed in place); "by-action": the undoing of the action puts it back (the
#: board, the stacks); "fixed": no action changes it.
Undo = Literal["kept", "state", "by-action", "fixed"]


def undone(cls: type, how: Undo) -> tuple[str, ...]:
    """The names of the fields of ``cls`` that pop puts back ``how``, in declared order."""
    return tuple(f.name for f in fields(cls) if f.metadata.get("undo") == how)


def fact(
    *,
    seen: Seen | str,
    codec: Codec = PLAIN,
    default: Any = None,
    factory: Callable[[], Any] | None = None,
    undo: Undo | None = None,
) -> Any:
    """A field of the state. ``seen`` is a visibility function, or the name of a nested
    rule that ``view.py`` applies (``"per-seat"``, ``"current"``). ``undo``, required of the
    game's and the players' facts (game.py checks), says how pop puts the field back."""
    meta = {"seen": seen, "codec": codec, "undo": undo}
    if factory is not None:
        return field(default_factory=factory, metadata=meta)
    return field(default=default, metadata=meta)


# -- generic copy, data and view ------------------------------------------------------------


def to_data(obj: Any) -> dict[str, Any]:
    return {f.name: f.metadata["codec"].encode(getattr(obj, f.name)) for f in fields(obj)}


def from_data(cls: type[T], data: dict[str, Any]) -> T:
    return cls(**{f.name: f.metadata["codec"].decode(data[f.name]) for f in fields(cls)})  # type: ignore[arg-type]


def copy_of(obj: T) -> T:
    kind = type(obj)
    return kind(**{f.name: f.metadata["codec"].copy(getattr(obj, f.name)) for f in fields(kind)})  # type: ignore[arg-type]


def copy_into(target: Any, source: Any) -> None:
    """Make ``target`` hold a copy of every field of ``source`` (same class)."""
    for f in fields(source):
        setattr(target, f.name, f.metadata["codec"].copy(getattr(source, f.name)))


def seen_by(obj: Any, own: bool) -> dict[str, Any]:
    """The entries of a view for one object, each field as its ``seen`` rule allows."""
    out: dict[str, Any] = {}
    for f in fields(obj):
        seen = f.metadata["seen"]
        if seen is by_all:
            out[f.name] = f.metadata["codec"].encode(getattr(obj, f.name))
        else:
            out.update(seen(f.name, getattr(obj, f.name), own))
    return out
