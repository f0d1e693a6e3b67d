#!/bin/sh
# First start: a cluster owned by POSTGRES_USER with POSTGRES_PASSWORD (scram over TCP, trust on
# the socket inside the container) and the database POSTGRES_DB; then the server on
# 127.0.0.1:${PGPORT:-5432}.
set -eu
: "${POSTGRES_USER:=postgres}"
: "${POSTGRES_DB:=$POSTGRES_USER}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required}"
  pwfile="$(mktemp)"
  printf '%s\n' "$POSTGRES_PASSWORD" > "$pwfile"
  initdb --username="$POSTGRES_USER" --pwfile="$pwfile" --auth-local=trust \
    --auth-host=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8 -D "$PGDATA" >/dev/null
  rm -f "$pwfile"
  if [ "$POSTGRES_DB" != postgres ]; then
    echo "CREATE DATABASE \"$POSTGRES_DB\" OWNER \"$POSTGRES_USER\"" |
      postgres --single -D "$PGDATA" -c "listen_addresses=" postgres >/dev/null
  fi
fi
if [ "${1:-}" = postgres ]; then
  shift
  exec postgres -c "listen_addresses=${POSTGRES_LISTEN:-127.0.0.1}" -p "${PGPORT:-5432}" "$@"
fi
exec "$@"
