#!/bin/bash
# The VM tier: build the OpenZFS VM image if needed (cached), then run tests/vm against a real pool in QEMU.
# Says why and exits 0 when this machine cannot run it (TUNING_VM=0, no qemu, no image and no way to build one).
# Extra arguments go to pytest (e.g. `tests/vm/run.sh -k reboot`).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
cd "$REPO"
PY="${PY:-$REPO/.venv/bin/python}"
[[ -x "$PY" ]] || PY=python3
export PYTHONPATH="$REPO/middleware:$REPO/plugin"

T0=$(date +%s)
if ! reason="$(cd "$HERE" && "$PY" availability.py)"; then
    echo "VM tier SKIPPED: $reason"
    exit 0
fi
if ! bash "$HERE/build-image.sh"; then
    echo "VM tier FAILED: the image build failed" >&2
    exit 1
fi
T1=$(date +%s)
echo "VM image ready in $((T1 - T0))s; running the tier (QEMU TCG: expect several minutes)"
set +e
"$PY" -m pytest "$HERE" -q -p no:cacheprovider -o addopts="" -rs "$@"
rc=$?
set -e
echo "VM tier: pytest exit $rc after $(( $(date +%s) - T0 ))s in total (image $((T1 - T0))s)"
exit $rc
