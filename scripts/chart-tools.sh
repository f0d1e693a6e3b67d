#!/usr/bin/env bash
# Sourced by scripts/chart-test.sh and scripts/checkov.sh (after scripts/lib.sh): the Kubernetes
# version the chart is rendered for.

# Every lint and render names the Kubernetes version the vitest checks validate against, read
# from the one place it is defined (Helm's own default is the one it was built for).
chart_kube_version() {
  local v
  v="$(sed -n "s/^export const KUBE_VERSION = '\(.*\)';$/\1/p" "$ROOT/deploy/src/helm/helm.ts")"
  [ -n "$v" ] || { log "KUBE_VERSION not found in deploy/src/helm/helm.ts"; return 1; }
  printf '%s\n' "$v"
}
