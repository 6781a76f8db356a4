"""`zfs.dataset.update` (private, TrueNAS 24.10-25.10): set or inherit raw ZFS properties, e.g.
`{"properties": {"logbias": {"value": "throughput"}, "primarycache": {"source": "INHERIT"}}}`."""
import errno

from tuning_host.backends import zfs_properties
from tuning_host.runtime import CallError, Service, ValidationErrors, private

from .backend_calls import backend_call, backend_call_validated
from .pool_dataset import check_dataset_name
from .release import zfs_property_writer


class ZfsDatasetService(Service):
    class Config:
        namespace = 'zfs.dataset'
        private = True

    @private
    def update(self, id_, data):
        if zfs_property_writer() != 'zfs.dataset.update':
            raise CallError('Method does not exist', errno.ENOENT)  # TrueNAS 26.0 removed it
        check_dataset_name('zfs_dataset_update.id', id_)
        verrors = ValidationErrors()
        datasets = {d['name']: d for d in backend_call(self.middleware.backend.datasets)}
        if id_ not in datasets:
            verrors.add('zfs_dataset_update.id', f'Dataset {id_!r} does not exist.')
            verrors.check()
        properties = (data or {}).get('properties')
        if not isinstance(properties, dict) or not properties:
            verrors.add('zfs_dataset_update.properties', 'Name at least one property.')
            verrors.check()
        to_set, to_inherit = {}, []
        for prop, spec in properties.items():
            attribute = f'zfs_dataset_update.properties.{prop}'
            if not isinstance(spec, dict) or not ('value' in spec) ^ (spec.get('source') == 'INHERIT'):
                verrors.add(attribute, 'Give either {"value": ...} or {"source": "INHERIT"}.')
                continue
            if spec.get('source') == 'INHERIT':
                to_inherit.append(prop)
                continue
            try:
                to_set[prop] = zfs_properties.normalize(prop, str(spec['value']), datasets[id_]['type'])
            except ValueError as e:
                verrors.add(attribute, str(e))
        verrors.check()
        if to_set:
            backend_call_validated('zfs_dataset_update.properties', self.middleware.backend.set_dataset_properties,
                                   id_, to_set)
        for prop in to_inherit:
            backend_call_validated(f'zfs_dataset_update.properties.{prop}',
                                   self.middleware.backend.inherit_dataset_property, id_, prop)
        return backend_call(self.middleware.backend.dataset_properties, id_, list(properties))
