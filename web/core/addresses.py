"""Which addresses a page of the game may fetch: files of its own site, nothing else.

``?load=``, ``?scenario=`` and ``<attika-position scenario>`` name a file to open. A file
from another site (another origin, ``//host/``, ``data:``, ``blob:``, ``javascript:``) would
show foreign content under the game's address, so it is refused before any fetch, with a
reason the page can word. The same rule is written in web/addresses.js, which decides before
Python runs (both answer tests/data/addresses.json alike); docs/security.md explains it.

The address that was checked is the one fetched: callers pass the absolute URL returned here,
never the raw text, so a browser cannot read the text differently from this module.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urljoin, urlsplit

#: A shipped scenario's name: scenarios/<name>.json. Only lowercase words and hyphens, so it
#: can never step out of the folder.
SHIPPED_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
#: A backslash is read as "/" by browsers; control characters (tabs, line breaks) are dropped
#: by them: either way the browser would fetch something other than what is written.
_ODD = re.compile(r"[\\\x00-\x1f\x7f]")
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")
#: The one absolute form accepted: http(s)://host/..., the host with no user name in it.
_ABSOLUTE = re.compile(r"https?://[^/?#@]+(?:[/?#]|\Z)", re.IGNORECASE)


@dataclass(frozen=True)
class Refusal:
    """Why an address is not fetched: ``code`` is ``other-site`` or ``odd``, worded by the
    text keys ``address.<code>`` with ``{address}``."""

    code: str
    address: str

    @property
    def key(self) -> str:
        return f"address.{self.code}"


def same_site(address: str, page: str) -> str | Refusal:
    """The absolute URL of ``address`` read from ``page`` (the page's own URL), when it is a
    file of the page's own site (same scheme, host and port, http or https); else why not."""
    if _ODD.search(address) or address != address.strip(" "):
        return Refusal("odd", address)
    if address.startswith("//"):
        return Refusal("other-site", address)
    if _SCHEME.match(address) and not _ABSOLUTE.match(address):
        return Refusal("other-site", address)
    here = urlsplit(page)
    url = urljoin(page, address)
    there = urlsplit(url)
    if (
        here.scheme.lower() not in ("http", "https")
        or there.scheme.lower() != here.scheme.lower()
        or there.netloc.lower() != here.netloc.lower()
    ):
        return Refusal("other-site", address)
    return url


def scenario_address(name: str, page: str) -> str | Refusal:
    """Where a position's scenario is fetched: a shipped name from scenarios/ next to the page,
    else the address of a scenario file of the page's own site."""
    if SHIPPED_NAME.fullmatch(name):
        return urljoin(page, f"scenarios/{name}.json")
    return same_site(name, page)
