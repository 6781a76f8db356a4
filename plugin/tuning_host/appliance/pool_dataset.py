"""`pool.dataset.query/get_instance/create/update/delete` in TrueNAS shapes (upper-case enums, INHERIT,
property dicts `{value, rawvalue, parsed, source, source_info}`)."""
import errno
import re
from typing import Literal

from pydantic import Field

from tuning.shared.zfs_names import zfs_name_error
from tuning_host.backends import zfs_properties
from tuning_host.runtime import (BaseModel, InstanceNotFound, QueryArgs, Service, ValidationErrors, api_method,
                                 filter_list)

from .backend_calls import backend_call, backend_call_validated
from .dataset_property_format import POOL_DATASET_FIELDS, pool_dataset_property, to_zfs_value

ONOFF = Literal['ON', 'OFF', 'INHERIT']
COMPRESSION = Literal[
    'ON', 'OFF', 'LZ4', 'GZIP', 'GZIP-1', 'GZIP-9', 'ZSTD', 'ZSTD-FAST', 'ZLE', 'LZJB',
    'ZSTD-1', 'ZSTD-2', 'ZSTD-3', 'ZSTD-4', 'ZSTD-5', 'ZSTD-6', 'ZSTD-7', 'ZSTD-8', 'ZSTD-9', 'ZSTD-10',
    'ZSTD-11', 'ZSTD-12', 'ZSTD-13', 'ZSTD-14', 'ZSTD-15', 'ZSTD-16', 'ZSTD-17', 'ZSTD-18', 'ZSTD-19',
    'ZSTD-FAST-1', 'ZSTD-FAST-2', 'ZSTD-FAST-3', 'ZSTD-FAST-4', 'ZSTD-FAST-5', 'ZSTD-FAST-6', 'ZSTD-FAST-7',
    'ZSTD-FAST-8', 'ZSTD-FAST-9', 'ZSTD-FAST-10', 'ZSTD-FAST-20', 'ZSTD-FAST-30', 'ZSTD-FAST-40', 'ZSTD-FAST-50',
    'ZSTD-FAST-60', 'ZSTD-FAST-70', 'ZSTD-FAST-80', 'ZSTD-FAST-90', 'ZSTD-FAST-100', 'ZSTD-FAST-500',
    'ZSTD-FAST-1000', 'INHERIT']
QUOTA = int | None
# a native ZFS property (recordsize) or a user one (org.freenas:description)
_PROPERTY_NAME = re.compile(r'[a-z0-9][a-z0-9_.:+-]{0,255}\Z')


class PoolDatasetUpdate(BaseModel):
    comments: str = None
    sync: Literal['STANDARD', 'ALWAYS', 'DISABLED', 'INHERIT'] = None
    snapdev: Literal['HIDDEN', 'VISIBLE', 'INHERIT'] = None
    compression: COMPRESSION = None
    atime: ONOFF = None
    exec: ONOFF = None
    readonly: ONOFF = None
    deduplication: Literal['ON', 'VERIFY', 'OFF', 'INHERIT'] = None
    checksum: Literal['ON', 'OFF', 'FLETCHER2', 'FLETCHER4', 'SHA256', 'SHA512', 'SKEIN', 'EDONR', 'BLAKE3',
                      'INHERIT'] = None
    copies: int | Literal['INHERIT'] = None
    snapdir: Literal['DISABLED', 'VISIBLE', 'HIDDEN', 'INHERIT'] = None
    recordsize: str = None
    special_small_block_size: int | Literal['INHERIT'] = None
    aclmode: Literal['PASSTHROUGH', 'RESTRICTED', 'DISCARD', 'INHERIT'] = None
    acltype: Literal['OFF', 'NFSV4', 'POSIX', 'INHERIT'] = None
    quota: QUOTA = Field(default=-1)
    refquota: QUOTA = Field(default=-1)
    reservation: int = None
    refreservation: int = None
    volsize: int = None


class PoolDatasetCreate(PoolDatasetUpdate):
    name: str = Field(min_length=1, max_length=200)
    type: Literal['FILESYSTEM', 'VOLUME'] = 'FILESYSTEM'
    volblocksize: Literal['512', '512B', '1K', '2K', '4K', '8K', '16K', '32K', '64K', '128K'] = None
    casesensitivity: Literal['SENSITIVE', 'INSENSITIVE'] = None
    sparse: bool = None
    create_ancestors: bool = False


class PoolDatasetCreateArgs(BaseModel):
    data: PoolDatasetCreate


class PoolDatasetCreateResult(BaseModel):
    result: dict


class PoolDatasetUpdateArgs(BaseModel):
    id: str
    data: PoolDatasetUpdate


class PoolDatasetUpdateResult(BaseModel):
    result: dict


class PoolDatasetDeleteOptions(BaseModel):
    recursive: bool = False
    force: bool = False


class PoolDatasetDeleteArgs(BaseModel):
    id: str
    options: PoolDatasetDeleteOptions = PoolDatasetDeleteOptions()


