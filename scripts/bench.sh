#!/usr/bin/env bash
# Runs one benchmark script (`pnpm bench:<name>` → `bash scripts/bench.sh <file> [args]`) on a
# machine set up like the tests': Node 24, pnpm, PostgreSQL and Redis started (installed with
# apt-get when absent), the workspace installed and built (turbo's cache makes that quick when
# nothing changed). The benchmark itself prints its figures.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
[ "$#" -ge 1 ] || { log "usage: scripts/bench.sh <bench script> [args...]"; exit 2; }
setup_all
cd "$ROOT"
script="$1"
shift
case "$script" in
  *.mjs | *.js) exec node "$script" "$@" ;;
  *) exec "$script" "$@" ;;
esac
