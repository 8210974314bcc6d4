"""The page's one store: which screen, the game at the table, the start screen, stepping through.

Everything the page decides that is not a rule and not the DOM lives here: which game opens
on a (re)load, saving after every action, the saved-games list, import and export of game
files, and stepping through a game. A command goes in and the state changes; what must
happen outside (store the game, offer a download, change the address) comes back as a list
of effects (web/table/effects.py) for the binder to carry out, so this module never writes to
storage or touches the DOM. It reads the kept games through the shelf it is given.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from attika import GAME_CHARS, Action, SaveError, lesson_from_view, shorten

from ..core.text import t
from ..play.computers import DEFAULT_LEVEL, HUMAN, PACE, SEATS
from ..play.notes import Plain
from ..play.scene import Scene, table_scene
from ..play.session import Session
from .effects import (
    Address,
    Download,
    Effect,
    Forget,
    ForgetBroken,
    OpenLesson,
    Save,
    SetAside,
    StopThinking,
    Think,
)
from .review import Review
from .saves import SaveMissing, SaveUnreadable, Shelf, export_text, read_game_file
from .screens import Setup


def _slug(names: list[str]) -> str:
    return "-".join(re.sub(r"[^a-z0-9]+", "", n.casefold()) or "player" for n in names)[:60]


class Controller:
    def __init__(
        self,
        shelf: Shelf,
        *,
        new_id: Callable[[], str],
        now: Callable[[], int],
        random_seed: Callable[[], int],
    ) -> None:
        self.shelf = shelf
        self.new_id, self.now, self.random_seed = new_id, now, random_seed
        self.session: Session | None = None
        self.game_id: str | None = None
        self.setup: Setup | None = None
        self.review: Review | None = None
        #: The saved game whose deletion waits for a second tap.
        self.confirm_delete: str | None = None
        self._asked_at = 0
        #: A notice for the start screen (a save set aside, an import refused...).
        self.notice: tuple[str, str] | None = None
        #: Another player's board opened from the overview.
        self.open_player: int | None = None
        #: The end-of-game card was put aside to look at the board.
        self.result_closed = False
        #: What this tab last saved of the open game (None: nothing yet).
        self._saved_actions: list[str] | None = None
        self._effects: list[Effect] = []
        #: Computer players wait (a demonstration paused to look, or to step).
        self.paused = False
        #: One computer action is to be played while paused (the Step button).
        self._step = False
        #: How fast computer actions follow each other (a key of computers.PACE).
        self.speed = "normal"
        #: The computers' actions are shown without a pause until a person is to move.
        self.skipping = False
        #: The Think last asked of the binder (None: no computer is thinking).
        self._asked: Think | None = None

    def _done(self) -> list[Effect]:
        """The effects the last command asked for, handed over once; a computer to move
        is asked to think (or told to stop) by the last of them."""
        self._want_thought()
        out, self._effects = self._effects, []
        return out

    # -- computer players ---------------------------------------------------------------

    def thinker(self) -> Think | None:
        """The computer decision the table waits for now, if any: none while the start
        screen or stepping through is open, while paused (unless stepping one action),
        while the device is passed on, or once the game is over."""
        session = self.session
        if session is None or self.game_id is None or self.setup is not None:
            return None
        if self.review is not None or session.handover or session.game.is_over:
            return None
        level = session.computer(session.seat)
        if level is None or (self.paused and not self._step):
            return None
        return Think(self.game_id, session.seat, level, len(session.game.actions))

    def _want_thought(self) -> None:
        wanted = self.thinker()
        if wanted != self._asked:
            self._effects.append(wanted if wanted is not None else StopThinking())
            self._asked = wanted

    def computer_move(self, asked: Think, action: Action) -> list[Effect]:
        """A computer player's answer to ``asked``; dropped if the game moved on since."""
        session = self.session
        if self._asked == asked and self.game_id == asked.game_id and session is not None:
            self._asked = None
            if session.play_computer(action, asked.asked_at):
                self._step = False
                if session.computer(session.seat) is None:
                    self.skipping = False  # a person is to move: back to the usual pace
                self._autosave()
        return self._done()

    def pace(self) -> float:
        """Seconds to leave between two shown computer actions."""
        return 0.0 if self.skipping else PACE[self.speed]

    # -- opening ------------------------------------------------------------------------

    def open(
        self, params: dict[str, str], fetched: tuple[str | None, str] | None = None
    ) -> list[Effect]:
        """What a (re)load of the page shows, from its address and the saved games.

        ``?game=<id>`` resumes that saved game; ``?players=&seed=`` starts a new one
        (``&seats=human,strong`` seats computers);
        ``?load=<url>`` opens a game file (``fetched`` is (its text or None, error));
        a plain address resumes the game last played here, or shows the start screen.
        """
        self._open(params, fetched)
        return self._done()

    def _open(self, params: dict[str, str], fetched: tuple[str | None, str] | None) -> None:
        if "game" in params:
            if self.resume(params["game"]):
                return
        elif fetched is not None:
            text, error = fetched
            if text is not None and self._import(text):
                return
            if text is None:
                self.notice = ("error", t("load.failed", detail=error))
        elif "players" in params or "seed" in params:
            setup = Setup(seed=self.random_seed())
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
                        raise ValueError(
                            t("setup.error.seats", n=setup.count, levels=", ".join(SEATS))
                        )
                    setup.seats[: setup.count] = who
                self._begin(setup.start_session())
                return
            except ValueError as exc:
                self.notice = ("error", t("error.bad-input", detail=shorten(str(exc), 200)))
        else:
            current = self.shelf.current()
            if current is not None and self.resume(current, quiet=True):
                return
        self.show_setup()

    def show_setup(self, like: Session | None = None) -> None:
        setup = Setup(seed=self.random_seed())
        if like is not None:
            game = like.game
            setup.count = len(game.players)
            for i, p in enumerate(game.players):
                setup.names[i] = p.name
            setup.city_states[: setup.count] = like.city_states
            setup.seats[: setup.count] = like.seats
        self.setup = setup
        self.review = None
        asked = {e.game_id for e in self._effects if isinstance(e, SetAside)}
        for game_id, text, reason in self.shelf.unreadable():  # listed as kept aside
            if game_id not in asked:
                self._effects.append(SetAside(game_id, text, reason))

    def _begin(self, session: Session, game_id: str | None = None) -> None:
        self.session, self.setup, self.review = session, None, None
        self.open_player, self.result_closed = None, False
        # a game of computers only is a demonstration: it starts paused, to be played or stepped
        self.paused, self._step, self.skipping = not session.humans(), False, False
        self.game_id = game_id or self.new_id()
        self._effects.append(Address(self.game_id))
        self._saved_actions = None
        self._autosave()

    def resume(self, game_id: str, quiet: bool = False) -> bool:
        """Open a saved game; a save that cannot be read is reported and set aside."""
        try:
            game, city_states, seats = self.shelf.load(game_id)
        except SaveMissing:
            if not quiet:  # a link to a game kept in another browser, or deleted
                self.notice = ("error", t("saves.not-here"))
            return False
        except SaveUnreadable as exc:
            self._effects.append(SetAside(game_id, exc.text, str(exc)))
            self.notice = ("error", t("saves.set-aside"))
            return False
        session = Session.resume(game, city_states, seats)
        self._begin(session, game_id)
        self._saved_actions = list(game.actions)
        return True

    def import_text(self, text: str) -> list[Effect]:
        """A game file from outside becomes a new saved game; a bad one changes nothing."""
        self._import(text)
        return self._done()

    def import_oversized(self, size: int) -> list[Effect]:
        """A file too large to be a game, refused before it is read."""
        detail = t("input.too-long", size=size, limit=GAME_CHARS)
        self.notice = ("error", t("saves.import-failed", detail=detail))
        return self._done()

    def _import(self, text: str) -> bool:
        try:
            game, city_states, seats = read_game_file(text)
        except SaveError as exc:
            self.notice = ("error", t("saves.import-failed", detail=str(exc)))
            return False
        self._begin(Session.resume(game, city_states, seats))
        self.notice = ("info", t("saves.imported"))
        return True

    # -- saving -------------------------------------------------------------------------

    def autosave(self) -> list[Effect]:
        """Keep the game now if it changed (a test that played on the session directly)."""
        self._autosave()
        return self._done()

    def _autosave(self) -> None:
        """Ask for the game to be kept if an action was played or taken back since the last
        save (the Save effect carries the live game: the binder carries it out at once)."""
        session = self.session
        if session is None or self.game_id is None or session.game.actions == self._saved_actions:
            return
        expected = None if self._saved_actions is None else tuple(self._saved_actions)
        self._effects.append(
            Save(
                self.game_id,
                session.game,
                tuple(session.city_states),
                expected,
                tuple(session.seats),
            )
        )

    def saved(self, game_id: str, actions: list[str]) -> None:
        """The binder kept the game: later saves expect what was kept."""
        if game_id == self.game_id:
            self._saved_actions = list(actions)

    def save_failed(self, game_id: str, message: str) -> None:
        """The browser refused the save, or another tab played on: the player is told."""
        if game_id == self.game_id and self.session is not None:
            self.session.note = Plain(message)

    # -- commands -----------------------------------------------------------------------

    def command(self, cmd: str, arg: str = "") -> list[Effect]:
        """One tap (or key) of the player; returns what the binder must carry out."""
        self._command(cmd, arg)
        return self._done()

    def closable(self) -> str | None:
        """What the browser's Back would close now, topmost first (None: Back leaves the
        page): the new-game form over a game, stepping through, the result card, an open
        player board, the question before ending a turn, a half-made choice."""
        session = self.session
        if self.setup is not None:
            return "setup-close" if session is not None else None
        if self.review is not None:
            return "review-exit"
        if session is None:
            return None
        if session.game.is_over and not self.result_closed:
            return "close"
        if self.open_player is not None:
            return f"player {self.open_player}"
        if session.handover or session.computer(session.seat) is not None:
            return None
        if session.confirm_end or session.target is not None or session.site is not None:
            return "cancel"
        if session.selected is not None and session.drawn is None:
            return "cancel"
        return None

    def _command(self, cmd: str, arg: str) -> None:
        if cmd == "back":  # the browser's Back: close what is open, topmost first
            closing = self.closable()
            if closing is not None:
                name, _, value = closing.partition(" ")
                self._command(name, value)
            return
        if cmd != "delete":
            self.confirm_delete = None
        if self.review is not None and self._review_command(cmd, arg):
            return
        if cmd.startswith("setup-") or cmd in ("new-game", "resume", "delete", "broken-delete"):
            self._start_screen_command(cmd, arg)
        elif cmd == "export":
            self._export()
        elif cmd == "lesson":
            self._lesson()
        elif cmd == "review":
            self._start_review(arg)
        elif cmd == "broken-download":
            found = [b for b in self.shelf.broken() if b.id == arg]
            if found:
                # the id comes from a storage key, which anything may have written
                safe = "".join(
                    c if c.isascii() and (c.isalnum() or c in "-_") else "_" for c in arg
                )
                self._effects.append(Download(f"attika-unreadable-{safe[:40]}.json", found[0].text))
        elif cmd == "player" and self.session is not None:
            seat = int(arg)
            self.open_player = None if self.open_player == seat else seat
        elif cmd == "close":
            self.result_closed = True
        elif cmd == "pause":
            self.paused, self._step = not self.paused, False
        elif cmd == "step":
            self.paused, self._step = True, True
        elif cmd == "speed":
            self.speed = "fast" if self.speed == "normal" else "normal"
        elif cmd == "skip":
            self.skipping = True
        elif self.session is not None:
            passing = self.session.handover
            self.session.handle(cmd, arg)
            if self.session.handover and not passing:  # the device goes to the next player
                self.open_player = None
            self._autosave()

    def _review_command(self, cmd: str, arg: str) -> bool:
        review = self.review
        assert review is not None
        if cmd == "review-exit":
            self.review = None
            if self.session is None:  # nothing open behind the review: back to the start
                self.show_setup()
            return True
        if cmd in ("step", "player"):
            return review.handle(cmd, arg)
        return cmd not in ("new-game", "export", "log")  # a look-only view ignores the rest

    def _start_review(self, game_id: str) -> None:
        if game_id and game_id != self.game_id:
            try:
                game, city_states, _ = self.shelf.load(game_id)
            except SaveError as exc:
                if isinstance(exc, SaveUnreadable):
                    self._effects.append(SetAside(game_id, exc.text, str(exc)))
                self.notice = ("error", t("saves.set-aside"))
                return
        elif self.session is not None:
            game, city_states = self.session.game, self.session.city_states
        else:
            return
        self.review = Review.of(game, city_states, step=0 if game_id else None)
        self.setup = None

    def _export(self) -> None:
        session = self.session
        if session is None:
            return
        names = [p.name for p in session.game.players]
        filename = f"attika-{_slug(names)}-turn{session.game.turn_number}.json"
        text = export_text(session.game, session.city_states, session.seats)
        self._effects.append(Download(filename, text))

    def _lesson(self) -> None:
        """The position as a scenario file a teacher can edit and embed, written from what
        the player looking at the screen may see (nobody's hand while the device is passed
        on): never another hand, a stack's order, the deck or the tile stack."""
        session = self.session
        if session is None:
            return
        game = session.game
        viewer = session.viewer
        seen = game.view(game.current if viewer is None else viewer)
        if viewer is None:
            for p in seen["players"]:
                p["hand"] = None
        data = lesson_from_view(seen, session.city_states, t("lesson.title", turn=game.turn_number))
        self._effects.append(OpenLesson(json.dumps(data, ensure_ascii=False, indent=2)))

    def _start_screen_command(self, cmd: str, arg: str) -> None:
        if cmd == "new-game":
            self.show_setup(like=self.session)
            return
        if cmd == "resume":
            if self.resume(arg):
                self.notice = None
            return
        if cmd == "delete":
            # the "sure?" button appears under the finger: a double tap is not a yes
            if self.confirm_delete != arg or self.now() - self._asked_at < 500:
                if self.confirm_delete != arg:
                    self._asked_at = self.now()
                self.confirm_delete = arg
                return
            self.confirm_delete = None
            self._effects.append(Forget(arg))
            if arg == self.game_id:
                self.session = self.game_id = None
            return
        if cmd == "broken-delete":
            self._effects.append(ForgetBroken(arg))
            return
        setup = self.setup
        if setup is None:
            return
        setup.error = ""
        if cmd == "setup-count":
            setup.count = int(arg)
        elif cmd == "setup-vs-computer":  # the quickest way in: you against one computer
            setup.count = 2
            setup.seats[:2] = [HUMAN, DEFAULT_LEVEL]
            self._start(setup)
        elif cmd == "setup-seat":
            seat, level = arg.split(":")
            setup.play_by(int(seat), level)
        elif cmd == "setup-cs":
            seat, cs = arg.split(":")
            setup.choose(int(seat), cs)
        elif cmd == "setup-seed":
            setup.seed = self.random_seed()
            setup.seed_text = ""
        elif cmd == "setup-close" and self.session is not None:
            self.setup = None
        elif cmd == "setup-start":
            self._start(setup)

    def _start(self, setup: Setup) -> None:
        try:
            setup.apply_seed_text()
            self._begin(setup.start_session())
            self.notice = None
        except ValueError as exc:
            setup.error = str(exc)

    # -- what to show -------------------------------------------------------------------

    def shown(self) -> Scene | None:
        """What the board and panels draw: the stepped-through position while reviewing."""
        if self.review is not None:
            return self.review.scene()
        if self.session is not None:
            return table_scene(
                self.session,
                self.open_player,
                self.result_closed,
                paused=self.paused,
                speed=self.speed,
            )
        return None
