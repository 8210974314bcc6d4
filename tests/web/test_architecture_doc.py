"""docs/architecture.md names every file of web/, and names no file that is not there.

A newcomer finds their room from that list; a file added without a line there, or a line
left for a file that is gone, fails here.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
DOC = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
#: Made by the install step, not kept in git: the doc names them as such.
MADE = {"languages.js", "site.js", "position.css"}
PICTURES = (".png", ".svg")


def web_files() -> set[str]:
    found = set()
    for path in WEB.rglob("*"):
        rel = path.relative_to(WEB).as_posix()
        top = rel.split("/", 1)[0]
        if not path.is_file() or top in ("vendor", "previews") or "__pycache__" in rel:
            continue
        if path.name == "__init__.py" or path.suffix in PICTURES or rel in MADE:
            continue
        found.add(rel)
    return found


def test_every_file_of_web_is_named_in_the_architecture_document() -> None:
    missing = sorted(f for f in web_files() if f"`{f}`" not in DOC)
    assert not missing, f"not in docs/architecture.md: {missing}"


def test_every_file_the_document_names_is_there() -> None:
    named = set(re.findall(r"`((?:[a-z]+/)+[a-z_-]+\.(?:py|js|mjs|css|json|md))`", DOC))
    gone = sorted(n for n in named if not (WEB / n).exists() and not (ROOT / n).exists())
    gone = [n for n in gone if not (ROOT / "attika" / n).exists() and n not in MADE]
    assert not gone, f"docs/architecture.md names files that are not there: {gone}"
