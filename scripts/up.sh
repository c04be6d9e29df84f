#!/usr/bin/env bash
# The README's first command: from a fresh clone to the running product with demo data.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/services.sh
node24() { bash scripts/node24.sh "$@"; }
step() { echo "==> $*"; }
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  step "installing dependencies from package-lock.json (a minute or two the first time)"
  node24 npm ci --no-audit --no-fund --loglevel=error
fi
db_url="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/tbo}"
db_name="${db_url##*/}"; db_name="${db_name%%\?*}"
admin_url="${db_url%/*}/postgres"
if ! psql "$admin_url" -tAc "SELECT 1 FROM pg_database WHERE datname = '$db_name'" | grep -q 1; then
  psql "$admin_url" -qc "CREATE DATABASE \"$db_name\""
fi
step "building the web client"
node24 npm run --silent build:web
step "migrating the database $db_name"
node24 npm run --silent migrate
step "seeding the demo data"
node24 npm run --silent seed
echo "Starting on http://localhost:${PORT:-3000} (Ctrl-C stops it)"
exec bash scripts/node24.sh npm start --silent
