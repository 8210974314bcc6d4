#!/usr/bin/env bash
# Install what is needed (Debian's browsers included), then run every check and test:
# lint, types, the pytest suite on CPython (rules, page logic, and the page itself in
# headless Chromium), the core rules tests again under Pyodide (Python 3.14) in Node, and
# the smoke suite in Firefox ESR and WebKitGTK (scripts/smoke.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install.sh --browser

echo "== ruff"
.venv/bin/ruff check attika tests bench web e2e scripts smoke conftest.py
.venv/bin/ruff format --check attika tests bench web e2e scripts smoke conftest.py
echo "== mypy"
.venv/bin/mypy
rm -rf test-results
mkdir -p smoke-results test-results
# Emptied here, once, for every pytest below (e2e/conftest.py then leaves it alone).
export ATTIKA_RESULTS_EMPTIED=1
# Beside everything, from the start: the whole own-device game, which spends two of its
# four minutes waiting for the relayed offers to go stale (a late joiner) and so needs
# little of a core; its pytest-playwright keeps its own folder.
.venv/bin/python -m pytest e2e/test_own_device_table.py -p no:xdist \
  --output test-results/playwright-table >smoke-results/own-device-table.log 2>&1 &
table=$!
# Side by side, on the second core: what needs no Chromium runs behind pytest, one part
# after another, its output kept for the end (in smoke-results/: pytest-playwright empties
# test-results/ when it starts).
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
echo "== pytest: rules, page logic (CPython) and the page in Chromium (e2e/), three workers"
# Three workers (pytest-xdist), each with its own Chromium, server and relay: on two cores,
# two workers left the processors idle most of the time (a page test waits on Chromium,
# Pyodide, a peer or a relay), a third fills the gaps.
# worksteal: a worker that runs dry takes the later half of another's queue; conftest.py
# puts the long tests first and the quick ones last, so what is left to take at the end is
# quick, and no long test runs alone while a core sits idle. (With --dist load a quarter of
# the tests is dealt out at the start and never taken back: one worker ran the page tests
# it was dealt while the others sat idle.)
status=0
.venv/bin/python -m pytest -n "${ATTIKA_TEST_WORKERS:-3}" --dist worksteal \
  --ignore e2e/test_own_device_table.py || status=$?
wait "$beside" || status=1
cat smoke-results/beside-pytest.log
echo "== the whole own-device game (e2e/test_own_device_table.py), run beside the rest"
if wait "$table"; then
  tail -n 3 smoke-results/own-device-table.log
else
  status=1
  cat smoke-results/own-device-table.log
fi
exit "$status"
