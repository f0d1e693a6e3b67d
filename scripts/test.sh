#!/usr/bin/env bash
# README command 2: sets up everything the tests need (Node 24, pnpm, PostgreSQL, Redis, the
# workspace build, Chromium, the real scanners and chart tools), then runs lint, typecheck, the
# chart's checks (scripts/chart-test.sh: helm lint, helm unittest, Kubernetes schemas, Checkov),
# the repository's Semgrep rules (scripts/semgrep-rules-test.sh) and the whole test suite against
# the real PostgreSQL and Redis; with RUN_IMAGE_TEST=1 also the image built and run for real
# (scripts/image-test.sh, 15 to 30 minutes). Ends with a plain "N passed, N failed" line.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
setup_all
ensure_chromium
# The demo's browser test scans with real Bandit (remediate demo), as a new user's first run does.
ensure_bandit
# The Go end-to-end test scans with real gosec (test/e2e/go-gosec.e2e.test.ts).
ensure_gosec
cd "$ROOT"
pnpm format:check >&2
pnpm lint >&2
pnpm typecheck >&2
mkdir -p test-results
status=0
bash scripts/chart-test.sh >&2 || status=$?
bash scripts/semgrep-rules-test.sh >&2 || status=$?
if [ "${RUN_IMAGE_TEST:-0}" = 1 ]; then bash scripts/image-test.sh >&2 || status=$?; fi
pnpm test --reporter=default --reporter=json --outputFile.json=test-results/vitest.json || status=$?
if [ -f test-results/vitest.json ]; then
  node -e '
    const r = JSON.parse(require("fs").readFileSync("test-results/vitest.json", "utf8"));
    console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`);
    if (r.numTotalTests === 0) process.exitCode = 1;
  ' || status=1
fi
exit "$status"
