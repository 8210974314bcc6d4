"""Imports inside the rules package point one way: no module imports one that imports it back.

Imports made only for type checking (under ``if TYPE_CHECKING:``) are not run and do not
count; imports inside functions do, since they run the moment the function does.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "attika"


def _imports(path: Path) -> set[str]:
    """Modules of the package that ``path`` imports at run time."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped.update(id(n) for child in node.body for n in ast.walk(child))
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.ImportFrom):
            if node.level == 1 and node.module:
                found.add(node.module.split(".")[0])
            elif node.level == 1:
                found.update(alias.name for alias in node.names)
            elif node.module and node.module.startswith("attika."):
                found.add(node.module.split(".")[1])
        elif isinstance(node, ast.Import):
            found.update(a.name.split(".")[1] for a in node.names if a.name.startswith("attika."))
    return found


def graph() -> dict[str, set[str]]:
    modules = {p.stem for p in PACKAGE.glob("*.py")} - {"__init__", "__main__"}
    return {m: _imports(PACKAGE / f"{m}.py") & modules for m in modules}


def test_no_module_of_the_rules_imports_one_that_imports_it_back() -> None:
    edges = graph()
    assert edges["game"] and edges["legality"], "the walk found the package's imports"
    cycles: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done

    def visit(module: str, path: list[str]) -> None:
        state[module] = 1
        for nxt in sorted(edges[module]):
            if state.get(nxt) == 1:
                cycles.append([*path[path.index(nxt) :], nxt])
            elif nxt not in state:
                visit(nxt, [*path, nxt])
        state[module] = 2

    for module in sorted(edges):
        if module not in state:
            visit(module, [module])
    assert cycles == [], "import cycles: " + "; ".join(" -> ".join(c) for c in cycles)


def test_the_walk_sees_a_cycle_when_there_is_one(tmp_path: Path) -> None:
    """The check itself can fail: two modules importing each other are found."""
    (tmp_path / "a.py").write_text("from .b import x\n")
    (tmp_path / "b.py").write_text("def f():\n    from .a import y\n")
    (tmp_path / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import z\n"
    )
    assert _imports(tmp_path / "a.py") == {"b"}
    assert _imports(tmp_path / "b.py") == {"a"}
    assert _imports(tmp_path / "c.py") == set()
