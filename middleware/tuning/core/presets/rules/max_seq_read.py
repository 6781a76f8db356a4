"""``max-seq-read``: large sequential reads (streaming large files, restores, media)."""
from ..constants import SEQ_READ
from . import common
from .costs import Cost

COSTS = (
    Cost('Small random reads of big files read whole 1 MiB records (more I/O per 4 KiB read).',
         lambda o: o.ends_at('recordsize', '1M')),
    Cost('An L2ARC fed with prefetched data wears the cache SSD faster.', lambda o: o.ends_at('l2arc_noprefetch', '0')),
)
PRESET = {
    'id': 'max-seq-read',
    'name': 'Max sequential read',
    # Measured on the HDD lab (docs/efficacy.md): the baseline already reads at the disks' rate and the preset
    # keeps about that (no meaningful change). The lab's throttle charges no seeks, which is where larger records
    # help HDDs; so the description says what it does and where it helps, never "maximizes".
    'description': 'Large files read start to finish (media, restores): a 1 MiB record size reads them in fewer, '
                   'larger pieces, which helps HDD pools where fragmented files or several readers make the disks '
                   'seek. Read-ahead (prefetch) stays on, and reads further ahead on SSD pools. On an HDD pool the '
                   'plan offers an unused SSD as a read cache (L2ARC), added only if you pick it. A pool that already reads as fast as its disks '
                   'allow stays at about that speed.',
    'optimizes': [SEQ_READ],
    'costs': [cost.text for cost in COSTS],
}


def build(draft):
    common.dataset_unless_volume(draft, 'recordsize', '1M',
                                 'Large records mean fewer, larger disk reads per file. Only files written after '
                                 'the change use it: rewrite (copy or zfs send | recv) existing data to benefit.')
    common.lz4_and_no_atime(draft)
    draft.dataset('primarycache', 'ALL', 'Sequential reads need data, not only metadata, cached in RAM '
                                         '(openzfs/zfs#9375).')
    common.prefetch_on(draft)
    common.deeper_prefetch(draft)
    common.disk_queues(draft, ['async_read'], 'Prefetch reads are async reads: flash devices need more of them in '
                                              'flight (default 3 per disk).')
    if draft.box.pool_speed_rank == 0:  # HDD pool: any SSD/NVMe is much faster at reads
        common.l2arc(draft, 'An SSD cache serves re-read sequential data at flash speed instead of seeking HDDs.',
                     tune_feed=True)
    common.network(draft)
