#!/bin/bash
# Build the Debian bookworm + OpenZFS (bookworm-backports) VM image for the VM test tier.
#
# Output (in $TUNING_VM_CACHE/image, default ~/.cache/truenas-tuning/vm/image): root.img (raw ext4, sparse), vmlinuz, initrd.img,
# id_ed25519 (the VM's root key), versions.env, recipe.sha256. Idempotent: skips when recipe.sha256 matches.
# Needs root, debootstrap, e2fsprogs (mkfs.ext4 -d), python3 and network to the host's own Debian mirror.
# About 5-8 minutes on 2 cores (the DKMS build of ZFS is most of it). Recipe: docs in tests/vm/README.md.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
CACHE="${TUNING_VM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/truenas-tuning/vm}"   # outside the checkout: shared by clones
OUT="$CACHE/image"
RELEASE=bookworm
IMAGE_SIZE=4G

# The recipe = this script (comment lines aside, so editing a comment does not rebuild) + the pinned wheels baked
# into the image.
recipe_hash() {
    { grep -v '^[[:space:]]*#' "$HERE/build-image.sh"; cat "$REPO/requirements/plugin.txt"; } | sha256sum | cut -d' ' -f1
}
HASH="$(recipe_hash)"

if [[ "${1:-}" == "--hash" ]]; then echo "$HASH"; exit 0; fi
if [[ "${1:-}" == "--check" ]]; then
    [[ -f "$OUT/recipe.sha256" && "$(cat "$OUT/recipe.sha256")" == "$HASH" ]] && exit 0 || exit 1
fi

mkdir -p "$CACHE"
exec 9>"$CACHE/.build.lock"
flock 9   # one builder at a time; a second caller waits, then finds the image done

if [[ -f "$OUT/recipe.sha256" && "$(cat "$OUT/recipe.sha256")" == "$HASH" \
      && -f "$OUT/root.img" && -f "$OUT/vmlinuz" && -f "$OUT/initrd.img" ]]; then
    echo "vm image up to date ($OUT, recipe $HASH)"
    exit 0
fi

[[ $(id -u) -eq 0 ]] || { echo "build-image.sh: needs root (debootstrap, chroot mounts)" >&2; exit 2; }
for tool in debootstrap mkfs.ext4 chroot python3 ssh-keygen; do
    command -v "$tool" >/dev/null || { echo "build-image.sh: missing $tool" >&2; exit 2; }
done

eval "$(python3 "$HERE/apt_sources.py" "$RELEASE" | sed 's/^/MIRROR_/')"
echo "mirror: $MIRROR_main (security: ${MIRROR_security:-none})"

T0=$(date +%s)
stamp() { echo "[$(( $(date +%s) - T0 ))s] $*"; }

# The chroot tree (with /proc, /sys, /dev mounted in it) lives outside the repository, so nothing that walks the
# checkout (grep -r, find) wanders into it; only the finished files land in the cache.
WORK="$(mktemp -d "${TMPDIR:-/var/tmp}/tuning-vm-build.XXXXXX")"
ROOT="$WORK/root"
mounts_under_root() { awk -v r="$ROOT/" 'index($2, r) == 1 {print $2}' /proc/mounts; }
unmount_root() {
    # deepest first, and again while any remain: package scripts may stack another /proc on ours
    local m
    for _ in 1 2 3 4 5; do
        [[ -z "$(mounts_under_root)" ]] && return 0
        for m in $(mounts_under_root | sort -r); do umount "$m" 2>/dev/null || umount -l "$m"; done
    done
    [[ -z "$(mounts_under_root)" ]]
}
cleanup() {
    unmount_root
    # never delete a tree that still has the host's /dev bound into it
    if [[ -z "$(mounts_under_root)" ]]; then rm -rf "$WORK"; fi
}
trap cleanup EXIT
mkdir -p "$ROOT"

stamp "debootstrap $RELEASE"
debootstrap --variant=minbase --components=main,contrib \
    --include=systemd-sysv,udev,kmod,procps,iproute2,ca-certificates \
    "$RELEASE" "$ROOT" "$MIRROR_main" >"$WORK/debootstrap.log" 2>&1 \
    || { tail -30 "$WORK/debootstrap.log"; exit 1; }

{
    echo "deb $MIRROR_main $RELEASE main contrib"
    echo "deb $MIRROR_main $RELEASE-updates main contrib"
    echo "deb $MIRROR_main $RELEASE-backports main contrib"
    [[ -n "$MIRROR_security" ]] && echo "deb $MIRROR_security $RELEASE-security main contrib"
} >"$ROOT/etc/apt/sources.list"
printf '#!/bin/sh\nexit 101\n' >"$ROOT/usr/sbin/policy-rc.d"   # no service starts inside the chroot
chmod +x "$ROOT/usr/sbin/policy-rc.d"
printf 'APT::Install-Recommends "false";\nAPT::Install-Suggests "false";\n' >"$ROOT/etc/apt/apt.conf.d/99tuning"
# Small initramfs: only what a virtio guest needs to mount its root (generated again at the end).
mkdir -p "$ROOT/etc/initramfs-tools/conf.d"
printf 'MODULES=list\nCOMPRESS=zstd\n' >"$ROOT/etc/initramfs-tools/conf.d/tuning.conf"
cp /etc/resolv.conf "$ROOT/etc/resolv.conf"

