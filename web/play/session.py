"""What the page is doing right now: the game plus the player's half-made choices.

A tap becomes a command (``hex 3,-2``, ``select tower``, ``pay +1``...). The
session turns commands into rules-package actions only when a choice is
complete, so the page never needs rules of its own: every legality question is
asked of ``attika``. Pure Python, no browser: the tests drive it directly.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from attika import (
    BUILDINGS,
    Action,
    Build,
    Cards,
    DrawBuilding,
    EndTurn,
    Game,
    Hex,
    Hint,
    IllegalAction,
    PlaceTile,
    Quote,
    Refusal,
    SpendAmphora,
    StoreBuilding,
    can_draw,
    cards_taken,
    hint,
    placeable,
    replay,
    shorten,
    site_refusal,
    stepped_payment,
    targets,
    tile_site_refusal,
    turn_status,
)

from ..core.text import CITY_STATE_IDS, player_name, t
from . import messages as m
from .computers import DEVICE, HUMAN, SEATS, Level, SeatKind, level_of, seat_kind
from .log_lines import LogLine, log_lines
from .notes import Note, Nowhere, Refused, RuleBroken, TakenBack, on_hex, say

__all__ = ["LogLine", "Session"]


def seat_kinds(seats: list[str] | None) -> list[SeatKind]:
    """Who plays each seat, read from a form or a file; ValueError names the choices."""
    kinds = [seat_kind(s) for s in seats or []]
    out = [k for k in kinds if k is not None]
    if len(out) != len(kinds):
        raise ValueError(f"seats {seats!r}: one of {', '.join(SEATS)} per player")
    return out


@dataclass
class Session:
    game: Game
    #: The city-state each seat plays (decides colour and shape on screen).
    city_states: list[str]
    log: list[LogLine] = field(default_factory=list)
    #: The building chosen to place (a stored one, or the one just drawn).
    selected: str | None = None
    #: The hex chosen for it: the payment panel is open while this is set.
    target: Hex | None = None
    payment: list[int] | None = None
    #: Where the revealed tile would go, and how it is turned.
    site: Hex | None = None
    rotation: int = 0
    #: The last thing to tell the player, worded when shown.
    note: Note | None = None
    #: True while the device is being passed on: the hand stays hidden.
    handover: bool = True
    #: Ending the turn now would leave actions unused: the page asks first.
    confirm_end: bool = False
    #: Length of the log before each action of the game, so undo can drop its lines.
    log_marks: list[int] = field(default_factory=list)
    #: Who plays each seat: ``human`` or a computer level (web/play/computers.py); empty: all
    #: people, as in a game saved before computer players.
    seats: list[SeatKind] = field(default_factory=list)
    #: The move the normal player would make now, shown on the board; gone after any action.
    hint: Hint | None = None
    #: Whether the Hint button is offered (a teaching position may switch it off).
    hints: bool = True
    #: The cards each seat took at its last taking of cards (an ended turn, an amphora),
    #: kept until that seat acts again; shown to that seat alone.
    taken: dict[int, Cards] = field(default_factory=dict)
    #: One reader at the table (a lesson): the device is never passed on, so no hand hides.
    one_reader: bool = False
    #: The payment is not filled in (a lesson keeping it back): each hex tap while paying
    #: leaves it empty and the reader puts the cards forward.
    blank_payment: bool = False
    #: On a player's own device: the game here is dealt from the seat's view, so an action
    #: is checked against it and put here for the host to play, never played here.
    outbox: list[Action] | None = None
    _targets: dict[Hex, Build] | None = None

    def __post_init__(self) -> None:
        count = len(self.game.players)
        if not self.seats:
            self.seats = [HUMAN] * count
        if len(self.seats) != count:
            raise ValueError(f"seats {self.seats!r}: one of {', '.join(SEATS)} per player")
        if self.one_reader:
            self.handover = False

    # -- starting ---------------------------------------------------------------

    @classmethod
    def start(
        cls,
        names: list[str],
        seed: int,
        city_states: list[str] | None = None,
        start: int | None = None,
        seats: list[str] | None = None,
    ) -> Session:
        """A new game; raises ValueError with a reason a player can read."""
        chosen = list(city_states or CITY_STATE_IDS[: len(names)])
        if len(chosen) != len(names) or len(set(chosen)) != len(chosen):
            raise ValueError(t("setup.error.colours"))
        if any(cs not in CITY_STATE_IDS for cs in chosen):
            raise ValueError(t("setup.error.colours"))
        game = Game.new([n.strip() for n in names], seed, start)
        session = cls(game, chosen, seats=seat_kinds(seats))
        session.sync()
        session.handover = session.passing_on()
        return session

    @classmethod
    def resume(
        cls, game: Game, city_states: list[str] | None = None, seats: list[str] | None = None
    ) -> Session:
        """A session around a loaded game, its log rebuilt from the events of replaying its
        record (``attika.replay``, the one place a record is replayed)."""
        chosen = list(city_states or CITY_STATE_IDS[: len(game.players)])
        replayed, events = replay(game.record())
        session = cls(replayed, chosen, seats=seat_kinds(seats))
        session.log, session.log_marks = log_lines(replayed, events)
        session.sync()
        session.handover = session.passing_on()
        return session

    # -- who is at the table ----------------------------------------------------------

    def computer(self, seat: int) -> Level | None:
        """The level of the computer playing ``seat``, or None for a person."""
        return level_of(self.seats[seat])

    def humans(self) -> list[int]:
        """The seats of the people at this device."""
        return [i for i, s in enumerate(self.seats) if s == HUMAN]

    def elsewhere(self, seat: int) -> bool:
        """Whether ``seat`` is played away from this screen: by a computer, or by a person
        on their own device."""
        return self.seats[seat] != HUMAN

    def passing_on(self) -> bool:
        """Whether the device goes to the player to move now: only to a person, and only
        when more than one person shares it (one person keeps their hand in view)."""
        if self.one_reader or self.game.is_over or self.elsewhere(self.seat):
            return False
        return len(self.humans()) > 1

    @property
    def viewer(self) -> int | None:
        """Whose eyes are on the screen: the person to move; during a computer's turn the
        one person at the table, if there is only one; nobody while the device is passed
        on, or when several people share it and none of them is to move."""
        if self.handover:
            return None
        if not self.elsewhere(self.seat):
            return self.seat
        people = self.humans()
        return people[0] if len(people) == 1 else None

    @property
    def seat(self) -> int:
        return self.game.current

    @property
    def phase(self) -> str:
        return turn_status(self.game).phase

    @property
    def drawn(self) -> str | None:
        """The building just drawn, which must be built or stored before anything else."""
        return turn_status(self.game).drawn

    def name(self, seat: int) -> str:
        return player_name(self.game.players[seat].name)

    # -- what the board should mark ------------------------------------------------

    def targets(self) -> dict[Hex, Build]:
        """Every hex where the selected building may go now, with its cheapest payment."""
        if self._targets is None:
            kind = self.selected
            self._targets = targets(self.game, kind) if kind else {}
        return self._targets

    def can_place(self, kind: str) -> bool:
        """May ``kind`` be placed now? The rules answer (``attika.placeable``)."""
        return placeable(self.game, kind) is None

    def can_draw(self) -> bool:
        return can_draw(self.game) is None

    def quote(self, h: Hex) -> Quote | None:
        return self.game.quote(self.selected, h) if self.selected else None

    def legal(self, action: object) -> bool:
        return self.game.is_legal(action)  # type: ignore[arg-type]

    # -- what the player does ----------------------------------------------------------

    def update(self, message: m.TurnMessage) -> None:
        """Apply one message from the page; an impossible one only sets a note."""
        self.note = None
        if not isinstance(message, m.End):
            self.confirm_end = False
        if isinstance(message, m.Unreadable):
            if message.detail:
                self.note = say("error", "error.bad-input", detail=shorten(message.detail, 200))
            else:
                self.note = say("error", "error.unknown-command", command=message.command)
            return
        if self.handover and not isinstance(message, m.Continue):
            self.note = say("error", "handover.first", name=self.name(self.seat))
            return
        if self.computer(self.seat) is not None and not isinstance(message, m.TapHex):
            self.note = say("info", "computer.wait", name=self.name(self.seat))
            return
        if self.elsewhere(self.seat) and self.outbox is None and not isinstance(message, m.TapHex):
            self.note = say("info", "device.wait", name=self.name(self.seat))
            return
        try:
            self._take(message)
        except IllegalAction as exc:
            self.note = RuleBroken(exc)
        except ValueError as exc:
            self.note = say("error", "error.bad-input", detail=shorten(str(exc), 200))

    def _take(self, message: m.TurnMessage) -> None:
        match message:
            case m.Continue():
                self.handover = False
            case m.Select(building=kind):
                self._select(kind)
            case m.TapHex(hex=h):
                self._tap_hex(h)
                if self.blank_payment and self.payment is not None:
                    self.payment = [0, 0, 0, 0]
            case m.Pay(landscape=landscape, step=step):
                if self.payment is not None:
                    stepped = stepped_payment(self.game, self.payment, landscape, step)
                    self.payment = list(stepped)
            case m.Cheapest():
                if self.target is not None:
                    self.payment = list(self.targets()[self.target].payment)
            case m.Cancel():
                self._cancel()
            case m.Confirm():
                self._confirm()
            case m.Draw(stack=stack):
                self._play(DrawBuilding(stack))
            case m.Store():
                self._play(StoreBuilding())
            case m.Amphora(use=use):
                self._play(SpendAmphora(use))
            case m.End(sure=sure):
                self._end(sure)
            case m.Undo():
                self._undo()
            case m.Site(hex=h):
                self._site(h)
            case m.Rotate(step=step):
                if self.phase == "tile":
                    self.rotation = (self.rotation + step) % 6
            case m.AskHint():
                self._hint()

    def _play(self, action: object) -> bool:
        """Apply an action through the rules; log it; reset the half-made choices. On a
        player's own device: check it against the rules and hand it on instead."""
        if self.outbox is not None:
            self.game.copy().apply(action)  # type: ignore[arg-type]  # IllegalAction: told here
            self.outbox.append(action)  # type: ignore[arg-type]
            return True
        seat = self.seat
        turn = self.game.turn_number
        before = self.game.players[seat].cards
        events = self.game.apply(action)  # type: ignore[arg-type]
        self._note_taken(seat, before, action)  # type: ignore[arg-type]
        self.log_marks.append(len(self.log))
        names = tuple(p.name for p in self.game.players)
        for event in events:
            self.log.append(LogLine(turn, seat, event, names))
        self.selected = self.target = self.payment = self.site = None
        self.rotation = 0
        self.hint = None
        self.sync()
        if isinstance(action, EndTurn) and not self.game.is_over:
            self.handover = self.passing_on()
        return True

    def _note_taken(self, seat: int, before: Cards, action: Action) -> None:
        """Keep the cards ``seat`` just took (the rules say which), for that seat's eyes."""
        self.taken.pop(seat, None)
        got = cards_taken(before, self.game.players[seat].cards, action)
        if any(got):
            self.taken[seat] = got

    def play_computer(self, action: Action, asked_at: int) -> bool:
        """A computer player's action for the seat to move, if the game is still where it
        was when the computer was asked (else it is dropped: the game moved on)."""
        if (
            len(self.game.actions) != asked_at
            or self.game.is_over
            or self.computer(self.seat) is None
            or self.handover
        ):
            return False
        self.note = None
        return self._play(action)

    def play_from_device(self, seat: int, action: Action, asked_at: int) -> IllegalAction | None:
        """A person's action sent from their own device for their seat: played if it is
        that seat's turn, the game is where the device saw it, and the rules allow it;
        otherwise the reason, and nothing changes."""
        if self.game.is_over:
            return IllegalAction("game-over", "the game is over")
        if self.seats[seat] != DEVICE or self.seat != seat:
            return IllegalAction("not-your-turn", "it is not this seat's turn", seat=seat)
        if len(self.game.actions) != asked_at:
            return IllegalAction("stale", "the game has moved on", seat=seat)
        try:
            self._play(action)
        except IllegalAction as exc:
            return exc
        self.note = None
        return None

    def undo_from_device(self, seat: int, asked_at: int) -> IllegalAction | None:
        """Take back the last action for the seat whose own device asks, if that seat is
        to move and the rules allow it."""
        if self.seats[seat] != DEVICE or self.seat != seat or self.game.is_over:
            return IllegalAction("not-your-turn", "it is not this seat's turn", seat=seat)
        if len(self.game.actions) != asked_at:
            return IllegalAction("stale", "the game has moved on", seat=seat)
        refusal = self.game.undo_refusal()
        if refusal is not None:
            return refusal
        self._undo()
        return None

    def play_recorded(self, action: Action) -> None:
        """Another player's move a lesson's author recorded (a gamebook's reply), played
        and logged like any move; IllegalAction if the position does not allow it."""
        self.note = None
        self._play(action)

    def _hint(self) -> None:
        """Mark the move the normal player would make now, with the reason (a toggle)."""
        if not self.hints:
            return
        if self.hint is not None:
            self.hint = None
            return
        self.hint = hint(self.game.view(self.seat))

    def sync(self) -> None:
        """After any change: the drawn building is the one to place; caches are stale."""
        self._targets = None
        drawn = self.drawn
        if drawn is not None:
            self.selected = drawn

    def _select(self, kind: str) -> None:
        if kind not in BUILDINGS:
            raise ValueError(kind)
        drawn = self.drawn
        if drawn is not None and kind != drawn:
            self.note = Refused(Refusal("place-drawn-first", {"building": drawn}))
            return
        if self.selected == kind and drawn is None:
            self.selected = self.target = self.payment = None
            self._targets = None
            return
        refusal = placeable(self.game, kind)
        if refusal is not None:
            self.note = Refused(refusal)
            return
        self.selected = kind
        self.target = self.payment = None
        self._targets = None
        if not self.targets():
            # nothing to choose on the board: the building is not chosen (a board dimmed
            # all over said nothing on a phone), and the reason is the panel's alert
            self.selected = None
            self._targets = None
            self.note = Nowhere(kind)

    def _tap_hex(self, h: Hex) -> None:
        if self.phase == "tile":
            self.note = say("info", "tile.tap-site")
            return
        if self.selected is None:
            names = [self.name(i) for i in range(len(self.game.players))]
            self.note = on_hex(self.game.board, h, names)
            return
        target = self.targets().get(h)
        if target is None:
            refusal = site_refusal(self.game, self.selected, h)
            if refusal is None:  # the rules allow it, yet it is not on offer: say "not now"
                refusal = Refusal("not-now")
            self.note = Refused(refusal, self.selected)
            return
        self.target = h
        self.payment = list(target.payment)

    def _cancel(self) -> None:
        if self.target is not None:
            self.target = self.payment = None
        elif self.site is not None:
            self.site = None
        elif self.drawn is None:
            self.selected = None
            self._targets = None

    def _confirm(self) -> None:
        if self.phase == "tile":
            if self.site is None:
                self.note = say("info", "tile.tap-site")
                return
            self._play(PlaceTile(self.site, self.rotation))
            return
        if self.selected is None or self.target is None or self.payment is None:
            return
        pay = self.payment
        self._play(Build(self.selected, self.target, (pay[0], pay[1], pay[2], pay[3])))

    def _end(self, sure: bool) -> None:
        unused = self.game.unused_actions()
        if unused and not sure and self.legal(EndTurn()):
            self.confirm_end = True
            return
        self.confirm_end = False
        self._play(EndTurn())

    def _undo(self) -> None:
        refusal = self.game.undo_refusal()
        if refusal is not None:
            self.note = say("error", "undo." + refusal.rule)
            return
        self.game.undo()
        self.hint = None
        mark = self.log_marks.pop()
        taken = self.log[mark:]
        del self.log[mark:]
        self.selected = self.target = self.payment = self.site = None
        self.rotation = 0
        self.sync()
        self.note = TakenBack(tuple(taken))

    def _site(self, h: Hex) -> None:
        if self.phase != "tile":
            return
        if tile_site_refusal(self.game, h) is not None:
            self.note = say("error", "tile.bad-site")
            return
        if self.site == h:
            self._play(PlaceTile(h, self.rotation))
            return
        self.site = h
