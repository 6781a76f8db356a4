"""Every number a rule computes, as small pure functions (unit-tested against hand-computed values).

Sources: OpenZFS 2.2.7 / 2.3.4 ``module/zfs/arc.c`` (dirty data defaults), ``module/os/linux/zfs/arc_os.c``
(ARC max), illumos 5408 (L2ARC header size), TrueNAS SLOG guide and the OpenZFS write-throttle notes (SLOG size).
"""
import math

from .constants import GiB, MiB

# An L2ARC-only buffer header kept in RAM for every block on the cache device: ~96 B header + 32 B checksum
# (illumos 5408). 1 TiB of 128K blocks -> 1 GiB of RAM; 1 TiB of 8K blocks -> 16 GiB.
L2ARC_HEADER_BYTES = 128

# Ethernet with a 1500 B MTU: 1448 B of TCP payload (with timestamps) per 1538 B on the wire
# (preamble, frame header, FCS and inter-frame gap included) -> 1 GbE carries ~117.7 MB/s of data.
TCP_PAYLOAD_PER_WIRE = 1448 / 1538

DIRTY_DATA_CEILING = 8 * GiB
TXGS_IN_FLIGHT = 3  # open + quiescing + syncing: the ZIL must hold what they have not yet written


def l2arc_header_ram_bytes(l2arc_bytes: int, avg_block_bytes: int) -> int:
    """RAM the ARC spends on headers for an L2ARC of ``l2arc_bytes`` filled with blocks of ``avg_block_bytes``."""
    if l2arc_bytes < 0 or avg_block_bytes <= 0:
        raise ValueError('l2arc_bytes must be >= 0 and avg_block_bytes > 0')
    return math.ceil(l2arc_bytes / avg_block_bytes) * L2ARC_HEADER_BYTES


def default_dirty_data_max_max(ram_bytes: int) -> int:
    """OpenZFS default of ``zfs_dirty_data_max_max`` (64-bit): min(4 GiB, 25% of RAM), fixed at module load."""
    return min(4 * GiB, ram_bytes * 25 // 100)


def default_dirty_data_max(ram_bytes: int) -> int:
    """OpenZFS default of ``zfs_dirty_data_max``: 10% of RAM, capped by ``zfs_dirty_data_max_max``."""
    return min(ram_bytes * 10 // 100, default_dirty_data_max_max(ram_bytes))


def dirty_data_target_bytes(ram_bytes: int) -> int:
    """Write-buffer size for sequential-write presets: RAM/8, never above 8 GiB (reference §3c)."""
    return min(ram_bytes // 8, DIRTY_DATA_CEILING)


def default_arc_max_bytes(ram_bytes: int, version: tuple) -> int:
    """Linux ARC max when ``zfs_arc_max`` is 0: RAM/2 up to 2.2; max(5/8 RAM, RAM - 1 GiB) from 2.3."""
    floor = 64 * MiB
    if version and version >= (2, 3):
        size = ram_bytes - GiB if ram_bytes >= GiB else floor
        return max(ram_bytes * 5 // 8, size)
    return max(ram_bytes // 2, floor)


def link_payload_bytes_per_s(speed_mbps: int) -> int:
    """TCP payload a link of ``speed_mbps`` can carry per second (1000 -> 117,685,305 B/s, "~118 MB/s")."""
    return int(speed_mbps * 1_000_000 / 8 * TCP_PAYLOAD_PER_WIRE)


def slog_size_bytes(ingest_bytes_per_s: int | None, txg_timeout_s: int, dirty_data_max_bytes: int,
                    txgs: int = TXGS_IN_FLIGHT) -> int:
    """Useful SLOG size: sync data arriving during ``txgs`` transaction groups (``txg_timeout_s`` each) at the
    ingest rate, never more than ``zfs_dirty_data_max`` (ZFS cannot have more un-synced data than that).
    Without a known ingest rate, the dirty-data limit is the answer."""
    if dirty_data_max_bytes <= 0 or txg_timeout_s <= 0:
        raise ValueError('dirty_data_max_bytes and txg_timeout_s must be positive')
    if not ingest_bytes_per_s:
        return dirty_data_max_bytes
    return min(ingest_bytes_per_s * txg_timeout_s * txgs, dirty_data_max_bytes)


def socket_buffer_max_bytes(speed_mbps: int | None) -> int | None:
    """Max TCP socket buffer for a NIC class (ESnet fasterdata host tuning): 64 MiB at 10 GbE, 128 MiB from 25 GbE;
    None below 10 GbE, where the kernel's autotuned defaults already fill the link."""
    if not speed_mbps or speed_mbps < 10_000:
        return None
    return 64 * MiB if speed_mbps < 25_000 else 128 * MiB


def vdev_queue_depth(pool_disk_kind: str, queue: str) -> int | None:
    """Per-vdev concurrency for flash pools (defaults 10 async write, 3 async read, 10 sync read/write).
    HDD and mixed pools keep the defaults: "lower values are associated with better latency on rotational media"."""
    table = {
        'SSD': {'async_write': 16, 'async_read': 8, 'sync_read': 16, 'sync_write': 16},
        'NVME': {'async_write': 32, 'async_read': 16, 'sync_read': 32, 'sync_write': 32},
    }
    return table.get(pool_disk_kind, {}).get(queue)


def prefetch_distance_bytes(pool_disk_kind: str) -> int | None:
    """``zfetch_max_distance`` for large-block streaming on fast pools (default 64 MiB): 128 MiB SSD, 256 MiB NVMe."""
    return {'SSD': 128 * MiB, 'NVME': 256 * MiB}.get(pool_disk_kind)


L2ARC_WRITE_MAX_FAST = 64 * MiB  # reference §3c: 64-128 MiB/s fill rate when the cache SSD endures it
