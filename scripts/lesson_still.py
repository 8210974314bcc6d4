"""Draw a lesson's board into its file as a picture, for a lesson written by hand.

    python scripts/lesson_still.py my-lesson.json [more.json ...]

The editor's download and its file box carry the picture already; a file written or changed
by hand has none (or an old one), and a page then shows the lesson's title and task with a
note until the reader taps *Try it*. This writes the same picture the editor would, in each
language the lesson is written in. A file the rules refuse is named with why, and left as
it was.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from attika import SCENARIO_CHARS, ScenarioError  # noqa: E402
from web.teach.embed_preview import with_still  # noqa: E402


def main(paths: list[str]) -> int:
    if not paths:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    css = (ROOT / "web" / "app.css").read_text("utf-8")
    art = (ROOT / "web" / "svg" / "art.svg").read_text("utf-8")
    failed = 0
    for name in paths:
        path = Path(name)
        try:
            text = path.read_text("utf-8")
            if len(text) > SCENARIO_CHARS:
                raise ValueError(f"longer than {SCENARIO_CHARS} characters")
            out = with_still(text, css, art)
        except (OSError, ValueError, ScenarioError) as exc:
            print(f"{name}: not changed: {exc}", file=sys.stderr)
            failed += 1
            continue
        if '"still"' not in out:
            print(f"{name}: not changed: with its picture it would be too long for a page")
            failed += 1
            continue
        path.write_text(out, "utf-8")
        print(f"{name}: picture drawn in")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
