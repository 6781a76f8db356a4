"""Byte sizes: parse "128K" / "1M" / "4294967296" and format them the way ZFS and people read them."""
import re

from .constants import GiB, KiB, MiB, TiB

_SUFFIX = {'': 1, 'K': KiB, 'M': MiB, 'G': GiB, 'T': TiB}
_SIZE_RE = re.compile(r'\s*([0-9]+)\s*([KMGT]?)(?:I?B)?\s*', re.IGNORECASE)  # ASCII digits only


def parse_size(text: str) -> int:
    """Binary size with an optional K/M/G/T suffix (KiB, K and KB all mean 1024). Raises ValueError."""
    match = _SIZE_RE.fullmatch(str(text))
    if not match:
        raise ValueError(f'{text!r} is not a size (examples: 131072, 128K, 1M, 8G)')
    return int(match.group(1)) * _SUFFIX[match.group(2).upper()]


def format_block_size(size: int) -> str:
    """ZFS spelling of a power-of-two block size: 512, 4K, 128K, 1M, 16M (exact, never rounded)."""
    for suffix, unit in (('M', MiB), ('K', KiB)):
        if size >= unit and size % unit == 0:
            return f'{size // unit}{suffix}'
    return str(size)


def format_bytes(size: int) -> str:
    """Binary size for people: 4 GiB, 3.2 GiB, 476.8 MiB."""
    for suffix, unit in (('TiB', TiB), ('GiB', GiB), ('MiB', MiB), ('KiB', KiB)):
        if size >= unit:
            value = size / unit
            return f'{value:.0f} {suffix}' if value == int(value) else f'{value:.1f} {suffix}'
    return f'{size} B'


def format_disk_size(size: int) -> str:
    """Decimal size as disk vendors print it, three significant digits: 512 GB, 4 TB, 3.8 TB."""
    for suffix, unit in (('TB', 10 ** 12), ('GB', 10 ** 9), ('MB', 10 ** 6)):
        if size >= unit:
            value = size / unit
            if value >= 100 or round(value, 1) == round(value):
                return f'{round(value)} {suffix}'
            return f'{value:.1f} {suffix}'
    return f'{size} B'


def is_power_of_two(n: int) -> bool:
    return n > 0 and n & (n - 1) == 0
