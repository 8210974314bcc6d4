"""The static files that make the page: nothing missing, nothing fetched from elsewhere."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: Command-line only: the page never imports these.
NOT_IN_PAGE = {
    "attika/cli.py",
    "attika/__main__.py",
    "attika/bots.py",
    "attika/balance.py",  # self-play statistics, for the command line
    "web/main.py",  # the <script src> of index.html, embed.html and rules.html, not an import
}


def config() -> dict:
    """pyscript.json: what PyScript loads for index.html, embed.html and rules.html.

    ``interpreter`` is the Pyodide that ``npm ci`` copies into web/vendor/ (without it PyScript
    would fetch Pyodide from a CDN); no ``packages`` (the game needs none). JSON rather than
    TOML: PyScript reads TOML only after downloading a parser for it, one more round trip
    before Python can start. ``files`` are fetched into Pyodide's file system."""
    return json.loads((ROOT / "pyscript.json").read_text())


def test_pyscript_loads_the_vendored_pyodide_and_no_packages() -> None:
    conf = config()
    assert conf["interpreter"] == "./web/vendor/pyodide/pyodide.mjs"
    assert "packages" not in conf


def test_every_module_and_data_file_the_page_imports_is_listed() -> None:
    files = config()["files"]
    assert all(key == value for key, value in files.items())
    listed = {k.removeprefix("./") for k in files}
    needed = {
        str(p.relative_to(ROOT))
        for pattern in (
            "attika/*.py",
            "web/*.py",
            "attika/data/*.json",
            "web/i18n/*.json",
            "web/data/*.json",
        )
        for p in ROOT.glob(pattern)
    } - NOT_IN_PAGE
    assert needed <= listed, f"missing from pyscript.json files: {sorted(needed - listed)}"
    assert listed <= needed | {"web/main.py"}, f"listed but absent: {sorted(listed - needed)}"


def test_the_page_references_nothing_outside_its_own_host() -> None:
    for name in (
        "index.html",
        "embed.html",
        "rules.html",
        "web/app.css",
        "web/boot.js",
        "web/board-view.js",
    ):
        text = (ROOT / name).read_text()
        assert not re.search(r"(?:src|href)\s*=\s*[\"']?(?:https?:)?//", text), name
        assert "@import" not in text and "url(http" not in text, name
    for svg in (ROOT / "web" / "svg").glob("*.svg"):
        text = svg.read_text()
        assert 'href="http' not in text and "<image" not in text, svg


def test_every_symbol_the_page_uses_is_drawn() -> None:
    art = (ROOT / "web" / "svg" / "art.svg").read_text()
    drawn = set(re.findall(r'<symbol id="([^"]+)"', art))
    from attika import BUILDINGS, LANDSCAPES

    used = {f"b-{k}" for k in BUILDINGS} | {f"land-{land}" for land in LANDSCAPES}
    used |= {
        f"seat-{v['shape']}"
        for v in json.loads((ROOT / "web/data/look.json").read_text())["city_states"].values()
    }
    for name in ("index.html", *[str(p.relative_to(ROOT)) for p in (ROOT / "web").glob("*.py")]):
        text = (ROOT / name).read_text()
        used |= set(re.findall(r'art\.svg#([a-z][a-z0-9-]+)"', text))
        used |= set(re.findall(r'icon\("([a-z][a-z0-9-]+)"', text))
        used |= set(re.findall(r'use\("([a-z][a-z0-9-]+)"', text))
    used = {u for u in used if not u.endswith("-")}  # prefixes of names built in code
    assert used <= drawn, f"not in art.svg: {sorted(used - drawn)}"


def test_every_text_key_the_code_uses_exists() -> None:
    strings = json.loads((ROOT / "web/i18n/en.json").read_text())
    used: set[str] = set()
    for path in (ROOT / "web").glob("*.py"):
        text = path.read_text()
        used |= set(re.findall(r'\bt\(\s*"([^"{]+)"', text))
        used |= set(re.findall(r'\bsay\(\s*"[a-z]+",\s*"([^"{]+)"', text))
        for key in re.findall(r'\bplural\(\s*"([^"]+)"', text):
            used |= {f"{key}.one", f"{key}.many"}
    used = {u for u in used if not u.endswith(".")}  # prefixes of keys built at run time
    assert used <= set(strings), f"missing in en.json: {sorted(used - set(strings))}"
    # keys built at run time: status.<mode>, log.win.<reason>, result.<reason>, undo.<rule>
    for key in (
        "status.draw",
        "status.build",
        "log.win.shrines",
        "log.win.all-buildings",
        "result.shrines",
        "result.all-buildings",
        *(f"undo.undo-{why}" for why in ("turn", "building", "card", "tile", "win")),
    ):
        assert key in strings
