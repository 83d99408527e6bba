#!/usr/bin/env bash
# Runs every check and stops at the first failure: typecheck and lint, unit tests, fleet tests, end-to-end tests,
# system tests; the production build runs in the background beside the unit tests. Each phase prints its wall
# time, and a summary of them ends a green run.
# `--install` first installs the npm dependencies and Debian's Chromium, redis-server and nginx (what a fresh clone
# needs).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

DEFAULT_CHROMIUM=/usr/bin/chromium
CHROMIUM="${CHROMIUM_PATH:-$DEFAULT_CHROMIUM}"
REDIS_SERVER="${REDIS_SERVER_PATH:-/usr/bin/redis-server}"
NGINX="${NGINX_PATH:-/usr/sbin/nginx}"

say() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

# Debian's Chromium, and the redis-server and nginx the fleet tests start on free loopback ports (the packages' own
# services are not needed, and not started by us): whatever is missing, in one apt run, as root or through
# passwordless sudo.
install_system_packages() {
  local missing=()
  if [ ! -x "$CHROMIUM" ]; then
    if [ "$CHROMIUM" != "$DEFAULT_CHROMIUM" ]; then
      echo "CHROMIUM_PATH=$CHROMIUM does not exist; fix the path or unset it to use $DEFAULT_CHROMIUM." >&2
      exit 1
    fi
    missing+=(chromium)
  fi
  [ -x "$REDIS_SERVER" ] || missing+=(redis-server)
  [ -x "$NGINX" ] || missing+=(nginx)
  if [ ${#missing[@]} = 0 ]; then return; fi
  local sudo=""
  if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
      sudo="sudo"
    else
      echo "${missing[*]} missing. Install with: sudo apt-get install -y ${missing[*]}   (or set CHROMIUM_PATH)" >&2
      exit 1
    fi
  fi
  say "Installing ${missing[*]} (apt)"
  $sudo apt-get update
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y "${missing[@]}"
}

if [ "${1:-}" = "--install" ]; then
  say "Installing npm dependencies"
  npm ci --no-audit --no-fund || {
    echo "npm ci could not use the lockfile as is; installing the locked versions with npm install instead."
    npm install --no-audit --no-fund
  }
  install_system_packages
elif [ -n "${1:-}" ]; then
  echo "usage: bash scripts/test.sh [--install]" >&2
  exit 2
fi

if [ ! -x node_modules/.bin/next ]; then
  echo "Dependencies are missing. Run: bash scripts/test.sh --install   (or npm install)" >&2
  exit 1
fi
for bin in "$REDIS_SERVER" "$NGINX"; do
  if [ ! -x "$bin" ]; then
    echo "$bin not found. Run: bash scripts/test.sh --install   (or sudo apt-get install -y redis-server nginx)" >&2
    exit 1
  fi
done
if [ ! -x "$CHROMIUM" ]; then
  echo "Chromium not found at $CHROMIUM. Run: bash scripts/test.sh --install   (or sudo apt-get install -y chromium)" >&2
  exit 1
fi

# Each phase's wall time, printed after it and in a summary at the end.
timings=()
phase_started=0
begin() {
  say "$*"
  phase_started=$SECONDS
  phase_name="$*"
}
done_phase() {
  local took=$((SECONDS - phase_started))
  echo "(${phase_name%% (*}: ${took} s)"
  timings+=("$(printf '%5d s  %s' "$took" "${phase_name%% (*}")")
}

# The production build the end-to-end, fleet end-to-end and system phases all serve (scripts/start.mjs and
# scripts/fleet/launch.ts use it as long as no source is newer). It runs in the background while the unit tests run,
# which need no build; the typecheck phase has checked the types already, so the build skips its own pass.
BUILD_LOG="$(mktemp)"
build_pid=""
start_build() {
  (
    if node --input-type=module -e 'import { buildIsStale } from "./scripts/build-stale.mjs"; process.exit(buildIsStale(process.env.NEXT_DIST_DIR || ".next") ? 0 : 1)'; then
      started=$SECONDS
      NEXT_BUILD_SKIP_TYPECHECK=1 node_modules/.bin/next build && echo "next build: $((SECONDS - started)) s"
    else
      echo "The build is up to date with the sources."
    fi
  ) >"$BUILD_LOG" 2>&1 &
  build_pid=$!
}
await_build() {
  begin "Production build (started in the background after the typecheck)"
  local status=0
  wait "$build_pid" || status=$?
  cat "$BUILD_LOG"
  rm -f "$BUILD_LOG"
  if [ "$status" != 0 ]; then
    echo "next build failed (exit $status)." >&2
    exit "$status"
  fi
  done_phase
}
stop_build() {
  if [ -n "$build_pid" ] && kill -0 "$build_pid" 2>/dev/null; then
    pkill -TERM -P "$build_pid" 2>/dev/null || true
    kill "$build_pid" 2>/dev/null || true
  fi
  rm -f "$BUILD_LOG"
}
trap stop_build EXIT

begin "1/5 Typecheck and lint"
lint_log="$(mktemp)"
npm run --silent lint >"$lint_log" 2>&1 &
lint_pid=$!
npm run --silent typecheck
echo "Typecheck passed."
lint_status=0
wait "$lint_pid" || lint_status=$?
cat "$lint_log"
rm -f "$lint_log"
[ "$lint_status" = 0 ] || exit "$lint_status"
done_phase

start_build

begin "2/5 Unit tests"
npm run --silent test:unit
done_phase

# The fleet tests bound failover and outage times, so they run on a machine the build no longer loads.
await_build

begin "3/5 Fleet tests (redis-server, nginx, several instances)"
npm run --silent test:fleet
done_phase

begin "4/5 End-to-end tests"
npm run --silent test:e2e
# The specs that load the machine on their own (40 token tabs), once the others and their server are gone.
npm run --silent test:e2e:solo
done_phase

begin "5/5 System tests (the app in remote mode on the standalone market)"
npm run --silent test:system
done_phase

say "All checks passed."
printf '%s\n' "${timings[@]}"
printf '%5d s  in all (the build phase is the wait for it after the unit tests)\n' "$SECONDS"
