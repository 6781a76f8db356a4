"""Value normalisers: each takes the string an admin or the appliance gave and returns the canonical string.

Canonical forms: dataset enums upper-case as TrueNAS spells them (``LZ4``, ``OFF``, ``THROUGHPUT``), block sizes as
ZFS prints them (``128K``, ``1M``), module parameters and sysctls as decimal integers, booleans as ``0``/``1``,
service switches as ``true``/``false``. Bad input raises ValueError with a message meant for the admin.

Each normaliser carries its ``domain`` (choices, or minimum and maximum): the allowed range the settings list shows
comes from the same numbers that refuse a value.
"""
import re

from .constants import MiB
from .setting_words import choice_words
from .units import NotWholeBytes, format_block_size, is_power_of_two, parse_size

INT_MAX = 2 ** 31 - 1
_TRUE = {'1', 'true', 'on', 'yes'}
_FALSE = {'0', 'false', 'off', 'no'}


def enum(*choices: str, words: str | None = None):
    """One of ``choices`` in any case; ``words`` says them for people where a list would be too long."""
    allowed = tuple(c.upper() for c in choices)
    said = words or choice_words(allowed)

    def normalise(value: str) -> str:
        text = str(value).strip().upper()
        if text not in allowed:
            raise ValueError(f'{value!r} is not one of {said}')
        return text
    normalise.choices = allowed
    normalise.domain = {'choices': allowed, 'words': said}
    return normalise


_COMPRESSION_LEVELS = (
    ['ON', 'OFF', 'LZ4', 'ZLE', 'LZJB', 'GZIP', 'ZSTD', 'ZSTD-FAST']
    + [f'GZIP-{n}' for n in range(1, 10)]
    + [f'ZSTD-{n}' for n in range(1, 20)]
    + [f'ZSTD-FAST-{n}' for n in list(range(1, 11)) + list(range(20, 101, 10)) + [500, 1000]]
)
compression = enum(*_COMPRESSION_LEVELS, words=(
    'On, Off, LZ4, ZLE, LZJB, GZIP, GZIP-1 to GZIP-9, ZSTD, ZSTD-1 to ZSTD-19, ZSTD-FAST, ZSTD-FAST-1 to '
    'ZSTD-FAST-10, ZSTD-FAST-20 to ZSTD-FAST-100 in steps of 10, ZSTD-FAST-500 or ZSTD-FAST-1000'))


def block_size(minimum: int, maximum: int, allow_zero: bool = False):
    """A power-of-two size between minimum and maximum, printed as ZFS does (``1M``)."""
    def normalise(value: str) -> str:
        try:
            size = parse_size(value)
        except ValueError as e:
            raise ValueError(str(e)) from None
        if allow_zero and size == 0:
            return '0'
        if not is_power_of_two(size) or not minimum <= size <= maximum:
            low = '0 or ' if allow_zero else ''
            raise ValueError(
                f'{value!r} must be {low}a power of two from {format_block_size(minimum)} to {format_block_size(maximum)}'
            )
        return format_block_size(size)
    normalise.domain = {'minimum': minimum, 'maximum': maximum, 'zero': allow_zero, 'power_of_two': True}
    return normalise


recordsize = block_size(512, 16 * MiB)
# TrueNAS accepts special_small_block_size from 512 to 1M (pool.dataset.update).
special_small_blocks = block_size(512, MiB, allow_zero=True)


def integer(minimum: int = 0, maximum: int | None = None, sizes: bool = False):
    """A decimal integer; with ``sizes`` a K/M/G/T suffix is accepted and converted to bytes."""
    def normalise(value: str) -> str:
        text = str(value).strip()
        try:
            if not sizes and not re.fullmatch(r'-?[0-9]+', text):
                raise ValueError(text)  # int() would take "1_000" and other scripts' digits
            number = parse_size(text) if sizes else int(text)
        except NotWholeBytes as e:
            raise ValueError(str(e)) from None
        except ValueError:
            kind = 'a byte count (e.g. 4294967296, 4G or 1.5G)' if sizes else 'a whole number'
            raise ValueError(f'{value!r} is not {kind}') from None
        if number < minimum or (maximum is not None and number > maximum):
            top = f' to {maximum}' if maximum is not None else ' or more'
            raise ValueError(f'{number} is out of range ({minimum}{top})')
        return str(number)
    normalise.domain = {'minimum': minimum, 'maximum': maximum, 'sizes': sizes}
    return normalise


def boolean_01(value: str) -> str:
    text = str(value).strip().lower()
    if text in _TRUE:
        return '1'
    if text in _FALSE:
        return '0'
    raise ValueError(f'{value!r} is not 0 or 1')


boolean_01.domain = {'choices': ('0', '1')}


def boolean_word(value: str) -> str:
    text = str(value).strip().lower()
    if text in _TRUE:
        return 'true'
    if text in _FALSE:
        return 'false'
    raise ValueError(f'{value!r} is not on (true) or off (false)')


boolean_word.domain = {'choices': ('true', 'false'), 'words': 'on (true) or off (false)'}


def tcp_buffer_triple(value: str) -> str:
    """``net.ipv4.tcp_rmem``/``tcp_wmem``: "min default max" bytes (the kernel prints them tab-separated)."""
    parts = str(value).split()
    if len(parts) != 3 or not all(p.isascii() and p.isdigit() for p in parts):
        raise ValueError(f'{value!r} must be three byte counts "min default max", e.g. "4096 131072 6291456"')
    low, default, high = (int(p) for p in parts)
    if not low <= default <= high:
        raise ValueError(f'{value!r} must satisfy min <= default <= max')
    if high > INT_MAX:
        raise ValueError(f'{value!r}: the kernel holds each figure in an int (at most {INT_MAX})')
    return f'{low} {default} {high}'


tcp_buffer_triple.domain = {'minimum': 0, 'maximum': INT_MAX, 'triple': True}


def nfs_servers(value: str) -> str:
    """nfsd thread count 1..256, or AUTO (TrueNAS ``servers: null``: managed from the CPU count)."""
    text = str(value).strip().upper()
    if text in ('AUTO', 'NULL', 'NONE', ''):
        return 'AUTO'
    if not re.fullmatch(r'\d+', text) or not 1 <= int(text) <= 256:
        raise ValueError(f'{value!r} must be Auto (from the CPU count) or a number of NFS server threads from 1 to '
                         f'256')
    return str(int(text))


nfs_servers.domain = {'choices': ('AUTO',), 'minimum': 1, 'maximum': 256, 'words': 'Auto (from the CPU count)'}


def disk_list(value: str) -> str:
    """Comma-joined disk names, sorted so two reads of the same devices compare equal."""
    names = sorted({part.strip() for part in str(value or '').split(',') if part.strip()})
    return ','.join(names)


disk_list.domain = {}


__all__ = [
    'enum', 'compression', 'block_size', 'recordsize', 'special_small_blocks', 'integer', 'boolean_01',
    'boolean_word', 'tcp_buffer_triple', 'nfs_servers', 'disk_list',
]
