"""Nothing important passes silently: amphorae, cards taken, tiles, the win, a computer's
moves; the next player hears what the others did; the board marks what changed."""

from __future__ import annotations

import attika
from attika.bots import greedy_bot
from attika.hexes import parse_hex
from attika.rng import Rng
from tests.web.commands import tap_turn
from web.board.board_svg import board_drawing
from web.core.text import set_language
from web.play.news import news_words, since_html, since_turn_of
from web.play.scene import table_scene
from web.play.session import Session
from web.table.screens import handover_html

from .commands import play


def _bot_game(seats: list[str] | None, seed: int, players: int = 2) -> Session:
    set_language("en")
    return Session.start([f"P{i}" for i in range(players)], seed, seats=seats)


def test_what_a_move_brought_is_announced_and_the_taker_alone_sees_which_cards() -> None:
    """Whole games of people at one device: after every action the announcement names the
    amphora, the tile, the cards and the win; the cards by landscape only to their owner."""
    heard = set()
    for seed in (3, 8):
        session = _bot_game(None, seed, 3)
        rng = Rng(seed)
        while not session.game.is_over and len(session.game.actions) < 400:
            twin = session.game.copy()
            action = greedy_bot(twin, rng)
            mover = session.seat
            before = session.game.players[mover].cards
            play(session, action)
            got = attika.cards_taken(before, session.game.players[mover].cards, action)
            kinds = {
                e["event"] for e in (line.event for line in session.log[session.log_marks[-1] :])
            }
            if session.handover:  # the device goes on: nobody's cards on the screen
                scene = table_scene(session)
                assert scene.taken is None
                assert not any("new card" in w for w in news_words(scene))
                tap_turn(session, "continue")
            scene = table_scene(session)
            words = " ".join(news_words(scene))
            for kind, says in (
                ("amphora", "took an amphora"),
                ("tile", "laid a new board tile"),
                ("win", "wins"),
                ("end-turn", "ended the turn"),
            ):
                if kind in kinds:
                    assert says in words, (kind, words)
                    heard.add(kind)
            if any(got) and scene.viewer == mover:
                assert scene.taken == got and "new card" in words
            if scene.viewer is not None and scene.viewer != mover and scene.taken is not None:
                # the viewer's own cards from their last turn, never the mover's
                assert scene.taken == session.taken[scene.viewer]
    assert heard >= {"amphora", "end-turn", "win"}


def test_the_next_player_hears_the_others_moves_and_sees_them_marked() -> None:
    session = _bot_game(None, 5, 3)
    rng = Rng(5)
    built: dict[int, set[tuple[int, int]]] = {0: set(), 1: set(), 2: set()}
    # play two full rounds, remembering where each seat built in its last turn
    while session.game.turn_number <= 7 and not session.game.is_over:
        action = greedy_bot(session.game.copy(), rng)
        mover = session.seat
        if not session.log or session.log[-1].event["event"] == "end-turn":  # a turn starts
            built[mover] = set()
        play(session, action)
        for line in session.log[session.log_marks[-1] :]:
            if line.event["event"] == "build":
                built[mover].add(parse_hex(line.event["hex"]))
    scene = table_scene(session)  # the next player has taken over (commands.play taps on)
    me = scene.status.current
    others = set().union(*(hexes for seat, hexes in built.items() if seat != me))
    assert others, "the others built nothing in two rounds: pick another seed"
    assert scene.marks.recent >= others
    assert not (scene.marks.recent & built[me] - others)
    screen = handover_html(scene)
    assert "Since your last turn" in screen
    for line in scene.since:
        assert line.seat != me
    # the recent marks stay through this player's own turn
    play(session, greedy_bot(session.game.copy(), rng))
    if session.seat == me:
        assert table_scene(session).marks.recent == scene.marks.recent
    board = str(board_drawing(table_scene(session)).markup())
    assert board.count('class="recent-ring"') == len(
        scene.marks.recent & set(scene.board.landscape)
    )


def test_a_computers_every_move_is_announced_to_the_person_watching() -> None:
    session = _bot_game(["human", "easy"], 8)
    rng = Rng(8)
    said_build = False
    while not session.game.is_over and len(session.game.actions) < 300:
        action = greedy_bot(session.game.copy(), rng)
        if session.computer(session.seat) is None:
            play(session, action)
            continue
        session.play_computer(action, len(session.game.actions))
        scene = table_scene(session)
        assert scene.news_whole
        words = [w for w in news_words(scene) if "new card" not in w]
        turn = [line for line in session.log if line.turn == session.log[-1].turn]
        told = [line.text for line in turn if line.event["event"] != "draw"]
        assert words == told  # the computer's turn so far, every move of it
        said_build = said_build or any(line.event["event"] == "build" for line in turn)
    assert said_build


def test_since_says_how_many_earlier_moves_it_leaves_to_the_log() -> None:
    session = _bot_game(None, 2, 4)
    rng = Rng(2)
    while session.game.turn_number <= 4:
        play(session, greedy_bot(session.game.copy(), rng))
    scene = table_scene(session)
    html = str(since_html(scene.since) or "")
    catch_up = [line for line in scene.since if line.event["event"] != "draw"]
    assert html.count("<li") == min(len(catch_up), 8)
    if len(catch_up) > 8:
        assert "earlier move" in html


def test_while_a_computer_plays_its_new_buildings_are_ringed_and_stay_in_the_news() -> None:
    """The person watching sees each of the computer's builds ringed as it comes (not only
    once their own turn starts), and on a phone, where the news keeps its last lines, the
    person's own new cards come first so the computer's moves are what stays."""
    session = _bot_game(["human", "easy"], 8)
    rng = Rng(8)
    ringed = taken_first = 0
    while not session.game.is_over and len(session.game.actions) < 300:
        action = greedy_bot(session.game.copy(), rng)
        if session.computer(session.seat) is None:
            play(session, action)
            continue
        session.play_computer(action, len(session.game.actions))
        scene = table_scene(session)
        if isinstance(action, attika.Build):
            assert action.hex in scene.marks.recent, "the computer's new building is not ringed"
            ringed += 1
        words = news_words(scene)
        if scene.taken is not None and len(words) > 1:
            assert "new card" in words[0] and all("new card" not in w for w in words[1:])
            taken_first += 1
    assert ringed and taken_first


def test_a_persons_turn_starts_with_every_move_the_others_made_since_their_last() -> None:
    """Three people at one device, and one person against two computers: when a person's
    turn starts, the news holds every build, store, tile, amphora and end of turn the other
    seats made since that person's last turn (it held the last action alone, or a
    computer's last four lines), and no line of the person's own."""
    for seats in (None, ["human", "easy", "normal"]):
        session = _bot_game(seats, 3, 3)
        rng = Rng(3)
        starts = 0
        while not session.game.is_over and session.game.turn_number <= 12:
            if session.handover:
                tap_turn(session, "continue")
            scene = table_scene(session)
            fresh_turn = scene.acting and session.log and session.log[-1].seat != scene.viewer
            if fresh_turn and scene.viewer is not None:
                since = since_turn_of(session.log, scene.viewer)
                told = [line.text for line in since if line.event["event"] != "draw"]
                assert told and news_words(scene)[-len(told) :] == told
                starts += 1
            action = greedy_bot(session.game.copy(), rng)
            if session.computer(session.seat) is None:
                play(session, action)
            else:
                session.play_computer(action, len(session.game.actions))
        assert starts >= 3, seats
