#!/usr/bin/env bash
# Builds the image and runs it for real, offline (issue 22): a private Docker engine (Debian's
# docker.io, vfs, no iptables), buildx and Compose v2 built from the Go module proxy, local base
# images (debootstrap minbase + Node), the project image from deploy/Dockerfile, the six services
# as hardened containers through a real upload (deploy/image/smoke.sh), and docker-compose.yml
# with deploy/compose-test.yaml until every service is healthy (deploy/image/compose-run.sh).
# Prints the image size, the build time and `image smoke test: passed`.
#
#   scripts/image-test.sh                 everything, then removes containers, images and the
#                                         engine's state
#   IMAGE_TEST_KEEP=1 scripts/image-test.sh   keeps the engine's images between runs (the base
#                                         images are then not rebuilt)
#   IMAGE_TEST_SKIP_COMPOSE=1             the image smoke test only
# Needs root (it installs packages and runs dockerd), the machine's PostgreSQL (trust for
# postgres@127.0.0.1) and Redis, and a built workspace (for the remediate CLI).
set -euo pipefail

# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ensure_node
ensure_pnpm
ensure_postgres
ensure_redis
[ -f "$ROOT/packages/cli/dist/main.js" ] || (cd "$ROOT" && pnpm --filter @remediation/cli... build >&2)
command -v psql >/dev/null 2>&1 || apt_install postgresql-client
command -v curl >/dev/null 2>&1 || apt_install curl

# shellcheck source=deploy/image/engine.sh
source "$ROOT/deploy/image/engine.sh"
# shellcheck source=deploy/image/images.sh
source "$ROOT/deploy/image/images.sh"
# shellcheck source=deploy/image/smoke.sh
source "$ROOT/deploy/image/smoke.sh"
# shellcheck source=deploy/image/compose-run.sh
source "$ROOT/deploy/image/compose-run.sh"

IMAGE="remediation:image-test"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/image-test.XXXXXX")"

cleanup() {
  local status=$?
  set +e
  if docker info >/dev/null 2>&1; then
    smoke_cleanup
    compose_cleanup
    if [ "${IMAGE_TEST_KEEP:-0}" != 1 ]; then
      docker image rm -f "$IMAGE" >/dev/null 2>&1
    fi
  fi
  stop_engine
  if [ "${IMAGE_TEST_KEEP:-0}" != 1 ] && [ "$ENGINE_STARTED" = 1 ]; then
    rm -rf "$ENGINE_STATE/data"
  fi
  rm -rf "$WORK"
  exit "$status"
}
trap cleanup EXIT

ensure_engine
ensure_build_tools
log "engine $(docker version --format '{{.Server.Version}}'); builder: $BUILDER; compose: $("${COMPOSE[@]}" version --short 2>/dev/null || echo '?')"
build_base_images "$WORK"
build_project_image "$IMAGE"
size_bytes="$(docker image inspect --format '{{.Size}}' "$IMAGE")"
base_bytes="$(docker image inspect --format '{{.Size}}' "$NODE_IMAGE")"

smoke_test "$IMAGE" "$WORK"
if [ "${IMAGE_TEST_SKIP_COMPOSE:-0}" != 1 ]; then
  compose_test "$WORK" "$IMAGE"
  compose_result="passed (all six application services healthy by compose's healthchecks)"
else
  compose_result="skipped (IMAGE_TEST_SKIP_COMPOSE=1)"
fi

echo "image: $IMAGE $(awk -v b="$size_bytes" 'BEGIN { printf "%.0f MB", b / 1e6 }') (base $NODE_IMAGE $(awk -v b="$base_bytes" 'BEGIN { printf "%.0f MB", b / 1e6 }'))"
echo "image build time: ${BUILD_SECONDS} s ($BUILDER)"
echo "scan through the containers: $SMOKE_SUMMARY"
echo "compose: $compose_result"
echo "image smoke test: passed"
