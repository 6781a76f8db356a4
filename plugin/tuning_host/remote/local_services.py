"""What the host answers itself when it serves a TrueNAS box (forwarding.LOCAL_METHODS, LOCAL_NAMESPACES): each
service reads the remote appliance it runs over as `middleware.backend` (RemoteAppliance: the ZFS module's sysfs
directory, the box's /proc, the connection to the box), as the host's appliance services read their backend.

- the reads of the box's kernel the App can make because it runs on it: the ZFS module's sysfs
  (`tunable.get_zfs_parameters`, `zfs.version`, which have no API call) and /proc (`sysctl.get_arcstats`,
  `tunable.get_sysctl`, private on TrueNAS: local_reads.py);
- `systemdataset.config` (the plugin's database lives in the host's data directory) and `system.ready` (the host is
  ready once the box said so);
- what is the host's own business, since private TrueNAS methods need FULL_ADMIN: its alerts (the whole `alert`
  namespace), the reasons it needs a reboot (`system.reboot.*`; `system.reboot.info` adds the box's own), and
  `system.general` (the web UI clients reach is the host's, with its certificate for the client kit to pin);
- `truenas.status`: the box this host serves.
"""
import errno
import os

from tuning.shared.zfs_module import read_zfs_parameters_dir

from ..appliance.alert import AlertService
from ..appliance.sysctl import SysctlService
from ..appliance.system_general import SystemGeneralService
from ..appliance.system_reboot import SystemRebootInfoArgs, SystemRebootInfoResult, SystemRebootService
from ..appliance.systemdataset import SystemDatasetService
from ..appliance.tunable import TunableService
from ..runtime import Service, api_method, private
from ..runtime.errors import CallError


def read_zfs_parameters(module_dir: str) -> dict:
    """{name: {value, writable}} from `<module_dir>/parameters` (as the plugin reads sysfs on TrueNAS)."""
    return read_zfs_parameters_dir(os.path.join(module_dir, 'parameters'))


def read_zfs_version(module_dir: str) -> str | None:
    """`2.3.4` from `<module_dir>/version` (`2.3.4-1`), None when the module does not say."""
    try:
        with open(os.path.join(module_dir, 'version')) as f:
            return f.read().strip().split('-')[0] or None
    except OSError:
        return None


class ZfsModuleParametersService(Service):
    class Config:
        namespace = 'tunable'

    @private
    def get_zfs_parameters(self):
        module_dir = self.middleware.backend.module_dir
        try:
            return read_zfs_parameters(module_dir)
        except OSError as e:
            raise CallError(f'cannot read the ZFS module parameters in {module_dir}/parameters '
                            f'({e.strerror}): is the host running on the box?', errno.ENOENT) from None

    get_sysctl = TunableService.get_sysctl   # the box's /proc, read through the backend as on the other backends


class ZfsModuleVersionService(Service):
    class Config:
        namespace = 'zfs'

    @private
    def version(self):
        return read_zfs_version(self.middleware.backend.module_dir)


class HostReadyService(Service):
    class Config:
        namespace = 'system'

    def ready(self):
        return self.middleware.system_state == 'READY'
    ready.roles = ['SYSTEM_GENERAL_READ']


class HostRebootService(SystemRebootService):
    """The host's own reboot reasons (tuning_host.appliance.system_reboot); `info` lists the box's reasons too, so
    the panel's banner shows both."""
    Config = SystemRebootService.Config  # its own Config (the runtime ignores an inherited one)

    @api_method(SystemRebootInfoArgs, SystemRebootInfoResult, roles=['SYSTEM_GENERAL_READ'])
    async def info(self):
        """Boot id and why the box needs a reboot: its own reasons and the host's."""
        own = await SystemRebootService.info(self)
        theirs = (await self.middleware.backend.box.call('system.reboot.info'))['reboot_required_reasons']
        return {**own, 'reboot_required_reasons': theirs + own['reboot_required_reasons']}

    async def _send_event(self):
        # the host's reasons are kept whether or not the box answers now; its next event sends them again
        try:
            await SystemRebootService._send_event(self)
        except CallError as e:
            self.logger.warning('system.reboot.info not sent: the box did not answer (%s)', e.errmsg)


class TrueNasConnectionService(Service):
    """`truenas.status`: the box this host serves, the SHA-256 of its pinned certificate (to compare with
    System → Certificates in the box's web UI), the user, whether it is connected, the last error, and whether
    the user holds FULL_ADMIN (`full_admin`: null until known)."""
    class Config:
        namespace = 'truenas'

    def status(self):
        return self.middleware.backend.status()
    status.roles = ['READONLY_ADMIN']


LOCAL_SERVICES = (SystemDatasetService, ZfsModuleParametersService, ZfsModuleVersionService, HostReadyService,
                  SysctlService, AlertService, SystemGeneralService, HostRebootService, TrueNasConnectionService)


def local_services(middleware) -> list:
    """The services the host answers itself, over `middleware.backend` (the remote appliance)."""
    return [cls(middleware) for cls in LOCAL_SERVICES]
