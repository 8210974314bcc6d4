"""Every word the page shows, looked up by key in a translation file.

Building, landscape and city-state names come from the rules package's
component data, which already carries them in each language.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from attika import BUILDINGS, COMPONENTS, GROUPS, LANDSCAPES, LETTERS
from attika import LANGUAGES as _LIST

HERE = Path(__file__).parent.parent  # web/: its i18n/ and data/ folders
#: The languages the game speaks, each named in itself (for the switch): the one list,
#: attika/data/languages.json.
LANGUAGES: dict[str, str] = {code: lang.name for code, lang in _LIST.items()}
#: Where the player's choice is kept in the browser's storage.
LANGUAGE_KEY = "attika.language"
LANGUAGE = "en"
_LOADED: dict[str, dict[str, str]] = {}


def strings(lang: str) -> dict[str, str]:
    """One language's texts, read once from web/i18n/<lang>.json."""
    if lang not in _LOADED:
        _LOADED[lang] = json.loads((HERE / "i18n" / f"{lang}.json").read_text("utf-8"))
    return _LOADED[lang]


STRINGS: dict[str, str] = strings(LANGUAGE)


def set_language(lang: str) -> None:
    """Speak ``lang`` from now on (every later ``t()`` and name lookup)."""
    global LANGUAGE, STRINGS
    if lang not in LANGUAGES:
        raise ValueError(f"no language {lang!r}; there are {', '.join(LANGUAGES)}")
    LANGUAGE, STRINGS = lang, strings(lang)


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Speak ``lang`` for a while (one lesson among several on a page, each in its own
    language), then the language spoken before."""
    before = LANGUAGE
    set_language(lang)
    try:
        yield
    finally:
        set_language(before)


def has_text(key: str) -> bool:
    """Whether the current language has a text for ``key``."""
    return key in STRINGS


def language() -> str:
    """The language spoken now (``LANGUAGE`` itself is rebound by :func:`set_language`)."""
    return LANGUAGE


def pick_language(saved: str | None, browser: list[str]) -> str:
    """The player's earlier choice, else the first of the browser's languages we speak
    (a regional tag such as de-AT counts as its language), else English."""
    if saved in LANGUAGES:
        return str(saved)
    for tag in browser:
        base = str(tag).split("-")[0].lower()
        if base in LANGUAGES:
            return base
    return "en"


LOOK: dict[str, dict[str, dict[str, str]]] = json.loads(
    (HERE / "data" / "look.json").read_text("utf-8")
)
_CITY_STATES = {c["id"]: c for c in COMPONENTS.city_states}


def t(key: str, **values: object) -> str:
    """The text for ``key`` with ``{name}`` fields filled; a missing key fails loudly.
    Texts from outside (a player's name, a reason, a file's detail) are isolated for
    bidirectional text, so a name that holds U+202E or Arabic cannot reverse the line."""
    if not values:
        return STRINGS[key]
    return STRINGS[key].format(**{k: isolate(v) if k in _OUTSIDE else v for k, v in values.items()})


#: Placeholders whose values come from outside the code.
_OUTSIDE = frozenset({"name", "detail", "reason", "title", "url", "what", "field", "value"})
#: Characters that set or change the direction of text around them: the explicit marks and
#: controls, and the letters of right-to-left scripts (Hebrew to Arabic, and their forms).
_DIRECTIONAL = re.compile(
    "[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069\u0590-\u08ff"
    "\ufb1d-\ufdff\ufe70-\ufeff]|[\U00010800-\U00010fff\U0001e800-\U0001efff]"
)


def isolate(value: object) -> object:
    """Text that could turn the line around it, set apart by first-strong isolate marks
    (U+2068 ... U+2069, which also close any embedding left open inside); other values as
    they are, so plain names read the same to every test and screen reader."""
    if isinstance(value, str) and _DIRECTIONAL.search(value):
        return "\u2068" + value + "\u2069"
    return value


#: The plural rules, by the name a language's line in attika/data/languages.json gives: the
#: category of a whole number, as the Unicode plural rules (CLDR, what ``Intl.PluralRules``
#: answers) give it. "one=1": "one" for 1 and "other" for every other count (English, German
#: and Dutch). A language with other categories (Polish, say, with "few" and "many") names a
#: rule added here, and has keys for its categories in its file.
PLURAL_RULES: dict[str, Callable[[int], str]] = {
    "one=1": lambda n: "one" if n == 1 else "other",
}
#: Each language's rule.
_PLURAL: dict[str, Callable[[int], str]] = {
    code: PLURAL_RULES[lang.plural] for code, lang in _LIST.items()
}
#: The key suffix of each category ("other" was first written "many" in the files).
_SUFFIX = {"other": "many"}


def plural(key: str, n: int, **values: object) -> str:
    """The text of ``key`` for the count ``n``: ``key.zero`` when there is one and ``n`` is
    0 (no "take 0 cards"), else the language's plural category (``key.one``,
    ``key.many`` for "other", or any other category the language has)."""
    if n == 0 and f"{key}.zero" in STRINGS:
        return t(f"{key}.zero", n=n, **values)
    category = _PLURAL[LANGUAGE](n)
    return t(f"{key}.{_SUFFIX.get(category, category)}", n=n, **values)


def stack_name(index: int) -> str:
    """A stack as the hand panel labels it ("Main stack", "Stack 2"), the same everywhere."""
    return t("stack.main") if index == COMPONENTS.main_stack else t("stack.other", n=index + 1)


def building_name(kind: str) -> str:
    return BUILDINGS[kind].names[LANGUAGE]


def group_name(group: str) -> str:
    return GROUPS[group].names[LANGUAGE]


def landscape_name(index: int) -> str:
    return COMPONENTS.landscape_names[LANDSCAPES[index]][LANGUAGE]


def city_state_name(cs: str) -> str:
    return str(_CITY_STATES[cs]["names"][LANGUAGE])


def player_name(name: str) -> str:
    """A player's name as shown: a name left as its city-state's (Athens, Athen, Athene)
    is said in the language spoken now, so a switch renames it too; any other name is the
    player's own and stays as typed."""
    cs = _BY_CITY_NAME.get(name.casefold())
    return name if cs is None else city_state_name(cs)


def shape(cs: str) -> str:
    return LOOK["city_states"][cs]["shape"]


CITY_STATE_IDS: list[str] = [c["id"] for c in COMPONENTS.city_states]

#: Every language's name of a city-state, to the city-state.
_BY_CITY_NAME: dict[str, str] = {
    str(name).casefold(): cs for cs, data in _CITY_STATES.items() for name in data["names"].values()
}


def cards_words(letters: str) -> str:
    """``HMM`` as "1 Hill, 2 Mountain"; ``-`` as "nothing"."""
    if letters in ("", "-"):
        return t("cards.none")
    parts = []
    for i, letter in enumerate(LETTERS):
        n = letters.count(letter)
        if n:
            parts.append(f"{n} {landscape_name(i)}")
    return ", ".join(parts)
