"""Write web/languages.js, the list of languages for the page's scripts, from the one list.

    python scripts/languages.py    # scripts/install.sh runs it; tests/web checks it

attika/data/languages.json is the one a maintainer edits (attika/languages.py reads it for the
Python). The scripts that run before Python (web/boot.js, web/attika-embed.js) need the codes
at once, synchronously, from the page's own host and with no inline script: so they get a
small file of their own, written here at install time and git-ignored like pyscript.json.
It is a classic script that also works as a module: the pages load it with <script src>
before web/boot.js, and web/attika-embed.js imports it for what it sets.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from attika import languages  # noqa: E402

TARGET = "web/languages.js"
#: What the script sets, and what web/boot.js and web/attika-embed.js read.
GLOBAL = "attikaLanguages"


def render(codes: tuple[str, ...] | list[str]) -> str:
    """The script for these codes, in their order."""
    return (
        "// The languages the game speaks, in the order of the language switch; the first is\n"
        "// the one the pages are written in. Written by scripts/languages.py at install time\n"
        "// from attika/data/languages.json: edit that file, never this one (git-ignored).\n"
        f"globalThis.{GLOBAL} = Object.freeze({json.dumps(list(codes))});\n"
    )


def generated(path: Path = languages.DATA_FILE) -> str:
    """What web/languages.js must hold for the list in ``path`` now."""
    return render(tuple(languages.load(path)))


def main(argv: list[str]) -> int:
    if argv:
        print(__doc__)
        return 2
    text = generated()
    target = ROOT / TARGET
    if not target.exists() or target.read_text("utf-8") != text:
        target.write_text(text, "utf-8")
    print(f"{TARGET}: {', '.join(languages.CODES)}, written from attika/data/languages.json")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
