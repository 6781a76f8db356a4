"""`pool.dataset.update_impl` (private, TrueNAS 26.0): set, and inherit, raw ZFS properties of one dataset:
`{"name": "tank/vm", "zprops": {"logbias": "throughput"}, "iprops": {"primarycache"}}`. 26.0 removed
`zfs.dataset.update`; its own plugins (audit, docker) write properties this way. Returns None, like the real one."""
import errno

from tuning_host.backends import zfs_properties
from tuning_host.runtime import CallError, Service, private

from .backend_calls import backend_call, backend_call_validated
from .pool_dataset import check_dataset_name
from .release import zfs_property_writer


class PoolDatasetImplService(Service):
    class Config:
        namespace = 'pool.dataset'
        private = True

    @private
    def update_impl(self, data):
        if zfs_property_writer() != 'pool.dataset.update_impl':
            raise CallError('Method does not exist', errno.ENOENT)  # 25.10 has no such method
        name = data.get('name')
        check_dataset_name('name', name)
        datasets = {d['name']: d for d in backend_call(self.middleware.backend.datasets)}
        if name not in datasets:
            # the real one fails in libzfs opening the resource
            raise CallError(f'{name}: dataset does not exist')
        zprops = {prop: zfs_properties.normalize(prop, str(value), datasets[name]['type'])
                  for prop, value in (data.get('zprops') or {}).items()}
        if zprops:
            backend_call_validated('zprops', self.middleware.backend.set_dataset_properties, name, zprops)
        for prop in data.get('iprops') or ():
            backend_call_validated(f'iprops.{prop}', self.middleware.backend.inherit_dataset_property, name, prop)
