#!/bin/bash
# The app image's base: a Debian bookworm minbase rootfs with python3, fio, iperf3, ca-certificates and tini, a
# venv /opt/tuning/venv with exactly the pinned requirements/plugin.txt wheels, TrueNAS's `apps` account (568).
# Called by build-image.sh as `build-base.sh OUT_DIR` (writes OUT_DIR/rootfs, versions.env); its own hash
# (`--hash`: this script + plugin.txt) keys the cached base. Needs root and the host's Debian mirror.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
RELEASE=bookworm
PACKAGES=python3,fio,iperf3,ca-certificates,tini

if [[ "${1:-}" == "--hash" ]]; then
    { grep -v '^[[:space:]]*#' "$HERE/build-base.sh"; cat "$REPO/requirements/plugin.txt"; } | sha256sum | cut -d' ' -f1
    exit 0
fi
OUT="$1"
ROOT="$OUT/rootfs"
mkdir -p "$ROOT"
eval "$(python3 "$REPO/tests/vm/apt_sources.py" "$RELEASE" | sed 's/^/MIRROR_/')"

echo "debootstrap $RELEASE minbase + $PACKAGES from $MIRROR_main"
# --include resolves the packages' dependencies (not their recommends); no service starts, no chroot mounts of ours
debootstrap --variant=minbase --include="$PACKAGES" "$RELEASE" "$ROOT" "$MIRROR_main" \
    >"$OUT/debootstrap.log" 2>&1 || { tail -30 "$OUT/debootstrap.log"; exit 1; }

echo "venv /opt/tuning/venv with the pinned requirements/plugin.txt wheels"
# The rootfs has no pip: a venv without it, the wheels installed into it from here (same ABI: cp311, x86_64).
chroot "$ROOT" /usr/bin/python3 -m venv --without-pip /opt/tuning/venv
SITE="$(echo "$ROOT"/opt/tuning/venv/lib/python3*/site-packages)"
python3 -m pip install -q --disable-pip-version-check --root-user-action=ignore --no-warn-conflicts --only-binary=:all: --python-version 3.11 \
    --implementation cp --platform manylinux2014_x86_64 --platform manylinux_2_17_x86_64 \
    --platform manylinux_2_28_x86_64 --platform any --target "$SITE" -r "$REPO/requirements/plugin.txt"
chroot "$ROOT" /opt/tuning/venv/bin/python -c 'import pydantic, aiohttp; print("venv:", pydantic.VERSION, aiohttp.__version__)'

# uid/gid 568 is TrueNAS's `apps` account (the owner of app datasets made with the Apps preset)
chroot "$ROOT" groupadd -g 568 apps
chroot "$ROOT" useradd -u 568 -g 568 -d /data -M -s /usr/sbin/nologin apps
cat >"$OUT/versions.env" <<VERSIONS
DEBIAN_RELEASE=$RELEASE
DEBIAN_VERSION=$(cat "$ROOT/etc/debian_version")
PYTHON=$(chroot "$ROOT" python3 -c 'import platform; print(platform.python_version())')
FIO=$(chroot "$ROOT" dpkg-query -W -f='${Version}' fio)
IPERF3=$(chroot "$ROOT" dpkg-query -W -f='${Version}' iperf3)
TINI=$(chroot "$ROOT" dpkg-query -W -f='${Version}' tini)
VERSIONS
if awk -v r="$ROOT/" 'index($2, r) == 1' /proc/mounts | grep -q .; then
    echo "build-base.sh: file systems still mounted under $ROOT; not trimming" >&2; exit 1
fi
# Nothing in a container reads these; apt-get update brings the lists back if ever needed.
rm -rf "$ROOT"/usr/share/doc/* "$ROOT"/usr/share/man/* "$ROOT"/usr/share/locale/* "$ROOT"/usr/share/info/* \
    "$ROOT"/var/cache/apt/*.bin "$ROOT"/var/cache/apt/archives/*.deb "$ROOT"/var/lib/apt/lists/* \
    "$ROOT"/var/log/* "$ROOT"/etc/hostname "$ROOT"/etc/resolv.conf
find "$ROOT/dev" -xdev -mindepth 1 -delete   # the runtime provides /dev
: >"$ROOT/etc/machine-id"
