#!/usr/bin/env bash
# Install what is needed (Debian's browsers included), then run every check and test:
# lint, types, the pytest suite on CPython (rules, page logic, and the page itself in
# headless Chromium), the core rules tests again under Pyodide (Python 3.14) in Node, and
# the smoke suite in Firefox ESR and WebKitGTK (scripts/smoke.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install.sh --browser

echo "== ruff"
.venv/bin/ruff check attika tests bench web e2e scripts smoke
.venv/bin/ruff format --check attika tests bench web e2e scripts smoke
echo "== mypy"
.venv/bin/mypy
# Side by side, on the second core: what needs no Chromium runs behind pytest, one part
# after another, its output kept for the end (in smoke-results/: pytest-playwright empties
# test-results/ when it starts).
mkdir -p smoke-results
(
  failed=0
  echo "== core rules tests under Pyodide"
  node tests/pyodide/run.mjs | grep -v '^ok ' || failed=1
  echo "== smoke suite in Firefox ESR and WebKitGTK (smoke/), one after the other"
  bash scripts/smoke.sh firefox || failed=1
  bash scripts/smoke.sh webkit || failed=1
  exit "$failed"
) >smoke-results/beside-pytest.log 2>&1 &
beside=$!
echo "== pytest: rules, page logic (CPython) and the page in Chromium (e2e/), two workers"
# Two workers (pytest-xdist), each with its own Chromium, server and relay: most of a page
# test is Chromium and Pyodide working while pytest waits, so the two cores stay busy.
# worksteal: a worker that runs dry takes tests from the other's queue, so the few long
# tests (whole games, relayed peers) do not leave one core idle at the end.
status=0
.venv/bin/python -m pytest -n "${ATTIKA_TEST_WORKERS:-2}" --dist worksteal || status=$?
wait "$beside" || status=1
cat smoke-results/beside-pytest.log
exit "$status"
