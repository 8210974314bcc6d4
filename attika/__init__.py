"""Attika (Marcel-André Casasola Merkle, 2003) as a pure-Python rules package.

>>> import attika
>>> game = attika.new_game(3, seed=42)
>>> action = game.legal_actions()[0]
>>> events = game.apply(action)
>>> attika.Game.from_json(game.to_json()).state() == game.state()
True
"""

from typing import TYPE_CHECKING, Any

from .actions import (
    Action,
    Build,
    DrawBuilding,
    EndTurn,
    PlaceTile,
    SpendAmphora,
    StoreBuilding,
)
from .components import BUILDINGS, COMPONENTS, GROUPS, LANDSCAPES
from .errors import IllegalAction
from .game import Event, Game, new_game, replay
from .kinds import ACTION_KINDS, KIND_NAMED, TOLD, Kind, Told, kind_of, parse_action
from .languages import LANGUAGES
from .quote import Quote
from .rng import Rng
from .save import SaveError
from .witness import witnessed

# isort: split
# What a page needs to ask and to draw: the questions (codes, never words) and small values.
from .board import Board
from .components import LETTERS, Cards
from .cost import Due, cards_text
from .freebuild import not_free
from .hexes import Hex, format_hex, neighbours, parse_hex, to_pixel
from .inputs import GAME_CHARS, SCENARIO_CHARS, STILL_CHARS, InputRefused, read_json, shorten
from .limits import MAX_SEED
from .questions import (
    SITE_CODES,
    PaymentVerdict,
    Refusal,
    TurnStatus,
    can_draw,
    cards_taken,
    payment_verdict,
    placeable,
    price,
    site_refusal,
    stepped_payment,
    targets,
    tile_site_refusal,
    tile_sites,
    turn_status,
)
from .state import WinReason
from .view import Phase, View

if TYPE_CHECKING:
    from .answers import Verdict, answer_places, least_places, winning_places
    from .lesson import lesson_from_view
    from .players import LEVELS, Hint, hint, make_player, thinking
    from .scenario import (
        HIDEABLE,
        REACHES,
        Scenario,
        ScenarioError,
        Stage,
        Task,
        answer_step,
        go_on,
        least_price,
        line_end,
        load_scenario,
        movers,
        step_reach,
    )
    from .training import Round, train
    from .unseen import determinise


def __getattr__(name: str) -> Any:
    """Scenarios and determinisations load on first use: a pass-and-play game never needs
    them, and every module imported costs the browser's start-up (Pyodide compiles each
    file on the spot)."""
    if name in (
        "HIDEABLE",
        "REACHES",
        "Scenario",
        "ScenarioError",
        "Stage",
        "Task",
        "answer_step",
        "go_on",
        "least_price",
        "line_end",
        "load_scenario",
        "movers",
        "step_reach",
    ):
        from . import scenario

        return getattr(scenario, name)
    if name in ("Hint", "LEVELS", "hint", "make_player", "thinking"):
        from . import players

        return getattr(players, name)
    if name in ("Round", "train"):
        from . import training

        return getattr(training, name)
    if name == "determinise":
        from .unseen import determinise

        return determinise
    if name == "Verdict":
        from .answers import Verdict

        return Verdict
    if name in ("answer_places", "least_places", "winning_places"):
        from . import answers

        return getattr(answers, name)
    if name == "lesson_from_view":
        from .lesson import lesson_from_view

        return lesson_from_view
    raise AttributeError(f"module 'attika' has no attribute {name!r}")


__all__ = [
    "ACTION_KINDS",
    "BUILDINGS",
    "COMPONENTS",
    "GROUPS",
    "HIDEABLE",
    "KIND_NAMED",
    "LANDSCAPES",
    "LANGUAGES",
    "LEVELS",
    "REACHES",
    "TOLD",
    "Action",
    "Build",
    "DrawBuilding",
    "EndTurn",
    "Event",
    "Game",
    "Hint",
    "IllegalAction",
    "Kind",
    "PlaceTile",
    "Quote",
    "Round",
    "SaveError",
    "Scenario",
    "ScenarioError",
    "SpendAmphora",
    "Stage",
    "StoreBuilding",
    "Task",
    "Told",
    "answer_places",
    "answer_step",
    "determinise",
    "go_on",
    "hint",
    "kind_of",
    "least_places",
    "least_price",
    "lesson_from_view",
    "line_end",
    "load_scenario",
    "make_player",
    "movers",
    "new_game",
    "parse_action",
    "replay",
    "step_reach",
    "thinking",
    "train",
    "winning_places",
]

__all__ += [
    "GAME_CHARS",
    "LETTERS",
    "MAX_SEED",
    "SCENARIO_CHARS",
    "SITE_CODES",
    "STILL_CHARS",
    "Board",
    "Cards",
    "Due",
    "Hex",
    "InputRefused",
    "PaymentVerdict",
    "Phase",
    "Refusal",
    "Rng",
    "TurnStatus",
    "Verdict",
    "View",
    "WinReason",
    "can_draw",
    "cards_taken",
    "cards_text",
    "format_hex",
    "neighbours",
    "not_free",
    "parse_hex",
    "payment_verdict",
    "placeable",
    "price",
    "read_json",
    "shorten",
    "site_refusal",
    "stepped_payment",
    "targets",
    "tile_site_refusal",
    "tile_sites",
    "to_pixel",
    "turn_status",
    "witnessed",
]
