"""One player's counts of the building race over the games it played (bench/race_figures.py)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Tally:
    """One player's counts over the games it played."""

    games: int = 0
    wins: int = 0
    shrine_wins: int = 0
    placed: list[int] = field(default_factory=list)
    lost_race_placed: list[int] = field(default_factory=list)
    cards: int = 0
    builds: int = 0
    free: int = 0
    draw_turns: int = 0
    build_turns: int = 0
    card_turns: int = 0
    amphorae_earned: int = 0
    amphorae_for_actions: int = 0
    amphorae_for_cards: int = 0
    seconds: list[float] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        for name, value in vars(other).items():
            mine = getattr(self, name)
            setattr(self, name, mine + value)
