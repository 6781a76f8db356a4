#!/usr/bin/env bash
# System packages on a fresh Debian machine. Installs only what is missing; needs root.
#
#   scripts/install-system-packages.sh        what `make test` needs: fio (benchmarks), iperf3 (network
#                                             ceiling), bonnie++ (importer fixtures), chromium (browser tests),
#                                             qemu & friends (VM tier)
#   scripts/install-system-packages.sh run    what `make run` needs: python3-venv, and fio and iperf3 for the
#                                             sandbox's benchmarks and network ceiling (without root it says what
#                                             is missing and carries on: the host runs, and a benchmark says fio is
#                                             not installed)
set -euo pipefail
mode="${1:-test}"
need=()
command -v fio >/dev/null || need+=(fio)
command -v iperf3 >/dev/null || need+=(iperf3)  # Debian's package leaves its daemon off unless asked
python3 -c 'import venv, ensurepip' 2>/dev/null || need+=(python3-venv)
if [ "$mode" != run ]; then
  command -v bonnie++ >/dev/null || need+=(bonnie++)
  command -v chromium >/dev/null || need+=(chromium)
  command -v qemu-system-x86_64 >/dev/null || need+=(qemu-system-x86 qemu-utils)
  command -v debootstrap >/dev/null || need+=(debootstrap)
  command -v zstd >/dev/null || need+=(zstd)
  command -v ssh >/dev/null || need+=(openssh-client)
fi
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "missing system packages: ${need[*]} (as root: apt-get install ${need[*]})" >&2
    [ "$mode" = run ] && exit 0
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  echo "installing ${need[*]} ..." >&2
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
