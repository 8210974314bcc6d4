"""The game page's one update: a message in, the store changed, effects out.

Every tap, key, form change, opened address, chosen file, computer answer and storage
outcome reaches the store here, as one of the messages of web/table/messages.py, in one
``match``. What must happen outside the page's state comes back as effects
(web/table/effects.py) for the binder to carry out, so this module never writes to storage
or touches the DOM.
"""

from __future__ import annotations

import json
import re

from attika import GAME_CHARS, Action, lesson_from_view

from ..core.text import t
from ..play.computers import DEFAULT_LEVEL, HUMAN, Think
from ..play.messages import TurnMessage
from ..play.notes import Plain, say
from .devices import DEVICE_MESSAGES, on_device, tell_devices
from .effects import (
    Download,
    Effect,
    Forget,
    ForgetBroken,
    Load,
    OfferBroken,
    OpenLesson,
    StopThinking,
)
from .messages import (
    Back,
    CloseResult,
    CloseSetup,
    ComputerMoved,
    Delete,
    DeleteBroken,
    DownloadBroken,
    Export,
    FileChosen,
    FileTooLarge,
    FormTyped,
    Kept,
    Loaded,
    MakeLesson,
    Message,
    NewGame,
    NewSeed,
    NotKept,
    OneMove,
    Opened,
    OpenPlayer,
    Pause,
    PlayerCount,
    Resume,
    Review,
    ReviewExit,
    ReviewStep,
    SeatCityState,
    SeatPlayedBy,
    Skip,
    Speed,
    StartGame,
    ToggleLog,
    VersusComputer,
)
from .opening import ask_to_keep, begin, import_, loaded, open_, show_setup
from .review import Stepping
from .saves import export_text
from .setup import Setup
from .store import Table

#: What a look-only review of a game lets through to the rest of the page.
_WHILE_REVIEWING = (ReviewStep, OpenPlayer, ReviewExit, NewGame, Export, Back, ToggleLog)


def update(table: Table, message: Message) -> tuple[Table, list[Effect]]:
    """Apply one message; returns the store and what the binder must carry out."""
    out: list[Effect] = []
    if isinstance(message, DEVICE_MESSAGES):
        on_device(table, message, out)
    else:
        _update(table, message, out)
    tell_devices(table, out)
    wanted = table.thinker()
    if wanted != table.asked:  # a computer is to move now, or no longer
        out.append(wanted if wanted is not None else StopThinking())
        table.asked = wanted
    return table, out


def _update(table: Table, message: Message, out: list[Effect]) -> None:
    if isinstance(message, Back):  # close what is open, topmost first
        closing = table.closable()
        if closing is not None:
            _update(table, closing, out)
        return
    if not isinstance(message, (Delete, FormTyped, ToggleLog, *_OUTSIDE)):
        table.confirm_delete = None
    if table.review is not None and not isinstance(message, _WHILE_REVIEWING + _OUTSIDE):
        return  # stepping through is look-only
    match message:
        case Opened(params=params, fetched=fetched):
            open_(table, dict(params), fetched, out)
        case FileChosen(text=text):
            import_(table, text, out)
        case FileTooLarge(size=size):
            detail = t("input.too-long", size=size, limit=GAME_CHARS)
            table.notice = say("error", "saves.import-failed", detail=detail)
        case ComputerMoved(asked=asked, action=action):
            _computer_moved(table, asked, action, out)
        case Kept(game_id=game_id, actions=actions):
            if game_id == table.game_id:  # later saves expect what was kept
                table.saved_actions = list(actions)
        case NotKept(game_id=game_id, reason=reason):
            if game_id == table.game_id and table.session is not None:
                table.session.note = Plain(reason)
        case NewGame():
            show_setup(table, out, like=table.session)
        case Resume(game_id=game_id):
            out.append(Load("resume", game_id))
        case Loaded():
            loaded(table, message, out)
        case Delete(game_id=game_id):
            _delete(table, game_id, out)
        case DeleteBroken(broken_id=broken_id):
            out.append(ForgetBroken(broken_id))
        case DownloadBroken(broken_id=broken_id):
            out.append(OfferBroken(broken_id))
        case (
            PlayerCount()
            | SeatPlayedBy()
            | SeatCityState()
            | NewSeed()
            | FormTyped()
            | StartGame()
            | VersusComputer()
            | CloseSetup()
        ):
            _setup(table, message, out)
        case ToggleLog():
            table.log_open = not table.log_open
        case Review(game_id=game_id):
            table.log_open = False  # the log would cover the step buttons
            _start_review(table, game_id, out)
        case ReviewStep(to=to) if table.review is not None:
            table.review.go(to)
        case OpenPlayer(seat=seat) if table.review is not None:
            table.review.open_player = None if table.review.open_player == seat else seat
        case ReviewExit():
            table.review = None
            if table.session is None:  # nothing open behind the review: back to the start
                show_setup(table, out)
        case Export():
            _export(table, out)
        case MakeLesson():
            _lesson(table, out)
        case OpenPlayer(seat=seat) if table.session is not None:
            table.open_player = None if table.open_player == seat else seat
        case CloseResult():
            table.result_closed = True
        case Pause():
            table.paused, table.one_move = not table.paused, False
        case OneMove():
            table.paused, table.one_move = True, True
        case Speed():
            table.speed = "fast" if table.speed == "normal" else "normal"
        case Skip():
            table.skipping = True
        case _ if table.session is not None and isinstance(message, TurnMessage):
            session = table.session
            passing = session.handover
            session.update(message)
            if session.handover and not passing:  # the device goes to the next player
                # with the log shut: it covered the next player's turn (and its Hint)
                table.open_player = None
                table.log_open = False
            ask_to_keep(table, out)


