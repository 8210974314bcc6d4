#!/usr/bin/env bash
# Install everything the project needs on a fresh machine; safe to run again.
#   Python:   a virtual environment in .venv with the package and its test tools.
#   Config:   pyscript.json, the PyScript configuration the pages load, from pyscript.toml;
#             web/languages.js, the languages for the page's scripts, from attika/data/languages.json.
#   Node:     the pinned Pyodide and PyScript from package-lock.json, vendored into web/vendor/.
#   Browser:  with --browser, Debian's Chromium and its headless shell (the page tests run in
#             the shell; never Playwright's download),
#             and for the smoke suite (scripts/smoke.sh) Debian's Firefox ESR, WebKitGTK's
#             driver and MiniBrowser, and Xvfb for WebKit's window.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian's browsers: each command that is missing brings its package (a second run installs
# nothing). On a fresh machine this is the longest step, and nothing before the end of this
# script needs a browser: it runs in the background, beside Python's and Node's packages, and
# the script waits for it at its end (its failure fails the install).
debian=""
if [ "${1:-}" = "--browser" ]; then
  missing=()
  [ -x "${ATTIKA_CHROMIUM:-/usr/bin/chromium}" ] || missing+=(chromium)
  [ -x "${ATTIKA_TEST_CHROMIUM:-/usr/bin/chromium-headless-shell}" ] || missing+=(chromium-headless-shell)
  [ -x "${ATTIKA_FIREFOX:-/usr/bin/firefox-esr}" ] || missing+=(firefox-esr)
  [ -x "${ATTIKA_WEBKIT_DRIVER:-/usr/bin/WebKitWebDriver}" ] || missing+=(webkit2gtk-driver)
  command -v xvfb-run >/dev/null || missing+=(xvfb xauth)
  if [ ${#missing[@]} -gt 0 ]; then
    echo "== installing from Debian: ${missing[*]} (a minute or two)"
    SUDO=""
    if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
    (
      $SUDO apt-get update -qq
      DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
    ) &
    debian=$!
  fi
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
  # puppeteer-core (the smoke suite's Firefox driver) downloads no browser: Debian's is used
  PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
else
  node scripts/vendor.mjs
fi

if [ -n "$debian" ]; then
  wait "$debian"
  echo "== installed from Debian"
fi
