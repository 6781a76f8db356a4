"""`disk.query` and `disk.details` (TrueNAS 25.04+ shapes: type HDD|SSD; NVMe disks are SSDs on bus NVME, named
nvme*). Rows carry exactly the fields of the imitated release's DiskEntry (26.0 adds `sed`); the backend's `kind`
and `used_by` (why an unpooled disk is busy) stay inside the host: a disk in use elsewhere is listed as used."""
from typing import Literal

from tuning_host.runtime import BaseModel, QueryArgs, Service, api_method, filter_list, private

from .backend_calls import backend_call
from .release import imitated_release


class DiskDetailsOptions(BaseModel):
    join_partitions: bool = False
    type: Literal['USED', 'UNUSED', 'BOTH'] = 'BOTH'


class DiskDetailsArgs(BaseModel):
    data: DiskDetailsOptions = DiskDetailsOptions()


class DiskDetailsResult(BaseModel):
    result: list | dict


class DiskQueryResult(BaseModel):
    result: list[dict] | dict | int


def disk_entry(number, disk, release='25.10'):
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
        'enclosure': None, 'pool': disk.get('pool'),
        **({'sed': False} if release == '26.0' else {}),
    }


class DiskService(Service):
    class Config:
        namespace = 'disk'
        cli_namespace = 'storage.disk'

    def _disks(self):
        return backend_call(self.middleware.backend.disks)

    def _rows(self, disks=None):
        release = imitated_release()
        return [disk_entry(i, d, release) for i, d in enumerate(self._disks() if disks is None else disks)]

    @api_method(QueryArgs, DiskQueryResult, roles=['DISK_READ'])
    def query(self, filters, options):
        return filter_list(self._rows(), filters, options)

    @api_method(DiskDetailsArgs, DiskDetailsResult, roles=['REPORTING_READ'])
    def details(self, data):
        """Unused disks (no pool, nothing mounted), used ones, or both as `{used, unused}`."""
        used, unused = [], []
        disks = self._disks()
        for disk, row in zip(disks, self._rows(disks)):
            if row['pool'] or disk.get('used_by'):
                used.append(dict(row, imported_zpool=row['pool'], exported_zpool=None))
            else:
                unused.append(dict(row, imported_zpool=None, exported_zpool=None))
        if data['type'] == 'USED':
            return used
        if data['type'] == 'UNUSED':
            return unused
        return {'used': used, 'unused': unused}

    @private
    def stand_in(self, name):
        """The file the read-only disk test (`tuning.ladder.read_disks`) reads in place of disk `name` on a simulated
        box (standalone host only: TrueNAS has no such call, and the plugin asks only when the backend is the
        sandbox)."""
        return backend_call(self.middleware.backend.stand_in_disk, name)
