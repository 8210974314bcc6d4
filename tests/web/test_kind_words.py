"""The page words every kind of action the rules' registry (attika/kinds.py) lists: each log
event's placeholders have a filler, and every hint key and log line reads in every language."""

from __future__ import annotations

import attika
from attika.kinds import ACTION_KINDS, TOLD
from attika.players.hints import Hint
from web.core.text import LANGUAGES, set_language, t
from web.play import log
from web.play.computer_turn import hint_move

EXAMPLES = [
    attika.DrawBuilding(0),
    attika.DrawBuilding(2),
    attika.StoreBuilding(),
    attika.Build("tower", (3, -2), (1, 1, 0, 0)),
    attika.PlaceTile((4, -1), 2),
    attika.SpendAmphora("action"),
    attika.SpendAmphora("card"),
    attika.EndTurn(),
]
#: One event of each name, with every fact the game writes for it.
EVENTS = [
    {"event": "draw", "seat": 0, "building": "tower", "stack": 1},
    {"event": "store", "seat": 0, "building": "tower"},
    {"event": "build", "seat": 1, "building": "tower", "hex": "3,-2", "paid": "HM"}
    | {"free": False, "new_settlement": True},
    {"event": "tile", "seat": 0, "tile": "A", "hex": "4,-1", "rotation": 2},
    {"event": "reveal-tile", "seat": 0, "tile": "A"},
    {"event": "amphora", "seat": 0, "group": "defence"},
    {"event": "amphora-empty", "seat": 0, "group": "defence", "cards": 1},
    {"event": "amphora-action", "seat": 0, "mode": "build"},
    {"event": "amphora-card", "seat": 0, "cards": 1},
    {"event": "end-turn", "seat": 0, "cards": 2},
    {"event": "win", "seat": 0, "reason": "shrines"},
]


def test_every_placeholder_the_registry_names_has_a_filler() -> None:
    assert {p for told in TOLD.values() for p in told.params} <= set(log._FILL)


def test_every_event_and_every_hint_reads_in_every_language() -> None:
    assert {e["event"] for e in EVENTS} == set(TOLD)
    try:
        for lang in LANGUAGES:
            set_language(lang)
            for event in EVENTS:
                line = log.describe(event, ["Ann", "Bo"])
                assert line != t("log.unknown", event=event["event"]), (lang, line)
            moves = {hint_move(Hint(a, "only")) for a in EXAMPLES}
            assert len(moves) == sum(len(kind.hint) for kind in ACTION_KINDS), lang
    finally:
        set_language("en")
