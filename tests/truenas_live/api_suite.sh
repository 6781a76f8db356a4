#!/usr/bin/env bash
# The API suite (tests/api) against TrueNAS's own middlewared of one release (api_suite.py: the live tier's launcher,
# the fake box and its accounts, the test-only sample service), so that every difference between the standalone host
# and TrueNAS shows as a failing test.
#
#   tests/truenas_live/api_suite.sh [25.10|26.0] [pytest args]     (default 26.0)
#
# Prints the counts (passed / failed / skipped with their reasons) and the wall time; exits with pytest's status.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
release=26.0
case "${1:-}" in 25.10|26.0) release="$1"; shift ;; esac
env_lines="$("$repo/scripts/truenas-env.sh" "$release")" || { echo "api suite: no TrueNAS $release environment" >&2; exit 2; }
eval "$env_lines"
export TRUENAS_RELEASE TRUENAS_VERSION MIDDLEWARED_SRC TRUENAS_API_CLIENT_SRC
cd "$repo" && exec "$PYTHON" tests/truenas_live/api_suite.py "$@"
