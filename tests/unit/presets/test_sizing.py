"""Sizing functions against hand-computed values."""
import pytest

from tuning.core.presets import sizing
from tuning.core.presets.units import format_block_size, format_bytes, parse_size

GiB = 1024 ** 3
MiB = 1024 ** 2


def test_l2arc_header_ram_matches_reference_examples():
    # 1 TiB of 128K blocks = 8,388,608 blocks x 128 B = 1 GiB; of 8K blocks = 134,217,728 x 128 B = 16 GiB.
    assert sizing.l2arc_header_ram_bytes(1024 * GiB, 128 * 1024) == 1 * GiB
    assert sizing.l2arc_header_ram_bytes(1024 * GiB, 8 * 1024) == 16 * GiB


def test_l2arc_header_ram_rounds_partial_blocks_up():
    # 512,110,190,592 B / 131,072 = 3,907,090.2 -> 3,907,091 headers x 128 B = 500,107,648 B.
    assert sizing.l2arc_header_ram_bytes(512_110_190_592, 131_072) == 500_107_648
    assert sizing.l2arc_header_ram_bytes(0, 4096) == 0


@pytest.mark.parametrize('l2arc, block', [(-1, 4096), (10, 0)])
def test_l2arc_header_ram_rejects_nonsense(l2arc, block):
    with pytest.raises(ValueError):
        sizing.l2arc_header_ram_bytes(l2arc, block)


def test_dirty_data_defaults_follow_openzfs_arc_init():
    # 32 GiB: 10% = 3,435,973,836 (integer division), bound min(4 GiB, 8 GiB) = 4 GiB.
    assert sizing.default_dirty_data_max(32 * GiB) == 3_435_973_836
    assert sizing.default_dirty_data_max_max(32 * GiB) == 4 * GiB
    # 8 GiB: 10% = 858,993,459; bound = 25% = 2 GiB.
    assert sizing.default_dirty_data_max(8 * GiB) == 858_993_459
    assert sizing.default_dirty_data_max_max(8 * GiB) == 2 * GiB
    # 128 GiB: 10% = 13.6 GB, clamped to the 4 GiB bound.
    assert sizing.default_dirty_data_max(128 * GiB) == 4 * GiB


def test_dirty_data_target_is_ram_over_8_capped_at_8_gib():
    assert sizing.dirty_data_target_bytes(32 * GiB) == 4 * GiB
    assert sizing.dirty_data_target_bytes(8 * GiB) == 1 * GiB
    assert sizing.dirty_data_target_bytes(128 * GiB) == 8 * GiB
    assert sizing.dirty_data_target_bytes(48 * GiB) == 6 * GiB


def test_default_arc_max_by_version():
    assert sizing.default_arc_max_bytes(32 * GiB, (2, 2, 7)) == 16 * GiB
    # 2.3: max(5/8 RAM, RAM - 1 GiB): 128 GiB -> 127 GiB; 2 GiB -> max(1.25 GiB, 1 GiB) = 1.25 GiB.
    assert sizing.default_arc_max_bytes(128 * GiB, (2, 3, 4)) == 127 * GiB
    assert sizing.default_arc_max_bytes(2 * GiB, (2, 3, 0)) == 1280 * MiB


def test_link_payload_of_1_gbe_is_about_118_mb_per_s():
    # 125,000,000 B/s x 1448/1538 = 117,685,305.6
    assert sizing.link_payload_bytes_per_s(1000) == 117_685_305
    assert sizing.link_payload_bytes_per_s(10_000) == 1_176_853_055


def test_slog_size_is_three_txgs_of_ingest_capped_by_dirty_data():
    # 4 x 1 GbE = 470,741,222 B/s x 5 s x 3 = 7,061,118,330 B > 3,435,973,836 -> capped.
    ingest = 4 * sizing.link_payload_bytes_per_s(1000)
    assert sizing.slog_size_bytes(ingest, 5, 3_435_973_836) == 3_435_973_836
    # 1 GbE: 117,685,305 x 5 x 3 = 1,765,279,575 < 4 GiB.
    assert sizing.slog_size_bytes(117_685_305, 5, 4 * GiB) == 1_765_279_575
    assert sizing.slog_size_bytes(None, 5, 4 * GiB) == 4 * GiB
    with pytest.raises(ValueError):
        sizing.slog_size_bytes(1, 0, GiB)


def test_socket_buffers_only_from_10_gbe():
    assert sizing.socket_buffer_max_bytes(1000) is None
    assert sizing.socket_buffer_max_bytes(None) is None
    assert sizing.socket_buffer_max_bytes(10_000) == 64 * MiB
    assert sizing.socket_buffer_max_bytes(25_000) == 128 * MiB


def test_vdev_queues_only_for_flash():
    assert sizing.vdev_queue_depth('HDD', 'async_write') is None
    assert sizing.vdev_queue_depth('MIXED', 'async_write') is None
    assert sizing.vdev_queue_depth('SSD', 'async_write') == 16
    assert sizing.vdev_queue_depth('NVME', 'sync_read') == 32


def test_units():
    assert parse_size('128K') == 131072 and parse_size('1M') == 1048576 and parse_size('8GiB') == 8 * GiB
    assert format_block_size(1048576) == '1M' and format_block_size(512) == '512' and format_block_size(16384) == '16K'
    assert format_bytes(3_435_973_836) == '3.2 GiB' and format_bytes(4 * GiB) == '4 GiB'
    assert format_bytes(-2 * GiB) == '-2 GiB' and format_bytes(0) == '0 B'   # a shrink reads as one
    assert format_bytes(512_110_190_592) == '477 GiB' and format_bytes(3_840_755_982_336) == '3.5 TiB'   # disks too
    with pytest.raises(ValueError):
        parse_size('lots')
