"""``vm-block``: virtual machine disks on zvols shared over iSCSI (or VM image files on a dataset)."""
from ..constants import MIXED_70_30, RAND_READ_4K, RAND_WRITE_4K, SYNC_WRITE_4K
from ..registry import ZFSPROPS
from . import common
from .costs import Cost

COSTS = (
    Cost('With a SLOG, Sync set to Always sends every write through the log: bulk write throughput is limited by '
         'it.',
         lambda o: o.ends_at('sync', 'ALWAYS')),
    Cost('Large sequential copies inside guests are slower than on a dataset tuned for streaming.'),
)
PRESET = {
    'id': 'vm-block',
    'name': 'VM block storage (iSCSI)',
    'description': 'Optimizes small random and synchronous I/O of VM disks on zvols shared over iSCSI.',
    'optimizes': [RAND_READ_4K, RAND_WRITE_4K, SYNC_WRITE_4K, MIXED_70_30],
    'costs': [cost.text for cost in COSTS],
}


def build(draft):
    box = draft.box
    if not draft.is_volume:
        draft.dataset('recordsize', '64K', 'VM image files (qcow2 default cluster: 64 KiB) are updated in small '
                                           'pieces; records matching the cluster size avoid read-modify-write. '
                                           'Only data written after the change uses it.')
    common.lz4_and_no_atime(draft)
    will_have_slog = bool(box.log_devices or draft.target.get('log_disks'))
    if box.pool_speed_rank < 2:
        common.slog(draft, 'A fast log device acknowledges the guests\' synchronous writes without waiting for the '
                           'pool.')
        common.l2arc(draft, 'An SSD cache keeps more of the VMs\' hot blocks close when they do not fit in RAM.')
    if will_have_slog:
        draft.dataset('sync', 'ALWAYS', 'With a SLOG, making every write synchronous protects guests whose '
                                        'initiator does not send cache flushes, at little cost.',
                      ZFSPROPS + ' (sync)')
    else:
        draft.warn('The Sync setting stays Standard: without a SLOG, Sync set to Always would make every guest '
                   'write wait for the pool. Guests must send cache flushes (most hypervisors do).')
    common.disk_queues(draft, ['sync_read', 'sync_write'],
                       'Guests issue many small synchronous requests; flash devices serve them in parallel.')
    common.network(draft)
    draft.warn('A zvol\'s block size (volblocksize) is fixed when the zvol is created: create VM zvols with 16 KiB '
               '(the default) to match guest filesystems, and keep plenty of free pool space for block storage.')
