"""Imports point down: the rules never import the page, the page's folders only import the
folders below them, and no module of the rules imports one that imports it back.

Every import counts, wherever it sits: at the top, inside a function (it runs the moment the
function does) and under ``if TYPE_CHECKING:`` (a circle the type checker needs is still a
circle in the design, and the next import moved out of that block would close it).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("attika", "web")

#: web/'s folders and the folders each may import. ``main.py`` starts the pages and may
#: import any of them; a page's folder never imports another page's.
WEB_LAYERS: dict[str, set[str]] = {
    "core": set(),
    "browser": {"core"},
    "board": {"core"},
    "play": {"core", "board"},
    "remote": {"core", "board", "play", "browser"},
    "table": {"core", "board", "play", "remote", "browser"},
    "teach": {"core", "board", "play", "browser"},
    # the editor tries a lesson with the lesson page's own store and drawing
    "editor": {"core", "board", "play", "browser", "teach"},
}

#: Arrows that point up today, each to be removed; strict, so the test says so the moment
#: one is gone and its mark must go too.
KNOWN_UPWARD: dict[tuple[str, str], str] = {}


def modules(root: Path = ROOT, packages: tuple[str, ...] = PACKAGES) -> dict[str, Path]:
    """Every module of the packages by dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for package in packages:
        for path in (root / package).rglob("*.py"):
            parts = path.relative_to(root).with_suffix("").parts
            if "vendor" in parts:
                continue
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


def _resolve(name: str, known: dict[str, Path]) -> str | None:
    """The project module ``name`` is, or lies in (``attika.game.Game`` -> ``attika.game``)."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def imports(name: str, known: dict[str, Path]) -> set[str]:
    """The project modules that module ``name`` imports, anywhere in its file."""
    path = known[name]
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join([*package[: len(package) - node.level + 1], *[node.module or ""]])
                base = base.rstrip(".")
            else:
                base = node.module or ""
            # ``from . import game`` names a module; ``from .game import Game`` a name in one
            targets = [
                f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names
            ]
        else:
            continue
        found.update(t for t in (_resolve(t, known) for t in targets) if t is not None)
    found.discard(name)
    return found


def graph(known: dict[str, Path]) -> dict[str, set[str]]:
    return {name: imports(name, known) for name in known}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every import circle found by a depth-first walk, each as the path that closes it."""
    found: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done

    def visit(module: str, path: list[str]) -> None:
        state[module] = 1
        for nxt in sorted(edges.get(module, ())):
            if state.get(nxt) == 1:
                found.append([*path[path.index(nxt) :], nxt])
            elif nxt not in state:
                visit(nxt, [*path, nxt])
        state[module] = 2

    for module in sorted(edges):
        if module not in state:
            visit(module, [module])
    return found


KNOWN = modules()
EDGES = graph(KNOWN)


def _folder(name: str) -> str | None:
    """The folder of web/ a module is in (``web.play.scene`` -> ``play``), if any."""
    parts = name.split(".")
    return parts[1] if parts[0] == "web" and len(parts) > 2 else None


def test_the_walk_reads_the_imports_of_both_packages() -> None:
    assert {"attika.game", "attika.players.search", "web.core.html", "web.table.page"} <= set(KNOWN)
    assert "attika.legality" in EDGES["attika.game"]
    assert "attika.players.world" in EDGES["attika.players.search"]
    assert "web.core.html" in EDGES["web.play.log"]


def test_the_rules_never_import_the_page() -> None:
    upward = sorted(
        f"{name} -> {target}"
        for name, targets in EDGES.items()
        if name.startswith("attika")
        for target in targets
        if target.split(".")[0] == "web"
    )
    assert upward == []


def test_no_module_of_the_rules_imports_one_that_imports_it_back() -> None:
    rules = {name: targets for name, targets in EDGES.items() if name.startswith("attika")}
    found = circles(rules)
    assert found == [], "import circles: " + "; ".join(" -> ".join(c) for c in found)


def _forbidden() -> list[object]:
    cases: list[object] = []
    for folder, allowed in WEB_LAYERS.items():
        for other in WEB_LAYERS:
            if other == folder or other in allowed:
                continue
            known = KNOWN_UPWARD.get((folder, other))
            marks = [pytest.mark.xfail(strict=True, reason=known)] if known else []
            cases.append(pytest.param(folder, other, marks=marks, id=f"{folder}-x-{other}"))
    return cases


@pytest.mark.parametrize(("folder", "other"), _forbidden())
def test_a_folder_of_the_page_imports_only_the_folders_below_it(folder: str, other: str) -> None:
    upward = sorted(
        f"{name} -> {target}"
        for name, targets in EDGES.items()
        if _folder(name) == folder
        for target in targets
        if _folder(target) == other
    )
    assert upward == [], f"web/{folder}/ may import only {sorted(WEB_LAYERS[folder])}"


def test_every_folder_of_the_page_has_its_layer() -> None:
    """A new folder of web/ with Python in it is given its place before it is used."""
    folders = {_folder(name) for name in KNOWN} - {None}
    assert folders == set(WEB_LAYERS)


def test_the_walk_sees_every_kind_of_import_and_every_circle(tmp_path: Path) -> None:
    """The check itself can fail: an import under TYPE_CHECKING, inside a function, relative
    or absolute, of a module or of a name in one, each makes an edge, and a circle is found."""
    pkg = tmp_path / "attika"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from .b import x\n")
    (pkg / "b.py").write_text("def f():\n    from . import c\n")
    (pkg / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .sub.d import z\n"
    )
    (pkg / "sub" / "d.py").write_text("import attika.a\nfrom ..c import y\n")
    known = modules(tmp_path, ("attika",))
    edges = graph(known)
    assert edges["attika.a"] == {"attika.b"}
    assert edges["attika.b"] == {"attika.c"}
    assert edges["attika.c"] == {"attika.sub.d"}
    assert edges["attika.sub.d"] == {"attika.a", "attika.c"}
    assert sorted(map(tuple, circles(edges))) == [
        ("attika.a", "attika.b", "attika.c", "attika.sub.d", "attika.a"),
        ("attika.c", "attika.sub.d", "attika.c"),
    ]
