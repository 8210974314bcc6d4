"""Write the still previews of the shipped scenarios into web/previews/.

Run by scripts/install.sh (the folder is git-ignored: generated, never committed). For each
language, ``<lang>.json`` holds the words of every shipped position and of the previews, and
its keys are the exact list of shipped names: web/still.js shows a preview only for a name in
it. Each position's board is ``<name>.<lang>.svg``, a picture drawn by the page's own board
drawing (web/teach/embed_preview.py). Nothing here is markup a page inserts: see docs/security.md.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from attika import load_scenario  # noqa: E402
from web.core import text  # noqa: E402
from web.teach.embed_preview import preview_svg, preview_texts, preview_words  # noqa: E402

OUT = ROOT / "web" / "previews"


def write_previews(out: Path = OUT) -> list[Path]:
    """Every scenario in every language; files no scenario makes any more are removed."""
    out.mkdir(parents=True, exist_ok=True)
    css = (ROOT / "web" / "app.css").read_text("utf-8")
    art = (ROOT / "web" / "svg" / "art.svg").read_text("utf-8")
    scenarios = {
        path.stem: load_scenario(path.read_text("utf-8"), path.stem)
        for path in sorted((ROOT / "scenarios").glob("*.json"))
    }
    written: list[Path] = []
    before = text.language()
    try:
        for lang in text.LANGUAGES:
            text.set_language(lang)
            for name, scenario in scenarios.items():
                target = out / f"{name}.{lang}.svg"
                target.write_text(preview_svg(name, scenario, css, art), "utf-8")
                written.append(target)
            data = {
                "words": preview_words(),
                "previews": {name: preview_texts(s) for name, s in scenarios.items()},
            }
            target = out / f"{lang}.json"
            target.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", "utf-8")
            written.append(target)
    finally:
        text.set_language(before)
    for stale in set(out.iterdir()) - set(written):
        if stale.is_file():
            stale.unlink()
    return written


if __name__ == "__main__":
    files = write_previews()
    print(f"previews: {len(files)} files in {OUT.relative_to(ROOT)}/")
