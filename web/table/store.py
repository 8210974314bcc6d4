"""The game page's store: which screen, the game at the table, the start screen, stepping
through, and the computers' pace.

State only, and the questions the page asks of it; every change comes through
:func:`web.table.update.update`, which returns what must happen outside (store the game,
offer a download, change the address, let a computer think) as effects for the binder.
It never touches storage: a kept game is read for it (the ``Load`` effect, answered by a
``Loaded`` message), and everything it keeps is an effect.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from ..play.computers import PACE, Pace, Think
from ..play.messages import Cancel
from ..play.notes import Note
from ..play.session import Session
from ..remote.host import Devices, new_token
from .device_messages import (
    ShowDevices,
)
from .messages import (
    CloseResult,
    CloseSetup,
    Message,
    OpenPlayer,
    ReviewExit,
    ToggleLog,
)
from .review import Stepping
from .room import KeptRoom
from .setup import Setup

#: The room: not asked for, being opened, open, failed, or not on this site.
RoomState = Literal["closed", "opening", "open", "failed", "off"]


@dataclass
class Table:
    """Everything the game page decides that is neither a rule nor the DOM."""

    new_id: Callable[[], str]
    now: Callable[[], int]
    random_seed: Callable[[], int]
    #: A seat's token for a device that claimed it (random; see web/remote/host.py).
    new_token: Callable[[], str] = new_token
    session: Session | None = None
    game_id: str | None = None
    setup: Setup | None = None
    review: Stepping | None = None
    #: The saved game whose deletion waits for a second tap, and when it was asked.
    confirm_delete: str | None = None
    asked_at: int = 0
    #: A notice for the start screen (a save set aside, an import refused...).
    notice: Note | None = None
    #: Another player's board opened from the overview.
    open_player: int | None = None
    #: The end-of-game card was put aside to look at the board.
    result_closed: bool = False
    #: What this tab last saved of the open game (None: nothing yet).
    saved_actions: list[str] | None = None
    #: Computer players wait (a demonstration paused to look, or to step).
    paused: bool = False
    #: One computer action is to be played while paused (the One move button).
    one_move: bool = False
    #: How fast computer actions follow each other (a key of computers.PACE).
    speed: Pace = "normal"
    #: The computers' actions are shown without a pause until a person is to move.
    skipping: bool = False
    #: The Think last asked of the binder (None: no computer is thinking).
    asked: Think | None = None
    #: The log is open over the table.
    log_open: bool = False
    #: The players' own devices: which link holds which seat (web/remote/host.py).
    devices: Devices = field(default_factory=Devices)
    #: The devices' panel is open.
    devices_open: bool = False
    #: seat -> its invitation (code, link) once made; seat -> the answer typed for it.
    invitations: dict[int, tuple[str, str]] = field(default_factory=dict)
    answers: dict[int, str] = field(default_factory=dict)
    #: seat -> why its invitation or answer failed, worded.
    invitation_errors: dict[int, str] = field(default_factory=dict)
    #: The game as the devices were last sent it: (actions, log lines).
    devices_saw: tuple[int, int] = (0, 0)
    #: The table's room over the internet (link and host key, kept beside the game), and
    #: how it stands; why it failed, worded.
    room: KeptRoom | None = None
    #: The seat whose answer the camera is reading, if any.
    scanning: int | None = None
    room_state: RoomState = "closed"
    room_error: str = ""

    def thinker(self) -> Think | None:
        """The computer decision the table waits for now, if any: none while the start
        screen or stepping through is open, while paused (unless for one move), while the
        device is passed on, or once the game is over."""
        session = self.session
        if session is None or self.game_id is None or self.setup is not None:
            return None
        if self.review is not None or session.handover or session.game.is_over:
            return None
        level = session.computer(session.seat)
        if level is None or (self.paused and not self.one_move):
            return None
        return Think(self.game_id, session.seat, level, len(session.game.actions))

    def pace(self) -> float:
        """Seconds to leave between two shown computer actions."""
        return 0.0 if self.skipping else PACE[self.speed]

    def closable(self) -> Message | None:
        """What the browser's Back would close now, topmost first (None: Back leaves the
        page): the new-game form over a game, stepping through, the result card, an open
        player board, the question before ending a turn, a half-made choice."""
        session = self.session
        if self.log_open:
            return ToggleLog()
        if self.devices_open:
            return ShowDevices()
        if self.setup is not None:
            return CloseSetup() if session is not None else None
        if self.review is not None:
            return ReviewExit()
        if session is None:
            return None
        if session.game.is_over and not self.result_closed:
            return CloseResult()
        if self.open_player is not None:
            return OpenPlayer(self.open_player)
        if session.handover or session.computer(session.seat) is not None:
            return None
        if session.confirm_end or session.target is not None or session.site is not None:
            return Cancel()
        if session.selected is not None and session.drawn is None:
            return Cancel()
        return None
