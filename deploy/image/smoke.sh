# shellcheck shell=bash
# The image smoke test of scripts/image-test.sh: the six services of IMAGE as containers on the
# host network, each with the chart's security settings (read-only root file system, uid/gid
# 10001, every capability dropped, no privilege escalation, the engine's default seccomp
# profile, writable /tmp and git cache as tmpfs like the chart's emptyDirs), against a throwaway
# database on the machine's PostgreSQL and a fresh queue prefix on its Redis; a real Bandit SARIF
# of deploy/image/smoke-app uploaded through the containerized gateway; then a graceful stop.
# Sourced after scripts/lib.sh and deploy/image/engine.sh.

SERVICES=(api-gateway sarif-ingest triage fixer pr-publisher webhook-dispatcher)
SMOKE_GATEWAY_PORT=18480
SMOKE_SHUTDOWN_MS=20000
# Health ports 18491.. in SERVICES order; the gateway's API on loopback only.
smoke_health_port() {
  local i
  for i in "${!SERVICES[@]}"; do
    if [ "${SERVICES[$i]}" = "$1" ]; then echo $((18491 + i)); fi
  done
}

SMOKE_DB=""
SMOKE_ADMIN_URL="${IMAGE_TEST_PG_ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres}"

smoke_cleanup() {
  local ids
  ids="$(docker ps -aq --filter label=remediation-image-test=smoke 2>/dev/null || true)"
  [ -z "$ids" ] || docker rm -f $ids >/dev/null 2>&1 || true
  if [ -n "$SMOKE_DB" ]; then
    psql "$SMOKE_ADMIN_URL" -qc "drop database if exists \"$SMOKE_DB\" with (force)" >/dev/null 2>&1 || true
  fi
}

# smoke_run NAME ARGS...: docker run with the chart's container security settings (at most
# 5 minutes: the migrations run attached).
smoke_run() {
  local name="$1"
  shift
  timeout 300 docker run --name "rit-$name" --label remediation-image-test=smoke --network host \
    --read-only --user 10001:10001 --cap-drop ALL --security-opt no-new-privileges \
    --tmpfs /tmp:rw,nosuid,nodev,size=256m \
    --tmpfs /var/cache/remediation/git:rw,nosuid,nodev,uid=10001,gid=10001,mode=0750,size=512m \
    --stop-timeout 30 "$@"
}

# The repository the services clone: deploy/image/smoke-app committed into a bare repository
# owned by the containers' user, mounted read-only at /srv/git; SMOKE_SARIF is Bandit's report.
smoke_repository() {
  local work="$1"
  rm -rf "$work/src" "$work/git"
  cp -r "$ROOT/deploy/image/smoke-app" "$work/src"
  git -C "$work/src" init -q -b main
  git -C "$work/src" -c user.name=image-test -c user.email=image-test@example.invalid \
    commit -q --allow-empty -m init
  git -C "$work/src" add -A
  git -C "$work/src" -c user.name=image-test -c user.email=image-test@example.invalid \
    commit -q -m "inventory loader"
  mkdir -p "$work/git"
  git clone -q --bare "$work/src" "$work/git/app.git"
  chown -R 10001:10001 "$work/git"
  ensure_bandit
  SMOKE_SARIF="$work/bandit.sarif"
  # Bandit exits 1 when it finds something, which is the point here.
  (cd "$work/src" && bandit -q -r inventory -f sarif -o "$SMOKE_SARIF") || [ -s "$SMOKE_SARIF" ]
}

cli() { node "$ROOT/packages/cli/dist/main.js" "$@"; }
json_field() { node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const v=JSON.parse(s)[process.argv[1]];process.stdout.write(String(v))})' "$1"; }

