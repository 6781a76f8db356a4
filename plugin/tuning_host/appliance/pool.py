"""`pool.query`, `pool.get_instance`, `pool.update` (job: add cache/log vdevs) and `pool.remove` (job: by vdev guid).

Pool ids are small integers assigned in the order pools are first seen and kept in the host database, so an id
stays the same while pools come and go; only the first sighting of a pool writes (`pool_ids`)."""
import errno
from typing import Literal

from pydantic import Field

from tuning_host.runtime import (BaseModel, CallError, InstanceNotFound, QueryArgs, Service, ValidationErrors,
                                 api_method, filter_list, job)

from .backend_calls import backend_call
from .release import imitated_release

IDS_KEY = 'appliance.pool_ids'
NO_IDS = {'ids': {}, 'next': 1}


class PoolTopologyCacheVdev(BaseModel):
    type: Literal['STRIPE']
    disks: list[str] = Field(min_length=1)


class PoolTopologyLogVdev(BaseModel):
    type: Literal['MIRROR', 'STRIPE']
    disks: list[str] = Field(min_length=1)


class PoolUpdateTopology(BaseModel):
    cache: list[PoolTopologyCacheVdev] = []
    log: list[PoolTopologyLogVdev] = []


class PoolUpdate(BaseModel):
    topology: PoolUpdateTopology


class PoolUpdateArgs(BaseModel):
    id: int
    data: PoolUpdate


class PoolUpdateResult(BaseModel):
    result: dict


class PoolRemoveOptions(BaseModel):
    label: str
    """GUID of the top-level vdev to remove (or the name of a cache/log disk)."""


class PoolRemoveArgs(BaseModel):
    id: int
    options: PoolRemoveOptions


class PoolRemoveResult(BaseModel):
    result: None


class PoolQueryResult(BaseModel):
    result: list[dict] | dict | int


class PoolGetInstanceArgs(BaseModel):
    id: int
    options: dict = {}


class PoolGetInstanceResult(BaseModel):
    result: dict


def vdev_entry(vdev):
    """Backend vdev -> TrueNAS topology vdev."""
    return {
        'name': vdev['name'], 'type': vdev['type'], 'path': vdev.get('path'), 'guid': vdev['guid'],
        'status': vdev.get('status') or 'ONLINE', 'stats': {}, 'device': vdev['name'] if vdev.get('disk') else None,
        'disk': vdev.get('disk'), 'unavail_disk': None, 'children': [vdev_entry(c) for c in vdev['children']],
    }


def pool_entry(id_, pool, release='25.10'):
    """Backend pool -> TrueNAS pool.query row (pure)."""
    return {
        'id': id_, 'name': pool['name'], 'guid': str(pool['guid']), 'status': pool['status'],
        'path': pool.get('path'), 'scan': None, 'expand': None, 'is_upgraded': True, 'healthy': pool['healthy'],
        'warning': False, 'status_code': None if pool['healthy'] else 'UNHEALTHY', 'status_detail': None,
        'size': pool['size'], 'allocated': pool['allocated'], 'free': pool['free'], 'freeing': 0,
        # the exact figures as strings (zpool's raw property values), for clients whose numbers are doubles
        'size_str': str(pool['size']), 'allocated_str': str(pool['allocated']), 'free_str': str(pool['free']),
        'freeing_str': '0',
        'dedup_table_size': 0, 'dedup_table_quota': None, 'fragmentation': None,
        'autotrim': {'value': 'off', 'rawvalue': 'off', 'parsed': 'off', 'source': 'DEFAULT'},
        'topology': {role: [vdev_entry(v) for v in pool['topology'].get(role, [])]
                     for role in ('data', 'log', 'cache', 'spare', 'special', 'dedup')},
        **({'all_sed': False} if release == '26.0' else {}),  # 26.0: whether the pool is made of SED disks only
    }


def unnumbered(ids, names):
    """The pools of `names` that have no id yet, in order (pure)."""
    return [name for name in names if name not in ids]


def pool_ids(store, names):
    """{name: id} for the pools of `names`. A read: the ids are read, and written only when a pool appears that has
    none (its first sighting), never on the reads after it (a write transaction syncs the disk)."""
    ids = store.get(IDS_KEY, NO_IDS)['ids']
    if not unnumbered(ids, names):
        return ids

    def assign(doc):
        for name in unnumbered(doc['ids'], names):   # another reader may have numbered it meanwhile
            doc['ids'][name] = doc['next']
            doc['next'] += 1
    return store.update(IDS_KEY, assign, NO_IDS)['ids']


