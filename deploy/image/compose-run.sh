# shellcheck shell=bash
# The compose part of scripts/image-test.sh: docker-compose.yml with deploy/compose-test.yaml
# (PostgreSQL and Redis built from Debian's packages, host networking), the six application
# services and what they depend on (migrate, postgres, redis) started and waited for until
# compose's own healthchecks say healthy; then `down` with its volumes. Sourced after
# scripts/lib.sh, engine.sh (COMPOSE) and images.sh (NODE_IMAGE, DEBIAN_IMAGE).

COMPOSE_PROJECT="remediation-image-test"
COMPOSE_OBSERVABILITY="otel-collector jaeger prometheus grafana"

# compose ARGS...: one compose command, bounded by COMPOSE_TIMEOUT seconds (default 600).
# COMPOSE_BAKE=false: Compose's own BuildKit client honours the builds' network.host
# entitlement; through `buildx bake` it is refused without a flag compose cannot pass.
compose() {
  COMPOSE_BAKE=false timeout "${COMPOSE_TIMEOUT:-600}" "${COMPOSE[@]}" -p "$COMPOSE_PROJECT" --project-directory "$ROOT" -f "$ROOT/docker-compose.yml" \
    -f "$ROOT/deploy/compose-test.yaml" --env-file "$COMPOSE_ENV_FILE" "$@"
}

compose_cleanup() {
  [ -n "${COMPOSE_ENV_FILE:-}" ] && [ -f "$COMPOSE_ENV_FILE" ] || return 0
  compose down --volumes --timeout 30 >/dev/null 2>&1 || true
}

compose_test() {
  local work="$1" image="$2" svc status failed=0
  COMPOSE_ENV_FILE="$work/compose.env"
  {
    echo "POSTGRES_PASSWORD=$(node -e 'process.stdout.write(require("crypto").randomBytes(18).toString("hex"))')"
    echo "SECRETS_ENCRYPTION_KEY=$(node -e 'process.stdout.write(require("crypto").randomBytes(32).toString("base64"))')"
    echo "GRAFANA_ADMIN_PASSWORD=unused-in-this-run"
    echo "REMEDIATION_IMAGE=$image"
    echo "NODE_IMAGE=$NODE_IMAGE"
    echo "DEBIAN_IMAGE=$DEBIAN_IMAGE"
  } >"$COMPOSE_ENV_FILE"
  echo "compose: left out: $COMPOSE_OBSERVABILITY (their images, otel/opentelemetry-collector-contrib, jaegertracing/all-in-one, prom/prometheus and grafana/grafana, come only from Docker Hub, which this machine cannot reach; telemetry export is off in this run)" >&2
  compose config --quiet
  log "compose: building postgres and redis from Debian's packages"
  COMPOSE_TIMEOUT=1800 compose build postgres redis >&2
  log "compose: up (${SERVICES[*]})"
  if ! compose up --detach --wait --wait-timeout 420 "${SERVICES[@]}" >&2; then
    compose ps -a >&2 || true
    compose logs --tail 30 >&2 || true
    return 1
  fi
  for svc in "${SERVICES[@]}"; do
    status="$(docker inspect --format '{{.State.Health.Status}}' "$(compose ps -q "$svc")")"
    echo "compose: $svc $status" >&2
    [ "$status" = healthy ] || failed=1
  done
  [ "$(docker inspect --format '{{.State.ExitCode}}' "$(compose ps -a -q migrate)")" = 0 ] || {
    echo "compose: migrate did not exit 0" >&2
    failed=1
  }
  compose down --volumes --timeout 30 >&2
  return "$failed"
}
