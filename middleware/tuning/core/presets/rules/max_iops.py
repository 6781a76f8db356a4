"""``max-iops``: small random I/O (databases, VM images, many small files)."""
from ..constants import MIXED_70_30, RAND_READ_4K, RAND_WRITE_4K, SYNC_WRITE_4K
from . import common
from .costs import QUEUES, Cost

COSTS = (
    Cost('Large sequential transfers get slower with 16 KiB records (more blocks and metadata per file, lower '
         'compression ratio).', lambda o: o.ends_at('recordsize', '16K')),
    Cost('Deeper per-disk queues on flash pools raise tail latency under heavy load.',
         lambda o: o.ends_risky(*QUEUES)),
)
PRESET = {
    'id': 'max-iops',
    'name': 'Max IOPS',
    'description': 'Maximizes small random read/write IOPS and sync-write latency (databases, VM images).',
    'optimizes': [RAND_READ_4K, RAND_WRITE_4K, SYNC_WRITE_4K, MIXED_70_30],
    'costs': [cost.text for cost in COSTS],
}


def build(draft):
    common.dataset_unless_volume(draft, 'recordsize', '16K',
                                 '16 KiB records match database pages and small random I/O: a 4 KiB update rewrites '
                                 '16 KiB instead of 128 KiB. Only files written after the change use it.')
    common.lz4_and_no_atime(draft)
    draft.dataset('logbias', 'LATENCY', 'Small synchronous writes are fastest through the log (and a SLOG if any).')
    common.disk_queues(draft, ['sync_read', 'sync_write', 'async_read'],
                       'NVMe/SSD devices serve many small requests in parallel; the defaults are sized for HDDs.')
    if draft.box.pool_speed_rank < 2:
        common.l2arc(draft, 'An SSD cache serves random re-reads of a working set larger than RAM without seeks.')
        common.slog(draft, 'A fast log device acknowledges synchronous writes without waiting for the pool.')
    draft.warn('Read-ahead stays on: OpenZFS recommends turning it off only when the workload is completely random '
               'reads; set "Disable read-ahead" in a custom preset if yours is.')
