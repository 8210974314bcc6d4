"""The page's questions: every answer agrees with what the rules let a player do."""

from __future__ import annotations

import attika
from attika.bots import random_bot
from attika.cost import covers
from attika.rng import Rng


def _positions(players: int, seed: int, actions: int = 400) -> list[attika.Game]:
    """Positions of a random game, one after each action (copies: the game plays on)."""
    game = attika.new_game(players, seed)
    rng = Rng(seed)
    out = [game.copy()]
    for _ in range(actions):
        if game.is_over:
            break
        game.apply(random_bot(game, rng))
        out.append(game.copy())
    return out


def test_placeable_and_targets_are_exactly_the_legal_builds() -> None:
    for players, seed in ((2, 1), (3, 7), (4, 9)):
        for game in _positions(players, seed):
            legal = game.legal_actions()
            for kind in attika.BUILDINGS:
                expected = {
                    a.hex: a for a in legal if isinstance(a, attika.Build) and a.building == kind
                }
                assert attika.targets(game, kind) == expected, (kind, game.actions)
                if expected:
                    assert attika.placeable(game, kind) is None


def test_can_draw_agrees_with_the_legal_draws() -> None:
    for players, seed in ((2, 2), (4, 3)):
        for game in _positions(players, seed):
            legal = {a.stack for a in game.legal_actions() if isinstance(a, attika.DrawBuilding)}
            for stack in range(4):
                assert (attika.can_draw(game, stack) is None) == (stack in legal)
            if legal:
                assert attika.can_draw(game) is None


def test_refusals_name_the_reason_with_what_the_wording_needs() -> None:
    game = attika.new_game(2, 3)
    stored = sorted(game.players[game.current].stored)
    missing = next(k for k in attika.BUILDINGS if k not in stored)
    refusal = attika.placeable(game, missing)
    assert refusal is not None and refusal.code == "not-stored"
    assert refusal.params == {"building": missing} and refusal.message
    game.apply("draw 1")
    drawn = attika.turn_status(game).drawn
    assert drawn is not None
    other = next(k for k in attika.BUILDINGS if k != drawn)
    refusal = attika.placeable(game, other)
    assert refusal is not None and refusal.code == "place-drawn-first"
    assert refusal.params["building"] == drawn
    assert attika.placeable(game, drawn) is None
    game.apply("store")
    refusal = attika.placeable(game, stored[0])
    assert refusal is not None and refusal.code == "draw-turn"
    game.apply("draw 2")
    game.apply("store")
    refusal = attika.can_draw(game)
    assert refusal is not None and refusal.code == "no-actions"


def test_a_build_turn_refuses_a_draw() -> None:
    game = attika.new_game(3, 42)
    build = next(a for a in game.legal_actions() if isinstance(a, attika.Build))
    game.apply(build)
    refusal = attika.can_draw(game)
    assert refusal is not None and refusal.code == "build-turn"


def test_a_site_refusal_says_what_is_wrong_with_the_site() -> None:
    game = attika.new_game(2, 9)
    kind = sorted(game.players[game.current].stored)[0]
    shrine = sorted(game.board.shrines)[0]
    refusal = attika.site_refusal(game, kind, shrine)
    assert refusal is not None and refusal.code == "shrine" and refusal.params["hex"] == shrine
    refusal = attika.site_refusal(game, kind, (40, 40))
    assert refusal is not None and refusal.code == "off-board"
    build = next(a for a in game.legal_actions() if isinstance(a, attika.Build))
    assert attika.site_refusal(game, build.building, build.hex) is None
    game.apply(build)
    refusal = attika.site_refusal(game, kind, build.hex)
    assert refusal is not None and refusal.code == "taken"
    assert set(attika.SITE_CODES) >= {"shrine", "off-board", "taken", "cannot-pay"}


def test_a_site_the_hand_cannot_pay_for_says_how_many_cards_it_holds() -> None:
    for game in _positions(2, 5):
        status = attika.turn_status(game)
        if status.phase != "turn":
            continue
        for kind in sorted(game.players[game.current].stored):
            for h in game.board.empty_sites():
                q = game.quote(kind, h)
                if q.payment is None:
                    refusal = attika.site_refusal(game, kind, h)
                    assert refusal is not None and refusal.code == "cannot-pay"
                    assert refusal.params["cards"] == sum(game.players[game.current].hand)
                    assert refusal.params["due"] == q.due
                    return
    raise AssertionError("no unpayable site found")


def test_the_payment_verdict_is_exact_when_the_rules_accept_the_payment() -> None:
    due = attika.Due((1, 1, 0, 0), 0)
    assert attika.payment_verdict((1, 1, 0, 0), due) == attika.PaymentVerdict(
        exact=True, short=0, over=0, stand_ins=(), cards=2
    )
    verdict = attika.payment_verdict((1, 0, 2, 0), due)
    assert verdict.exact and verdict.stand_ins == ((1, 1),)
    verdict = attika.payment_verdict((1, 0, 1, 0), due)
    assert not verdict.exact and verdict.short == 1 and verdict.over == 0
    verdict = attika.payment_verdict((1, 1, 1, 0), due)
    assert not verdict.exact and verdict.over == 1 and verdict.short == 0
    assert attika.payment_verdict((0, 0, 3, 2), attika.Due((0, 0, 0, 0), 5)).exact
    dues = [attika.Due((a, b, 0, 1), n) for a in range(3) for b in range(3) for n in range(3)]
    pays = [(a, b, c, d) for a in range(4) for b in range(4) for c in range(4) for d in range(3)]
    for due in dues:
        for pay in pays:
            verdict = attika.payment_verdict(pay, due)
            assert verdict.exact == covers(pay, due), (pay, due)
            assert verdict.cards == sum(pay)


def test_payment_steps_stay_between_nothing_and_the_hand() -> None:
    game = attika.new_game(2, 4)
    hand = game.players[game.current].cards
    pay = (0, 0, 0, 0)
    for i in range(4):
        for _ in range(9):
            pay = attika.stepped_payment(game, pay, i, 1)
    assert pay == hand
    for i in range(4):
        for _ in range(9):
            pay = attika.stepped_payment(game, pay, i, -1)
    assert pay == (0, 0, 0, 0)


def test_turn_status_follows_a_turn() -> None:
    game = attika.new_game(2, 3)
    status = attika.turn_status(game)
    assert (status.phase, status.mode, status.step, status.allowance) == ("turn", None, 1, 3)
    assert status.actions_left == 3 and status.drawn is None and status.winner is None
    game.apply("draw 1")
    status = attika.turn_status(game)
    assert status.phase == "drawn" and status.mode == "draw" and status.drawn is not None
    game.apply("store")
    status = attika.turn_status(game)
    assert (status.mode, status.step, status.allowance, status.actions_left) == ("draw", 2, 2, 1)
    assert status.unused == 1


def test_tile_questions_follow_the_revealed_tile() -> None:
    game = attika.new_game(2, 3)
    assert attika.tile_sites(game) == []
    refusal = attika.tile_site_refusal(game, (9, 9))
    assert refusal is not None and refusal.code == "no-tile"
    for game in _positions(2, 4, 2000):
        if attika.turn_status(game).phase == "tile":
            sites = attika.tile_sites(game)
            assert sites and attika.tile_site_refusal(game, sites[0]) is None
            refusal = attika.tile_site_refusal(game, (0, 0))
            assert refusal is not None and refusal.code == "tile-site"
            refusal = attika.can_draw(game)
            assert refusal is not None and refusal.code == "tile-first"
            return
    raise AssertionError("no tile was revealed")
