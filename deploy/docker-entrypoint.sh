#!/bin/sh
# Starts one service of the image: the first argument or $SERVICE names a directory under
# services/ (each starts as `node --import ./dist/instrument.js dist/main.js` from its own
# directory, like `pnpm start`), or `migrate` runs the database migrations.
set -eu

APP_DIR="${APP_DIR:-/app}"
service="${1:-${SERVICE:-}}"

available() {
  for dir in "$APP_DIR"/services/*/; do
    [ -f "${dir}dist/main.js" ] && basename "$dir"
  done | tr '\n' ' '
}

case "$service" in
  "")
    echo "usage: docker-entrypoint.sh <service>|migrate (or set SERVICE); services: $(available)" >&2
    exit 64
    ;;
  migrate)
    exec node "$APP_DIR/packages/db/dist/migrate.js"
    ;;
  *[!a-z0-9-]*)
    echo "invalid service name '$service'; services: $(available)" >&2
    exit 64
    ;;
esac

dir="$APP_DIR/services/$service"
if [ ! -f "$dir/dist/main.js" ] || [ ! -f "$dir/dist/instrument.js" ]; then
  echo "unknown service '$service'; services: $(available)" >&2
  exit 64
fi
cd "$dir"
exec node --import ./dist/instrument.js dist/main.js
