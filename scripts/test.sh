#!/usr/bin/env bash
# Sets up everything the tests need (Node 24, pnpm, PostgreSQL, Redis, the workspace build)
# and runs the whole test suite against the real PostgreSQL and Redis.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
setup_all
cd "$ROOT"
pnpm lint >&2
pnpm typecheck >&2
exec pnpm test
