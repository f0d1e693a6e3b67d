#!/usr/bin/env bash
# `pnpm bench:fix-coverage`: what the coverage bench needs (Node, pnpm, the workspace built, as
# every bench script does; the pinned scanners of scripts/lib.sh; the bench package's ESLint
# plugins), then run.mjs with the arguments given. Downloads go to bench/fix-coverage/.cache
# through pip, npm and mvn, once.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib.sh"
setup_all
ensure_scanners
exec node "$ROOT/bench/fix-coverage/run.mjs" "$@"
