#!/usr/bin/env bash
# README command 1: sets everything up on a fresh machine (Node 24, pnpm, PostgreSQL, Redis,
# dependencies, build, database, migrations), creates a demo organization, repository and an
# API token, prints them, and runs every service in the foreground (Ctrl-C stops them all).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
setup_all
cd "$ROOT"
mkdir -p .dev

if [ ! -f .env ]; then
  key="$(node -e "process.stdout.write(require('crypto').randomBytes(32).toString('base64'))")"
  sed "s|^SECRETS_ENCRYPTION_KEY=.*|SECRETS_ENCRYPTION_KEY=$key|" .env.example > .env
  log "wrote .env (with a new SECRETS_ENCRYPTION_KEY)"
fi
set -a
# shellcheck disable=SC1091
source .env
set +a

# Development overrides, for this run only (.env keeps .env.example's production defaults).
# The demo's remote is a local bare repository: triage, fixer and pr-publisher must be allowed
# the `file` transport to read it and push fix branches to it.
case ",${GIT_ALLOWED_PROTOCOLS:-https,ssh}," in
  *,file,*) ;;
  *)
    export GIT_ALLOWED_PROTOCOLS="${GIT_ALLOWED_PROTOCOLS:-https,ssh},file"
    log "development: GIT_ALLOWED_PROTOCOLS=$GIT_ALLOWED_PROTOCOLS (the demo remote is a local path)"
    ;;
esac
# A local remote has no web page to compare a pushed branch on: the "pull request" link names
# the remote and the branch instead (shown as text by the dashboard).
if [ -z "${GIT_COMPARE_URL_TEMPLATE:-}" ]; then
  export GIT_COMPARE_URL_TEMPLATE="file://$ROOT/.dev/git/demo-app.git#{branch}"
fi

# The database named in DATABASE_URL, created on first run.
db_name="$(node -e "process.stdout.write(new URL(process.env.DATABASE_URL).pathname.slice(1))")"
admin_url="$(node -e "const u=new URL(process.env.DATABASE_URL); u.pathname='/postgres'; process.stdout.write(u.toString())")"
if ! psql "$admin_url" -tAc "select 1 from pg_database where datname = '$db_name'" | grep -q 1; then
  psql "$admin_url" -qc "create database \"$db_name\"" >&2
  log "created database $db_name"
fi
pnpm -s db:migrate >&2

# The demo: organization `demo`, repository `demo/app` (a local bare repository under .dev/ with
# the application of scripts/demo/app, provider `git`, auto_fix and auto_pr on).
demo_git="$ROOT/.dev/git/demo-app.git"
repo_id="$(DEMO_GIT="$demo_git" bash "$ROOT/scripts/demo/setup.sh")"
# `pnpm remediate demo` scans it with ESLint (the workspace's) and Bandit (installed here).
ensure_bandit
token="$(pnpm -s remediate admin create-token --org demo --name "dev-$(date +%s)" 2>/dev/null)"
# A dashboard admin, created on the first run with a one-time password printed once.
admin_email="admin@demo.localhost"
if admin_json="$(pnpm -s remediate admin create-user --org demo --email "$admin_email" --role admin --json 2>/dev/null)"; then
  signin="$admin_email, one-time password $(node -p 'JSON.parse(process.argv[1]).one_time_password' "$admin_json") (shown once; choose your own at first sign-in)"
else
  signin="$admin_email (password chosen at first sign-in; another admin: pnpm remediate admin create-user --org demo --email <email> --role admin)"
fi

cat >&2 <<INFO

  Remediation service (local) — organization 'demo', repository 'demo/app'
    API:        ${PUBLIC_URL:-http://localhost:8080}/v1
    Repository: $repo_id
    Token:      $token   (shown once; new token on each run)
    Dashboard:  ${PUBLIC_URL:-http://localhost:8080}/  sign in as $signin

    curl -H "Authorization: Bearer $token" ${PUBLIC_URL:-http://localhost:8080}/v1/repositories
    curl -H "Authorization: Bearer $token" -H "Content-Type: application/json" \\
         --data-binary @scan.sarif ${PUBLIC_URL:-http://localhost:8080}/v1/repositories/$repo_id/sarif

    # from a CI checkout: validates, uploads gzipped, waits for the scan
    REMEDIATE_URL=${PUBLIC_URL:-http://localhost:8080} REMEDIATE_TOKEN=$token \\
      pnpm -s remediate upload scan.sarif --repo $repo_id --wait

  More tokens: pnpm remediate admin create-token --org demo --name <name>

  Next, in another terminal: pnpm remediate demo
    (scans demo/app with ESLint and Bandit, uploads the results, and shows the verdicts,
     the verified fixes and the pull request branches pushed to .dev/git/demo-app.git)

INFO
exec pnpm -s start
