"""Numbers every part of the rules shares, read once from the component data.

Kept apart from the modules that use them so that none of those has to import
another just for a constant (imports inside the package point one way).
"""

from __future__ import annotations

from .components import COMPONENTS

#: Draws in a drawing turn and builds in a building turn.
DRAWS: int = COMPONENTS.draws_per_turn
BUILDS: int = COMPONENTS.builds_per_turn

#: Seeds stay below 2**53 so that JavaScript reads them exactly.
MAX_SEED = 2**53 - 1

#: The rules edition new games are played under, written in every record as its version.
#: Edition 1 shuffled the discard pile into a new deck only when a card was needed; the
#: German rules say at once ("sofort"), which edition 2 does. A record keeps the edition it
#: was played under, so games saved before the change still replay exactly. Edition 3 begins
#: on the redesigned start layouts of data version 2, edition 4 on the 4-player layout of data
#: version 3, edition 5 on the 2- and 3-player layouts of data version 4 (components.json
#: ``layouts``; earlier editions begin on the board they were played on, kept in its
#: ``retired_layouts``).
EDITION = 5
