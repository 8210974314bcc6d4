"""The table's room over the internet, kept on the host beside its game.

A relayed room is named by its link (the room, its password and the public half of the
host's key, in the link's fragment) and opened again with the private half. Both are kept
on the host under their own storage key, never in the game's file (a file is shared; the
key is not), together with the tokens of the seats given out, so that after a reload the
table opens the same room and each device takes its own seat again. What storage holds is
read as untrusted text: bounded, checked field by field, or not at all.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from attika import InputRefused, read_json

#: Storage key prefix: one entry per kept game that has a room.
ROOM = "attika.room."
#: A kept room is a link, a key and at most four tokens: a few hundred characters.
ROOM_CHARS = 4_000


@dataclass(frozen=True)
class KeptRoom:
    link: str
    #: The private half of the host's key, as the transport wrote it.
    key: str
    #: seat -> its token.
    tokens: dict[int, str] = field(default_factory=dict)


def room_text(room: KeptRoom) -> str:
    data = {
        "link": room.link,
        "key": room.key,
        "tokens": {str(s): tok for s, tok in room.tokens.items()},
    }
    return json.dumps(data, separators=(",", ":"), sort_keys=True)


def read_room(text: str | None) -> KeptRoom | None:
    """A kept room, or None if there is none or it cannot be read (then a new room is
    opened when asked: nothing of the game depends on it)."""
    if text is None:
        return None
    try:
        data = read_json(text, ROOM_CHARS, "the table's room")
    except InputRefused:
        return None
    if not isinstance(data, dict):
        return None
    link, key, tokens = data.get("link"), data.get("key"), data.get("tokens")
    if not isinstance(link, str) or not isinstance(key, str) or not isinstance(tokens, dict):
        return None
    if not link or len(link) > 1_000 or not key or len(key) > 2_000:
        return None
    kept: dict[int, str] = {}
    for seat, token in tokens.items():
        if seat not in ("0", "1", "2", "3") or not isinstance(token, str):
            return None
        if not (16 <= len(token) <= 64 and token.isascii() and token.isalnum()):
            return None
        kept[int(seat)] = token
    return KeptRoom(link, key, kept)
