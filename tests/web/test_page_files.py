"""The static files that make the page: nothing missing, nothing fetched from elsewhere."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from typing import Any, cast, get_args

import pytest

from attika import WinReason
from scripts import pyscript_config

ROOT = Path(__file__).resolve().parents[2]
#: The scripts the pages run with <script src>: where their imports start.
ENTRY_SCRIPTS = {"web/main.py": "index.html, join.html, embed.html, rules.html and editor.html"}
#: The folders whose Python modules make up the pages; every module in them, subpackages
#: included, is either loaded or left out because no page imports it.
PACKAGES = ("attika", "web")
#: The data the pages read from Python's file system: every file there is loaded.
DATA = ("attika/data/*.json", "web/i18n/*.json", "web/data/*.json")
INSTALL = "run bash scripts/install.sh: it writes pyscript.json from pyscript.toml"


def loaded() -> dict[str, Any]:
    """pyscript.json: what PyScript loads for index.html, embed.html and rules.html.

    Written from pyscript.toml at install time (scripts/pyscript_config.py), never by hand.
    ``interpreter`` is the Pyodide that ``npm ci`` copies into web/vendor/ (without it PyScript
    would fetch Pyodide from a CDN); no ``packages`` (the game needs none). ``files`` are
    fetched into Pyodide's file system."""
    path = ROOT / "pyscript.json"
    assert path.exists(), f"no pyscript.json: {INSTALL}"
    return cast(dict[str, Any], json.loads(path.read_text()))


def loaded_files() -> set[str]:
    files = loaded()["start_files"]
    assert all(key == value for key, value in files.items()), "each file at its own path"
    return {key.removeprefix("./") for key in files}


def left_out() -> set[str]:
    """The files [leave-out] names; an entry ending in / stands for every module under it."""
    found: set[str] = set()
    for name in pyscript_config.load().get("leave-out", {}).get("files", []):
        name = name.removeprefix("./")
        if name.endswith("/"):
            found.update(str(p.relative_to(ROOT)) for p in (ROOT / name).rglob("*.py"))
        else:
            found.add(name)
    return found


def imports(path: Path) -> set[str]:
    """Modules of the project a file imports, wherever the import sits (in a function, too),
    except under ``if TYPE_CHECKING:``, which never runs."""
    # the package a relative import starts from: the folder, for a module and an __init__.py
    package = ".".join(path.relative_to(ROOT).parts[:-1])
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, *([base] if base else [])])
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)  # maybe submodules
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text()))
    return {name for name in found if name.split(".")[0] in PACKAGES}


def module_file(name: str) -> str | None:
    """The file a module name is found in, as a path from the top; None for a name that is
    not a module (``from attika import Game``)."""
    for candidate in (f"{name.replace('.', '/')}.py", f"{name.replace('.', '/')}/__init__.py"):
        if (ROOT / candidate).is_file():
            return candidate
    return None


def imported_by_the_pages() -> set[str]:
    """Every file of the project that the pages' scripts import, directly or not, with the
    __init__.py of each package on the way (Python runs those first)."""
    seen: set[str] = set()
    todo = list(ENTRY_SCRIPTS)
    while todo:
        for name in imports(ROOT / todo.pop()):
            parts = name.split(".")
            for depth in range(1, len(parts) + 1):
                found = module_file(".".join(parts[:depth]))
                if found and found not in seen:
                    seen.add(found)
                    todo.append(found)
    return seen - set(ENTRY_SCRIPTS)


def test_pyscript_json_is_what_pyscript_toml_gives() -> None:
    """A hand edit of pyscript.json, or a TOML or a module changed since install, fails here."""
    expected = pyscript_config.expand(pyscript_config.load())
    conf = loaded()
    assert conf.keys() == expected.keys(), INSTALL
    for key in expected.keys() - {"start_files"}:
        assert conf[key] == expected[key], f"{key}: {INSTALL}"
    now, then = set(expected["start_files"]), set(conf["start_files"])
    assert now <= then, f"not loaded by the pages: {sorted(now - then)}; {INSTALL}"
    assert then <= now, f"loaded, but pyscript.toml does not give: {sorted(then - now)}; {INSTALL}"
    assert (ROOT / "pyscript.json").read_text() == pyscript_config.render(expected), INSTALL


