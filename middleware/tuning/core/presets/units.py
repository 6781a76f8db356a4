"""Byte sizes: parse "128K" / "1M" / "4294967296" and format them the way ZFS and people read them."""
import re
from fractions import Fraction

from .constants import GiB, KiB, MiB, TiB

_SUFFIX = {'': 1, 'K': KiB, 'M': MiB, 'G': GiB, 'T': TiB}
# ASCII digits only; a fraction only with a suffix ("1.5G"), where it can still be a whole number of bytes
_SIZE_RE = re.compile(r'\s*([0-9]+)(\.[0-9]+)?\s*([KMGT]?)(?:I?B)?\s*', re.IGNORECASE)


class NotWholeBytes(ValueError):
    """A size that comes to a fraction of a byte ("0.1K"): a size, but not one that can be written."""


def parse_size(text: str) -> int:
    """Binary size with an optional K/M/G/T suffix (KiB, K and KB all mean 1024; "1.5G" too). Raises ValueError."""
    match = _SIZE_RE.fullmatch(str(text))
    if not match or (match.group(2) and not match.group(3)):
        raise ValueError(f'{text!r} is not a size (examples: 131072, 128K, 1M, 8G, 1.5G)')
    size = Fraction(match.group(1) + (match.group(2) or '')) * _SUFFIX[match.group(3).upper()]   # exact
    if size.denominator != 1:
        raise NotWholeBytes(f'{text!r} is not a whole number of bytes')
    return int(size)


def format_block_size(size: int) -> str:
    """ZFS spelling of a power-of-two block size: 512, 4K, 128K, 1M, 16M (exact, never rounded)."""
    for suffix, unit in (('M', MiB), ('K', KiB)):
        if size >= unit and size % unit == 0:
            return f'{size // unit}{suffix}'
    return str(size)


def format_bytes(size: int) -> str:
    """Binary size for people by the one figure rule (core/figures.py): one decimal below 100 and none when it is 0
    (4 GiB, 3.2 GiB, 64 KiB for a few bytes past 64 KiB), whole from 100 with thousands separated (477 MiB,
    1,024 MiB), 1,023 B below a KiB, -2 GiB for a shrink. The one byte formatter of the plugin: the report's words
    use it too, and the panel's formatBytes follows it (the same table in ui/src/app/shared/format.spec.ts)."""
    if size < 0:
        return '-' + format_bytes(-size)
    for suffix, unit in (('EiB', TiB << 20), ('PiB', TiB << 10), ('TiB', TiB), ('GiB', GiB), ('MiB', MiB),
                         ('KiB', KiB)):
        if size >= unit:
            value = size / unit
            figure = f'{round(value):,}' if value >= 99.95 else f'{value:.1f}'.removesuffix('.0')
            return f'{figure} {suffix}'
    return f'{size:,} B'


def is_power_of_two(n: int) -> bool:
    return n > 0 and n & (n - 1) == 0
