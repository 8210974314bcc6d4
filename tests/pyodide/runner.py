"""A tiny test runner for places without pytest (Pyodide): ``runner.py [DIR]``.

Imports every ``test_*.py`` in DIR (default ``tests/core``) and calls each top-level
``test_*`` callable that needs no arguments. The last line printed is always
``pyodide: N passed, M failed``; the exit status is 0 only if M == 0 and N > 0.
It also runs under CPython (``python tests/pyodide/runner.py``), to compare the two.
"""

from __future__ import annotations

import importlib
import inspect
import sys
import time
import traceback
from pathlib import Path


def import_name(path: Path) -> tuple[Path, str]:
    """Return (folder for sys.path, dotted module name) for a test file.

    With ``__init__.py`` files the module is imported as part of its package
    (``tests.core.test_x``), so relative imports such as ``from .helpers import``
    work; without them it is a plain top-level module.
    """
    parts = [path.stem]
    folder = path.parent
    while (folder / "__init__.py").is_file():
        parts.insert(0, folder.name)
        folder = folder.parent
    return folder, ".".join(parts)


def needs_arguments(func: object) -> bool:
    try:
        params = inspect.signature(func).parameters.values()  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return False
    return any(
        p.default is p.empty and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in params
    )


def print_failure(error: BaseException) -> None:
    """Print a traceback that starts in the test's own code, not in this runner or importlib."""
    tb = error.__traceback__
    while tb is not None and tb.tb_next is not None:
        filename = tb.tb_frame.f_code.co_filename
        if (
            filename != __file__
            and not filename.startswith("<frozen")
            and "importlib" not in filename
        ):
            break
        tb = tb.tb_next
    traceback.print_exception(type(error), error, tb, file=sys.stdout)


def main(argv: list[str]) -> int:
    folder = Path(argv[1] if len(argv) > 1 else "tests/core").resolve()
    print(f"Python {sys.version.split()[0]} on {sys.platform}, tests in {folder}")
    passed = failed = 0
    skipped: list[str] = []

    for path in sorted(folder.glob("test_*.py")):
        root, name = import_name(path)
        if str(root) not in sys.path:
            sys.path.insert(0, str(root))
        try:
            module = importlib.import_module(name)
        except BaseException as error:
            # A module that cannot be imported is a failure, never a silent zero.
            failed += 1
            print(f"FAIL {name} (import)")
            print_failure(error)
            continue

        for attr, func in list(vars(module).items()):  # definition order
            if not attr.startswith("test_") or not callable(func):
                continue
            label = f"{name}::{attr}"
            if needs_arguments(func):
                skipped.append(label)  # e.g. a pytest fixture user; reported below
                continue
            started = time.perf_counter()
            try:
                result = func()
                if inspect.iscoroutine(result):
                    result.close()  # avoids a "never awaited" warning after the summary
                    raise TypeError("async tests are not supported by this runner")
            except BaseException as error:  # a SystemExit in a test is a failure too
                failed += 1
                print(f"FAIL {label}")
                print_failure(error)
            else:
                passed += 1
                print(f"ok   {label} ({time.perf_counter() - started:.2f} s)")

    for label in skipped:
        print(f"skipped, needs arguments: {label}")
    print(f"pyodide: {passed} passed, {failed} failed")
    sys.stdout.flush()
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
