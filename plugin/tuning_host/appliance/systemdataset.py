"""`systemdataset.config`: where the system dataset is mounted. On TrueNAS `path` is `/var/db/system` once the
dataset is mounted there and None before; the standalone host's data directory stands for it (always mounted)."""
from typing import Any

from tuning_host.runtime import BaseModel, Service, api_method


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
        return {'id': 1, 'pool': None, 'pool_set': False, 'uuid': 'standalone', 'basename': None,
                'path': self.middleware.data_dir}
