#!/usr/bin/env bash
# Runs the platform suite against a real PostgreSQL: a throwaway cluster on 127.0.0.1 when the
# server binaries are installed (.ci/run installs them), or the server DATABASE_URL names.
set -euo pipefail
cd "$(dirname "$0")/.."

# two-processes: two platform processes sharing one database (only meaningful on PostgreSQL).
suite=(tests/platform/contract.test.ts tests/platform/concurrency.test.ts tests/platform/bad-input.test.ts tests/platform/two-processes.test.ts
  tests/platform/races.test.ts tests/platform/idempotency.test.ts tests/platform/clock.test.ts tests/platform/money.test.ts
  tests/platform/security.test.ts tests/platform/seams.test.ts)

if [ -n "${DATABASE_URL:-}" ]; then
  exec npx vitest run "${suite[@]}"
fi

# Debian keeps the server binaries off PATH (/usr/lib/postgresql/<version>/bin); Homebrew and others put
# initdb on PATH.
# PG_BINDIR names them (a test uses it to see the message of a machine without them).
if [ -n "${PG_BINDIR:-}" ]; then
  bindir=$PG_BINDIR
else
  bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if { [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; } && command -v initdb >/dev/null; then
    bindir=$(dirname "$(command -v initdb)")
  fi
fi
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
  if [ -n "${CI:-}" ]; then
    echo "test:postgres: the PostgreSQL server binaries are missing, and CI must run this suite (.ci/run installs them)." >&2
    exit 1
  fi
  echo "test:postgres: NOT RUN: the PostgreSQL server binaries (initdb, pg_ctl) are not installed here (apt-get install postgresql, brew install postgresql, or set DATABASE_URL). CI runs it."
  exit 0
fi

dir=$(mktemp -d)
port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
run() { if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" = "0" ] && chown postgres "$dir"
cleanup() { run "$bindir/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$dir"; }
trap cleanup EXIT

run "$bindir/initdb" -D "$dir/data" -U postgres -A trust --no-sync >/dev/null
run "$bindir/pg_ctl" -D "$dir/data" -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c max_connections=200" -l "$dir/log" -w start >/dev/null
echo "test:postgres: PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"
DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres" npx vitest run "${suite[@]}"
