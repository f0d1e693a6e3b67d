#!/usr/bin/env bash
# `pnpm bench:fix-rate`: installs what the end-to-end fix rate needs (as scripts/bench.sh: Node,
# pnpm, PostgreSQL and Redis started, the workspace built), then runs run.mjs with the arguments
# given. The scanners are the pinned ones of scripts/lib.sh (ensure_scanners: Bandit,
# Semgrep, gosec, SpotBugs + Find Security Bugs, into .tools); the Python sample project's
# libraries and a JDK come from Debian. Each step is skipped when already done.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib.sh"
setup_all
ensure_scanners
missing=()
for pkg in python3-flask python3-requests python3-yaml python3-jwt python3-defusedxml; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
done
if [ "${#missing[@]}" -gt 0 ]; then apt_install --no-install-recommends "${missing[@]}"; fi
command -v javac >/dev/null 2>&1 || apt_install default-jdk-headless
exec node "$ROOT/bench/fix-rate/run.mjs" "$@"
