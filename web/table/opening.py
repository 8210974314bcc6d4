"""Opening a game: from the page's address, a kept game, a file, or the new-game form.

Part of the game page's update (web/table/update.py): these change the store and add
effects to the update's list, and never touch storage themselves; a kept game is read by the binder,
answering a ``Load`` effect with a ``Loaded`` message.
"""

from __future__ import annotations

from attika import SaveError, shorten

from ..core.text import t
from ..play.computers import DEVICE, SEATS
from ..play.notes import say
from ..play.session import Session
from ..remote.host import Devices
from .effects import Address, Effect, Load, OpenRoomLink, Save, SetAside, SetAsideUnreadable
from .messages import Loaded
from .review import Stepping
from .room import read_room
from .saves import GameEntry, SaveUnreadable, read_game_file
from .setup import Setup
from .store import Table


def open_(
    table: Table,
    params: dict[str, str],
    fetched: tuple[str | None, str] | None,
    out: list[Effect],
) -> None:
    """What a (re)load of the page shows, from its address and the saved games.

    ``?game=<id>`` resumes that saved game; ``?players=&seed=`` starts a new one
    (``&seats=human,strong`` seats computers); ``?load=<url>`` opens a game file
    (``fetched`` is (its text or None, error)); a plain address resumes the game last played
    here, or shows the start screen."""
    if "game" in params:
        out.append(Load("open", params["game"]))  # answered by loaded()
        return
    if fetched is not None:
        text, error = fetched
        if text is not None and import_(table, text, out):
            return
        if text is None:
            table.notice = say("error", "load.failed", detail=error)
    elif "players" in params or "seed" in params:
        setup = Setup(seed=table.random_seed())
        try:
            players = params.get("players") or "2"
            if players not in ("2", "3", "4"):
                raise ValueError(t("setup.error.players", value=shorten(players, 20)))
            setup.count = int(players)
            if "seed" in params:
                setup.seed_text = params["seed"]
                setup.apply_seed_text()
            if "seats" in params:  # who plays each seat: seats=human,strong
                who = params["seats"].split(",")
                if len(who) != setup.count or any(w not in SEATS for w in who):
                    raise ValueError(t("setup.error.seats", n=setup.count, levels=", ".join(SEATS)))
                setup.seats[: setup.count] = who
            begin(table, setup.start_session(), out)
            return
        except ValueError as exc:
            table.notice = say("error", "error.bad-input", detail=shorten(str(exc), 200))
    else:
        out.append(Load("last"))  # the game played last here, if any
        return
    show_setup(table, out)


def show_setup(table: Table, out: list[Effect], like: Session | None = None) -> None:
    setup = Setup(seed=table.random_seed())
    if like is not None:
        game = like.game
        setup.count = len(game.players)
        for i, p in enumerate(game.players):
            setup.names[i] = p.name
        setup.city_states[: setup.count] = like.city_states
        setup.seats[: setup.count] = like.seats
    table.setup = setup
    table.review = None
    out.append(SetAsideUnreadable())  # listed as kept aside, with the reason


def begin(table: Table, session: Session, out: list[Effect], game_id: str | None = None) -> None:
    table.session, table.setup, table.review = session, None, None
    table.open_player, table.result_closed = None, False
    # a game of computers only is a demonstration: it starts paused, to be played or stepped
    nobody = not session.humans() and DEVICE not in session.seats
    table.paused, table.one_move, table.skipping = nobody, False, False
    table.game_id = game_id or table.new_id()
    # a new game at this table: no device holds a seat of it yet
    table.devices = Devices()
    table.invitations, table.answers, table.invitation_errors = {}, {}, {}
    table.devices_saw = (0, 0)
    table.room, table.room_state, table.room_error = None, "closed", ""
    out.append(Address(table.game_id))
    table.saved_actions = None
    ask_to_keep(table, out)


def loaded(table: Table, message: Loaded, out: list[Effect]) -> None:
    """A kept game read for the store: open it at the table, or step through it; one that
    cannot be read is reported and set aside, never lost."""
    why, game_id, error = message.why, message.game_id, message.error
    if message.loaded is not None:
        game, city_states, seats = message.loaded
        if why == "review":
            table.review = Stepping.of(game, city_states, step=0)
            table.setup = None
            return
        session = Session.resume(game, city_states, seats)
        begin(table, session, out, game_id)
        table.saved_actions = list(game.actions)
        room = read_room(message.room)
        if room is not None and DEVICE in session.seats:  # the same room again, same seats
            table.room, table.room_state = room, "opening"
            table.devices.tokens = dict(room.tokens)
            out.append(OpenRoomLink(room))
        if why == "resume":
            table.notice = None
        return
    if isinstance(error, SaveUnreadable):
        out.append(SetAside(game_id, error.text, str(error)))
        table.notice = say("error", "saves.set-aside")
    elif why == "review":
        table.notice = say("error", "saves.set-aside")
    elif why != "last":  # a link to a game kept in another browser, or deleted
        table.notice = say("error", "saves.not-here")
    if why in ("open", "last"):
        show_setup(table, out)


def import_(table: Table, text: str, out: list[Effect]) -> bool:
    """A game file from outside becomes a new saved game; a bad one changes nothing."""
    try:
        game, city_states, seats = read_game_file(text)
    except SaveError as exc:
        table.notice = say("error", "saves.import-failed", detail=str(exc))
        return False
    begin(table, Session.resume(game, city_states, seats), out)
    table.notice = say("info", "saves.imported")
    return True


def ask_to_keep(table: Table, out: list[Effect]) -> None:
    """Ask for the game to be kept if an action was played or taken back since the last
    save (the Save effect carries the game as it stands now, frozen)."""
    session = table.session
    if session is None or table.game_id is None or session.game.actions == table.saved_actions:
        return
    expected = None if table.saved_actions is None else tuple(table.saved_actions)
    entry = GameEntry.of(session.game, session.city_states, session.seats)
    out.append(Save(table.game_id, entry, expected))
