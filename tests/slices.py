"""Running a thinking generator as the page does, slice by slice, and measuring its slices."""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import Generic, TypeVar

from attika.players import heuristics as hx

T = TypeVar("T")


@dataclass
class Sliced(Generic[T]):
    """What the generator returned, how many times it yielded, and the most chain searches
    (the search's unit of work) done between two yields."""

    result: T
    steps: int
    longest: int


def in_slices(thinking: Generator[None, None, T]) -> Sliced[T]:
    steps, longest, mark = 0, 0, hx.SEARCHES[0]
    while True:
        try:
            next(thinking)
            steps += 1
        except StopIteration as done:
            result: T = done.value
            return Sliced(result, steps, max(longest, hx.SEARCHES[0] - mark))
        longest = max(longest, hx.SEARCHES[0] - mark)
        mark = hx.SEARCHES[0]
