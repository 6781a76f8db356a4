"""`systemdataset.config`: where the system dataset is mounted. On TrueNAS `path` is `/var/db/system` once the
dataset is mounted there and None before; the standalone host's data directory stands for it (always mounted).
No data pool holds it, so it is where TrueNAS keeps it then: on the boot pool (`pool_set` False, `pool` the boot
pool's name, `basename` `<pool>/.system`), as middlewared's plugins/sysdataset.py reports it."""

from typing import Any

from tuning_host.runtime import BaseModel, Service, api_method

BOOT_POOL = 'boot-pool'


class SystemDatasetConfigArgs(BaseModel):
    pass


class SystemDatasetConfigResult(BaseModel):
    result: dict[str, Any]


class SystemDatasetService(Service):
    class Config:
        namespace = 'systemdataset'
        cli_namespace = 'system.system_dataset'

    @api_method(SystemDatasetConfigArgs, SystemDatasetConfigResult, roles=['DATASET_READ'])
    def config(self):
        """The system dataset: its pool and the path it is mounted at (None until it is mounted)."""
        return {'id': 1, 'pool': BOOT_POOL, 'pool_set': False, 'uuid': 'standalone', 'basename': f'{BOOT_POOL}/.system',
                'path': self.middleware.data_dir}
