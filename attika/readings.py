"""Points where the German rulebook allows two readings, each behind one named switch.

docs/rules-notes.md gives the reasons. An owner of the printed game who reads a
point the other way changes the value here; the tests that pin each reading say
what changes. Nothing else in the package decides these points.
"""

from __future__ import annotations

#: A group earns its amphora when its buildings are joined *among themselves* ("alle
#: untereinander verbunden"), edge to edge without other buildings between them. False: it
#: is enough that they all stand in one settlement, linked through other own buildings.
GROUP_JOINED_AMONG_ITSELF = True

#: Actions bought with an amphora and not used are paid out as cards at the end of the turn,
#: like the turn's own. False: only the turn's own 2 draws or 3 builds are paid out.
BOUGHT_ACTIONS_PAY_OUT = True

#: A building just drawn is seen only by its drawer until it is built or stored ("sieht es sich
#: an"). True: it is turned face up for all ("aufdecken").
DRAWN_BUILDING_SEEN_BY_ALL = False
