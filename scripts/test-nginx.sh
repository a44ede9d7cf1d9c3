#!/usr/bin/env bash
# The built dist/ behind a real nginx with the generated configuration, smoke-tested in Chromium and
# checked by `gen verify` against its release inventory, as served and then changed one way at a time
# (playwright.nginx.config.ts, e2e/nginx-setup.ts, e2e/nginx.smoke.ts, e2e/nginx.verify.ts), on the
# e2e suite's own build of its fixture config.
# .ci/run installs nginx and openssl; without them this exits 0 with a message, except on CI.
set -euo pipefail
cd "$(dirname "$0")/.."

nginx_bin=${NGINX_BIN:-/usr/sbin/nginx}
if [ ! -x "$nginx_bin" ] || ! command -v openssl >/dev/null; then
  if [ -n "${CI:-}" ]; then
    echo "test:nginx: nginx ($nginx_bin) or openssl is missing, and CI must run this suite (.ci/run installs them)." >&2
    exit 1
  fi
  echo "test:nginx: NOT RUN: nginx or openssl is not installed here (apt-get install nginx-light openssl). CI runs it."
  exit 0
fi

# nginx's prefix (config, certificate, pid, logs, temp files); the setup stops nginx itself, and this
# trap does it by the pid file should the test runner die first.
work=$(mktemp -d "${TMPDIR:-/tmp}/sf-nginx-XXXXXX")
cleanup() {
  if [ -s "$work/nginx.pid" ]; then kill "$(cat "$work/nginx.pid")" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

echo "test:nginx: $("$nginx_bin" -v 2>&1)"
SF_NGINX_WORK="$work" NGINX_BIN="$nginx_bin" npx playwright test -c playwright.nginx.config.ts "$@"
