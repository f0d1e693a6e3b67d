#!/usr/bin/env bash
# Rebuilds the labelled set (sarif/*.sarif, labels.json) from real scanner runs: installs the
# pinned scanners through scripts/lib.sh when absent (cheap when present), then runs
# build-set.mjs with the given arguments (e.g. --skip=semgrep). Needs the triage engine built
# (pnpm --filter @remediation/triage-engine build), Java 17+ with javac, mvn and go on PATH.
# Usage: bash bench/triage-quality/build-set.sh [--skip=semgrep,…]
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../../scripts/lib.sh
source "$HERE/../../scripts/lib.sh"
ensure_node
ensure_bandit
ensure_gosec
ensure_spotbugs
ensure_semgrep
exec node "$HERE/build-set.mjs" "$@"
