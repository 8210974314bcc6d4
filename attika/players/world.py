"""A playable game made from one seat's view: what a computer player may simulate.

A computer player gets only ``game.view(seat)``. To look ahead it asks the rules
package for a determinisation (:func:`attika.determinise`): a whole game that
agrees with the view, its hidden parts dealt from the player's generator. Two
games that differ only in hidden things give the same view, hence the same
worlds for the same generator: the fairness of every level rests on this.
"""

from __future__ import annotations

from ..unseen import determinise
from ..view import View

__all__ = ["View", "determinise"]
