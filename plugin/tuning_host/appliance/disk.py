"""`disk.query` and `disk.details` (TrueNAS 25.04+ shapes: type HDD|SSD; NVMe disks are SSDs named nvme*).
The host adds `kind` (HDD|SSD|NVME) and `used_by` (why an unpooled disk is busy)."""
from typing import Literal

from tuning_host.runtime import BaseModel, QueryArgs, Service, api_method, filter_list

from .backend_calls import backend_call


class DiskDetailsOptions(BaseModel):
    join_partitions: bool = False
    type: Literal['USED', 'UNUSED', 'BOTH'] = 'BOTH'


class DiskDetailsArgs(BaseModel):
    data: DiskDetailsOptions = DiskDetailsOptions()


class DiskDetailsResult(BaseModel):
    result: list | dict


class DiskQueryResult(BaseModel):
    result: list[dict] | dict | int


def disk_entry(number, disk):
    """Backend disk -> TrueNAS disk.query row (pure)."""
    nvme = disk['kind'] == 'NVME'
    serial = disk.get('serial') or ''
    return {
        'identifier': f'{{serial}}{serial}' if serial else f'{{devicename}}{disk["name"]}',
        'name': disk['name'], 'subsystem': 'nvme' if nvme else 'scsi', 'number': number, 'serial': serial,
        'lunid': None, 'size': disk['size'], 'description': '', 'transfermode': 'Auto', 'hddstandby': 'ALWAYS ON',
        'advpowermgmt': 'DISABLED', 'expiretime': None, 'model': disk.get('model'),
        'rotationrate': disk.get('rotationrate'), 'type': 'HDD' if disk['kind'] == 'HDD' else 'SSD',
        'zfs_guid': disk.get('zfs_guid'), 'bus': 'NVME' if nvme else 'ATA', 'devname': disk['name'],
        'enclosure': None, 'pool': disk.get('pool'), 'kind': disk['kind'], 'used_by': disk.get('used_by'),
    }


class DiskService(Service):
    class Config:
        namespace = 'disk'
        cli_namespace = 'storage.disk'

    def _rows(self):
        return [disk_entry(i, d) for i, d in enumerate(backend_call(self.middleware.backend.disks))]

    @api_method(QueryArgs, DiskQueryResult, roles=['DISK_READ'])
    def query(self, filters, options):
        return filter_list(self._rows(), filters, options)

    @api_method(DiskDetailsArgs, DiskDetailsResult, roles=['REPORTING_READ'])
    def details(self, data):
        """Unused disks (no pool, nothing mounted), used ones, or both as `{used, unused}`."""
        used, unused = [], []
        for row in self._rows():
            if row['pool'] or row['used_by']:
                used.append(dict(row, imported_zpool=row['pool'], exported_zpool=None))
            else:
                unused.append(dict(row, imported_zpool=None, exported_zpool=None))
        if data['type'] == 'USED':
            return used
        if data['type'] == 'UNUSED':
            return unused
        return {'used': used, 'unused': unused}
