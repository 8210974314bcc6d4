"""Bytes a device is sent per action in own-device play, on CPython, from whole games.

Plays seeded 3-seat games (one person at the host, two devices) with the greedy bot through
the host's referee (web/remote/host.py) and prints, per action, the median and largest
update one device is sent, and the whole table a device gets when it (re)joins, against the
game's own save file as the baseline measured in the same run.

    python bench/own_device.py --games 5
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import attika
from attika.bots import greedy_bot
from attika.rng import Rng
from web.play.computers import DEVICE, HUMAN
from web.play.session import Session
from web.remote import host, wire


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--seed", type=int, default=40)
    args = parser.parse_args()
    updates: list[int] = []
    joins: list[int] = []
    saves: list[int] = []
    took: list[float] = []
    for g in range(args.games):
        seed = args.seed + g
        session = Session.start(["Ann", "Bo", "Cy"], seed, start=0, seats=[HUMAN, DEVICE, DEVICE])
        devices = host.Devices()
        host.came(devices, host.invitation(1), 0.0, session)
        rng = Rng(seed)
        twin = attika.new_game(["Ann", "Bo", "Cy"], seed, start=0)
        while not twin.is_over and len(twin.actions) < 800:
            action = greedy_bot(twin, rng)
            twin.apply(action)
            session.game.apply(action)
            session.log_marks.append(len(session.log))
            # the referee's update after an action: the new log lines only
            resumed = Session.resume(session.game, seats=session.seats)
            start = time.perf_counter()
            sent = host.updates(resumed, devices)
            took.append(time.perf_counter() - start)
            updates.append(len(sent[0][1].encode()))
        final = Session.resume(session.game, seats=session.seats)
        joins.append(len(wire.host_text(host.seat_table(final, devices, 1, 0)).encode()))
        saves.append(len(session.game.to_json().encode()))
    print(f"games {args.games}, actions {len(updates)}")
    print(f"update per action: median {statistics.median(updates):,.0f} B, max {max(updates):,} B")
    print(f"whole table on (re)join at game end: median {statistics.median(joins):,.0f} B")
    print(f"baseline, the game's save file: median {statistics.median(saves):,.0f} B")
    print(f"ratio update / save file: {statistics.median(updates) / statistics.median(saves):.3f}")
    ms = sorted(t * 1000 for t in took)
    p95 = ms[int(len(ms) * 0.95)]
    print(f"building an update: median {statistics.median(ms):.2f} ms, p95 {p95:.2f} ms")


if __name__ == "__main__":
    main()
