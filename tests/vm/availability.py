"""Can this machine run the VM tier? One answer with a reason, shared by run.sh and the pytest fixtures."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
MIN_FREE_BYTES = 6 * 2**30  # build tree + 4 GiB sparse image + overlays


def skip_reason(environ: dict | None = None, *, which=shutil.which, is_root: bool | None = None,
                image_current: bool | None = None, free_bytes: int | None = None) -> str | None:
    """None when the tier can run (building the image first if needed), else why not.

    The probes are parameters so the decision itself is a pure function.
    """
    env = os.environ if environ is None else environ
    if env.get('TUNING_VM', '1') == '0':
        return 'TUNING_VM=0'
    for tool in ('qemu-system-x86_64', 'qemu-img', 'ssh', 'scp'):
        if not which(tool):
            return f'{tool} not installed (apt-get install qemu-system-x86 qemu-utils openssh-client)'
    if image_current:
        return None
    if not (is_root if is_root is not None else os.geteuid() == 0):
        return 'no current VM image and building one needs root'
    for tool in ('debootstrap', 'mkfs.ext4', 'zstd'):
        if not which(tool):
            return f'no current VM image and {tool} (to build it) is not installed'
    if free_bytes is not None and free_bytes < MIN_FREE_BYTES:
        return f'no current VM image and only {free_bytes // 2**30} GiB free to build one (need 6)'
    return None


def image_is_current() -> bool:
    return subprocess.run(['bash', str(HERE / 'build-image.sh'), '--check'], capture_output=True).returncode == 0


def probe() -> str | None:
    from vm import cache_dir
    cache = cache_dir()
    cache.mkdir(parents=True, exist_ok=True)
    return skip_reason(image_current=image_is_current(), free_bytes=shutil.disk_usage(cache).free)


if __name__ == '__main__':
    sys.path.insert(0, str(HERE))
    reason = probe()
    print(reason or 'ok')
    sys.exit(0 if reason is None else 1)
