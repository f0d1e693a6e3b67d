#!/usr/bin/env bash
# The Helm chart's checks with the real tools: Helm v3.22.0 and the helm-unittest plugin
# (installed by ensure_helm), `helm lint --strict` with the required values and with the
# production example, the helm-unittest suites (helm/remediation/tests), the Kubernetes schema
# validation of the rendered manifests (vitest: deploy/test/chart.test.ts), and Checkov on the
# rendered chart and docker-compose.yml (scripts/checkov.sh). Exits non-zero on any failure.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
source "$ROOT/scripts/chart-tools.sh"
cd "$ROOT"
ensure_node
ensure_pnpm
ensure_helm
export KUBE_VERSION
KUBE_VERSION="$(chart_kube_version)"

CHART=helm/remediation
step() { printf '\n== %s\n' "$*"; }

step "helm version"
helm version
step "helm plugin list"
plugins="$(helm plugin list)"
printf '%s\n' "$plugins"
grep -q '^unittest[[:space:]]' <<<"$plugins" || { log "helm-unittest is not registered"; exit 1; }

step "helm lint (required values, then the production example; Kubernetes $KUBE_VERSION)"
for values in "$CHART/tests/values/required.yaml" deploy/values-production.yaml; do
  helm lint --strict "$CHART" --kube-version "$KUBE_VERSION" -f "$values"
done

step "helm unittest"
helm unittest --strict "$CHART"

step "Kubernetes schema validation of the rendered manifests (vitest)"
pnpm vitest run --project deploy deploy/test/chart.test.ts deploy/test/kubernetes-validate.test.ts

step "Checkov"
bash scripts/checkov.sh
