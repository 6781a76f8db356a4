"""`system.info`, `system.version`, `system.boot_id` and the `system.reboot` job."""
import time
from datetime import datetime, timedelta, timezone
from typing import Any, Literal

from tuning_host.runtime import BaseModel, NonEmptyString, Service, api_method, job

from .backend_calls import backend_call


class SystemInfoArgs(BaseModel):
    pass


class SystemInfoResult(BaseModel):
    result: dict[str, Any]


class SystemVersionArgs(BaseModel):
    pass


class SystemVersionResult(BaseModel):
    result: str


class SystemBootIdArgs(BaseModel):
    pass


class SystemBootIdResult(BaseModel):
    result: str


class SystemReadyArgs(BaseModel):
    pass


class SystemReadyResult(BaseModel):
    result: bool


class SystemStateArgs(BaseModel):
    pass


class SystemStateResult(BaseModel):
    result: Literal['BOOTING', 'READY', 'SHUTTING_DOWN']


class SystemRebootOptions(BaseModel):
    delay: int | None = None
    """Seconds to wait before rebooting."""


class SystemRebootArgs(BaseModel):
    reason: NonEmptyString
    """Why the box reboots (audited)."""
    options: SystemRebootOptions = SystemRebootOptions()


class SystemRebootResult(BaseModel):
    result: None


def system_info(facts, now):
    """TrueNAS `system.info` from backend facts (pure): exactly the fields of middlewared's plugins/system/info.py,
    the DMI ones (serial, product, manufacturer) None as on a box whose firmware does not say, no licence."""
    uptime = float(facts['uptime_seconds'])
    return {
        'version': facts['platform_version'],
        'buildtime': datetime.fromtimestamp(facts['boottime'], timezone.utc).isoformat(),
        'hostname': facts['hostname'],
        'physmem': facts['physmem'],
        'model': facts['cpu_model'],
        'cores': facts['cores'],
        'physical_cores': facts['physical_cores'],
        'loadavg': list(facts.get('loadavg') or (0.0, 0.0, 0.0)),
        'uptime': str(timedelta(seconds=int(uptime))),
        'uptime_seconds': uptime,
        'system_serial': None,
        'system_product': None,
        'system_product_version': None,
        'license': None,
        'boottime': datetime.fromtimestamp(facts['boottime'], timezone.utc).isoformat(),
        'datetime': datetime.fromtimestamp(now, timezone.utc).isoformat(),
        'timezone': 'UTC',
        'system_manufacturer': None,
        'ecc_memory': False,
    }


class SystemService(Service):
    class Config:
        namespace = 'system'
        cli_namespace = 'system'

    @api_method(SystemInfoArgs, SystemInfoResult, roles=['SYSTEM_GENERAL_READ'])
    def info(self):
        """Hardware and software facts of the box."""
        return system_info(backend_call(self.middleware.backend.system_facts), time.time())

    @api_method(SystemVersionArgs, SystemVersionResult, roles=['SYSTEM_GENERAL_READ'])
    def version(self):
        """Platform version string."""
        return backend_call(self.middleware.backend.system_facts)['platform_version']

    @api_method(SystemBootIdArgs, SystemBootIdResult, roles=['SYSTEM_GENERAL_READ'])
    def boot_id(self):
        """Changes on every (simulated) boot."""
        return backend_call(self.middleware.backend.boot_id)

    @api_method(SystemReadyArgs, SystemReadyResult, roles=['SYSTEM_GENERAL_READ'])
    def ready(self):
        """Whether the box finished booting (pools imported, services started)."""
        return self.middleware.system_state != 'BOOTING'

    @api_method(SystemStateArgs, SystemStateResult, roles=['SYSTEM_GENERAL_READ'])
    def state(self):
        """BOOTING until the box finished booting, then READY (SHUTTING_DOWN on the way out)."""
        return self.middleware.system_state

    @api_method(SystemRebootArgs, SystemRebootResult, roles=['FULL_ADMIN'], audit='System reboot')
    @job(lock='system_reboot')
    def reboot(self, job, reason, options):
        """Reboot the box (sandbox: the host process restarts and the backend boots with persisted values)."""
        self.middleware.run_coroutine(
            self.middleware.log_audit_message(None, 'REBOOT', {'reason': reason}, True))
        self.middleware.send_event('system.reboot', 'ADDED', fields={'reason': reason})
        if options['delay']:
            job.set_progress(None, f'Rebooting in {options["delay"]} seconds')
            time.sleep(options['delay'])  # the API's documented delay, not a synchronisation
        job.set_progress(100, 'Rebooting')
        backend_call(self.middleware.backend.reboot, self.middleware.request_reboot)
        return None


def setup(middleware):
    middleware.event_register('system.ready', 'Finished boot process', roles=['SYSTEM_GENERAL_READ'])
    middleware.event_register('system.reboot', 'Sent when a system reboot is initiated.', roles=['FULL_ADMIN'])
