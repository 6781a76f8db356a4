#!/usr/bin/env bash
# System packages the tests need on a fresh Debian machine: fio (benchmarks), bonnie++ (importer fixtures),
# chromium (browser tests), qemu & friends (VM tier). Installs only what is missing; needs root.
set -euo pipefail
need=()
command -v fio >/dev/null || need+=(fio)
command -v bonnie++ >/dev/null || need+=(bonnie++)
command -v chromium >/dev/null || need+=(chromium)
command -v qemu-system-x86_64 >/dev/null || need+=(qemu-system-x86 qemu-utils)
command -v debootstrap >/dev/null || need+=(debootstrap)
command -v zstd >/dev/null || need+=(zstd)
command -v ssh >/dev/null || need+=(openssh-client)
python3 -c 'import venv, ensurepip' 2>/dev/null || need+=(python3-venv)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then echo "missing system packages: ${need[*]} (run as root)" >&2; exit 1; fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
