"""The page asks the rules and words their answers; it holds no rule of its own.

A grep-level check of web/: it imports only what ``attika`` exports (no private name, no
module of the package), reads nothing of the turn's inner state, and does no arithmetic on
hands or payments: each of those would be a copy of a rule that could drift from the rules.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import attika

WEB = Path(__file__).resolve().parents[2] / "web"
MODULES = sorted(p for p in WEB.rglob("*.py") if "vendor" not in p.parts)

#: Patterns that mean the page is working a rule out for itself.
RULES_BY_HAND = {
    "the turn's inner state": re.compile(r"\.turn\.|\bturn\.(mode|used|drawn|tile|extra)\b"),
    "a sum over a hand or payment": re.compile(r"\bsum\([^)]*\b(hand|payment|cards)\b"),
    "arithmetic on a hand or payment entry": re.compile(
        r"\b(hand|payment)\[[^\]]*\]\s*([-+*]=?|<=?|>=?)|([-+]|<=?|>=?)\s*\b(hand|payment)\["
    ),
    "allowance arithmetic": re.compile(r"\.allowance\(|\bdraws_per_turn\b|\bbuilds_per_turn\b"),
    "board geometry asked by hand": re.compile(r"\.(site_problem|can_lay_tile|tile_sites)\("),
    "translated text compared": re.compile(r"==\s*t\(|(?<![\w.])t\([^)]*\)\s*=="),
}


def test_there_are_modules_to_check() -> None:
    assert len(MODULES) > 5


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(WEB).as_posix())
def test_the_page_imports_only_what_the_rules_export(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("attika"):
            assert node.module == "attika", f"{path.name}:{node.lineno} imports {node.module}"
            for alias in node.names:
                assert not alias.name.startswith("_"), f"{path.name}: {alias.name} is private"
                assert alias.name in attika.__all__, f"{path.name}: {alias.name} not exported"
        if isinstance(node, ast.Import):
            for alias in node.names:
                assert not alias.name.startswith("attika."), f"{path.name} imports {alias.name}"
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "attika"
        ):
            assert not node.attr.startswith("_"), f"{path.name}: attika.{node.attr}"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(WEB).as_posix())
def test_the_page_works_out_no_rule_by_hand(path: Path) -> None:
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        code = line.split("#", 1)[0]
        for what, pattern in RULES_BY_HAND.items():
            assert not pattern.search(code), f"{path.name}:{number}: {what}: {line.strip()}"


def test_the_check_catches_what_it_is_for() -> None:
    samples = {
        "the turn's inner state": "if game.turn.drawn is not None:",
        "a sum over a hand or payment": "total = sum(session.payment)",
        "arithmetic on a hand or payment entry": "if self.payment[i] < hand[i]:",
        "allowance arithmetic": "turn.allowance(DRAWS, BUILDS)",
        "board geometry asked by hand": "board.site_problem(h)",
        "translated text compared": 'if str(exc) == t("saves.gone"):',
    }
    for what, sample in samples.items():
        assert RULES_BY_HAND[what].search(sample), what


def test_every_page_module_but_the_binder_is_type_checked_strictly() -> None:
    import tomllib

    conf = tomllib.loads((WEB.parent / "pyproject.toml").read_text(encoding="utf-8"))["tool"]
    checked = set(conf["mypy"]["files"])
    assert conf["mypy"]["strict"] is True and "attika" in checked
    excluded = [re.compile(pattern) for pattern in conf["mypy"].get("exclude", [])]

    def is_checked(name: str) -> bool:
        covered = any(name == c or name.startswith(c.rstrip("/") + "/") for c in checked)
        return covered and not any(pattern.search(name) for pattern in excluded)

    modules = {p.relative_to(WEB.parent).as_posix() for p in MODULES if p.name != "__init__.py"}
    binders = {m for m in modules if m == "web/main.py" or m.endswith(("/page.py", "/focus.py"))}
    assert {m for m in modules if not is_checked(m)} == binders
