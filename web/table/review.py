"""Stepping through a game action by action: a finished game, or any saved or loaded one.

The whole record is replayed once and the position after every action kept,
so stepping back and forth is instant. Only what every player may see is shown
(the board, the player boards, hand sizes, the log): stepping through a game
still in play reveals no hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from attika import Game, replay

from ..core.text import t
from ..play.log_lines import LogLine, log_lines
from ..play.scene import Scene, watched_scene
from ..play.spoken import line_words


@dataclass
class Stepping:
    city_states: list[str]
    #: The game after 0, 1, ... n actions.
    positions: list[Game]
    log: list[LogLine]
    #: How many log lines existed after 0, 1, ... n actions.
    log_sizes: list[int]
    step: int = 0
    open_player: int | None = None
    _scenes: dict[tuple[int, int | None], Scene] = field(default_factory=dict)

    @classmethod
    def of(cls, game: Game, city_states: list[str], step: int | None = None) -> Stepping:
        """Replay ``game``'s record with ``attika.replay`` (checked, with the events that make
        the log), then keep the position after every action for stepping: each is the one
        before with that action pushed (already checked by the replay)."""
        replayed, events = replay(game.record())
        log, marks = log_lines(replayed, events)
        names = [p.name for p in replayed.players]
        start = Game.new(names, replayed.seed, replayed.chosen_start, replayed.edition)
        positions = [start]
        for text in replayed.actions:
            position = positions[-1].copy()
            position.push(position.parse_action(text))
            position.actions.append(text)
            positions.append(position)
        last = len(positions) - 1
        sizes = [*marks, len(log)]
        return cls(list(city_states), positions, log, sizes, last if step is None else step)

    @property
    def length(self) -> int:
        """How many actions the game has."""
        return len(self.positions) - 1

    def scene(self) -> Scene:
        """What the current step shows: the position as nobody's hand sees it."""
        key = (self.step, self.open_player)
        scene = self._scenes.get(key)
        if scene is None:
            scene = watched_scene(
                self.positions[self.step],
                self.city_states,
                tuple(self.log[: self.log_sizes[self.step]]),
                self.open_player,
            )
            self._scenes = {key: scene}
        return scene

    def go(self, to: str) -> None:
        """To the ``first`` or ``last`` action, or one back (``-1``) or on (``+1``)."""
        targets = {"first": 0, "last": self.length, "-1": self.step - 1, "+1": self.step + 1}
        if to in targets:
            self.step = max(0, min(self.length, targets[to]))

    def latest_line(self) -> str:
        """What the action that led to this step did, in words: a build says where it
        stands, a tile where it lies, on the board of this step."""
        if self.step == 0:
            return t("review.start")
        lines = self.log[self.log_sizes[self.step - 1] : self.log_sizes[self.step]]
        scene = self.scene()
        return " ".join(line_words(scene, line) for line in lines)
