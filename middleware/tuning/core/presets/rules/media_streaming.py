"""``media-streaming``: many clients streaming large media files (video, audio, images)."""
from ..constants import SEQ_READ
from . import common
from .costs import Cost

COSTS = (
    Cost('Small random reads and overwrites inside large files get slower with 1 MiB records.',
         lambda o: o.ends_at('recordsize', '1M')),
    Cost('Apps that rely on access times no longer see them updated.', lambda o: o.ends_at('atime', 'OFF')),
    Cost('Turning multichannel on restarts the SMB service: connected clients are cut off and reconnect.',
         lambda o: o.changes('multichannel')),
)
PRESET = {
    'id': 'media-streaming',
    'name': 'Media streaming',
    # Measured on the HDD lab (docs/efficacy.md): the baseline already streams at the disks' rate and the preset
    # keeps about that (no meaningful change). The lab's throttle charges no seeks, and has one network link.
    'description': 'Many clients streaming large media files. A 1 MiB record size reads them in fewer, larger '
                   'pieces, which helps HDD pools that seek between several streams. Read-ahead (prefetch) stays '
                   'on and atime is off (reading a file no longer writes its access time). On a box with several '
                   'network links or 10 GbE, SMB multichannel lets one client use several connections at once. A '
                   'pool that already reads as fast as its disks allow stays at about that speed.',
    'optimizes': [SEQ_READ],
    'costs': [cost.text for cost in COSTS],
}


def build(draft):
    common.dataset_unless_volume(draft, 'recordsize', '1M',
                                 'Media files are read front to back: 1 MiB records mean fewer, larger disk reads. '
                                 'Only files written after the change use it.')
    common.lz4_and_no_atime(draft)
    draft.dataset('primarycache', 'ALL', 'Streams need data cached in RAM, not only metadata.')
    common.prefetch_on(draft, 'Each stream is a sequential reader: prefetch must stay on.')
    common.deeper_prefetch(draft)
    common.disk_queues(draft, ['async_read'], 'Several streams prefetch at once; flash devices serve more '
                                              'reads in flight.')
    common.multichannel(draft)
    common.network(draft)
    if draft.box.unused_disks:
        draft.warn('No L2ARC is proposed: it helps random re-reads of mostly static data, rarely streams that are '
                   'read once (OpenZFS Caching docs).')
