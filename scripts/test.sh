#!/usr/bin/env bash
# Install what is needed (Debian's Chromium included), then run every check and test:
# lint, types, the pytest suite on CPython (rules, page logic, and the page itself in
# headless Chromium), and the core rules tests again under Pyodide (Python 3.14) in Node.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install.sh --browser

echo "== ruff"
.venv/bin/ruff check attika tests bench web e2e scripts
.venv/bin/ruff format --check attika tests bench web e2e scripts
echo "== mypy"
.venv/bin/mypy
echo "== pytest: rules, page logic (CPython) and the page in Chromium (e2e/)"
.venv/bin/python -m pytest
echo "== core rules tests under Pyodide"
node tests/pyodide/run.mjs | grep -v '^ok '
