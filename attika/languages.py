"""The languages the game speaks: the one list, read once from ``data/languages.json``.

Each line of the file is a language: its code, its name in itself (what the language switch
shows) and the name of its plural rule (web/core/text.py knows the rules by name). The code is the
key of the language's texts in components.json and in a scenario, and the name of its
translation file, web/i18n/<code>.json. The first is the language every text is written in
first, and the one spoken when no other fits: English.

The list lives here, not in web/, because the rules need it too (a scenario's texts are
checked against it) and the rules package never imports the page's. The page's Python reads
it from here; the page's scripts, which run before Python, read web/languages.js, which
scripts/languages.py writes from this file at install time.

Adding a language: its translation file web/i18n/<code>.json and its line in the file.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import NamedTuple

DATA_FILE = Path(__file__).parent / "data" / "languages.json"
#: The language every text is written in first; the list must begin with it.
SOURCE = "en"
_CODE = re.compile(r"[a-z]{2,3}")


class Language(NamedTuple):
    code: str
    #: The language's name in itself, for the switch.
    name: str
    #: The name of its plural rule (web/core/text.py ``PLURAL_RULES``).
    plural: str


def load(path: Path = DATA_FILE) -> dict[str, Language]:
    """The languages in the file's order; a malformed file fails loudly, naming the culprit."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(raw, dict) or next(iter(raw), None) != SOURCE:
        raise ValueError(f"{path.name}: an object of languages by code, {SOURCE!r} first")
    found: dict[str, Language] = {}
    for code, entry in raw.items():
        if not _CODE.fullmatch(code):
            raise ValueError(f"{path.name}: {code!r} is not a language code (two or three letters)")
        if not isinstance(entry, dict) or set(entry) != {"name", "plural"}:
            raise ValueError(f"{path.name}: {code} needs exactly a name and a plural rule")
        if not all(isinstance(v, str) and v.strip() for v in entry.values()):
            raise ValueError(f"{path.name}: {code}'s name and plural rule must be texts")
        found[code] = Language(code, entry["name"], entry["plural"])
    return found


#: Every language by code, in the order of the switch.
LANGUAGES: dict[str, Language] = load()
#: Their codes, in the same order.
CODES: tuple[str, ...] = tuple(LANGUAGES)
