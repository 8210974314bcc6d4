"""The normal level: a fast heuristic player that plans its turn (see plans.py)."""

from __future__ import annotations

from ..actions import Action
from ..rng import Rng
from .plans import decide
from .world import View, determinise


class NormalPlayer:
    """Milliseconds per decision; sees and blocks short shrine chains, values free builds."""

    name = "normal"

    def choose(self, view: View, rng: Rng) -> Action:
        return decide(determinise(view, rng))
