"""Raw ZFS property writes without FULL_ADMIN (pure).

The plugin writes raw ZFS properties through a private method (25.10 `zfs.dataset.update`, 26.0
`pool.dataset.update_impl`), which only FULL_ADMIN may call over the API. The properties the public
`pool.dataset.update` (DATASET_WRITE) also takes go that way instead, in its spelling (upper-case enums, the size of
special small blocks as an int). Neither release's public model takes `logbias`, `primarycache` or `secondarycache`
(api/v25_10_*/pool_dataset.py, api/v26_0_0/pool_dataset.py: PoolDatasetUpdate): those stay on the private writer,
and a key that may not call it gets an error naming them and the role.
"""
import errno

from ..runtime.errors import CallError

ZFS_DATASET = 'zfs.dataset.update'            # 25.10: (name, {"properties": {prop: {"value"} | {"source": "INHERIT"}}})
ZFS_UPDATE_IMPL = 'pool.dataset.update_impl'  # 26.0: ({"name", "zprops": {prop: value}, "iprops": [prop, ...]})
PRIVATE_WRITERS = (ZFS_DATASET, ZFS_UPDATE_IMPL)
INHERIT = 'INHERIT'

# raw ZFS property -> the field of pool.dataset.update (both releases' PoolDatasetUpdate) that sets it
PUBLIC_FIELDS = {
    'recordsize': 'recordsize', 'compression': 'compression', 'atime': 'atime', 'sync': 'sync',
    'special_small_blocks': 'special_small_block_size',
}


def requested(writer: str, params: tuple) -> tuple[str, dict]:
    """(dataset, {property: value, or None to inherit}) of a private writer's call."""
    if writer == ZFS_DATASET:
        dataset, data = (list(params) + [None, None])[:2]
        props = (data or {}).get('properties') or {}
        return dataset, {p: None if (v or {}).get('source') == INHERIT else (v or {}).get('value')
                         for p, v in props.items()}
    if writer == ZFS_UPDATE_IMPL:
        data = (params[0] if params else None) or {}
        return data.get('name'), {**{p: str(v) for p, v in (data.get('zprops') or {}).items()},
                                  **{p: None for p in data.get('iprops') or ()}}
    raise ValueError(f'{writer!r} is not a writer of raw ZFS properties')


def public_value(prop: str, value: str | None):
    """A raw ZFS value in pool.dataset.update's spelling."""
    if value is None:
        return INHERIT
    if prop == 'special_small_blocks':
        return int(value) if value.isdigit() else value.upper()  # pool.dataset.update refuses what is no int
    return value.upper()


def split(writer: str, params: tuple) -> tuple[list | None, tuple | None]:
    """(pool.dataset.update params or None, the private writer's params for what is left or None)."""
    dataset, props = requested(writer, params)
    public = {PUBLIC_FIELDS[p]: public_value(p, v) for p, v in props.items() if p in PUBLIC_FIELDS}
    private = {p: v for p, v in props.items() if p not in PUBLIC_FIELDS}
    return ([dataset, public] if public else None), (private_params(writer, dataset, private) if private else None)


def private_params(writer: str, dataset: str, props: dict) -> tuple:
    if writer == ZFS_DATASET:
        return dataset, {'properties': {p: {'source': INHERIT} if v is None else {'value': v}
                                        for p, v in props.items()}}
    change = {}
    if any(v is not None for v in props.values()):
        change['zprops'] = {p: v for p, v in props.items() if v is not None}
    if any(v is None for v in props.values()):
        change['iprops'] = sorted(p for p, v in props.items() if v is None)
    return ({'name': dataset, **change},)


def refused_properties(writer: str, dataset: str, props) -> CallError:
    names = ', '.join(sorted(props))
    return CallError(f'{dataset}: the API key\'s user may not write the ZFS properties {names}: TrueNAS sets them '
                     f'only through {writer}, a private method that needs the FULL_ADMIN role (pool.dataset.update, '
                     'which DATASET_WRITE allows, does not take them). Give the key\'s user FULL_ADMIN or leave these '
                     'properties out', errno.EACCES)