mount -t proc proc "$ROOT/proc"
mount -t sysfs sys "$ROOT/sys"
mount --bind /dev "$ROOT/dev"
mount --bind /dev/pts "$ROOT/dev/pts"

in_root() { chroot "$ROOT" env DEBIAN_FRONTEND=noninteractive LC_ALL=C.UTF-8 PATH=/usr/sbin:/usr/bin:/sbin:/bin "$@"; }
apt_in_root() {
    # unsafe-io: no fsync per file; the tree is copied into the image by mkfs at the end anyway
    in_root apt-get -y -q -o Dpkg::Options::=--force-confold -o Dpkg::Options::=--force-unsafe-io "$@" >>"$WORK/apt.log" 2>&1 \
        || { tail -40 "$WORK/apt.log"; exit 1; }
}

stamp "apt: base packages, kernel"
apt_in_root update
apt_in_root install openssh-server fio dbus zstd python3 python3-venv \
    linux-image-amd64 linux-headers-amd64 initramfs-tools
KVER="$(basename "$(ls -d "$ROOT"/lib/modules/*-amd64 | sort -V | tail -1)")"
stamp "guest kernel $KVER; apt: dkms + zfs from $RELEASE-backports (DKMS build)"
apt_in_root install -t "$RELEASE-backports" dkms build-essential zfs-dkms zfsutils-linux zfs-zed
ZFS_VER="$(in_root dpkg-query -W -f='${Version}' zfs-dkms | sed 's/-.*//')"
# `uname -r` in the chroot is the host's kernel: make sure the module is built for the guest's.
if ! ls "$ROOT/lib/modules/$KVER/updates/dkms/zfs.ko"* >/dev/null 2>&1; then
    stamp "dkms install zfs/$ZFS_VER -k $KVER"
    in_root dkms install "zfs/$ZFS_VER" -k "$KVER" >>"$WORK/apt.log" 2>&1 || { tail -40 "$WORK/apt.log"; exit 1; }
fi
ls "$ROOT/lib/modules/$KVER/updates/dkms/zfs.ko"* >/dev/null

# The file protocols a client benchmark runs over (the guest is its own NAS and client on loopback), iperf3 for the
# network ceiling, curl to fetch the client kit. Their services stay off at boot: a test starts what it uses.
stamp "apt: NFS, SMB, iSCSI (LIO + open-iscsi), iperf3, curl"
apt_in_root install iperf3 curl nfs-kernel-server nfs-common samba cifs-utils targetcli-fb open-iscsi
for unit in nfs-server.service nfs-kernel-server.service rpcbind.service rpcbind.socket nfs-client.target \
        smbd.service nmbd.service samba-ad-dc.service iscsid.service iscsid.socket open-iscsi.service \
        rtslib-fb-targetctl.service iperf3.service; do
    in_root systemctl disable "$unit" >/dev/null 2>&1 || true
done

# Docker from Debian (no recommends), for the TrueNAS App's image (test_vm_app.py); off at boot, started by that test.
# apparmor (a recommends of docker.io) is needed all the same: Debian's kernel has AppArmor on, and dockerd then
# refuses to start a container without apparmor_parser to load its default profile.
stamp "apt: docker.io, apparmor"
apt_in_root install docker.io apparmor
for unit in docker.service docker.socket containerd.service; do
    in_root systemctl disable "$unit" >/dev/null 2>&1 || true
done

stamp "python venv with the pinned plugin requirements"
mkdir -p "$ROOT/opt/tuning/wheels"
python3 -m pip download -q --only-binary=:all: --python-version 3.11 --implementation cp \
    --platform manylinux2014_x86_64 --platform manylinux_2_17_x86_64 --platform manylinux_2_28_x86_64 \
    --platform any -d "$ROOT/opt/tuning/wheels" -r "$REPO/requirements/plugin.txt"
cp "$REPO/requirements/plugin.txt" "$ROOT/opt/tuning/requirements-plugin.txt"
in_root python3 -m venv /opt/tuning/venv
in_root /opt/tuning/venv/bin/pip install -q --no-index --find-links /opt/tuning/wheels \
    -r /opt/tuning/requirements-plugin.txt
in_root /opt/tuning/venv/bin/python -c 'import pydantic, aiohttp; print("venv:", pydantic.VERSION, aiohttp.__version__)'

stamp "configure the guest"
echo tuningvm >"$ROOT/etc/hostname"
printf '127.0.0.1 localhost\n127.0.1.1 tuningvm\n' >"$ROOT/etc/hosts"
echo '/dev/vda / ext4 defaults,noatime 0 1' >"$ROOT/etc/fstab"
cat >"$ROOT/etc/systemd/network/20-dhcp.network" <<'EOF'
[Match]
Name=en* eth*
[Network]
DHCP=yes
EOF
echo zfs >"$ROOT/etc/modules-load.d/zfs.conf"
mkdir -p "$ROOT/root/.ssh"
chmod 700 "$ROOT/root/.ssh"
rm -f "$WORK/id_ed25519" "$WORK/id_ed25519.pub"
ssh-keygen -q -t ed25519 -N '' -C tuning-vm -f "$WORK/id_ed25519"
cp "$WORK/id_ed25519.pub" "$ROOT/root/.ssh/authorized_keys"
chmod 600 "$ROOT/root/.ssh/authorized_keys"
echo 'UseDNS no' >"$ROOT/etc/ssh/sshd_config.d/tuning.conf"
in_root systemctl enable systemd-networkd ssh zfs-import-cache zfs-mount zfs.target zfs-zed >/dev/null 2>&1
in_root systemctl mask systemd-networkd-wait-online apt-daily.timer apt-daily-upgrade.timer \
    e2scrub_all.timer fstrim.timer man-db.timer >/dev/null 2>&1 || true
# Things a test VM never needs; keeps the image and mkfs copy small.
rm -rf "$ROOT"/usr/share/doc/* "$ROOT"/usr/share/man/* "$ROOT"/usr/share/locale/* "$ROOT"/usr/share/info/*
for d in drivers/gpu drivers/media drivers/net/wireless drivers/infiniband drivers/staging sound; do
    rm -rf "$ROOT/lib/modules/$KVER/kernel/$d"
done
in_root depmod -a "$KVER"
# The protocol tests and Docker need these kernel modules: fail the build here rather than in a test.
for mod in nfsd nfsv4 cifs target_core_mod target_core_iblock iscsi_target_mod iscsi_tcp overlay bridge veth; do
    in_root modinfo -k "$KVER" "$mod" >/dev/null || { echo "build-image.sh: guest kernel has no $mod" >&2; exit 1; }
done
printf 'virtio_pci\nvirtio_blk\nvirtio_net\next4\ncrc32c_generic\n' >>"$ROOT/etc/initramfs-tools/modules"
in_root update-initramfs -u -k "$KVER" >>"$WORK/apt.log" 2>&1
in_root apt-get clean
rm -rf "$ROOT"/var/lib/apt/lists/* "$ROOT/usr/sbin/policy-rc.d"
rm -f "$ROOT/etc/resolv.conf"   # the guest has no DNS; nothing there must wait on it
: >"$ROOT/etc/machine-id"      # a fresh id at first boot

cp "$ROOT/boot/vmlinuz-$KVER" "$WORK/vmlinuz"
cp "$ROOT/boot/initrd.img-$KVER" "$WORK/initrd.img"
cat >"$WORK/versions.env" <<EOF
DEBIAN_RELEASE=$RELEASE
DEBIAN_VERSION=$(cat "$ROOT/etc/debian_version")
KERNEL=$KVER
ZFS_PACKAGE=$(in_root dpkg-query -W -f='${Version}' zfsutils-linux)
FIO=$(in_root dpkg-query -W -f='${Version}' fio)
PYTHON=$(in_root python3 -c 'import platform; print(platform.python_version())')
SAMBA=$(in_root dpkg-query -W -f='${Version}' samba)
NFS_KERNEL_SERVER=$(in_root dpkg-query -W -f='${Version}' nfs-kernel-server)
TARGETCLI=$(in_root dpkg-query -W -f='${Version}' targetcli-fb)
OPEN_ISCSI=$(in_root dpkg-query -W -f='${Version}' open-iscsi)
IPERF3=$(in_root dpkg-query -W -f='${Version}' iperf3)
DOCKER=$(in_root dpkg-query -W -f='${Version}' docker.io)
BUILT_AT=$(date -u +%Y-%m-%dT%H:%M:%SZ)
EOF
unmount_root || { echo "build-image.sh: cannot unmount $(mounts_under_root)" >&2; exit 1; }

stamp "mkfs.ext4 -d ($IMAGE_SIZE)"
mkfs.ext4 -q -F -L root -E root_owner=0:0 -d "$ROOT" "$WORK/root.img" "$IMAGE_SIZE"
echo "$HASH" >"$WORK/recipe.sha256"

rm -rf "$OUT"
mkdir -p "$OUT"
mv "$WORK/root.img" "$WORK/vmlinuz" "$WORK/initrd.img" "$WORK/id_ed25519" "$WORK/id_ed25519.pub" \
    "$WORK/versions.env" "$OUT/"
mv "$WORK/recipe.sha256" "$OUT/recipe.sha256"   # last: marks the image complete
stamp "done: $OUT"
cat "$OUT/versions.env"
