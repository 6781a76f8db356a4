"""The one spelling of a size (core.presets.units.format_bytes), which the panel's formatBytes mirrors: the same table
stands in ui/src/app/shared/format.spec.ts ('spells sizes as the server does'); change both or neither."""
import pytest

from tuning.core.presets.units import format_bytes

KiB, MiB, GiB, TiB = 2 ** 10, 2 ** 20, 2 ** 30, 2 ** 40

SPELLINGS = [
    (0, '0 B'), (512, '512 B'), (1023, '1,023 B'), (1024, '1 KiB'), (1536, '1.5 KiB'),
    (64 * KiB, '64 KiB'), (64 * KiB + 1, '64 KiB'),                # no trailing '.0'
    (500 * MiB, '500 MiB'), (499_961_036, '477 MiB'), (GiB - 1, '1,024 MiB'), (512_000_000_000, '477 GiB'),
    (252 * GiB + GiB // 50, '252 GiB'), (int(99.97 * GiB), '100 GiB'),
    (24 * GiB, '24 GiB'), (64 * GiB, '64 GiB'), (3_435_973_836, '3.2 GiB'), (3 * GiB // 2, '1.5 GiB'),
    (GiB + GiB // 4, '1.2 GiB'), (2 * GiB + GiB // 4, '2.2 GiB'), (GiB + 3 * GiB // 4, '1.8 GiB'),   # ties: to even
    (100 * GiB, '100 GiB'), (1000 * GiB, '1,000 GiB'), (9 * TiB, '9 TiB'), (2 ** 50, '1 PiB'), (3 * 2 ** 60, '3 EiB'),
    (-2 * GiB, '-2 GiB'), (-1536, '-1.5 KiB'),                     # a shrink
]


@pytest.mark.parametrize('size, words', SPELLINGS)
def test_a_size_is_spelled_by_the_one_figure_rule(size, words):
    assert format_bytes(size) == words