class PoolDatasetDeleteResult(BaseModel):
    result: bool


class PoolDatasetQueryResult(BaseModel):
    result: list[dict] | dict | int


class PoolDatasetGetInstanceArgs(BaseModel):
    id: str
    options: dict = {}


class PoolDatasetGetInstanceResult(BaseModel):
    result: dict


def dataset_entry(ds, props):
    """Backend dataset + its properties -> TrueNAS pool.dataset row (pure)."""
    row = {
        'id': ds['name'], 'name': ds['name'], 'pool': ds['pool'], 'type': ds['type'],
        'mountpoint': ds['mountpoint'], 'encrypted': False, 'encryption_root': None, 'key_loaded': False,
        'locked': False, 'children': [], 'user_properties': {},
    }
    for field, prop in POOL_DATASET_FIELDS.items():
        if prop in props:
            row[field] = pool_dataset_property(prop, props[prop])
    return row


def extra_properties(extra):
    """The ZFS properties `options.extra.properties` asks for: None for all, else a list of names (pure; anything
    else is a ValidationErrors on the option)."""
    properties = (extra or {}).get('properties')
    if properties is None:
        return None
    # a name goes on to `zfs get` (openzfs backend): nothing that could read as an option or a list of names
    if not isinstance(properties, list) or not all(isinstance(p, str) and _PROPERTY_NAME.match(p)
                                                   for p in properties):
        verrors = ValidationErrors()
        verrors.add('options.extra.properties', 'Must be null or a list of ZFS property names.', errno.EINVAL)
        verrors.check()
    return properties


def check_dataset_name(attribute, name):
    """A ZFS dataset name, or ValidationErrors on `attribute` before anything touches a path or a command."""
    if problem := zfs_name_error(name):
        verrors = ValidationErrors()
        verrors.add(attribute, f'{name!r} is not a valid ZFS dataset name: it {problem}.', errno.EINVAL)
        verrors.check()


def zfs_changes(data, dataset_type, attribute_prefix, verrors, max_recordsize):
    """Validated {prop: raw} to set and [prop] to inherit from a create/update payload."""
    to_set, to_inherit = {}, []
    for field, value in data.items():
        if field not in POOL_DATASET_FIELDS or value is None or (field in ('quota', 'refquota') and value == -1):
            continue
        prop = POOL_DATASET_FIELDS[field]
        if value == 'INHERIT':
            to_inherit.append(prop)
            continue
        if field in ('quota', 'refquota') and value is None:
            value = 0
        if field in ('quota', 'refquota') and value and value < 1024 ** 3:
            verrors.add(f'{attribute_prefix}.{field}', 'Must be at least 1 GiB (or 0/null for none).')
            continue
        if field == 'snapdir' and value == 'DISABLED':
            value = 'HIDDEN'
        raw = to_zfs_value(field, value)
        try:
            to_set[prop] = zfs_properties.normalize(prop, raw, dataset_type, max_recordsize,
                                                     zfs_properties.PROPERTIES)
        except ValueError as e:
            verrors.add(f'{attribute_prefix}.{field}', str(e))
    return to_set, to_inherit


