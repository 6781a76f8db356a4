"""`zfs.resource.query` (TrueNAS 25.10): raw ZFS properties of datasets, incl. the ones `pool.dataset` does not
expose (logbias, primarycache, secondarycache, direct, ...). Shape: `{name, pool, type, properties: {prop: {raw,
value, source: {type, value}}}, user_properties, children}`."""
from pydantic import Field

from tuning.shared.zfs_names import zfs_name_error
from tuning_host.backends.errors import NotFoundError
from tuning_host.runtime import BaseModel, Service, ValidationErrors, api_method

from .backend_calls import backend_call
from .dataset_property_format import zfs_resource_property


class ZfsResourceQuery(BaseModel):
    paths: list[str] = Field(default_factory=list)
    """Datasets to query; empty = all."""
    properties: list[str] | None = Field(default_factory=list)
    """Properties to return; empty = every known one, null = none."""
    get_user_properties: bool = False
    get_source: bool = True
    nest_results: bool = False
    get_children: bool = False


class ZfsResourceQueryArgs(BaseModel):
    data: ZfsResourceQuery = ZfsResourceQuery()


class ZfsResourceQueryResult(BaseModel):
    result: list[dict]


class ZfsResourceService(Service):
    class Config:
        namespace = 'zfs.resource'
        cli_namespace = 'storage.zfs_resource'

    @api_method(ZfsResourceQueryArgs, ZfsResourceQueryResult, roles=['ZFS_RESOURCE_READ'])
    def query(self, data):
        backend = self.middleware.backend
        datasets = {d['name']: d for d in backend_call(backend.datasets)}
        verrors = ValidationErrors()
        for index, path in enumerate(data['paths']):
            if '@' in path:  # as TrueNAS 25.10
                verrors.add('zfs.resource.query', 'Querying snapshot information is unsupported at this time.')
            elif problem := zfs_name_error(path):
                verrors.add(f'zfs_resource_query.paths.{index}', f'{path!r} is not a ZFS dataset name: it {problem}.')
        if len(set(data['paths'])) != len(data['paths']):
            verrors.add('zfs_resource_query.paths', 'Paths must be unique.')
        verrors.check()
        names = data['paths'] or sorted(datasets)
        if data['get_children']:
            names = [n for n in sorted(datasets) if any(n == p or n.startswith(p + '/') for p in names)]
        result = []
        for name in names:
            if name not in datasets:
                continue  # like TrueNAS: a path that does not exist is simply absent
            ds = datasets[name]
            props = {}
            if data['properties'] is not None:
                try:
                    raw = backend.dataset_properties(name, data['properties'] or None)
                except NotFoundError:
                    continue
                props = {prop: zfs_resource_property(value) for prop, value in raw.items() if ':' not in prop}
                if not data['get_source']:
                    for value in props.values():
                        value['source'] = None
            result.append({'name': name, 'pool': ds['pool'], 'type': ds['type'], 'createtxg': 0, 'guid': 0,
                           'properties': props, 'user_properties': {} if data['get_user_properties'] else None,
                           'children': []})
        return result
