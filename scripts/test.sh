#!/usr/bin/env bash
# Install what is needed, then run every check and test: lint, types, the pytest
# suite on CPython, and the core rules tests again under Pyodide (Python 3.14) in Node.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install.sh

echo "== ruff"
.venv/bin/ruff check attika tests bench
.venv/bin/ruff format --check attika tests bench
echo "== mypy"
.venv/bin/mypy
echo "== pytest (CPython)"
.venv/bin/python -m pytest
echo "== core rules tests under Pyodide"
node tests/pyodide/run.mjs | grep -v '^ok '