def top_level_vdev(pool, label):
    """(role, vdev) of the cache/log top-level vdev named by guid or device/disk name; None when not there."""
    for role in ('cache', 'log'):
        for vdev in pool['topology'][role]:
            if label in (vdev['guid'], vdev['name'], vdev.get('disk')):
                return role, vdev
    return None


class PoolService(Service):
    class Config:
        namespace = 'pool'
        cli_namespace = 'storage.pool'

    def _rows(self):
        pools = backend_call(self.middleware.backend.pools)
        release = imitated_release()
        ids = pool_ids(self.middleware.backend.store, [p['name'] for p in pools])
        return [pool_entry(ids[p['name']], p, release) for p in pools]

    @api_method(QueryArgs, PoolQueryResult, roles=['POOL_READ'])
    def query(self, filters, options):
        return filter_list(self._rows(), filters, options)

    @api_method(PoolGetInstanceArgs, PoolGetInstanceResult, roles=['POOL_READ'])
    def get_instance(self, id_, options):
        for row in self._rows():
            if row['id'] == id_:
                return row
        raise InstanceNotFound(f'Pool {id_} does not exist')

    @api_method(PoolUpdateArgs, PoolUpdateResult, roles=['POOL_WRITE'], audit='Pool update')
    @job(lock='pool_createupdate')
    def update(self, job, id_, data):
        """Add cache (L2ARC) and log (SLOG) vdevs on unused disks."""
        pool = self.get_instance(id_, {})
        disks = {d['name']: d for d in backend_call(self.middleware.backend.disks)}
        verrors = ValidationErrors()
        seen = set()
        for role in ('cache', 'log'):
            for i, vdev in enumerate(data['topology'][role]):
                attribute = f'pool_update.topology.{role}.{i}.disks'
                if vdev['type'] == 'MIRROR' and len(vdev['disks']) < 2:
                    verrors.add(attribute, 'A MIRROR vdev needs at least 2 disks.')
                busy = []
                for disk in vdev['disks']:
                    if disk not in disks:
                        verrors.add(attribute, f'Disk {disk!r} does not exist.', errno.ENOENT)
                    elif disks[disk]['pool'] or disks[disk]['used_by'] or disk in seen:
                        busy.append(disk)
                    seen.add(disk)
                if busy:
                    verrors.add(attribute, f'The following disks are already in use: {", ".join(busy)}.',
                                errno.EBUSY)
        if not seen:
            verrors.add('pool_update.topology', 'Name at least one cache or log vdev to add.')
        verrors.check()
        for role in ('cache', 'log'):
            if data['topology'][role]:
                job.set_progress(30 if role == 'cache' else 60, f'Adding {role} vdevs to {pool["name"]}')
                backend_call(self.middleware.backend.add_vdevs, pool['name'], role, data['topology'][role])
        job.set_progress(100, 'Pool updated')
        row = self.get_instance(id_, {})
        self.middleware.send_event('pool.query', 'CHANGED', id=id_, fields=row)
        return row

    @api_method(PoolRemoveArgs, PoolRemoveResult, roles=['POOL_WRITE'], audit='Pool remove vdev')
    @job(lock=lambda args: f'{args[0] if args else ""}_remove')
    def remove(self, job, id_, options):
        """Remove a cache or log vdev (by guid) from the pool."""
        pool = self.get_instance(id_, {})
        found = top_level_vdev(pool, options['label'])
        if found is None:
            raise CallError(f'Label {options["label"]} not found on this pool.', errno.ENOENT)
        role, vdev = found
        job.set_progress(20, f'Removing {role} vdev {vdev["name"]} from {pool["name"]}')
        backend_call(self.middleware.backend.remove_vdev, pool['name'], vdev['guid'])
        job.set_progress(100, 'Removed')
        self.middleware.send_event('pool.query', 'CHANGED', id=id_, fields=self.get_instance(id_, {}))
        return None


def setup(middleware):
    middleware.event_register('pool.query', 'Sent on pool changes.', roles=['POOL_READ'])
