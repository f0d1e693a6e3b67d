# shellcheck shell=bash
# A private Docker engine for scripts/image-test.sh: Debian's docker.io daemon on its own socket,
# data root and log (so it never meets another engine on the machine), the vfs storage driver
# (works on any file system, including inside a container) and no iptables rules (every container
# of the test uses host networking, so nothing needs NAT). buildx and Compose v2 are built from
# the Go module proxy at pinned versions into .tools; without them the daemon's classic builder
# and Debian's docker-compose are used. Sourced after scripts/lib.sh (ROOT, TOOLS, log,
# apt_install).

BUILDX_VERSION="v0.38.2"
COMPOSE_VERSION="v2.40.3"

ENGINE_STATE="${IMAGE_TEST_STATE:-/var/lib/remediation-image-test}"
ENGINE_RUN="/run/remediation-image-test"
export DOCKER_HOST="unix://$ENGINE_RUN/docker.sock"
# Plugins and client settings in the project, not in ~/.docker.
export DOCKER_CONFIG="$TOOLS/docker"
ENGINE_LOG="$ENGINE_STATE/dockerd.log"
ENGINE_STARTED=0

# deadline SECONDS COMMAND...: runs COMMAND every second until it succeeds; fails after SECONDS.
deadline() {
  local seconds="$1" start=$SECONDS
  shift
  until "$@" >/dev/null 2>&1; do
    if [ $((SECONDS - start)) -ge "$seconds" ]; then return 1; fi
    sleep 1
  done
}

ensure_engine() {
  command -v dockerd >/dev/null 2>&1 || apt_install docker.io
  command -v docker >/dev/null 2>&1 || apt_install docker.io
  mkdir -p "$ENGINE_STATE" "$ENGINE_RUN"
  if docker info >/dev/null 2>&1; then return; fi
  log "starting dockerd (vfs, no iptables) on $DOCKER_HOST; log: $ENGINE_LOG"
  dockerd --host "$DOCKER_HOST" --data-root "$ENGINE_STATE/data" --exec-root "$ENGINE_RUN/exec" \
    --pidfile "$ENGINE_RUN/dockerd.pid" --storage-driver=vfs --iptables=false --ip-masq=false \
    >>"$ENGINE_LOG" 2>&1 &
  ENGINE_STARTED=1
  if ! deadline 60 docker info; then
    log "dockerd did not answer within 60 s; last lines of $ENGINE_LOG:"
    tail -n 20 "$ENGINE_LOG" >&2
    return 1
  fi
}

# Stops the engine this script started: SIGTERM to its pid (it stops its containers and its
# containerd), then waits for it to be gone.
stop_engine() {
  [ "$ENGINE_STARTED" = 1 ] || return 0
  local pid
  pid="$(cat "$ENGINE_RUN/dockerd.pid" 2>/dev/null || true)"
  [ -n "$pid" ] || return 0
  kill -TERM "$pid" 2>/dev/null || return 0
  deadline 60 bash -c "! kill -0 $pid" || log "dockerd $pid still running after 60 s"
}

# go_plugin NAME MODULE PACKAGE VERSION LDFLAGS: builds a Docker CLI plugin into
# .tools/go/NAME-VERSION and links it into DOCKER_CONFIG/cli-plugins. Built inside a copy of the
# module from the Go module proxy, as its own main module: `go install pkg@version` refuses
# modules whose go.mod has replace or exclude directives (Compose v2's has). Fails when it does
# not build.
go_plugin() {
  local name="$1" module="$2" pkg="$3" version="$4" ldflags="$5"
  local dir="$TOOLS/go/$name-$version" src
  if [ ! -x "$dir/$name" ]; then
    command -v go >/dev/null 2>&1 || apt_install golang-go
    log "building $module@$version (once; several minutes)"
    src="$(GOFLAGS=-mod=mod go mod download -json "$module@$version" |
      node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>process.stdout.write(JSON.parse(s).Dir||""))')" || return 1
    [ -n "$src" ] || return 1
    rm -rf "$dir.src" && cp -r "$src" "$dir.src" && chmod -R u+w "$dir.src"
    mkdir -p "$dir"
    (cd "$dir.src" && GOFLAGS=-mod=mod CGO_ENABLED=0 \
      go build -trimpath -ldflags "-s -w $ldflags" -o "$dir/$name.tmp" "./${pkg#"$module"/}") >&2 || {
      rm -rf "$dir.src"
      return 1
    }
    mv "$dir/$name.tmp" "$dir/$name" && rm -rf "$dir.src"
  fi
  mkdir -p "$DOCKER_CONFIG/cli-plugins"
  ln -sfn "$dir/$name" "$DOCKER_CONFIG/cli-plugins/$name"
}

# Sets BUILD (the build command) and COMPOSE (the compose command), preferring BuildKit through
# buildx and Compose v2, falling back to the classic builder and Debian's docker-compose.
ensure_build_tools() {
  if go_plugin docker-buildx github.com/docker/buildx github.com/docker/buildx/cmd/buildx \
    "$BUILDX_VERSION" "-X github.com/docker/buildx/version.Version=$BUILDX_VERSION" &&
    docker buildx version >/dev/null 2>&1; then
    BUILD=(docker buildx build --builder default --load)
    BUILDER="BuildKit (buildx $BUILDX_VERSION, the daemon's built-in Dockerfile frontend)"
  else
    log "buildx $BUILDX_VERSION did not build: using the engine's classic builder"
    BUILD=(env DOCKER_BUILDKIT=0 docker build)
    BUILDER="classic builder (DOCKER_BUILDKIT=0)"
  fi
  if go_plugin docker-compose github.com/docker/compose/v2 github.com/docker/compose/v2/cmd \
    "$COMPOSE_VERSION" "-X github.com/docker/compose/v2/internal.Version=$COMPOSE_VERSION" &&
    docker compose version >/dev/null 2>&1; then
    COMPOSE=(docker compose)
  else
    log "Compose $COMPOSE_VERSION did not build: using Debian's docker-compose"
    command -v docker-compose >/dev/null 2>&1 || apt_install docker-compose
    COMPOSE=(docker-compose)
  fi
}
