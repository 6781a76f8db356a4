"""Thin calls into the appliance's services, including the few places where TrueNAS and the standalone host differ.

TrueNAS has no public call that lists live ZFS module parameters or the OpenZFS version; there the plugin reads them
the way middlewared's own tunables plugin does (sysfs, ``zfs version``). The standalone host serves them as calls.
"""
import os
import subprocess

from ..framework import ON_TRUENAS
from ..shared.zfs_module import ZFS_MODULE_DIR, read_zfs_parameters_dir

ZFS_PARAMETERS_DIR = os.path.join(ZFS_MODULE_DIR, 'parameters')


async def call_job(middleware, method: str, *args):
    """Run an appliance job and return its result (internal calls of job methods return a Job)."""
    job = await middleware.call(method, *args)
    return await job.wait(raise_error=True)


async def zfs_parameters(middleware) -> dict[str, dict]:
    if ON_TRUENAS:
        return await middleware.run_in_thread(read_zfs_parameters_dir, ZFS_PARAMETERS_DIR)
    return await middleware.call('tunable.get_zfs_parameters')


async def openzfs_version(middleware) -> str | None:
    if ON_TRUENAS:
        out = await middleware.run_in_thread(
            lambda: subprocess.run(['zfs', 'version'], capture_output=True, text=True).stdout)
        # "zfs-2.3.4-1" -> "2.3.4"
        first = out.splitlines()[0] if out else ''
        return first.removeprefix('zfs-').split('-')[0] or None
    return await middleware.call('zfs.version')


def backend_name(middleware) -> str:
    return 'truenas' if ON_TRUENAS else middleware.backend.name


async def raw_zfs_writes_refused(middleware) -> bool:
    """Whether the appliance will refuse raw ZFS property writes: the standalone host serving a TrueNAS box with an
    API key whose user lacks FULL_ADMIN (the private writer's role; the host says so in ``truenas.status``)."""
    if ON_TRUENAS or backend_name(middleware) != 'truenas':
        return False
    return (await middleware.call('truenas.status')).get('full_admin') is False
