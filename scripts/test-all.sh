#!/usr/bin/env bash
# Every suite, in order of speed; stops at the first red one.
set -euo pipefail
cd "$(dirname "$0")/.."
export PYTHONPATH="$PWD/middleware:$PWD/plugin"
PY=.venv/bin/python
echo "== Python unit, API and TrueNAS load-rule tests"
$PY -m pytest tests/unit tests/api tests/truenas_rules -q -p no:cacheprovider
echo "== Panel unit tests"
(cd ui && npm test)
echo "== Panel build + browser tests"
(cd ui && npm run build)
node tests/e2e/run.mjs
echo "== VM tier (real OpenZFS under QEMU; TUNING_VM=0 skips it)"
bash tests/vm/run.sh   # says why and passes when this machine cannot run it
