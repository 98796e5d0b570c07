#!/usr/bin/env bash
# Runs a command with TEST_DATABASE_URL pointing at a throwaway PostgreSQL server in a temp folder.
# Usage: scripts/with-postgres.sh <command...>
set -euo pipefail
source "$(dirname "$0")/lib.sh"

pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$pg_bin" ]; then
  ensure_debian_packages "a PostgreSQL server (initdb, pg_ctl)" postgresql
  pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
fi

work=$(mktemp -d /tmp/vigil-pg.XXXXXX)
port=$(( 20000 + RANDOM % 20000 ))
# initdb refuses to run as root: the server runs as the postgres user Debian's package creates.
as_owner=()
if [ "$(id -u)" = 0 ]; then
  chown postgres "$work"
  as_owner=(runuser -u postgres --)
fi
stop() {
  "${as_owner[@]}" "$pg_bin/pg_ctl" -D "$work/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap stop EXIT

"${as_owner[@]}" "$pg_bin/initdb" -D "$work/data" -A trust -U postgres --no-sync >/dev/null
"${as_owner[@]}" "$pg_bin/pg_ctl" -D "$work/data" -l "$work/server.log" -w \
  -o "-p $port -k $work -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
"${as_owner[@]}" "$pg_bin/createdb" -h 127.0.0.1 -p "$port" -U postgres vigil_test
echo "PostgreSQL $("$pg_bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"

TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/vigil_test" "$@"
