"""Usable space as OpenZFS allocates it, against the layout post's case (12 × 4 TB disks, ashift 12, 128 KiB records,
2 × 6-wide RAIDZ2 against 1 × 12-wide) and the rules each figure comes from."""
import pytest

from tuning.core.layout.capacity import (
    MAX_SLOP, MIRROR, RAIDZ, allocated_bytes, deflate_ratio, leaf_bytes, metaslab_shift, pool_space, slop_bytes,
    vdev_space,
)

TB, GiB, TiB = 10 ** 12, 2 ** 30, 2 ** 40
K128 = 128 * 1024


def tib(n):
    return n / TiB


def test_a_128k_record_takes_42_sectors_on_12_wide_raidz2_and_48_on_6_wide():
    # 32 data sectors; parity 2 per row of width - 2 data sectors; the total rounded up to a multiple of 3
    assert allocated_bytes(K128, RAIDZ, 12, 2, 12) == 42 * 4096     # 32 + 2 × 4 = 40 → 42
    assert allocated_bytes(K128, RAIDZ, 6, 2, 12) == 48 * 4096      # 32 + 2 × 8 = 48
    assert allocated_bytes(K128, MIRROR, 2, 1, 12) == K128
    assert allocated_bytes(4096, RAIDZ, 6, 2, 12) == 3 * 4096       # one data sector still gets two of parity


def test_space_is_deflated_as_zfs_does_in_512_byte_units_with_an_integer_ratio():
    assert deflate_ratio(RAIDZ, 12, 2, 12) == 131072 // 336 == 390   # 42 sectors of 4 KiB = 336 × 512 B
    assert deflate_ratio(RAIDZ, 6, 2, 12) == 131072 // 384 == 341
    assert deflate_ratio(MIRROR, 2, 1, 12) == 512


@pytest.mark.parametrize('vdevs, width, legacy, about', [
    (2, 6, False, 29.0), (1, 12, False, 33.1),     # today's OpenZFS: slop capped at 128 GiB
    (2, 6, True, 28.2), (1, 12, True, 32.2),       # FreeNAS 9.3: 1/32 kept back, the post's "28 TiB"
])
def test_the_layout_posts_pools_come_out_as_zfs_allocates_them(vdevs, width, legacy, about):
    space = pool_space(RAIDZ, width, 2, vdevs, 4 * TB, legacy=legacy)
    # the figures leave out the metaslab remainder and, today, the embedded ZIL's metaslab: a little lower
    assert abs(tib(space['usable_bytes']) - about) <= 0.15
    assert tib(space['raw_bytes']) == pytest.approx(12 * 4 * TB / TiB, rel=1e-3)


def test_the_wide_vdev_gives_back_four_tib_and_neither_is_the_naive_sum():
    narrow = pool_space(RAIDZ, 6, 2, 2, 4 * TB)['usable_bytes']
    wide = pool_space(RAIDZ, 12, 2, 1, 4 * TB)['usable_bytes']
    assert 4.0 <= tib(wide - narrow) <= 4.3
    assert tib(wide) < 10 * 4 * TB / TiB     # 36.4 TiB of data disks: padding and slop take the rest


def test_slop_is_a_32nd_capped_at_128_gib_less_the_embedded_zil_and_at_least_128_mib():
    assert slop_bytes(TiB, 0) == TiB // 32
    assert slop_bytes(100 * TiB, 0) == MAX_SLOP
    assert slop_bytes(100 * TiB, 16 * GiB) == MAX_SLOP - 16 * GiB
    assert slop_bytes(100 * TiB, 200 * GiB) == MAX_SLOP // 2          # never more than half of it
    assert slop_bytes(GiB, 0) == 128 * 2 ** 20                         # the floor
    assert slop_bytes(100 * TiB, 0, legacy=True) == 100 * TiB // 32    # uncapped before OpenZFS 2.0


def test_metaslabs_are_512_mib_or_sized_for_many_on_small_and_200_on_large_vdevs_capped_at_16_gib():
    assert metaslab_shift(50 * GiB) == 29            # 100 metaslabs of 512 MiB
    assert metaslab_shift(2 * GiB) == 28             # "at least 16": highbit(2 GiB / 16) → 256 MiB, 8 of them
    assert metaslab_shift(1000 * GiB) == 33          # about 200: 8 GiB each (> 200 × 512 MiB)
    assert metaslab_shift(400 * TiB) == 34           # capped at 16 GiB
    one = vdev_space(RAIDZ, 12, 4 * TB)
    assert one['embedded_log'] == 16 * GiB           # thousands of metaslabs: one goes to the embedded ZIL
    assert vdev_space(RAIDZ, 3, 2 * GiB)['embedded_log'] == 0


def test_each_disk_loses_its_labels_and_linux_whole_disk_partitioning():
    assert leaf_bytes(10 * GiB, whole_disk=False) == 10 * GiB - 4 * 2 ** 20 - 512 * 1024
    assert leaf_bytes(10 * GiB) == 10 * GiB - 9 * 2 ** 20 - 4 * 2 ** 20 - 512 * 1024


def test_mirrors_keep_one_disk_per_mirror_and_raw_counts_every_disk():
    space = pool_space(MIRROR, 2, 1, 6, 4 * TB)
    assert tib(space['raw_bytes']) == pytest.approx(12 * 4 * TB / TiB, rel=1e-3)
    # each mirror loses the part of its last 16 GiB metaslab that does not fit and one to the embedded ZIL
    assert 0.985 * 6 * 4 * TB <= space['usable_bytes'] <= 6 * 4 * TB


def test_large_records_fill_wide_raidz_better_than_reported_and_small_ones_worse():
    big = pool_space(RAIDZ, 12, 2, 1, 4 * TB, recordsize=2 ** 20)
    small = pool_space(RAIDZ, 12, 2, 1, 4 * TB, recordsize=16 * 1024)
    assert big['record_sectors'] == 309 and big['effective_bytes'] > big['usable_bytes']   # 256 + 52 → 309
    assert small['record_sectors'] == 6 and small['effective_bytes'] < small['usable_bytes']  # 4 + 2: 67 % < 76 %
    reported = pool_space(RAIDZ, 12, 2, 1, 4 * TB)
    assert reported['effective_bytes'] == pytest.approx(reported['usable_bytes'], rel=0.002)
