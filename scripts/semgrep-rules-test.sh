#!/usr/bin/env bash
# The Semgrep rules kept in bench/rules/semgrep: checks that they parse, runs their own tests
# (semgrep --test: the `ruleid:` / `ok:` annotations in the target beside each rule file) and
# checks that every Semgrep id a codemod declares is produced by one of them.
# Needs packages/codemods built (pnpm --filter @remediation/codemods build).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
ensure_semgrep
RULES=bench/rules/semgrep

# `semgrep --validate` also lints the rules with the registry pack p/semgrep-rule-lints, which
# it downloads from semgrep.dev (not reachable here, and registry rules are not used). The
# parse and schema check it runs first is semgrep-core's -check_rules; it is run directly, with
# no lint rules.
core="$(dirname "$(readlink -f "$(command -v semgrep)")")/../lib/python3*/site-packages/semgrep/bin/semgrep-core"
core="$(echo $core)"
no_lints="$(mktemp --suffix=.yaml)"
out="$(mktemp --suffix=.json)"
trap 'rm -f "$no_lints" "$out"' EXIT
echo 'rules: []' >"$no_lints"
"$core" -json -check_rules "$no_lints" "$RULES" 2>/dev/null | tail -n 1 >"$out"
node -e '
  const errors = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).errors;
  for (const e of errors) console.error(`${e.location.path}:${e.location.start.line}: ${e.message}`);
  console.log(`rule check: ${errors.length} errors`);
  if (errors.length > 0) process.exit(1);
' "$out"

semgrep --test --metrics=off "$RULES"

# Every rule reports on its own targets, so this run lists the ids Semgrep really reports.
semgrep scan --metrics=off --disable-version-check --quiet --json --config "$RULES" "$RULES" >"$out"
node "$RULES/check-bindings.mjs" "$out"