def test_pyscript_loads_the_vendored_pyodide_and_no_packages() -> None:
    """The interpreter is the project's loader, which starts the vendored Pyodide (restoring
    the install step's snapshot when it can) and nothing from elsewhere."""
    conf = loaded()
    assert conf["interpreter"] == "./web/start/pyodide.mjs"
    assert "packages" not in conf
    assert "files" not in conf, "the loader writes the files, PyScript must not fetch them again"
    # the loader and the modules of its own folder it imports or starts as workers: between
    # them they import the vendored Pyodide and nothing else, and name no other host
    entry = (ROOT / conf["interpreter"]).resolve()
    todo, seen, outside = [entry], {entry}, set()
    while todo:
        module = todo.pop()
        text = module.read_text()
        assert not re.search(r"https?://", text), f"{module.name} must not name another host"
        imported = re.findall(r"""(?:import|from)\s*["']([^"']+)["']""", text)
        workers = re.findall(r"""new URL\(["']([^"']+\.mjs)["'],\s*import\.meta\.url""", text)
        for source in imported + workers:
            found = (module.parent / source).resolve()
            if found.parent == entry.parent:
                if found not in seen:
                    seen.add(found)
                    todo.append(found)
            else:
                outside.add(found.relative_to(ROOT).as_posix())
    assert outside == {"web/vendor/pyodide/pyodide.mjs"}, outside


def test_every_module_the_pages_import_is_loaded() -> None:
    needed = imported_by_the_pages()
    assert {
        "attika/__init__.py",
        "attika/game.py",
        "attika/scenario.py",
        "web/browser/dom.py",
    } <= needed
    missing = needed - loaded_files()
    assert not missing, f"imported by the pages but not loaded: {sorted(missing)}"
    wrongly = needed & left_out()
    assert not wrongly, f"imported by the pages: take them out of [leave-out]: {sorted(wrongly)}"


def test_every_module_and_data_file_is_loaded_unless_left_out() -> None:
    """A module added to attika/ or web/ (or to a new subpackage of theirs) must reach the
    pages without a hand edit, unless pyscript.toml leaves it out on purpose."""
    modules = {
        str(p.relative_to(ROOT))
        for package in PACKAGES
        for p in (ROOT / package).rglob("*.py")
        if "vendor" not in p.relative_to(ROOT).parts
    }
    data = {str(p.relative_to(ROOT)) for pattern in DATA for p in ROOT.glob(pattern)}
    listed, kept_out = loaded_files(), left_out()
    missing = (modules | data) - kept_out - listed
    assert not missing, f"missing from what the pages load: {sorted(missing)}"
    assert listed <= modules | data, f"loaded but absent: {sorted(listed - modules - data)}"
    assert kept_out <= modules, f"[leave-out] names files that are gone: {kept_out - modules}"
    assert set(ENTRY_SCRIPTS) <= kept_out, "the pages' own scripts are not imports"


def test_nothing_from_tests_benchmarks_or_the_vendored_runtime_is_shipped() -> None:
    for name in loaded_files():
        assert name.split("/")[0] in PACKAGES, name
        assert not {"tests", "e2e", "bench", "vendor"} & set(name.split("/")), name


def test_the_service_worker_keeps_every_file_the_pages_load() -> None:
    precache = ROOT / "web" / "vendor" / "precache.js"
    assert precache.exists(), f"no {precache.relative_to(ROOT)}: run bash scripts/install.sh"
    text = precache.read_text()
    kept = set(json.loads(text[text.index("{") : text.rindex("}") + 1])["files"])
    missing = (loaded_files() | {"pyscript.json", *ENTRY_SCRIPTS}) - kept
    assert not missing, f"not kept for offline play: {sorted(missing)}; {INSTALL}"


def test_the_snapshot_is_made_and_kept_offline_with_its_loader() -> None:
    """Installed, the game starts offline from the snapshot: the loader, the snapshot and the
    note of its name are in the service worker's list, and the name covers every file the
    pages load, the Pyodide build and the standard library."""
    made = ROOT / "web" / "vendor" / "snapshot" / "snapshot.json"
    assert made.exists(), f"no snapshot: {INSTALL}"
    manifest = json.loads(made.read_text())
    covered = set(manifest["files"])
    assert loaded_files() | {"pyscript.json"} <= covered
    assert {
        "web/vendor/pyodide/pyodide.mjs",  # with the build's id in it
        "web/vendor/pyodide/python_stdlib.zip",
    } <= covered
    assert {"attika", "attika.game", "web.table.update"} <= set(manifest["modules"])
    text = (ROOT / "web" / "vendor" / "precache.js").read_text()
    kept = set(json.loads(text[text.index("{") : text.rindex("}") + 1])["files"])
    snapshot = f"web/vendor/snapshot/{manifest['file']}"
    assert {"web/start/pyodide.mjs", "web/vendor/snapshot/snapshot.json", snapshot} <= kept


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)


TOML = """interpreter = "./vendor/pyodide.mjs"
[files]
"./game/" = "./game/"
"./extra.txt" = "./extra.txt"
[leave-out]
files = ["./game/cli.py"]
"""


