#!/usr/bin/env bash
# The "TrueNAS load-time rules" tier, against the real middlewared of one release or of each.
#
#   tests/truenas_rules/run.sh [25.10|26.0|all] [pytest args]      (default: all)
#
# scripts/truenas-env.sh unpacks the release's middlewared and truenas_api_client from ../shared/truenas (CI has the
# archives) and builds a side venv with that release's Python and library versions; nothing from TrueNAS enters this
# repository. Every test runs: the real-framework ones fail (not skip) when the release cannot be prepared.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
which="${1:-all}"
[ $# -gt 0 ] && shift
case "$which" in
  all) releases=(25.10 26.0) ;;
  25.10|26.0) releases=("$which") ;;
  *) echo "run.sh: unknown release '$which' (25.10, 26.0 or all)" >&2; exit 2 ;;
esac

cd "$repo"
for release in "${releases[@]}"; do
    start=$SECONDS
    env_lines="$(bash "$repo/scripts/truenas-env.sh" "$release")"
    eval "$env_lines"
    echo "== load-rule tier on TrueNAS $TRUENAS_VERSION (Python $("$PYTHON" -c 'import platform; print(platform.python_version())'))"
    MIDDLEWARED_SRC="$MIDDLEWARED_SRC" TRUENAS_API_CLIENT_SRC="$TRUENAS_API_CLIENT_SRC" TRUENAS_VERSION="$TRUENAS_VERSION" \
        TUNING_RULES_REQUIRE_FRAMEWORK=1 \
        PYTHONPATH="$repo/middleware:$repo/plugin" \
        "$PYTHON" -m pytest tests/truenas_rules -q -p no:cacheprovider -W ignore::DeprecationWarning "$@"
    echo "== load-rule tier on TrueNAS $TRUENAS_VERSION: $((SECONDS - start)) s"
done
