#!/bin/bash
# Build the TrueNAS App's container image from Debian packages and this checkout (no base image, no Docker).
#
# Two stages, each cached outside the checkout in $TUNING_APP_CACHE (default ~/.cache/truenas-tuning/app):
#   base/    build-base.sh: Debian minbase + python3, fio, iperf3, tini, the pinned venv; keyed by build-base.sh +
#            requirements/plugin.txt (a few minutes, rarely rebuilt).
#   image/   base + the project (middleware/, plugin/, the built panel), bytecode compiled, packed by pack_image.py
#            as truenas-tuning-app.docker.tar.gz (docker load) and truenas-tuning-app.oci.tar (OCI layout); keyed
#            by the base, this script, image_config.json and the project's files (about a minute).
# The packed image is then unpacked and started once (smoke.py: sandbox backend, /api/boot_id and the panel).
# `--check` exits 0 when the cached image is current, `--hash` prints its key, `--print-dir` the image directory.
# Needs root (debootstrap, chroot, unshare) and the built panel (make ui).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
CACHE="${TUNING_APP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/truenas-tuning/app}"
VERSION="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["version"])' "$REPO/manifest.json")"
TAG="truenas-tuning:$VERSION"
NAME=truenas-tuning-app
UI=ui/dist/tuning/browser
BASE="$CACHE/base"
OUT="$CACHE/image"

project_files() {   # relative to the checkout, sorted
    (cd "$REPO" && { find middleware plugin -type f ! -path '*/__pycache__/*' ! -name '*.pyc'
                     [[ -d "$UI" ]] && find "$UI" -type f; echo manifest.json; } | LC_ALL=C sort)
}
BASE_HASH="$(bash "$HERE/build-base.sh" --hash)"
HASH="$({ echo "$BASE_HASH $TAG"; grep -v '^[[:space:]]*#' "$HERE/build-image.sh"
          (cd "$REPO" && project_files | xargs -d '\n' sha256sum); } | sha256sum | cut -d' ' -f1)"
current() { [[ -f "$1/recipe.sha256" && "$(cat "$1/recipe.sha256")" == "$2" ]]; }

case "${1:-}" in
    --hash) echo "$HASH"; exit 0 ;;
    --check) current "$OUT" "$HASH" && exit 0 || exit 1 ;;
    --print-dir) echo "$OUT"; exit 0 ;;
esac

mkdir -p "$CACHE"
exec 9>"$CACHE/.build.lock"
flock 9   # one builder at a time; a second caller waits, then finds the image done
if current "$OUT" "$HASH" && [[ -f "$OUT/$NAME.docker.tar.gz" && -f "$OUT/$NAME.oci.tar" ]]; then
    echo "app image up to date: $OUT/$NAME.docker.tar.gz ($TAG, recipe $HASH)"
    exit 0
fi

[[ $(id -u) -eq 0 ]] || { echo "build-image.sh: needs root (debootstrap, chroot, unshare)" >&2; exit 2; }
[[ -f "$REPO/$UI/index.html" ]] || { echo "build-image.sh: no built panel in $UI (run make ui)" >&2; exit 2; }
if ! command -v debootstrap >/dev/null; then
    echo "installing debootstrap"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends debootstrap >/dev/null
fi

T0=$(date +%s)
stamp() { echo "[$(( $(date +%s) - T0 ))s] $*"; }
WORK="$(mktemp -d "${TMPDIR:-/var/tmp}/tuning-app-build.XXXXXX")"
cleanup() {
    # never delete a tree something is still mounted in (debootstrap mounts /proc and /sys while it works)
    if awk -v r="$WORK/" 'index($2, r) == 1' /proc/mounts | grep -q .; then
        echo "build-image.sh: left $WORK (file systems still mounted in it)" >&2
    else
        rm -rf --one-file-system "$WORK"
    fi
}
trap cleanup EXIT

if ! current "$BASE" "$BASE_HASH" || [[ ! -d "$BASE/rootfs/usr" ]]; then
    stamp "base rootfs (build-base.sh)"
    bash "$HERE/build-base.sh" "$WORK/base"
    echo "$BASE_HASH" >"$WORK/base/recipe.sha256"
    rm -rf --one-file-system "$BASE"
    mv "$WORK/base" "$BASE"   # recipe.sha256 inside: the move marks it complete
    stamp "base rootfs cached in $BASE ($(du -sh "$BASE/rootfs" | cut -f1))"
fi

stamp "rootfs: base + the project"
ROOT="$WORK/rootfs"
cp -a "$BASE/rootfs" "$ROOT"
SRC="$ROOT/opt/tuning/src"
mkdir -p "$SRC/requirements" "$ROOT/data"
(cd "$REPO" && project_files | tar -c --no-recursion -T - | tar -x -C "$SRC")
cp "$REPO/requirements/plugin.txt" "$SRC/requirements/plugin.txt"
chown -R 0:0 "$SRC"
chmod -R u=rwX,go=rX "$SRC"
# Bytecode once, in hash mode: the layer's fixed mtimes would make timestamp-checked .pyc files stale at each start.
chroot "$ROOT" /usr/bin/python3 -m compileall -q -f --invalidation-mode unchecked-hash \
    /opt/tuning/src/middleware /opt/tuning/src/plugin /opt/tuning/venv/lib /usr/lib/python3.11 >/dev/null

stamp "pack $TAG (docker-archive + OCI layout)"
mkdir -p "$WORK/out"
# mtimes set to the checkout's last commit: the same tree gives the same digests
EPOCH="$(cd "$REPO" && git log -1 --format=%ct 2>/dev/null || echo 0)"
python3 "$HERE/pack_image.py" "$ROOT" "$WORK/out/$NAME" --tag "$TAG" --config "$HERE/image_config.json" \
    --label "org.opencontainers.image.version=$VERSION" \
    --label "org.opencontainers.image.revision=$(cd "$REPO" && git rev-parse HEAD 2>/dev/null || echo unknown)" \
    --epoch "$EPOCH" >"$WORK/out/image.json"
cp "$BASE/versions.env" "$WORK/out/versions.env"
rm -rf --one-file-system "$ROOT"

stamp "smoke: the packed image starts (sandbox backend), serves /api/boot_id and the panel, stops on SIGTERM"
python3 "$HERE/smoke.py" "$WORK/out/$NAME.docker.tar.gz"

echo "$HASH" >"$WORK/out/recipe.sha256"
rm -rf --one-file-system "$OUT"
mv "$WORK/out" "$OUT"
python3 - "$OUT/image.json" "$(( $(date +%s) - T0 ))" <<'PY'
import json, sys
info, secs = json.load(open(sys.argv[1])), int(sys.argv[2])
mib = lambda n: f'{n / 2**20:.1f} MiB'
print(f"app image {info['tag']} built in {secs // 60} min {secs % 60} s: rootfs {mib(info['layer_bytes'])}, "
      f"docker-archive {mib(info['docker_archive_bytes'])}, OCI {mib(info['oci_archive_bytes'])}; "
      f"image id {info['image_id']}")
PY
echo "  $OUT/$NAME.docker.tar.gz"
echo "  $OUT/$NAME.oci.tar"
cat "$OUT/versions.env"
