"""What the editor page shows, frozen: built from the page's store in one function
(:func:`editor_scene`), and the only thing the renderers (web/editor/editor_view.py) read.
Pure Python, no DOM."""

from __future__ import annotations

from dataclasses import dataclass

from attika import LANDSCAPES, Hex, format_hex, movers, parse_action, step_reach

from ..core.html import Markup
from ..core.text import city_state_name, t
from ..teach.position_scene import position_scene
from ..teach.position_view import position_html
from .checks import LANGS, TASK_TEXTS, step_words
from .drafts import Draft
from .editor import Editor, lesson_filename, lesson_title
from .edits import text_of
from .steps import recorded_move
from .store import Desk


@dataclass(frozen=True)
class Place:
    """One place of the board: a shrine, a hex (``land`` None when plain, with a building
    as (kind, city-state, owner's name)), or an empty place beside the board (``new``)."""

    hex: Hex
    kind: str  # "shrine", "hex" or "new"
    land: int | None = None
    building: tuple[str, str, str] | None = None
    marked: bool = False


@dataclass(frozen=True)
class Seat:
    """The seat the panel changes: its hand by landscape, amphorae, and the stored
    buildings of the chosen kind."""

    hand: tuple[int, ...]
    amphorae: int
    stored: int


@dataclass(frozen=True)
class Recording:
    """The answer being played: the actions so far, and the live position's own markup
    (drawn by the lesson's renderer, web/teach/position_view.py)."""

    played: tuple[str, ...]
    board: Markup
    #: Who moves now, and whether that is one of the other players (a reply to record)
    #: rather than the lesson's reader (the answer).
    mover: str = ""
    replying: bool = False


@dataclass(frozen=True)
class EditorScene:
    """The position being built and its panels."""

    places: tuple[Place, ...]
    tool: str
    building: str
    owner: int
    #: The players' names, by seat.
    players: tuple[str, ...]
    seat: int
    current: object
    #: How far the turn has gone, as the phase choice's value (``none``, ``draw 1``...).
    phase: str
    chosen: Seat
    #: Each language's texts: (language, ((title, words), (intro, words)...)).
    texts: tuple[tuple[str, tuple[tuple[str, str], ...]], ...]
    error: tuple[str, str] | None
    #: The task's answer in words: ("steps", words), ("win", how) or None.
    answer: tuple[str, str] | None
    #: The lesson's steps: the one edited (from 0), how many, whether another may follow,
    #: and the replies recorded before the one edited, in words.
    step: int
    steps: int
    can_add_step: bool
    replies: tuple[str, ...]
    #: The steps before the one edited are finished, so it can be recorded.
    can_record: bool
    #: Another right answer may be recorded; the answer has several (one may be kept).
    can_record_also: bool
    several: bool
    #: The recording is of another right answer; what the answer's panel tells.
    also: bool
    note: tuple[str, int] | None
    #: Each recorded build of the answer that may be made general: (step, words, how far
    #: it goes now: ``exact``, ``least``, ``cards`` or ``place``).
    reaches: tuple[tuple[int, str, str], ...]
    #: What the lesson keeps back from its reader until they act (its ``hide``).
    hidden: frozenset[str]
    #: The reader is offered "Train again" once the lesson is solved (no ``training: []``).
    trains: bool
    #: The waiting building the player panel counts, and the languages whose texts show.
    stored_kind: str
    open_texts: frozenset[str]
    #: The exported file's name, and the game's folder on this site ("/attika/"), for
    #: snippets that work from a page in any folder.
    lesson_file: str
    base: str
    #: The lesson's title, for the frame snippet's ``title``.
    lesson_title: str
    #: The languages the lesson is not yet written in (each shows it wholly in English).
    untranslated: tuple[str, ...]
    #: The lesson as its reader meets it (the exported file, live), while tried.
    preview: Markup | None
    recording: Recording | None
    position_ok: bool
    file: str
    import_error: tuple[str, str] | None
    #: What the page says of a tap it could not take (a stale or hand-made command).
    said: str | None = None


@dataclass(frozen=True)
class DraftsScene:
    """The drafts list, the open one, the question asked, the unreadable entries as
    (key, why)."""

    listed: tuple[Draft, ...]
    open: Draft
    asking: str | None
    unreadable: tuple[tuple[str, str], ...]
    not_kept: str | None
    #: The open draft was changed in another tab: shown as that tab left it.
    elsewhere: bool = False
    #: A text being typed here when another tab changed the draft: ``added`` or ``copied``.
    typing_kept: str = ""


@dataclass(frozen=True)
class EditorPageScene:
    """The editor page: the drafts above the editor of the open one."""

    drafts: DraftsScene
    editor: EditorScene


def player_name(player: dict[str, object]) -> str:
    return str(player.get("name") or city_state_name(str(player["city_state"])))


def _places(ed: Editor) -> tuple[Place, ...]:
    """Every hex of the last good position, and the empty places around it."""
    out: list[Place] = []
    good = ed.good
    if good is not None:
        board = good.game.board
        players = ed.data["players"]
        marks = ed.data.get("marks", [])
        for h in sorted(set(board.landscape) | board.shrines, key=lambda h: (h[1], h[0])):
            marked = format_hex(h) in marks
            if h in board.shrines:
                out.append(Place(h, "shrine", marked=marked))
                continue
            placed = board.buildings.get(h)
            building = None
            if placed is not None:
                seat, kind = placed
                owner = player_name(players[seat]) if seat < len(players) else str(seat)
                building = (kind, good.city_states[seat], owner)
            out.append(Place(h, "hex", board.landscape[h], building, marked))
    out.extend(Place(h, "new") for h in ed.around())
    return tuple(out)


