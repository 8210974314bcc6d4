"""The art sheet's address in a live lesson on a page in another folder than the game's.

The board names its art ``web/svg/art.svg#...`` from the game's folder; on a page elsewhere
that address is wrong, and every symbol would be asked for there first (and answer 404)
if it were mended only after it is in the page. So the markup carries the right address
before it is put in. Pure: text in, text out.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from ..core.widgets import ART

#: The most a page may name: a plain address on the page's own site, ending in the sheet.
_MOST = 2000
_PLAIN = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/:%")


def art_address(named: str, origin: str) -> str | None:
    """``named`` if it is the art sheet's address on ``origin`` (the page's own site), plain
    enough to go into an attribute as it is; None for anything else."""
    if len(named) > _MOST or not set(named) <= _PLAIN:
        return None
    parts = urlsplit(named)
    if f"{parts.scheme}://{parts.netloc}" != origin or not parts.path.endswith("/" + ART):
        return None
    if parts.query or parts.fragment or "/../" in parts.path or "/./" in parts.path:
        return None
    return named


def with_art(markup: str, address: str | None) -> str:
    """The markup with its art named by ``address`` (an :func:`art_address`) instead of the
    game's folder's own; unchanged when there is none."""
    if address is None:
        return markup
    return markup.replace(f'href="{ART}#', f'href="{address}#')
