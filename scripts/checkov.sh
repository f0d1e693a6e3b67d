#!/usr/bin/env bash
# Checkov on what an operator deploys: the chart rendered by `helm template` (the required values
# and the production example; `checkov --framework helm` would render with the defaults alone,
# which the chart refuses, and scan nothing) and docker-compose.yml. Prints passed / skipped /
# failed per target and the reason of every skip; exits non-zero on any failed check, on any
# parsing error, or when the chart yields no check at all.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
source "$ROOT/scripts/chart-tools.sh"
cd "$ROOT"
ensure_helm
ensure_checkov
KUBE_VERSION="${KUBE_VERSION:-$(chart_kube_version)}"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
render() {
  helm template prod helm/remediation -n remediation --kube-version "$KUBE_VERSION" -f "$2" >"$work/$1"
}
render chart-required-values.yaml helm/remediation/tests/values/required.yaml
render chart-production-example.yaml deploy/values-production.yaml

# Offline: no guideline download from the platform, no PyPI version check. Checkov exits 1 on
# failed checks; the verdict below comes from its JSON report instead.
BC_SKIP_MAPPING=TRUE CKV_SKIP_PACKAGE_UPDATE_CHECK=TRUE checkov --skip-download -o json \
  -f "$work/chart-required-values.yaml" -f "$work/chart-production-example.yaml" \
  -f docker-compose.yml >"$work/report.json" 2>"$work/stderr" || true

printf 'checkov %s\n' "$(checkov --version)"
node - "$work/report.json" "$work/stderr" <<'NODE'
const { readFileSync } = require('node:fs');
const { basename } = require('node:path');
const [reportPath, stderrPath] = process.argv.slice(2);
let parsed;
try {
  parsed = JSON.parse(readFileSync(reportPath, 'utf8'));
} catch {
  console.error(`checkov produced no JSON report:\n${readFileSync(stderrPath, 'utf8')}`);
  process.exit(1);
}
// One report per framework that found something to read; none at all when no file matched one.
const reports = (Array.isArray(parsed) ? parsed : [parsed]).filter((r) => r.results);
const targets = ['chart-required-values.yaml', 'chart-production-example.yaml', 'docker-compose.yml'];
const counts = Object.fromEntries(targets.map((t) => [t, { passed: 0, skipped: 0, failed: 0 }]));
const skips = new Map();
const failures = [];
let parsingErrors = 0;
for (const report of reports) {
  parsingErrors += report.summary?.parsing_errors ?? 0;
  for (const [kind, list] of [
    ['passed', report.results.passed_checks],
    ['skipped', report.results.skipped_checks],
    ['failed', report.results.failed_checks],
  ]) {
    for (const check of list ?? []) {
      const target = basename(check.file_path);
      if (counts[target]) counts[target][kind] += 1;
      if (kind === 'skipped') {
        const key = `${check.check_id} ${check.check_name}: ${check.check_result?.suppress_comment}`;
        skips.set(key, (skips.get(key) ?? 0) + 1);
      }
      if (kind === 'failed')
        failures.push(`${check.check_id} ${check.check_name}: ${check.resource} (${target})`);
    }
  }
}
const line = (name, c) =>
  `${name}: ${c.passed} passed, ${c.skipped} skipped, ${c.failed} failed`;
console.log(`frameworks reporting: ${reports.map((r) => r.check_type).join(', ') || 'none'}`);
for (const t of targets) console.log(line(t, counts[t]));
const total = Object.values(counts).reduce(
  (a, c) => ({ passed: a.passed + c.passed, skipped: a.skipped + c.skipped, failed: a.failed + c.failed }),
  { passed: 0, skipped: 0, failed: 0 },
);
console.log(line('total', total));
if (skips.size > 0) console.log('skipped (count, check, reason):');
for (const [key, n] of skips) console.log(`  ${n} x ${key}`);
for (const f of failures) console.log(`FAILED ${f}`);
const chartChecks = ['chart-required-values.yaml', 'chart-production-example.yaml'].map(
  (t) => counts[t].passed + counts[t].skipped + counts[t].failed,
);
if (parsingErrors > 0) console.log(`parsing errors: ${parsingErrors}`);
if (chartChecks.some((n) => n === 0)) console.log('a rendered chart produced no Checkov result');
process.exitCode = total.failed > 0 || parsingErrors > 0 || chartChecks.some((n) => n === 0) ? 1 : 0;
NODE
