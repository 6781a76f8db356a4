"""Backend dataset properties (raw ZFS strings) in TrueNAS's shapes. Pure functions.

`pool.dataset.*` shows `{value, rawvalue, parsed, source, source_info}` with upper-case enum values and human sizes;
`zfs.resource.query` shows `{raw, value, source: {type, value}}`.
"""
from tuning_host.backends.zfs_properties import format_size

# TrueNAS field name -> ZFS property
POOL_DATASET_FIELDS = {
    'recordsize': 'recordsize', 'compression': 'compression', 'atime': 'atime', 'sync': 'sync',
    'deduplication': 'dedup', 'checksum': 'checksum', 'copies': 'copies', 'readonly': 'readonly', 'exec': 'exec',
    'snapdir': 'snapdir', 'snapdev': 'snapdev', 'xattr': 'xattr', 'aclmode': 'aclmode', 'acltype': 'acltype',
    'casesensitivity': 'casesensitivity', 'special_small_block_size': 'special_small_blocks', 'quota': 'quota',
    'refquota': 'refquota', 'reservation': 'reservation', 'refreservation': 'refreservation', 'volsize': 'volsize',
    'volblocksize': 'volblocksize', 'used': 'used', 'available': 'available', 'compressratio': 'compressratio',
    'creation': 'creation', 'comments': 'org.freenas:description', 'managedby': 'org.truenas:managedby',
}
BLOCK_SIZES = {'recordsize', 'volblocksize', 'special_small_blocks'}
BYTE_SIZES = {'quota', 'refquota', 'reservation', 'refreservation', 'volsize', 'used', 'available', 'referenced'}
ON_OFF = {'atime', 'readonly', 'exec', 'relatime'}
NUMERIC = BLOCK_SIZES | BYTE_SIZES | {'copies', 'creation'}


def pool_dataset_property(prop, raw):
    """Backend `{value, source, source_from}` of ZFS property `prop` -> TrueNAS pool.dataset property dict."""
    value = raw['value']
    parsed = value
    shown = value.upper() if isinstance(value, str) else value
    if value in ('-', None):
        shown = parsed = None
    elif prop in BLOCK_SIZES and value.isdigit():
        parsed = int(value)
        shown = format_size(parsed) if parsed else '0'
    elif prop in BYTE_SIZES and value.isdigit():
        parsed = int(value)
        if prop in ('quota', 'refquota', 'reservation', 'refreservation') and parsed == 0:
            shown = parsed = None
        else:
            shown = format_size(parsed)
    elif prop in ON_OFF:
        parsed = value == 'on'
    elif prop in NUMERIC and value.isdigit():
        parsed = int(value)
        shown = value
    elif prop in ('org.freenas:description', 'org.truenas:managedby'):
        shown = value
    return {'value': shown, 'rawvalue': value, 'parsed': parsed, 'source': raw['source'],
            'source_info': raw.get('source_from')}


def zfs_resource_property(raw):
    """Backend property -> zfs.resource.query `{raw, value, source: {type, value}}`."""
    value = raw['value']
    parsed = int(value) if isinstance(value, str) and value.isdigit() else value
    source = {'type': raw['source'], 'value': raw.get('source_from')}
    return {'raw': value, 'value': parsed, 'source': source}


def to_zfs_value(field, value):
    """A pool.dataset.create/update value (upper-case enum, '1M', int) -> raw ZFS string."""
    if isinstance(value, bool):
        return 'on' if value else 'off'
    if isinstance(value, int):
        return str(value)
    if field in ('comments', 'managedby'):
        return value
    return value.lower()