class PoolDatasetService(Service):
    class Config:
        namespace = 'pool.dataset'
        cli_namespace = 'storage.dataset'

    def _entry(self, ds, properties=None):
        if properties == []:
            return dataset_entry(ds, {})   # none asked for: the box is not read for them
        props = backend_call(self.middleware.backend.dataset_properties, ds['name'], properties)
        return dataset_entry(ds, props)

    def _datasets(self, filters, properties=None):
        backend = self.middleware.backend
        datasets = backend_call(backend.datasets)
        # The common case is a lookup by id/name: only read properties of the datasets that can match.
        names = {f[2] for f in filters or [] if isinstance(f, list) and len(f) == 3 and f[0] in ('id', 'name')
                 and f[1] == '=' and isinstance(f[2], str)}
        if names:
            datasets = [d for d in datasets if d['name'] in names]
        return [self._entry(ds, properties) for ds in datasets]

    @api_method(QueryArgs, PoolDatasetQueryResult, roles=['DATASET_READ'])
    def query(self, filters, options):
        """`options.extra.properties`, as on TrueNAS: the ZFS properties to read (null: all; []: none, the rows
        then carry only what every dataset has: id, name, pool, type...)."""
        return filter_list(self._datasets(filters, extra_properties(options.get('extra'))), filters, options)

    @api_method(PoolDatasetGetInstanceArgs, PoolDatasetGetInstanceResult, roles=['DATASET_READ'])
    def get_instance(self, id_, options):
        rows = self._datasets([['id', '=', id_]])
        if not rows:
            raise InstanceNotFound(f'Dataset {id_} does not exist')
        return rows[0]

    def _max_recordsize(self):
        params = backend_call(self.middleware.backend.zfs_parameters)
        return int(params.get('zfs_max_recordsize', {}).get('value', 16 * 1024 ** 2))

    @api_method(PoolDatasetCreateArgs, PoolDatasetCreateResult, roles=['DATASET_WRITE'], audit='Pool dataset create')
    def create(self, data):
        """Create a filesystem or a volume (zvol)."""
        name = data['name']
        check_dataset_name('pool_dataset_create.name', name)
        verrors = ValidationErrors()
        existing = {d['name']: d for d in backend_call(self.middleware.backend.datasets)}
        parent = name.rsplit('/', 1)[0] if '/' in name else None
        if name in existing:
            verrors.add('pool_dataset_create.name', f'{name!r} already exists.', errno.EEXIST)
        elif parent is None:
            verrors.add('pool_dataset_create.name', 'Name must be pool/dataset.')
        elif parent not in existing and not data['create_ancestors']:
            verrors.add('pool_dataset_create.name', f'Parent dataset {parent!r} does not exist.', errno.ENOENT)
        if data['type'] == 'VOLUME' and not data.get('volsize'):
            verrors.add('pool_dataset_create.volsize', 'This field is required for a VOLUME.')
        if data['type'] == 'FILESYSTEM' and data.get('volsize'):
            verrors.add('pool_dataset_create.volsize', 'Only a VOLUME has a volsize.')
        to_set, _inherit = zfs_changes(data, data['type'], 'pool_dataset_create', verrors, self._max_recordsize())
        volsize = to_set.pop('volsize', None)
        for field, prop in (('volblocksize', 'volblocksize'), ('casesensitivity', 'casesensitivity')):
            if data.get(field):
                try:
                    to_set[prop] = zfs_properties.normalize(prop, data[field].rstrip('B') if field == 'volblocksize'
                                                            else data[field], data['type'])
                except ValueError as e:
                    verrors.add(f'pool_dataset_create.{field}', str(e))
        if data['type'] == 'VOLUME' and not data.get('sparse') and volsize:
            to_set['refreservation'] = volsize
        verrors.check()
        if parent not in existing and data['create_ancestors']:
            missing = []
            walk = parent
            while walk and walk not in existing:
                missing.append(walk)
                walk = walk.rsplit('/', 1)[0] if '/' in walk else None
            for ancestor in reversed(missing):
                backend_call(self.middleware.backend.create_dataset, ancestor)
        backend_call_validated('pool_dataset_create', self.middleware.backend.create_dataset, name, data['type'],
                               to_set, volsize)
        row = self.get_instance(name, {})
        self.middleware.send_event('pool.dataset.query', 'ADDED', id=name, fields=row)
        return row

    @api_method(PoolDatasetUpdateArgs, PoolDatasetUpdateResult, roles=['DATASET_WRITE'], audit='Pool dataset update')
    def update(self, id_, data):
        """Set properties (`INHERIT` clears the local value)."""
        check_dataset_name('pool_dataset_update.id', id_)
        current = self.get_instance(id_, {})
        verrors = ValidationErrors()
        to_set, to_inherit = zfs_changes(data, current['type'], 'pool_dataset_update', verrors,
                                         self._max_recordsize())
        if 'volsize' in to_set and current['type'] == 'VOLUME' and \
                int(to_set['volsize']) < current['volsize']['parsed']:
            verrors.add('pool_dataset_update.volsize', 'Shrinking a volume is not allowed.')
        verrors.check()
        if to_set:
            backend_call_validated('pool_dataset_update', self.middleware.backend.set_dataset_properties, id_,
                                   to_set)
        for prop in to_inherit:
            backend_call_validated(f'pool_dataset_update.{prop}', self.middleware.backend.inherit_dataset_property,
                                   id_, prop)
        row = self.get_instance(id_, {})
        self.middleware.send_event('pool.dataset.query', 'CHANGED', id=id_, fields=row)
        return row

    @api_method(PoolDatasetDeleteArgs, PoolDatasetDeleteResult, roles=['DATASET_DELETE'], audit='Pool dataset delete')
    def delete(self, id_, options):
        """Destroy a dataset (`recursive` for its children too)."""
        check_dataset_name('pool_dataset_delete.id', id_)
        self.get_instance(id_, {})
        if '/' not in id_:
            verrors = ValidationErrors()
            verrors.add('pool_dataset_delete.id', 'The root dataset of a pool cannot be deleted.')
            verrors.check()
        children = [d['name'] for d in backend_call(self.middleware.backend.datasets)
                    if d['name'].startswith(id_ + '/')]
        if children and not options['recursive']:
            verrors = ValidationErrors()
            verrors.add('pool_dataset_delete.options.recursive',
                        f'{id_!r} has children ({", ".join(children)}); set recursive to delete them too.',
                        errno.EBUSY)
            verrors.check()
        backend_call(self.middleware.backend.destroy_dataset, id_, options['recursive'])
        for name in [*children, id_]:
            self.middleware.send_event('pool.dataset.query', 'REMOVED', id=name)
        return True


def setup(middleware):
    middleware.event_register('pool.dataset.query', 'Sent on dataset changes.', roles=['DATASET_READ'])
