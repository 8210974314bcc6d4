"""What the game page shows, as frozen values built from its store: the renderers of the
start screen, the kept games and stepping through draw these and nothing else.

The table itself (board, panel, log) is drawn from the turn's scene (web/play/scene.py); this
module adds the page around it. Building a scene is where notes are worded, so a language
switch rewords everything on the next draw.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..play.computers import DEVICE
from ..play.notes import shown
from ..play.scene import Scene, table_scene
from .devices_view import DeviceRow, DevicesScene, RoomScene
from .saves import Broken, Saved
from .setup import Setup
from .store import Table


@dataclass(frozen=True)
class SetupScene:
    """The new-game form as typed so far."""

    count: int
    names: tuple[str, ...]
    city_states: tuple[str, ...]
    seats: tuple[str, ...]
    start: str
    seed: int
    seed_text: str
    error: str
    #: The name a seat plays under when none is typed: its city-state's.
    default_names: tuple[str, ...]


@dataclass(frozen=True)
class KeptScene:
    """The games kept in this browser, and what the start screen has to say."""

    saved: tuple[Saved, ...]
    broken: tuple[Broken, ...]
    #: The kept game whose deletion waits for a second tap.
    confirm_delete: str | None
    #: The kept game open at the table, if any.
    playing: str | None
    notice: tuple[str, str] | None


@dataclass(frozen=True)
class ReviewScene:
    """Where stepping through a game stands."""

    step: int
    length: int
    #: What the action that led to this step did, in words.
    latest: str


@dataclass(frozen=True)
class GamePageScene:
    """The whole game page: the start screen over the table, or the table alone."""

    setup: SetupScene | None
    kept: KeptScene | None
    #: A game is open behind the new-game form (the form offers a way back to it).
    playing: bool
    #: Messages or kept games come before the new-game form.
    kept_first: bool
    table: Scene | None
    review: ReviewScene | None
    #: The log is open over the table.
    log_open: bool = False
    #: The seats played on their own devices (None: the game has none).
    devices: DevicesScene | None = None


def setup_scene(setup: Setup) -> SetupScene:
    return SetupScene(
        count=setup.count,
        names=tuple(setup.names),
        city_states=tuple(setup.city_states),
        seats=tuple(setup.seats),
        start=setup.start,
        seed=setup.seed,
        seed_text=setup.seed_text,
        error=setup.error,
        default_names=tuple(setup.default_name(i) for i in range(len(setup.city_states))),
    )


def page_scene(table: Table, saved: list[Saved], broken: list[Broken]) -> GamePageScene:
    """The page as the store has it; ``saved`` and ``broken`` are the kept games as the
    binder last read them from storage."""
    setup = kept = None
    playing = table.session is not None
    first = False
    if table.setup is not None:
        setup = setup_scene(table.setup)
        notice = shown(table.notice)
        kept = KeptScene(tuple(saved), tuple(broken), table.confirm_delete, table.game_id, notice)
        first = notice is not None or (not playing and bool(saved or broken))
    review = None
    if table.review is not None:
        r = table.review
        review = ReviewScene(r.step, r.length, r.latest_line())
    return GamePageScene(
        setup, kept, playing, first, _shown(table), review, table.log_open, devices_scene(table)
    )


def devices_scene(table: Table) -> DevicesScene | None:
    """Who plays on their own device, connected or awaited, and each one's invitation."""
    session = table.session
    if session is None or DEVICE not in session.seats:
        return None
    present = table.devices.present(session.seats)
    rows = tuple(
        DeviceRow(
            seat=i,
            name=session.name(i),
            city_state=session.city_states[i],
            connected=present[i],
            link=table.invitations[i][1] if i in table.invitations else None,
            answer=table.answers.get(i, ""),
            error=table.invitation_errors.get(i),
            claimed=i in table.devices.tokens,
            scanning=table.scanning == i,
        )
        for i, who in enumerate(session.seats)
        if who == DEVICE
    )
    link = table.room.link if table.room is not None and table.room_state == "open" else None
    room = RoomScene(table.room_state, link, table.room_error)
    return DevicesScene(rows, table.devices_open, room)


def _shown(table: Table) -> Scene | None:
    """What the board and panels draw: the stepped-through position while reviewing."""
    if table.review is not None:
        return table.review.scene()
    if table.session is not None:
        return table_scene(
            table.session,
            table.open_player,
            table.result_closed,
            paused=table.paused,
            speed=table.speed,
        )
    return None
