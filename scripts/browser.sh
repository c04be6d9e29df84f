#!/usr/bin/env bash
# The browser tests drive the system's Chromium (Playwright cannot download its own here).
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium_path" ]; then exit 0; fi
if [ -f /etc/debian_version ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "installing Chromium for the browser tests" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
else
  echo "Chromium is needed for the browser tests: install it (on Debian: sudo apt-get install chromium) or set CHROMIUM_PATH." >&2
  exit 1
fi
