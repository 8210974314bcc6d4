"""The new-game form's values, kept while the form is redrawn, and the game they start."""

from __future__ import annotations

from dataclasses import dataclass, field

from attika import MAX_SEED

from ..core.text import CITY_STATE_IDS, city_state_name, t
from ..play.computers import HUMAN, SEATS
from ..play.session import Session
from .saves import NAME_LENGTH


@dataclass
class Setup:
    """The new-game form's values; kept while the form is redrawn."""

    count: int = 2
    names: list[str] = field(default_factory=lambda: ["", "", "", ""])
    city_states: list[str] = field(default_factory=lambda: list(CITY_STATE_IDS))
    #: Who plays each seat: ``human`` or a computer level.
    seats: list[str] = field(default_factory=lambda: [HUMAN] * 4)
    #: "" for a random start player, else the seat number as text.
    start: str = ""
    seed: int = 1
    #: What was typed in the seed field, checked when the game starts.
    seed_text: str = ""
    error: str = ""

    def default_name(self, seat: int) -> str:
        """A player who gives no name plays under the name of their city-state."""
        return city_state_name(self.city_states[seat])

    def choose(self, seat: int, cs: str) -> None:
        """Give ``seat`` the city-state ``cs``; whoever had it takes this seat's old one."""
        if cs not in CITY_STATE_IDS:
            return
        other = self.city_states.index(cs)
        self.city_states[other], self.city_states[seat] = self.city_states[seat], cs

    def play_by(self, seat: int, who: str) -> None:
        """Seat a person or a computer level at ``seat`` (anything else is ignored)."""
        if who in SEATS and 0 <= seat < len(self.seats):
            self.seats[seat] = who

    def apply_seed_text(self) -> None:
        """Take the typed seed; a ValueError names the allowed range if it is no seed."""
        text = self.seed_text.strip()
        if not text:
            return
        # ASCII digits only ("²" is a digit to Python), and few enough to read at all
        if not (text.isascii() and text.isdigit()) or len(text) > 16 or int(text) > MAX_SEED:
            raise ValueError(t("setup.error.seed", max=MAX_SEED))
        self.seed = int(text)

    def start_session(self) -> Session:
        """The game this form describes; ValueError (with a reason to show) if it can't start."""
        names = [
            (self.names[i].strip() or self.default_name(i))[:NAME_LENGTH] for i in range(self.count)
        ]
        if len({n.casefold() for n in names}) < len(names):
            raise ValueError(t("setup.error.names"))
        start = int(self.start) if self.start else None
        if start is not None and not 0 <= start < self.count:
            start = None
        return Session.start(
            names, self.seed, self.city_states[: self.count], start, self.seats[: self.count]
        )
