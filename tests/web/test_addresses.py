"""Only files of the page's own site are opened by address (?load=, ?scenario=, the element's
scenario attribute): every way of naming another site, and every spelling a browser reads
differently from how it looks, is refused before anything is fetched."""

from __future__ import annotations

import pytest

from web.core import text
from web.core.addresses import Refusal, same_site, scenario_address

PAGE = "http://games.example:8000/attika/embed.html?scenario=x"


@pytest.mark.parametrize(
    ("address", "fetched"),
    [
        ("lessons/mine.json", "http://games.example:8000/attika/lessons/mine.json"),
        ("../shared/lesson.json", "http://games.example:8000/shared/lesson.json"),
        ("/lessons/mine.json", "http://games.example:8000/lessons/mine.json"),
        ("mine.json?v=2", "http://games.example:8000/attika/mine.json?v=2"),
        ("my lesson.json", "http://games.example:8000/attika/my lesson.json"),
        (
            "http://games.example:8000/attika/scenarios/roads.json",
            "http://games.example:8000/attika/scenarios/roads.json",
        ),
        ("HTTP://GAMES.example:8000/x.json", "http://GAMES.example:8000/x.json"),
    ],
)
def test_a_file_of_the_same_site_is_fetched_at_its_full_address(address: str, fetched: str) -> None:
    assert same_site(address, PAGE) == fetched


@pytest.mark.parametrize(
    "address",
    [
        "https://elsewhere.example/lesson.json",
        "http://games.example:9000/lesson.json",  # another port is another site
        "https://games.example:8000/lesson.json",  # and another scheme
        "//elsewhere.example/lesson.json",
        "//games.example:8000/lesson.json",  # written as another site's form: refused too
        "data:application/json,{}",
        "blob:http://games.example:8000/5b1e0c8a",
        "javascript:alert(1)",
        "JavaScript:alert(1)",
        "http:elsewhere.example/x.json",  # no // after the scheme: browsers differ
        "http:///elsewhere.example/x.json",
        "http://games.example:8000@elsewhere.example/x.json",
        "file:///etc/passwd",
        "ftp://games.example:8000/x.json",
    ],
)
def test_another_site_is_refused(address: str) -> None:
    assert same_site(address, PAGE) == Refusal("other-site", address)


@pytest.mark.parametrize(
    "address",
    [
        "..\\..\\README.md?",  # the trick that fetched any file of the host as a preview
        "/\\elsewhere.example/x.json",  # a browser reads /\ as //
        "java\tscript:alert(1)",  # a browser drops tabs and line breaks
        "lesson\n.json",
        " //elsewhere.example/x.json",  # a browser drops spaces at the ends
        "lesson.json ",
    ],
)
def test_an_address_a_browser_would_read_otherwise_is_refused(address: str) -> None:
    assert same_site(address, PAGE) == Refusal("odd", address)


def test_a_page_not_served_over_http_opens_nothing() -> None:
    assert isinstance(same_site("x.json", "file:///home/me/attika/index.html"), Refusal)


def test_a_shipped_name_is_a_file_of_scenarios_next_to_the_page() -> None:
    assert (
        scenario_address("roads", PAGE) == "http://games.example:8000/attika/scenarios/roads.json"
    )
    assert scenario_address("win-all-buildings", PAGE).endswith("/scenarios/win-all-buildings.json")  # type: ignore[union-attr]


def test_a_name_that_is_not_a_plain_word_is_an_address_and_checked_like_one() -> None:
    assert scenario_address("..\\..\\index.html?", PAGE) == Refusal("odd", "..\\..\\index.html?")
    assert scenario_address("data:,{}", PAGE) == Refusal("other-site", "data:,{}")
    assert scenario_address("mine.json", PAGE) == "http://games.example:8000/attika/mine.json"


@pytest.mark.parametrize("lang", text.LANGUAGES)
def test_a_refusal_says_which_address_and_that_only_this_site_is_allowed(lang: str) -> None:
    words = text.strings(lang)
    for code in ("other-site", "odd"):
        refusal = Refusal(code, "https://elsewhere.example/x.json")
        said = words[refusal.key].format(address=refusal.address)
        assert "https://elsewhere.example/x.json" in said
