"""``smb-files``: general SMB file sharing to desktops and workstations."""
from ..constants import SEQ_READ, SEQ_WRITE
from . import common
from .costs import Cost

COSTS = (
    Cost('Apps that rely on access times (some mail and backup tools) no longer see them updated.',
         lambda o: o.ends_at('atime', 'OFF')),
    Cost('Turning multichannel on restarts the SMB service: connected clients are cut off and reconnect.',
         lambda o: o.changes('multichannel')),
)
PRESET = {
    'id': 'smb-files',
    'name': 'SMB file sharing',
    # Measured on the HDD lab (docs/efficacy.md): the pool's own sequential reads and writes stay as they were (no
    # meaningful change); multichannel needs several links, which the lab does not have.
    'description': 'SMB file shares: atime off (reading a file no longer writes its access time) and, on a box '
                   'with several network links or 10 GbE, SMB multichannel so that one client can use several '
                   'connections at once. Measured on the box itself, sequential reads and writes stay as they are; '
                   'the gain is in an SMB client\'s transfers over more than one link.',
    'optimizes': [SEQ_READ, SEQ_WRITE],
    'costs': [cost.text for cost in COSTS],
}


def build(draft):
    common.lz4_and_no_atime(draft)
    common.multichannel(draft)
    common.network(draft)
    draft.warn('The Record size stays as it is (128 KiB suits mixed shares); use the Media streaming preset for '
               'shares of large media files. Case sensitivity set to Insensitive speeds up Samba name lookups but '
               'can only be set when a dataset is created.')
