"""ZFS dataset properties: defaults, which are inheritable, and how `zfs set` normalizes a value (zfsprops(7)).

Raw values are what `zfs get -H -p` prints: lower-case words, sizes as byte counts. Pure functions, shared by the
sandbox backend (to simulate `zfs`) and the appliance services (to validate before calling a backend).
"""
import re

_ONOFF = ('on', 'off')
COMPRESSION = (
    'on', 'off', 'lz4', 'lzjb', 'zle', 'gzip', *[f'gzip-{i}' for i in range(1, 10)],
    'zstd', *[f'zstd-{i}' for i in range(1, 20)],
    *[f'zstd-fast-{i}' for i in (*range(1, 11), 20, 30, 40, 50, 60, 70, 80, 90, 100, 500, 1000)],
)
CHECKSUM = ('on', 'off', 'fletcher2', 'fletcher4', 'sha256', 'noparity', 'sha512', 'skein', 'edonr', 'blake3')

# name -> (kind, default, inheritable, applies_to). kind: tuple of choices | 'size' | 'blocksize' | 'int' | 'quota'
# | 'string'. applies_to: 'ALL' | 'FILESYSTEM' | 'VOLUME'.
PROPERTIES = {
    'recordsize': ('blocksize', '131072', True, 'FILESYSTEM'),
    'compression': (COMPRESSION, 'on', True, 'ALL'),
    'atime': (_ONOFF, 'on', True, 'FILESYSTEM'),
    'relatime': (_ONOFF, 'on', True, 'FILESYSTEM'),
    'sync': (('standard', 'always', 'disabled'), 'standard', True, 'ALL'),
    'logbias': (('latency', 'throughput'), 'latency', True, 'ALL'),
    'primarycache': (('all', 'none', 'metadata'), 'all', True, 'ALL'),
    'secondarycache': (('all', 'none', 'metadata'), 'all', True, 'ALL'),
    'dedup': (('on', 'off', 'verify', 'sha256', 'sha256,verify', 'sha512', 'skein', 'blake3'), 'off', True, 'ALL'),
    'checksum': (CHECKSUM, 'on', True, 'ALL'),
    'copies': (('1', '2', '3'), '1', True, 'ALL'),
    'readonly': (_ONOFF, 'off', True, 'ALL'),
    'exec': (_ONOFF, 'on', True, 'FILESYSTEM'),
    'snapdir': (('hidden', 'visible'), 'hidden', True, 'FILESYSTEM'),
    'snapdev': (('hidden', 'visible'), 'hidden', True, 'VOLUME'),
    'xattr': (('on', 'off', 'dir', 'sa'), 'sa', True, 'FILESYSTEM'),
    'redundant_metadata': (('all', 'most', 'some', 'none'), 'all', True, 'ALL'),
    'special_small_blocks': ('special', '0', True, 'FILESYSTEM'),
    'dnodesize': (('legacy', 'auto', '1k', '2k', '4k', '8k', '16k'), 'legacy', True, 'FILESYSTEM'),
    'acltype': (('off', 'nfsv4', 'posix'), 'off', True, 'FILESYSTEM'),
    'aclmode': (('discard', 'groupmask', 'passthrough', 'restricted'), 'discard', True, 'FILESYSTEM'),
    'casesensitivity': (('sensitive', 'insensitive', 'mixed'), 'sensitive', False, 'FILESYSTEM'),
    'quota': ('quota', '0', False, 'FILESYSTEM'),
    'refquota': ('quota', '0', False, 'FILESYSTEM'),
    'reservation': ('quota', '0', False, 'ALL'),
    'refreservation': ('quota', '0', False, 'ALL'),
    'volsize': ('size', None, False, 'VOLUME'),
    'volblocksize': ('volblocksize', '16384', False, 'VOLUME'),
    'org.truenas:managedby': ('string', None, True, 'ALL'),
    'comments': ('string', None, True, 'ALL'),
}
# Properties only OpenZFS 2.3+ knows.
PROPERTIES_SINCE_2_3 = {
    'direct': (('disabled', 'standard', 'always'), 'standard', True, 'ALL'),
}
# Set once at creation: `zfs set` refuses them afterwards.
CREATE_ONLY = {'casesensitivity', 'volblocksize'}
# Read-only statistics every dataset reports.
READ_ONLY = ('used', 'available', 'referenced', 'compressratio', 'mounted', 'creation', 'type')

