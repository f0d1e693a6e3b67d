#!/usr/bin/env bash
# Sourced by scripts/chart-test.sh and scripts/checkov.sh (after scripts/lib.sh): the chart's
# Helm, with the helm-unittest plugin, and the Kubernetes version the chart is rendered for.

# ensure_helm (lib.sh) builds helm-unittest with `go install module@version`, which Go refuses
# for this module: its go.mod has a replace directive. Until lib.sh changes, build it as the
# project's Makefile does (`go build` inside the module, where the replace applies) into the
# folder ensure_helm checks, so that ensure_helm finds the binary and only registers the plugin.
prebuild_helm_unittest() {
  local dir="$TOOLS/go/untt-$HELM_UNITTEST_VERSION" src
  [ -x "$dir/helm-unittest" ] && return
  command -v go >/dev/null 2>&1 || apt_install golang-go
  src="$(GOFLAGS=-mod=mod go mod download -json "github.com/helm-unittest/helm-unittest@$HELM_UNITTEST_VERSION" |
    node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>process.stdout.write(JSON.parse(s).Dir))')"
  log "go build helm-unittest $HELM_UNITTEST_VERSION from $src"
  mkdir -p "$dir"
  (cd "$src" && GOFLAGS= CGO_ENABLED=0 go build -trimpath -o "$dir/helm-unittest.partial" ./cmd/helm-unittest) >&2
  mv "$dir/helm-unittest.partial" "$dir/helm-unittest"
}

ensure_chart_helm() {
  ensure_node
  prebuild_helm_unittest
  ensure_helm
}

# The go-installed Helm has no version ldflags, so its default Kubernetes is v1.20 (below the
# chart's kubeVersion): every lint and render names the version the vitest checks validate
# against, read from the one place it is defined.
chart_kube_version() {
  local v
  v="$(sed -n "s/^export const KUBE_VERSION = '\(.*\)';$/\1/p" "$ROOT/deploy/src/helm/helm.ts")"
  [ -n "$v" ] || { log "KUBE_VERSION not found in deploy/src/helm/helm.ts"; return 1; }
  printf '%s\n' "$v"
}
