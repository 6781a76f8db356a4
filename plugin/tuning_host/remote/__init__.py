"""The remote appliance: the `truenas` backend, a TrueNAS box's own API standing for the appliance (the host running
as a TrueNAS App, on the box it tunes). A peer of tuning_host.appliance: where the other backends sit under the host's
appliance services, this one registers those services itself, each call forwarded to the box's middlewared over one
websocket JSON-RPC connection (client.py) with an API key, its certificate pinned (pinning.py): forwarding.py maps the
host's appliance interface onto it, local_services.py answers what stays on the host. The plugin runs unchanged on
top. The registry (tuning_host.backends) builds it for `--backend truenas`.

The host follows the box's boots: when the box comes back with another boot id, the host restarts its serving
process (as a reboot restarts middlewared), so the plugin's start-up verifies pending settings and resumes campaigns.
"""
import asyncio
import logging
import os

from tuning.shared.zfs_module import ZFS_MODULE_DIR

from ..runtime.errors import CallError, ValidationErrors
from .client import MiddlewaredClient
from .forwarding import forwarding_services
from .local_reads import DEFAULT_PROC_DIR, ProcReader
from .local_services import local_services
from .pinning import PinStore
from .policy import credentials, holds_full_admin, parse_box_url

logger = logging.getLogger('tuning_host.truenas')

READY_POLL_SECONDS = 2.0   # while the box boots, how often the host asks system.ready
BOX_EVENTS = ('system.reboot.info',)   # the box's events the host's clients get as its own (the panel's reboot banner)


def release_of(version: str) -> str | None:
    """`TrueNAS-25.10.1` / `25.10.6` → `25.10`; `26.0.0-BETA.3` → `26.0`."""
    parts = version.removeprefix('TrueNAS-').removeprefix('TrueNAS ').split('.')
    return f'{parts[0]}.{parts[1]}' if len(parts) >= 2 and parts[0].isdigit() else None


class RemoteAppliance:
    """Built from the host's settings (the box's URL, the login, where the box's sysfs and /proc are seen); a setting
    that cannot work raises PolicyError, a ValueError naming it."""
    name = 'truenas'

    def __init__(self, settings, environ=None):
        self.address = parse_box_url(settings.truenas_url or '')
        self.creds = credentials(settings.truenas_login, settings.truenas_user, settings.truenas_api_key_file,
                                 environ)
        self.module_dir = settings.zfs_module_dir or ZFS_MODULE_DIR
        proc = ProcReader(settings.proc_dir or DEFAULT_PROC_DIR)
        self.arcstats, self.sysctl = proc.arcstats, proc.sysctl   # the box's kernel, read here (local_reads.py)
        self.pins = PinStore(settings.data_dir)
        self.box = MiddlewaredClient(self.address, self.creds, self.pins, on_login=self._on_login, events=BOX_EVENTS,
                             on_event=self._on_event)
        self.boot_id = None      # the box's boot this host process serves
        self.full_admin = None   # whether the key's user holds FULL_ADMIN (None: not known yet)
        self.middleware = None
        self.activation = None

    def start(self):
        """Nothing to activate at the host's start: the box applies its own settings at its boot. The connection
        starts with the services (add_services), in the serving loop."""
        return None

    def add_services(self, middleware):
        """Register the appliance services and start connecting (the plugins' set-up may already call the box)."""
        self.middleware = middleware
        for service in local_services(middleware) + forwarding_services(middleware, self.box):
            middleware.add_service(service)
        middleware.event_register('system.ready', 'Finished boot process', roles=['SYSTEM_GENERAL_READ'])
        middleware.event_register('system.reboot.info', 'Sent when a system reboot is required.',
                                  roles=['SYSTEM_GENERAL_READ'])
        self.box.start()

    async def until_ready(self):
        """Wait until the box is reached and says it is ready (its pools imported)."""
        while True:
            try:
                if await self.box.call('system.ready'):
                    return
            except CallError as e:  # not reachable yet: the client keeps trying and says why in the log
                logger.info('truenas backend: waiting for the box: %s', e.errmsg)
            await asyncio.sleep(READY_POLL_SECONDS)  # the box is booting: polling its state, bounded by its boot

    def status(self) -> dict:
        return {'url': self.address.url, 'certificate_sha256': self.box.fingerprint, 'user': self.box.user,
                'connected': self.box.connected.is_set(), 'last_error': self.box.last_error, 'boot_id': self.boot_id,
                'full_admin': self.full_admin}

    async def _on_login(self, client):
        version = await client.call_now('system.version')
        release = release_of(version or '')
        if release:  # the release whose private method names the plugin uses (tuning_host.appliance.release)
            os.environ['TUNING_HOST_TRUENAS_RELEASE'] = release
        boot_id = await client.call_now('system.boot_id')
        try:  # the plan warns ahead of the ZFS properties only FULL_ADMIN may set (dataset_writes.py)
            self.full_admin = holds_full_admin(await client.call_now('auth.me'))
        except (CallError, ValidationErrors) as e:
            logger.warning('truenas backend: auth.me: %s; the key\'s roles are not known', e)
        if self.boot_id is None:
            self.boot_id = boot_id
            logger.info('truenas backend: %s (%s), boot %s', self.address.url, version, boot_id)
        elif boot_id != self.boot_id and self.middleware is not None:
            logger.info('truenas backend: the box rebooted (boot %s, was %s): restarting the host', boot_id,
                        self.boot_id)
            self.middleware.request_reboot()

    def _on_event(self, name, event_type, params):
        if self.middleware is None or event_type not in ('ADDED', 'CHANGED', 'REMOVED'):
            return
        if name == 'system.reboot.info':  # the host's own reasons go with the box's
            self.middleware.create_task(self._send_reboot_info())
        else:
            self.middleware.send_event(name, event_type, id=params.get('id'), fields=params.get('fields'))

    async def _send_reboot_info(self):
        self.middleware.send_event('system.reboot.info', 'CHANGED', id=None,
                                   fields=await self.middleware.call('system.reboot.info'))

    async def close(self):
        await self.box.close()


__all__ = ['RemoteAppliance', 'release_of']
