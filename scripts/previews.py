"""Write the still previews of the shipped scenarios: web/previews/<name>.<lang>.html.

Run by scripts/install.sh (the folder is git-ignored: generated, never committed). Each file
is the markup web/preview.js puts into an embed or a rules.html position at first paint,
drawn by the page's own board drawing (web/embed_preview.py) in every language.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from attika import load_scenario  # noqa: E402
from web import text  # noqa: E402
from web.embed_preview import preview_html  # noqa: E402

OUT = ROOT / "web" / "previews"


def write_previews(out: Path = OUT) -> list[Path]:
    """Every scenario in every language; files no scenario makes any more are removed."""
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    before = text.language()
    try:
        for path in sorted((ROOT / "scenarios").glob("*.json")):
            scenario = load_scenario(path.read_text("utf-8"), path.stem)
            for lang in text.LANGUAGES:
                text.set_language(lang)
                target = out / f"{path.stem}.{lang}.html"
                target.write_text(str(preview_html(path.stem, scenario)) + "\n", "utf-8")
                written.append(target)
    finally:
        text.set_language(before)
    for stale in set(out.glob("*.html")) - set(written):
        stale.unlink()
    return written


if __name__ == "__main__":
    files = write_previews()
    print(f"previews: {len(files)} files in {OUT.relative_to(ROOT)}/")
