#!/usr/bin/env bash
# Install what the page needs, then serve the game on http://127.0.0.1:PORT/ (default 8000).
# Any static host works the same way: the page needs no server code, only these files.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install.sh
PORT="${PORT:-8000}"
echo
echo "Attika is served at http://127.0.0.1:${PORT}/  (Ctrl+C stops it)"
echo
exec .venv/bin/python -m http.server "$PORT" --bind 127.0.0.1
