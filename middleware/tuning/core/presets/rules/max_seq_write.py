"""``max-seq-write``: large sequential writes (backups, media ingest)."""
from ..constants import DATASET_PROPERTY, SEQ_WRITE
from ..registry import WORKLOAD, ZFSPROPS
from . import common
from .costs import Cost

COSTS = (
    Cost('Small random overwrites get slower (1 MiB records are read-modified-written).',
         lambda o: o.ends_at('recordsize', '1M')),
    Cost('A bigger write buffer holds more un-synced async data in RAM (lost on a crash) and leaves less RAM to '
         'the ARC.', lambda o: o.ends_risky('zfs_dirty_data_max')),
    Cost('Without a SLOG, Sync write logging set to Throughput makes small synchronous writes slower.',
         lambda o: o.ends_at('logbias', 'THROUGHPUT')),
)
PRESET = {
    'id': 'max-seq-write',
    'name': 'Max sequential write',
    'description': 'Maximizes large sequential write throughput (backups, media ingest).',
    'optimizes': [SEQ_WRITE],
    'costs': [cost.text for cost in COSTS],
}


def build(draft):
    common.dataset_unless_volume(draft, 'recordsize', '1M',
                                 'Sequential writers fill whole 1 MiB records: fewer blocks, less metadata, larger '
                                 'disk I/Os. Only files written after the change use it.')
    common.lz4_and_no_atime(draft)
    if not draft.box.log_devices and not draft.target.get('log_disks'):
        draft.dataset('logbias', 'THROUGHPUT',
                      'Without a log device, large synchronous writes are written once to the pool instead of '
                      'twice (log, then pool).', ZFSPROPS + ' (logbias); ' + WORKLOAD)
    common.write_buffer(draft)
    common.disk_queues(draft, ['async_write'], 'Flash devices need more writes in flight to reach their '
                                               'throughput (default 10 per disk).')
    common.network(draft)
    common.multichannel(draft)
    draft.leave_out(DATASET_PROPERTY, 'sync', 'DISABLED',
                    'Not part of this preset: Sync set to Disabled would be faster still but loses acknowledged '
                    'writes on a power cut; use a custom preset if you accept that, it will be marked Dangerous.')