def _texts(ed: Editor) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    return tuple(
        (lang, tuple((what, text_of(ed, what, lang)) for what in ("title", "intro", *TASK_TEXTS)))
        for lang in LANGS
    )


def _answer(ed: Editor) -> tuple[str, str] | None:
    answer = ed.task().get("answer")
    if isinstance(answer, dict) and answer.get("steps"):
        return "steps", ", ".join(step_words(s) for s in answer["steps"])
    if isinstance(answer, dict) and answer.get("win"):
        return "win", str(answer["win"])
    return None


def _reaches(ed: Editor) -> tuple[tuple[int, str, str], ...]:
    task = ed.task()
    answer = task.get("answer")
    steps = answer.get("steps") if isinstance(answer, dict) else None
    if not isinstance(steps, list):
        return ()
    out = []
    for i, step in enumerate(steps):
        move = recorded_move(steps, task.get("played"), i)
        how = step_reach(step)
        if move is not None and how is not None:
            out.append((i, str(move), how))
    return tuple(out)


def _several(ed: Editor) -> bool:
    """Whether the step's answer holds other right answers beside the teacher's own."""
    task = ed.task()
    answer = task.get("answer")
    steps = answer.get("steps") if isinstance(answer, dict) else None
    return (
        bool(task.get("played"))
        and isinstance(steps, list)
        and any(isinstance(s, dict) and "one_of" in s for s in steps)
    )


def _replying(ed: Editor) -> bool:
    """Whether the reader has not moved yet in this recording (their first move ends the
    replies: what follows is the answer)."""
    live = ed.recording
    if live is None:
        return False
    start = live.start or live.scenario.game
    game = live.session.game
    moves = [parse_action(a) for a in game.actions[len(start.actions) :]]
    return ed.reader() not in movers(start, moves)


def scene_of(
    ed: Editor, base: str = "", said: tuple[str, tuple[tuple[str, str], ...]] | None = None
) -> EditorScene:
    """The editor's scene (the board and its panels); ``said``: a note on the last tap
    (a text key and its values), worded here."""
    players = ed.data["players"]
    seat = players[ed.seat]
    turn = ed.data.get("turn", {})
    hand = seat.get("hand", {})
    recording = None
    live = ed.recording
    if live is not None:
        start = live.start or live.scenario.game
        game = live.session.game
        played = tuple(game.actions[len(start.actions) :])
        mover = player_name(players[game.current]) if game.current < len(players) else ""
        replying = ed.step > 0 and game.current != ed.reader() and not game.is_over
        recording = Recording(
            played, position_html(position_scene(live)), mover, replying and _replying(ed)
        )
    replies = ed.task().get("reply") if ed.step else None
    return EditorScene(
        places=_places(ed),
        tool=ed.tool,
        building=ed.building,
        owner=ed.owner,
        players=tuple(player_name(p) for p in players),
        seat=ed.seat,
        current=ed.data.get("current", 0),
        phase=f"{turn['mode']} {turn.get('used', 1)}" if turn.get("mode") else "none",
        chosen=Seat(
            tuple(hand.get(land, 0) for land in LANDSCAPES),
            seat.get("amphorae", 0),
            seat.get("stored", {}).get(ed.stored_kind, 0),
        ),
        texts=_texts(ed),
        error=ed.error,
        answer=_answer(ed),
        step=ed.step,
        steps=1 + len(ed.data.get("then") or []),
        can_add_step=ed.can_add_step(),
        replies=tuple(str(r) for r in replies) if isinstance(replies, list) else (),
        can_record=ed.position_ok and ed.step_start() is not None,
        can_record_also=ed.position_ok and ed.can_record_also(),
        several=_several(ed),
        also=ed.also,
        note=ed.note,
        reaches=_reaches(ed),
        hidden=frozenset(str(h) for h in ed.data.get("hide") or []),
        trains=ed.data.get("training", True) != [],
        stored_kind=ed.stored_kind,
        open_texts=frozenset(ed.open_texts),
        lesson_file=lesson_filename(ed.data),
        base=base,
        lesson_title=lesson_title(ed.data),
        untranslated=()
        if ed.good is None
        else tuple(lang for lang in LANGS if lang not in ed.good.written),
        preview=None if ed.preview is None else position_html(position_scene(ed.preview)),
        recording=recording,
        position_ok=ed.position_ok,
        file=ed.text(),
        import_error=ed.import_error,
        said=None if said is None else t(said[0], **dict(said[1])),
    )


def editor_scene(desk: Desk, base: str = "") -> EditorPageScene:
    """The whole page's scene, from the store's state."""
    listed = list(desk.listed)
    if all(d.id != desk.draft.id for d in listed):
        listed.insert(0, desk.draft)  # a new draft, kept with its first change
    return EditorPageScene(
        DraftsScene(
            tuple(listed),
            desk.draft,
            None if desk.asking is None else desk.asking[0],
            tuple((u.key, u.reason) for u in desk.unreadable),
            desk.not_kept,
            desk.elsewhere,
            desk.typing_kept,
        ),
        scene_of(desk.editor, base, desk.said),
    )
