#!/usr/bin/env bash
# Every suite, in order of speed; stops at the first red one.
set -euo pipefail
cd "$(dirname "$0")/.."
export PYTHONPATH="$PWD/middleware:$PWD/plugin"
PY=.venv/bin/python
echo "== Python unit and API tests"
$PY -m pytest tests/unit tests/api -q -p no:cacheprovider
echo "== TrueNAS load-rule tier on 25.10 and 26.0 (real middlewared from ../shared/truenas)"
bash tests/truenas_rules/run.sh all
echo "== Panel unit tests"
(cd ui && npm test)
echo "== Panel build + browser tests"
(cd ui && npm run build)
node tests/e2e/run.mjs
echo "== TrueNAS live tier on 25.10 and 26.0 (real middlewared processes, the panel in Chromium)"
bash tests/truenas_live/run.sh
echo "== VM tier (real OpenZFS under QEMU; TUNING_VM=0 skips it)"
bash tests/vm/run.sh   # says why and passes when this machine cannot run it
