"""The order in which the test workers take the tests (scripts/test.sh): the long ones first,
so that no worker is still running a long test at the end while the others sit idle, and
the quick ones last, to fill the gaps."""

from __future__ import annotations

import pytest


def _rank(item: pytest.Item) -> int:
    """Whole self-played games and other slow CPython tests, then the page in Chromium
    (e2e/: each test a page start or more), then everything quick."""
    if "e2e" in item.path.parts:
        return 1
    return 0 if item.get_closest_marker("slow") is not None else 2


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=_rank)  # stable: each group keeps the files' own order
