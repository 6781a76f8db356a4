#!/bin/bash
# The VM tier: build the OpenZFS VM image and the App's image if needed (cached), then run tests/vm against a real
# pool in QEMU.
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
echo "VM image ready in $((T1 - T0))s"
# The TrueNAS App's image (test_vm_app.py runs it in the guest's Docker): the panel it carries, then the image,
# both cached; seconds when nothing changed.
if ! make -s -C "$REPO" ui >/dev/null || ! bash "$REPO/plugin/app/build-image.sh"; then
    echo "VM tier FAILED: the app image build failed" >&2
    exit 1
fi
T2=$(date +%s)
echo "app image ready in $((T2 - T1))s; running the tier (QEMU TCG: expect several minutes)"
set +e
# durations: the CI budget; no test may hang past 25 minutes
"$PY" -m pytest "$HERE" -q -p no:cacheprovider -o addopts="" -rs --durations=15 --timeout 1500 "$@"
rc=$?
set -e
echo "VM tier: pytest exit $rc after $(( $(date +%s) - T0 ))s in total (VM image $((T1 - T0))s, app image $((T2 - T1))s)"
exit $rc
