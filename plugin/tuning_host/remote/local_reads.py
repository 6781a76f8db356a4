"""Kernel state the host reads itself instead of asking the box: the App runs in a container on the box's kernel and
sees its /proc. middlewared keeps `sysctl.get_arcstats` and `tunable.get_sysctl` private (only FULL_ADMIN may call a
private method over the API), so reading them here is what lets the API key do without FULL_ADMIN.

The answers have middlewared's shapes: the arcstats kstat as {name: int}; a sysctl as /proc/sys shows it, stripped.
"""
import os

from ..backends.errors import NotFoundError, ReadOnlyError
from ..backends.openzfs_commands import proc_sys_path
from ..backends.openzfs_parse import parse_arcstats

DEFAULT_PROC_DIR = '/proc'
ARCSTATS = 'spl/kstat/zfs/arcstats'


class ProcReader:
    """The box's /proc, mounted at `proc_dir` (the default, /proc, in the App's container)."""

    def __init__(self, proc_dir: str = DEFAULT_PROC_DIR):
        self.proc_dir = proc_dir

    def arcstats(self) -> dict:
        path = os.path.join(self.proc_dir, ARCSTATS)
        try:
            with open(path) as f:
                return parse_arcstats(f.read())
        except OSError as e:
            raise NotFoundError(f'cannot read the ARC statistics in {path} ({e.strerror}): is the host running on '
                                'the box?') from None

    def sysctl(self, name: str) -> str:
        """NotFoundError for a sysctl the kernel does not have; InvalidValueError for a name that is not one."""
        path = os.path.join(self.proc_dir, proc_sys_path(name).removeprefix('/proc/'))
        try:
            with open(path) as f:
                return f.read().strip()
        except FileNotFoundError:
            raise NotFoundError(f'sysctl {name!r} does not exist') from None
        except PermissionError:
            raise ReadOnlyError(f'sysctl {name!r} cannot be read') from None