def test_a_folder_in_pyscript_toml_gives_its_modules_and_data_and_nothing_else(
    tmp_path: Path,
) -> None:
    write(
        tmp_path,
        {
            "pyscript.toml": TOML,
            "extra.txt": "",
            "game/__init__.py": "",
            "game/rules.py": "",
            "game/cli.py": "",
            "game/words.json": "{}",
            "game/notes.md": "",
            "game/sub/deep.py": "",
        },
    )
    conf = pyscript_config.expand(pyscript_config.load(tmp_path), tmp_path)
    assert conf == {
        "interpreter": "./vendor/pyodide.mjs",
        "start_files": {
            "./game/__init__.py": "./game/__init__.py",
            "./game/rules.py": "./game/rules.py",
            "./game/words.json": "./game/words.json",
            "./extra.txt": "./extra.txt",
        },
    }
    write(tmp_path, {"game/new_module.py": ""})  # a developer adds a module: nothing to edit
    again = pyscript_config.generated(tmp_path)
    assert '"./game/new_module.py": "./game/new_module.py"' in again


@pytest.mark.parametrize(
    ("files_table", "why"),
    [
        ('"./tests/" = "./tests/"', "nothing under tests/"),
        ('"./web/vendor/" = "./web/vendor/"', "nothing under vendor/"),
        ('"./game/../bench/" = "./bench/"', "outside the top folder"),
        ('"game/" = "game/"', "relative to pyscript.toml"),
        ('"./game/" = "./game"', "must end in / too"),
        ('"./nowhere/" = "./nowhere/"', "no such folder"),
        ('"./game/gone.py" = "./game/gone.py"', "no such file"),
        ('"./game/" = "./game/"\n"./other/a.py" = "./game/a.py"', "two files at"),
    ],
)
def test_pyscript_toml_asking_for_what_must_not_ship_is_refused(
    tmp_path: Path, files_table: str, why: str
) -> None:
    write(
        tmp_path,
        {
            "pyscript.toml": f"[files]\n{files_table}\n",
            "game/a.py": "",
            "other/a.py": "",
            "tests/test_a.py": "",
            "web/vendor/pyodide.mjs": "",
        },
    )
    with pytest.raises(pyscript_config.ConfigError, match=re.escape(why)):
        pyscript_config.expand(pyscript_config.load(tmp_path), tmp_path)


def test_the_page_references_nothing_outside_its_own_host() -> None:
    for name in (
        "index.html",
        "join.html",
        "web/peer-load.js",
        "embed.html",
        "rules.html",
        "editor.html",
        "web/editor.css",
        "web/app.css",
        "web/boot.js",
        "web/board-view.js",
        "web/board-names.js",
        "web/focus-view.js",
        "web/preview.js",
        "web/attika-embed.js",
        "web/still.js",
        "web/addresses.js",
        "web/embed.css",
        "web/course.js",
        "web/course-file.js",
        "web/course.css",
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
        for key in re.findall(r'\bplural\(\s*"([^"]+)"', text):
            used |= {f"{key}.one", f"{key}.many"}
    used = {u for u in used if not u.endswith(".")}  # prefixes of keys built at run time
    assert used <= set(strings), f"missing in en.json: {sorted(used - set(strings))}"
    # keys built at run time: status.<mode>, log.win.<reason>, result.<reason>, undo.<rule>
    for key in (
        "status.draw",
        "status.build",
        # every way the rules know to win has its words, in the log and on the result
        *(f"log.win.{reason}" for reason in get_args(WinReason)),
        *(f"result.{reason}" for reason in get_args(WinReason)),
        *(f"undo.undo-{why}" for why in ("turn", "building", "card", "tile", "win")),
    ):
        assert key in strings


#: The game's pages, and the example of a teacher's own page holding lessons (which must
#: carry the same policy: docs/teaching.md tells teachers to copy it from there).
PAGES = (
    "index.html",
    "join.html",
    "embed.html",
    "rules.html",
    "editor.html",
    "examples/lessons.html",
)
_POLICY = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">')


def test_every_page_has_the_one_documented_policy_right_after_its_charset() -> None:
    """A policy in a <meta> applies only from where it stands: nothing may come before it.
    docs/security.md gives the same policy to pages holding <attika-position>, and says why
    each source is in it."""
    found = set()
    for name in PAGES:
        lines = [line.strip() for line in (ROOT / name).read_text().splitlines()]
        at = lines.index('<meta charset="utf-8">')
        policy = _POLICY.fullmatch(lines[at + 1])
        assert policy, f"{name}: no content security policy right after <meta charset>"
        found.add(policy.group(1))
    assert len(found) == 1, f"the pages differ: {found}"
    policy = found.pop()
    directives = {d.split()[0]: d.split()[1:] for d in policy.split(";") if d.strip()}
    assert directives["default-src"] == ["'self'"]
    assert directives["connect-src"] == ["'self'"]  # no connection to another site
    assert "'unsafe-inline'" not in directives["script-src"]  # no inline script, no onerror=
    assert directives["object-src"] == ["'none'"] and directives["base-uri"] == ["'none'"]
    docs = (ROOT / "docs" / "security.md").read_text()
    assert policy in docs, "docs/security.md gives another policy than the pages have"
    for name, sources in directives.items():
        for source in sources:
            assert f"`{name}` `{source}`" in docs, f"docs/security.md: why {name} {source}?"
