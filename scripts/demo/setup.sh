#!/usr/bin/env bash
# The demo's setup, shared by scripts/dev.sh and the dashboard's demo browser test: the `demo`
# organization, the `demo/app` repository (provider `git`, a local bare repository) holding the
# application in scripts/demo/app, with auto_fix and auto_pr on. Prints the repository id.
#
# Idempotent. The application is committed when the repository's main branch does not have it
# yet (a new repository, or the README-only demo of earlier versions); a main branch that has it
# is left alone, so fixes merged into it are never overwritten. The settings are set when the
# repository row is created or the application seeded, not on every run (a person may have
# changed them since).
#
# Environment: DATABASE_URL (required), DEMO_GIT (the bare repository; default
# .dev/git/demo-app.git). Needs node, git and psql, and a built packages/cli.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
APP="$ROOT/scripts/demo/app"
DEMO_GIT="${DEMO_GIT:-$ROOT/.dev/git/demo-app.git}"
: "${DATABASE_URL:?DATABASE_URL must be set}"
remediate() { node "$ROOT/packages/cli/dist/main.js" "$@"; }
say() { printf '[demo] %s\n' "$*" >&2; }

if [ ! -d "$DEMO_GIT" ]; then
  mkdir -p "$(dirname "$DEMO_GIT")"
  git init -q --bare -b main "$DEMO_GIT"
fi

seeded=0
# The application's marker: its package.json on main. Absent on a new or README-only repository.
if ! git -C "$DEMO_GIT" cat-file -e main:package.json 2>/dev/null; then
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  if git -C "$DEMO_GIT" rev-parse -q --verify main >/dev/null; then
    git clone -q -b main "$DEMO_GIT" "$work"
  else
    git -C "$work" init -q -b main
  fi
  cp -R "$APP/." "$work/"
  git -C "$work" add -A
  git -C "$work" -c user.email=dev@localhost -c user.name=dev \
    commit -qm "notes: the demo application (HTTP API, worker, tests)"
  git -C "$work" push -q "$DEMO_GIT" HEAD:main
  seeded=1
  say "seeded demo/app with the demo application ($DEMO_GIT)"
fi

remediate admin create-org demo --json >/dev/null 2>&1 || true
repo_sql="select r.id from repositories r join organizations o on o.id = r.organization_id
  where o.slug = 'demo' and r.name = 'demo/app'"
repo_id="$(psql "$DATABASE_URL" -tAc "$repo_sql")"
if [ -z "$repo_id" ]; then
  repo_id="$(remediate admin create-repo --org demo --name demo/app --clone-url "$DEMO_GIT" --provider git)"
  seeded=1
fi
if [ "$seeded" = 1 ]; then
  # auto_fix and auto_pr on, so a scan ends with fixes and pushed branches, one per file (two
  # rules reporting one line give one change); provider `git`.
  psql "$DATABASE_URL" -qc "update repositories
    set provider = 'git',
        settings = settings || '{\"auto_fix\": true, \"auto_pr\": true, \"pr_grouping\": \"file\"}'::jsonb
    where id = '$repo_id'" >&2
fi
printf '%s\n' "$repo_id"
