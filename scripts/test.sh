#!/usr/bin/env bash
# Runs every check in order and stops at the first failure: typecheck, lint, unit tests, fleet tests, end-to-end tests,
# system tests.
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

say "1/6 Typecheck"
npm run --silent typecheck
echo "Typecheck passed."

say "2/6 Lint"
npm run --silent lint

say "3/6 Unit tests"
npm run --silent test:unit

say "4/6 Fleet tests (redis-server, nginx, several instances)"
npm run --silent test:fleet

say "5/6 End-to-end tests"
npm run --silent test:e2e

say "6/6 System tests (the app in remote mode on the standalone market, ~7 min)"
npm run --silent test:system

say "All checks passed."
