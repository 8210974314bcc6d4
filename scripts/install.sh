#!/usr/bin/env bash
# Install everything the project needs on a fresh machine; safe to run again.
#   Python:   a virtual environment in .venv with the package and its test tools.
#   Config:   pyscript.json, the PyScript configuration the pages load, from pyscript.toml;
#             web/languages.js, the languages for the page's scripts, from attika/data/languages.json.
#   Node:     the pinned Pyodide and PyScript from package-lock.json, vendored into web/vendor/.
#   Browser:  with --browser, Debian's Chromium for the page tests (never Playwright's download).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = "--browser" ] && [ ! -x "${ATTIKA_CHROMIUM:-/usr/bin/chromium}" ]; then
  echo "== installing Debian's Chromium (about 30 s)"
  SUDO=""
  if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[test]'

# Before npm: scripts/vendor.mjs lists pyscript.json and the files it names for offline play.
.venv/bin/python scripts/pyscript_config.py
.venv/bin/python scripts/languages.py
# Still previews of the shipped scenarios (web/previews/, git-ignored): embeds and rules.html
# paint them at once and start Python only on "Try it"; before npm, as they are precached too.
.venv/bin/python scripts/previews.py
# The style of <attika-position> on other pages, scoped to the element (web/position.css)
.venv/bin/python scripts/position_css.py
# Play over the internet, from site.toml: web/site.js and the pages' connect-src (scripts/site.py)
.venv/bin/python scripts/site.py

if [ ! -d node_modules/pyodide ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error
else
  node scripts/vendor.mjs
fi