#: Messages from the binder that arrive whatever is on screen.
_OUTSIDE = (Opened, FileChosen, FileTooLarge, ComputerMoved, Kept, NotKept, Loaded)


# -- the computers ------------------------------------------------------------------------


def _computer_moved(table: Table, asked: Think, action: Action, out: list[Effect]) -> None:
    """A computer player's answer; dropped if the game moved on since it was asked."""
    session = table.session
    if table.asked == asked and session is not None and table.game_id == asked.game_id:
        table.asked = None
        if session.play_computer(action, asked.asked_at):
            table.one_move = False
            if session.computer(session.seat) is None:
                table.skipping = False  # a person is to move: back to the usual pace
                table.log_open = False  # their turn starts on the table, not the log
            ask_to_keep(table, out)


# -- saving -------------------------------------------------------------------------------


def autosave(table: Table) -> list[Effect]:
    """Keep the game now if it changed (for a test that played on the session directly)."""
    out: list[Effect] = []
    ask_to_keep(table, out)
    return out


def _delete(table: Table, game_id: str, out: list[Effect]) -> None:
    # the "sure?" button appears under the finger: a double tap is not a yes
    if table.confirm_delete != game_id or table.now() - table.asked_at < 500:
        if table.confirm_delete != game_id:
            table.asked_at = table.now()
        table.confirm_delete = game_id
        return
    table.confirm_delete = None
    out.append(Forget(game_id))
    if game_id == table.game_id:
        table.session = table.game_id = None


# -- the new-game form --------------------------------------------------------------------


def _setup(table: Table, message: Message, out: list[Effect]) -> None:
    setup = table.setup
    if setup is None:
        return
    if isinstance(message, FormTyped):  # what was typed, kept across redraws
        _typed(setup, message)
        return
    setup.error = ""
    match message:
        case PlayerCount(count=count):
            setup.count = count
        case VersusComputer():  # the quickest way in: you against one computer
            setup.count = 2
            setup.seats[:2] = [HUMAN, DEFAULT_LEVEL]
            _start(table, setup, out)
        case SeatPlayedBy(seat=seat, who=who):
            setup.play_by(seat, who)
        case SeatCityState(seat=seat, city_state=city_state):
            setup.choose(seat, city_state)
        case NewSeed():
            setup.seed = table.random_seed()
            setup.seed_text = ""
        case CloseSetup() if table.session is not None:
            table.setup = None
        case StartGame():
            _start(table, setup, out)


def _typed(setup: Setup, typed: FormTyped) -> None:
    for i, name in enumerate(typed.names):
        if name is not None:
            setup.names[i] = name
    if typed.start is not None:
        setup.start = typed.start
    if typed.seed is not None:
        setup.seed_text = typed.seed.strip()
    for i, who in enumerate(typed.seats):
        if who is not None:
            setup.play_by(i, who)


def _start(table: Table, setup: Setup, out: list[Effect]) -> None:
    try:
        setup.apply_seed_text()
        begin(table, setup.start_session(), out)
        table.notice = None
    except ValueError as exc:
        setup.error = str(exc)


# -- stepping through, files --------------------------------------------------------------


def _start_review(table: Table, game_id: str, out: list[Effect]) -> None:
    if game_id and game_id != table.game_id:
        out.append(Load("review", game_id))  # answered by loaded()
    elif table.session is not None:
        session = table.session
        table.review = Stepping.of(session.game, session.city_states)
        table.setup = None


def _slug(names: list[str]) -> str:
    return "-".join(re.sub(r"[^a-z0-9]+", "", n.casefold()) or "player" for n in names)[:60]


def _export(table: Table, out: list[Effect]) -> None:
    session = table.session
    if session is None:
        return
    names = [p.name for p in session.game.players]
    filename = f"attika-{_slug(names)}-turn{session.game.turn_number}.json"
    text = export_text(session.game, session.city_states, session.seats)
    out.append(Download(filename, text))


def _lesson(table: Table, out: list[Effect]) -> None:
    """The position as a scenario file a teacher can edit and embed, written from what the
    player looking at the screen may see (nobody's hand while the device is passed on):
    never another hand, a stack's order, the deck or the tile stack."""
    session = table.session
    if session is None:
        return
    game = session.game
    viewer = session.viewer
    seen = game.view(game.current if viewer is None else viewer)
    if viewer is None:
        for p in seen["players"]:
            p["hand"] = None
    data = lesson_from_view(seen, session.city_states, t("lesson.title", turn=game.turn_number))
    out.append(OpenLesson(json.dumps(data, ensure_ascii=False, indent=2)))