_SIZE_RE = re.compile(r'^\s*(\d+(?:\.\d+)?)\s*([KMGTPE]?)(?:i?B)?\s*$', re.IGNORECASE)
_SUFFIX = {'': 1, 'K': 1024, 'M': 1024 ** 2, 'G': 1024 ** 3, 'T': 1024 ** 4, 'P': 1024 ** 5, 'E': 1024 ** 6}


def parse_size(text):
    """'1M' -> 1048576, '512' -> 512, '1.5K' -> 1536 (zfs nicenum input). ValueError if not a size."""
    match = _SIZE_RE.match(str(text))
    if not match:
        raise ValueError(f'{text!r} is not a size')
    number, suffix = match.groups()
    value = float(number) * _SUFFIX[suffix.upper()]
    if value != int(value):
        raise ValueError(f'{text!r} is not a whole number of bytes')
    return int(value)


def format_size(value):
    """1048576 -> '1M', 131072 -> '128K', 1536 -> '1.50K' (zfs nicenum style, for display)."""
    value = int(value)
    for suffix in ('E', 'P', 'T', 'G', 'M', 'K'):
        unit = _SUFFIX[suffix]
        if value >= unit:
            if value % unit == 0:
                return f'{value // unit}{suffix}'
            return f'{value / unit:.2f}{suffix}'
    return str(value)


def _power_of_two(n):
    return n > 0 and n & (n - 1) == 0


def properties_for(version):
    from .zfs_parameter_defaults import parse_version
    table = dict(PROPERTIES)
    if parse_version(version) >= (2, 3, 0):
        table.update(PROPERTIES_SINCE_2_3)
    return table


def applies(prop, dataset_type, table=PROPERTIES):
    spec = table.get(prop)
    return spec is not None and spec[3] in ('ALL', dataset_type)


def normalize(prop, value, dataset_type='FILESYSTEM', max_recordsize=16 * 1024 ** 2, table=PROPERTIES):
    """The raw value `zfs set prop=value` would store, or ValueError with the reason `zfs` would give."""
    if prop not in table:
        if ':' in prop:  # user property
            return str(value)
        raise ValueError(f'invalid property {prop!r}')
    kind, _default, _inheritable, applies_to = table[prop]
    if applies_to not in ('ALL', dataset_type):
        raise ValueError(f'{prop!r} does not apply to datasets of this type')
    text = str(value).strip()
    if isinstance(kind, tuple):
        lowered = text.lower()
        if lowered not in kind:
            raise ValueError(f'{prop!r} must be one of {", ".join(kind)}')
        return lowered
    if kind == 'string':
        return text
    try:
        size = parse_size(text) if text.lower() not in ('none',) else 0
    except ValueError:
        raise ValueError(f'{prop!r} must be a size') from None
    if kind == 'blocksize':
        if not _power_of_two(size) or size < 512 or size > max_recordsize:
            raise ValueError(f"'recordsize' must be a power of 2 from 512B to {format_size(max_recordsize)}")
    elif kind == 'volblocksize':
        if not _power_of_two(size) or size < 512 or size > 128 * 1024:
            raise ValueError("'volblocksize' must be a power of 2 from 512B to 128K")
    elif kind == 'special':
        if size != 0 and (not _power_of_two(size) or size < 512 or size > 16 * 1024 ** 2):
            raise ValueError("'special_small_blocks' must be 0 or a power of 2 from 512B to 16M")
    elif kind == 'size' and size <= 0:
        raise ValueError(f'{prop!r} must be greater than zero')
    return str(size)
