#!/usr/bin/env bash
# Makes sure Postgres and Redis answer on localhost: starts them when installed but stopped,
# installs them on Debian when running as root, and otherwise says exactly what to do.
set -euo pipefail

pg_up() { pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; }
redis_up() { redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null | grep -q PONG; }
wait_for() { for _ in $(seq 1 30); do "$1" && return 0; sleep 1; done; return 1; }

debian_root() { [ -f /etc/debian_version ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; }
apt_updated=0
apt_install() {
  if [ $apt_updated = 0 ]; then apt-get update -qq; apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

if ! pg_up; then
  if ! command -v pg_ctlcluster >/dev/null; then
    if debian_root; then
      echo "installing PostgreSQL" >&2
      apt_install postgresql
    else
      echo "PostgreSQL is not installed. Install PostgreSQL 15 or newer listening on 127.0.0.1:5432 with trust auth for user postgres (on Debian: sudo apt-get install postgresql), or set DATABASE_URL." >&2
      exit 1
    fi
  fi
  echo "starting PostgreSQL" >&2
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | sort -V | tail -1)" main start || true
  wait_for pg_up || { echo "PostgreSQL did not come up on 127.0.0.1:5432" >&2; exit 1; }
fi

if ! redis_up; then
  if ! command -v redis-server >/dev/null; then
    if debian_root; then
      echo "installing Redis" >&2
      apt_install redis-server
    else
      echo "Redis is not installed. Install Redis 7 listening on 127.0.0.1:6379 (on Debian: sudo apt-get install redis-server), or set REDIS_URL." >&2
      exit 1
    fi
  fi
  echo "starting Redis" >&2
  mkdir -p /var/lib/redis /var/log/redis 2>/dev/null || true
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log
  wait_for redis_up || { echo "Redis did not come up on 127.0.0.1:6379" >&2; exit 1; }
fi
