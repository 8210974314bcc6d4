"""Render the app icons (web/icons/*.png) from the game's own emblem, web/svg/icon.svg.

The PNGs are committed: they change only when the emblem does. Run this again after editing
the emblem (needs the install step's Chromium and Playwright):

    .venv/bin/python scripts/icons.py

"any" icons keep the emblem's rounded square; the "maskable" one fills the whole square
with the background colour and shrinks the emblem into the middle 80 %, the part a launcher
never crops whatever mask shape it uses.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
EMBLEM = ROOT / "web" / "svg" / "icon.svg"
OUT = ROOT / "web" / "icons"
CHROMIUM = os.environ.get("ATTIKA_CHROMIUM", "/usr/bin/chromium")

#: file name -> (size in px, maskable?)
ICONS = {
    "icon-192.png": (192, False),
    "icon-512.png": (512, False),
    "icon-maskable-512.png": (512, True),
    "apple-touch-icon.png": (180, True),  # iOS rounds the corners itself
}


def maskable(svg: str) -> str:
    """The emblem on a full-bleed square, its drawing scaled to the safe 80 %."""
    background = re.search(r'<rect[^>]*fill="([^"]+)"', svg)
    colour = background.group(1) if background else "#1d4e89"
    body = re.sub(r"<rect[^>]*/>", "", re.sub(r"<title>.*?</title>", "", svg), count=1)
    inner = body[body.index(">") + 1 : body.rindex("</svg>")]
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">'
        f'<rect width="512" height="512" fill="{colour}"/>'
        f'<g transform="translate(51.2 51.2) scale(0.8)">{inner}</g></svg>'
    )


def main() -> None:
    svg = EMBLEM.read_text(encoding="utf-8")
    OUT.mkdir(exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for name, (size, mask) in ICONS.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            art = maskable(svg) if mask else svg
            art = re.sub(r'(<svg[^>]*?) width="512" height="512"', r"\1", art, count=1)
            page.set_content(
                "<style>html,body{margin:0;background:transparent}"
                "svg{display:block;width:100vw;height:100vh}</style>" + art
            )
            page.screenshot(path=str(OUT / name), omit_background=True)
            page.close()
            print(f"{name}: {size}x{size}")
        browser.close()


if __name__ == "__main__":
    main()
