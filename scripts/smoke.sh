#!/usr/bin/env bash
# The smoke suite (smoke/smoke.test.mjs) in Firefox ESR and in WebKitGTK, side by side, one
# browser each; both logs printed whole at the end, one after the other. WebKit's MiniBrowser
# needs a display: Xvfb, by xvfb-run. Installed by `bash scripts/install.sh --browser`.
#   bash scripts/smoke.sh [firefox|webkit ...]    (both when none is named)
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p smoke-results  # not test-results/: pytest-playwright empties that at its start
which=("$@")
[ ${#which[@]} -gt 0 ] || which=(firefox webkit)
pids=()
for browser in "${which[@]}"; do
  case "$browser" in
    firefox) run=(node --test --test-reporter=spec smoke/smoke.test.mjs) ;;
    webkit) run=(xvfb-run -a -s "-screen 0 1280x1024x24" node --test --test-reporter=spec smoke/smoke.test.mjs) ;;
    *) echo "smoke: no browser called $browser (firefox, webkit)" >&2; exit 2 ;;
  esac
  SMOKE_BROWSER="$browser" "${run[@]}" >"smoke-results/$browser.log" 2>&1 &
  pids+=($!)
done
failed=0
for i in "${!pids[@]}"; do
  wait "${pids[$i]}" || failed=1
  echo "== smoke in ${which[$i]}"
  cat "smoke-results/${which[$i]}.log"
done
exit $failed
