"""Apply the site setting (site.toml) for play over the internet: write web/site.js, which the
pages' scripts read, and set the connect-src of every page's content security policy to the
page's own host and exactly the relays named. With the setting off the pages come out as they
are committed, byte for byte, so an install leaves git clean.

Run by scripts/install.sh; ``--setting`` and ``--root`` let a test apply another setting to a
copy of the site. A setting that is not valid is refused with the reason and nothing is written.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The pages that carry a content security policy in a <meta> tag.
PAGES = (
    "index.html",
    "join.html",
    "embed.html",
    "rules.html",
    "editor.html",
    "examples/lessons.html",
)
MAX_SERVERS = 8
_HOST = r"(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*)"
_PORT = r"(?::(?:[1-9][0-9]{0,4}))?"
RELAY = re.compile(rf"wss://{_HOST}{_PORT}(?:/[A-Za-z0-9._~/-]{{0,100}})?")
#: Plain ws:// only to this machine, for the tests' own relay.
LOCAL_RELAY = re.compile(rf"ws://(?:127\.0\.0\.1|localhost){_PORT}(?:/[A-Za-z0-9._~/-]{{0,100}})?")
STUN = re.compile(rf"stun:{_HOST}{_PORT}")
_CSP = re.compile(
    r'(<meta http-equiv="Content-Security-Policy" content="[^"]*?connect-src )([^;"]*)'
)


class SettingError(ValueError):
    """The setting cannot be applied; the message says which entry and why."""


@dataclass(frozen=True)
class Setting:
    internet: bool
    relays: tuple[str, ...]
    stun: tuple[str, ...]

    def connect_src(self) -> str:
        """The page's own host, and with internet play on, the origin of each relay."""
        origins = dict.fromkeys(_origin(url) for url in self.relays) if self.internet else {}
        return " ".join(["'self'", *origins])

    def script(self) -> str:
        """web/site.js: what the pages' scripts may use; nothing at all with the setting off."""
        site = {
            "internet": self.internet,
            "relays": list(self.relays) if self.internet else [],
            "iceServers": [{"urls": url} for url in self.stun] if self.internet else [],
        }
        return (
            "// Written by scripts/site.py from site.toml; do not edit.\n"
            f"export const SITE = Object.freeze({json.dumps(site)});\n"
        )


def _origin(url: str) -> str:
    scheme, rest = url.split("://", 1)
    return f"{scheme}://{rest.split('/', 1)[0]}"


def _servers(table: dict[str, object], key: str, pattern: re.Pattern[str]) -> tuple[str, ...]:
    value = table.get(key, [])
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise SettingError(f"internet.{key} must be a list of text")
    if len(value) > MAX_SERVERS:
        raise SettingError(f"internet.{key} names {len(value)} servers, at most {MAX_SERVERS}")
    for item in value:
        if not (pattern.fullmatch(item) or (key == "relays" and LOCAL_RELAY.fullmatch(item))):
            raise SettingError(f"internet.{key}: {item!r} is not a valid address for it")
    return tuple(value)


def load(path: Path) -> Setting:
    try:
        data = tomllib.loads(path.read_text("utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise SettingError(f"{path.name} cannot be read: {error}") from error
    table = data.get("internet", {})
    if not isinstance(table, dict) or set(data) - {"internet"}:
        raise SettingError(f"{path.name} has one table, [internet]")
    unknown = set(table) - {"enabled", "relays", "stun"}
    if unknown:
        raise SettingError(f"[internet] has no entry {sorted(unknown)[0]!r}")
    enabled = table.get("enabled", False)
    if not isinstance(enabled, bool):
        raise SettingError("internet.enabled must be true or false")
    setting = Setting(enabled, _servers(table, "relays", RELAY), _servers(table, "stun", STUN))
    if setting.internet and not setting.relays:
        raise SettingError("internet.enabled is true but no relay is named")
    return setting


def with_policy(html: str, connect_src: str, name: str) -> str:
    """The page with its connect-src replaced; every page must have exactly one to replace."""
    new, count = _CSP.subn(lambda m: m.group(1) + connect_src, html)
    if count != 1:
        raise SettingError(f"{name} has {count} content security policies with connect-src, not 1")
    return new


def apply(setting: Setting, root: Path, pages: tuple[str, ...] = PAGES) -> None:
    """Check every page first, then write: a page that cannot be set changes nothing."""
    written = {
        name: with_policy((root / name).read_text("utf-8"), setting.connect_src(), name)
        for name in pages
    }
    for name, html in written.items():
        if (root / name).read_text("utf-8") != html:
            (root / name).write_text(html, "utf-8")
    (root / "web" / "site.js").write_text(setting.script(), "utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--setting", type=Path, default=ROOT / "site.toml")
    parser.add_argument("--root", type=Path, default=ROOT)
    parser.add_argument("--page", action="append", default=[], help="another page to set")
    args = parser.parse_args(argv)
    try:
        setting = load(args.setting)
        apply(setting, args.root, PAGES + tuple(args.page))
    except SettingError as error:
        print(f"site setting not applied: {error}", file=sys.stderr)
        return 1
    state = f"on, relays {' '.join(setting.relays)}" if setting.internet else "off"
    print(f"site setting: play over the internet {state}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
