"""Write pyscript.json, the PyScript configuration the pages load, from pyscript.toml.

    python scripts/pyscript_config.py    # scripts/install.sh runs it; tests/web checks it

pyscript.toml is the one a maintainer edits; the pages load JSON because PyScript parses TOML
only after downloading a parser, a round trip before Python starts. The TOML's [files] may
name folders, so a module added to one of them ships without an edit: the folder is listed
here, at install time, as every *.py and *.json file in it.

The list goes to the JSON as ``start_files``, not PyScript's ``files``: the interpreter module,
web/start/pyodide.mjs, fetches them itself at once (it hashes them to check the snapshot) and
writes them into Python's file system, so PyScript does not fetch them a second time.
"""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path, PurePosixPath
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SOURCE = "pyscript.toml"
TARGET = "pyscript.json"
#: The project's own table, read here and kept out of what PyScript gets.
LEAVE_OUT = "leave-out"
#: Where the JSON lists the files of [files], for web/start/pyodide.mjs to write.
START_FILES = "start_files"
#: Folders whose files a page must never fetch: tests, benchmarks, tools, and the vendored
#: runtime (reached through ``interpreter``, never through [files]).
NEVER_SHIPPED = frozenset(
    {"tests", "e2e", "bench", "scripts", "vendor", "node_modules", "__pycache__"}
)
SUFFIXES = (".py", ".json")


class ConfigError(ValueError):
    """pyscript.toml asks for something the pages cannot or must not load."""


def load(root: Path = ROOT) -> dict[str, Any]:
    """The maintainer's configuration, as written."""
    with (root / SOURCE).open("rb") as f:
        return tomllib.load(f)


def _relative(url: str, what: str) -> PurePosixPath:
    """A URL of [files] as a path under the top folder; nothing outside it, nothing shipped
    from a folder that must stay home."""
    if not url.startswith("./"):
        raise ConfigError(f'{what} {url!r}: write it relative to pyscript.toml, as "./..."')
    path = PurePosixPath(url.removeprefix("./"))
    if ".." in path.parts:
        raise ConfigError(f"{what} {url!r}: outside the top folder")
    banned = NEVER_SHIPPED & set(path.parts)
    if banned:
        raise ConfigError(f"{what} {url!r}: nothing under {sorted(banned)[0]}/ is shipped")
    return path


def expand(source: dict[str, Any], root: Path = ROOT) -> dict[str, Any]:
    """PyScript's configuration from the maintainer's: every folder of [files] replaced by
    its *.py and *.json files (sorted, so the output only changes when the files do), the
    files of [leave-out] dropped, the list under ``start_files``, everything else passed on
    as it is."""
    left_out = set(source.get(LEAVE_OUT, {}).get("files", []))
    files: dict[str, str] = {}
    for url, path in source.get("files", {}).items():
        where = _relative(url, "[files]")
        if url.endswith("/"):
            if not path.endswith("/"):
                raise ConfigError(f"[files] {url!r} is a folder: its value must end in / too")
            folder = root / where
            if not folder.is_dir():
                raise ConfigError(f"[files] {url!r}: no such folder")
            pairs = [
                (url + f.name, path + f.name)
                for f in sorted(folder.iterdir())
                if f.is_file() and f.suffix in SUFFIXES and not f.name.startswith(".")
            ]
        else:
            if not (root / where).is_file():
                raise ConfigError(f"[files] {url!r}: no such file")
            pairs = [(url, path)]
        for key, value in pairs:
            if key in left_out:
                continue
            if key in files:
                raise ConfigError(f"[files] lists {key!r} twice")
            if value in files.values():
                raise ConfigError(f"[files] puts two files at {value!r}")
            files[key] = value
    config = {k: v for k, v in source.items() if k not in ("files", LEAVE_OUT)}
    config[START_FILES] = files
    return config


def render(config: dict[str, Any]) -> str:
    """The JSON text, formatted as it has always been, so a diff of it reads line by line."""
    return json.dumps(config, indent=1, ensure_ascii=False) + "\n"


def generated(root: Path = ROOT) -> str:
    """What pyscript.json must hold for the pyscript.toml and files under ``root`` now."""
    return render(expand(load(root), root))


def main(argv: list[str]) -> int:
    if argv:
        print(__doc__)
        return 2
    text = generated()
    target = ROOT / TARGET
    if not target.exists() or target.read_text() != text:
        target.write_text(text)
    count = len(json.loads(text)[START_FILES])
    print(f"{TARGET}: {count} files, written from {SOURCE}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except ConfigError as error:
        print(f"{SOURCE}: {error}", file=sys.stderr)
        sys.exit(1)
