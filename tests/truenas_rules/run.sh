#!/usr/bin/env bash
# The "TrueNAS load-time rules" tier. Creates the side venv tests/truenas_rules/.venv (the plugin's pins plus what the
# real middlewared package imports, at TrueNAS 25.10's versions) and runs the tier in it.
#
#   MIDDLEWARED_SRC=/path/to/middleware/src/middlewared         (a TS-25.10.x checkout; required for the real-framework
#   TRUENAS_API_CLIENT_SRC=/path/to/api_client                   tests, else they skip and say why)
#   tests/truenas_rules/run.sh [pytest args]
#
# Export both from git mirrors without putting TrueNAS code in this repository, e.g.
#   git -C middleware.git archive TS-25.10.6 src/middlewared | tar -x -C /tmp/mw-25.10.6
#   git -C api_client.git archive TS-25.10.5 truenas_api_client | tar -x -C /tmp/truenas-api-client-25.10.5
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
venv="$here/.venv"

if [ ! -f "$venv/.installed" ] || [ "$here/requirements.txt" -nt "$venv/.installed" ] \
        || [ "$repo/requirements/plugin.txt" -nt "$venv/.installed" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check -r "$here/requirements.txt"
    touch "$venv/.installed"
fi

if [ -z "${MIDDLEWARED_SRC:-}" ]; then
    echo "run.sh: MIDDLEWARED_SRC is not set: the real-framework tests (test_load_in_middlewared.py) will SKIP;" \
         "the static rules and installer tests still run." >&2
fi

cd "$repo"
export PYTHONPATH="$repo/middleware:$repo/plugin"
exec "$venv/bin/python" -m pytest tests/truenas_rules -rs -q -p no:cacheprovider "$@"