smoke_test() {
  local image="$1" work="$2" svc port start

  SMOKE_DB="remediation_image_test_$(date +%s)_$$"
  psql "$SMOKE_ADMIN_URL" -qc "create database \"$SMOKE_DB\"" >&2
  local db_url="${SMOKE_ADMIN_URL%/*}/$SMOKE_DB"
  local prefix="image-test-$(date +%s)-$$"
  local key
  key="$(node -e 'process.stdout.write(require("crypto").randomBytes(32).toString("base64"))')"

  log "smoke: migrate (container) into $SMOKE_DB"
  smoke_run migrate --rm -e DATABASE_URL="$db_url" "$image" migrate >&2

  smoke_repository "$work"
  export DATABASE_URL="$db_url"
  cli admin create-org image-test --json >/dev/null
  local repo_id token
  repo_id="$(cli admin create-repo --org image-test --name image-test/inventory --provider git \
    --clone-url file:///srv/git/app.git --json | json_field id)"
  token="$(cli admin create-token --org image-test --name smoke --repo "$repo_id" --json | json_field token)"
  unset DATABASE_URL

  for svc in "${SERVICES[@]}"; do
    port="$(smoke_health_port "$svc")"
    smoke_run "$svc" -d -e DATABASE_URL="$db_url" -e REDIS_URL=redis://127.0.0.1:6379 \
      -e QUEUE_PREFIX="$prefix" -e SECRETS_ENCRYPTION_KEY="$key" -e GIT_ALLOWED_PROTOCOLS=file \
      -e HEALTH_PORT="$port" -e SHUTDOWN_TIMEOUT_MS="$SMOKE_SHUTDOWN_MS" -e LOG_LEVEL=warn \
      -e PORT="$SMOKE_GATEWAY_PORT" -e HOST=127.0.0.1 \
      -v "$work/git:/srv/git:ro" "$image" "$svc" >/dev/null
  done
  start=$SECONDS
  for svc in "${SERVICES[@]}"; do
    port="$(smoke_health_port "$svc")"
    if ! deadline 180 curl -fsS "http://127.0.0.1:$port/readyz"; then
      log "smoke: $svc not ready after 180 s; its log:"
      docker logs --tail 40 "rit-$svc" >&2 || true
      return 1
    fi
  done
  log "smoke: all six services ready ($((SECONDS - start)) s after start)"

  local outcome
  outcome="$(cd "$work/src" && REMEDIATE_URL="http://127.0.0.1:$SMOKE_GATEWAY_PORT" REMEDIATE_TOKEN="$token" \
    timeout 660 node "$ROOT/packages/cli/dist/main.js" upload "$SMOKE_SARIF" --repo "$repo_id" \
    --wait --timeout 10m --json)" || { log "smoke: upload or wait failed: $outcome"; return 1; }
  echo "smoke: scan: $outcome" >&2
  local findings
  findings="$(curl -fsS -H "Authorization: Bearer $token" \
    "http://127.0.0.1:$SMOKE_GATEWAY_PORT/v1/repositories/$repo_id/findings?limit=100")"
  SMOKE_SUMMARY="$(node "$ROOT/deploy/image/smoke-check.mjs" "$outcome" "$findings")" || {
    log "smoke: $SMOKE_SUMMARY"
    return 1
  }
  log "smoke: $SMOKE_SUMMARY"

  smoke_stop
}

# Stops every service at once (SIGTERM, SIGKILL after 30 s like the chart's grace period) and
# checks each exited 0 within SHUTDOWN_TIMEOUT_MS of its stop.
smoke_stop() {
  local svc pids=() failed=0 dir
  dir="$(mktemp -d)"
  for svc in "${SERVICES[@]}"; do
    (
      t0=$(date +%s%N)
      docker stop --time 30 "rit-$svc" >/dev/null
      echo $((($(date +%s%N) - t0) / 1000000)) > "$dir/$svc"
    ) &
    pids+=($!)
  done
  wait "${pids[@]}"
  for svc in "${SERVICES[@]}"; do
    local ms code
    ms="$(cat "$dir/$svc")"
    code="$(docker inspect --format '{{.State.ExitCode}}' "rit-$svc")"
    echo "smoke: $svc stopped in ${ms} ms, exit code $code" >&2
    if [ "$code" != 0 ] || [ "$ms" -ge "$SMOKE_SHUTDOWN_MS" ]; then
      log "smoke: $svc did not shut down gracefully within ${SMOKE_SHUTDOWN_MS} ms"
      docker logs --tail 20 "rit-$svc" >&2 || true
      failed=1
    fi
  done
  rm -rf "$dir"
  return "$failed"
}
