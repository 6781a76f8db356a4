#!/usr/bin/env bash
# The live tier: the REAL TrueNAS middlewared of each release (25.10 under Python 3.11, 26.0 under Python 3.13) started
# as a separate process on loopback with the tuning plugin installed by plugin/install/installer.py and a fake box
# (tests/truenas_live/fakebox), tested over its real websocket JSON-RPC with the release's truenas_api_client.
#
#   tests/truenas_live/run.sh [pytest args]        TRUENAS_LIVE_RELEASES="25.10 26.0" (default: both)
#
# It includes the panel in Chromium (test_panel_browser.py -> panel_e2e.mjs; screenshots in
# tests/artifacts/truenas-live/<release>/); Chromium, Node, playwright-core and the built panel are required.
# Then, per release, the API suite tests/api against the same middlewared (api_suite.py: about 75 s a release on 2
# loaded cores; TRUENAS_LIVE_API_SUITE=0 leaves it out, tests/truenas_live/api_suite.sh runs it alone).
#
# Prints the pass counts and the wall time per release; exits non-zero when any release fails.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
status=0
summary=()
# The panel test needs these; on a machine with the archives nothing is skipped: say what is missing and fail.
missing=()
[ -x "${CHROMIUM:-/usr/bin/chromium}" ] || missing+=("Chromium at ${CHROMIUM:-/usr/bin/chromium} (apt-get install chromium)")
[ -f "$repo/ui/dist/tuning/browser/index.html" ] || missing+=("the built panel ui/dist/tuning/browser (cd ui && npm install --no-audit --no-fund && npm run build)")
[ -f "$repo/ui/node_modules/playwright-core/package.json" ] || missing+=("ui/node_modules/playwright-core (cd ui && npm install --no-audit --no-fund)")
command -v node >/dev/null || missing+=("node")
if [ ${#missing[@]} -gt 0 ]; then
    printf 'live tier: missing %s\n' "${missing[@]}" >&2
    exit 1
fi
for release in ${TRUENAS_LIVE_RELEASES:-25.10 26.0}; do
    start=$(date +%s)
    env_lines="$("$repo/scripts/truenas-env.sh" "$release")" || { summary+=("$release: environment FAILED"); status=1; continue; }
    eval "$env_lines"
    export TRUENAS_RELEASE TRUENAS_VERSION MIDDLEWARED_SRC TRUENAS_API_CLIENT_SRC
    echo "== live tier: TrueNAS $TRUENAS_VERSION ($("$PYTHON" -V 2>&1))"
    log="$(mktemp)"  # this run's own copy of the output, for the summary (runs may overlap)
    (cd "$repo" && "$PYTHON" -m pytest tests/truenas_live -q -rfE --tb=short -p no:cacheprovider \
        --timeout 600 "$@" | tee "$log")
    rc=${PIPESTATUS[0]}
    [ "$rc" = 0 ] || status=1
    counts="$(grep -E '^[0-9]+ (passed|failed)|^=+ .*(passed|failed|error)' "$log" | tail -1 | tr -d '=')"
    rm -f "$log"
    summary+=("TrueNAS $TRUENAS_VERSION: ${counts:-no result} in $(( $(date +%s) - start ))s")
    if [ "${TRUENAS_LIVE_API_SUITE:-1}" != 0 ]; then
        start=$(date +%s)
        log="$(mktemp)"
        (cd "$repo" && "$PYTHON" tests/truenas_live/api_suite.py | tee "$log")
        [ "${PIPESTATUS[0]}" = 0 ] || status=1
        counts="$(grep -E '^== API suite against .*: [0-9]+ ' "$log" | tail -1 | sed 's/^== API suite against [^:]*: //')"
        rm -f "$log"
        summary+=("TrueNAS $TRUENAS_VERSION, API suite (tests/api): ${counts:-no result} in $(( $(date +%s) - start ))s")
    fi
done
echo "== live tier summary"
printf '  %s\n' "${summary[@]}"
exit $status
