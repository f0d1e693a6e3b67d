#!/usr/bin/env bash
# Rebuilds the advisory-pair set (build.mjs): installs the pinned scanners through scripts/lib.sh
# when absent, then fetches, lays out, scans and labels. Needs the packages built (pnpm build),
# npm, pip, go, curl, and the registries (npm, PyPI, the Go module proxy, Maven Central);
# downloads are cached in bench/triage-quality/.work/advisories/ (git-ignored). A full build
# replaces the set's tree/ and sarif/ when it has finished; --review and --only write to
# .work/advisories/scratch/ and leave the set and labels.json as they are; --only=… --merge
# builds the named pairs apart and puts them into the set in place of their earlier part (a pair
# or a group added in minutes, where a full build takes about 45).
# Usage: bash bench/triage-quality/advisories/build.sh [--review] [--only=name,… [--merge]]
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../../../scripts/lib.sh
source "$HERE/../../../scripts/lib.sh"
ensure_node
ensure_bandit
ensure_gosec
ensure_semgrep
exec node "$HERE/build.mjs" "$@"
