"""The registry of every setting tuning may touch, keyed by ``(kind, setting)``.

Defaults and load-time flags are from OpenZFS 2.2.7 / 2.3.4 sources (``ZMOD_RD`` = read at module load only), dataset
property spellings from TrueNAS ``pool.dataset.update``, risks from the reference knob table (§3b): ``sync=DISABLED``
and the cache-flush switches lose acknowledged writes on power loss and are DANGEROUS.
"""
from . import values as v
from .constants import (
    CAUTION, DANGEROUS, DATASET_PROPERTY, GLOBAL_SCOPE, KINDS, MiB, POOL_DEVICE, SAFE, SERVICE, SYSCTL, ZFS_PARAMETER,
)

from .knob import Knob, caution_above_default, caution_unless, risky_when, safe
from .sizing import default_dirty_data_max, default_dirty_data_max_max

ZFS4 = 'OpenZFS zfs(4) module parameters, https://openzfs.github.io/openzfs-docs/man/master/4/zfs.4.html'
ZFSPROPS = 'OpenZFS zfsprops(7), https://openzfs.github.io/openzfs-docs/man/master/7/zfsprops.7.html'
WORKLOAD = ('OpenZFS docs, Performance and Tuning / Workload Tuning, '
            'https://openzfs.github.io/openzfs-docs/Performance%20and%20Tuning/Workload%20Tuning.html')
THROTTLE = ('TrueNAS forum, "Some insights and generalizations on the OpenZFS write throttle", '
            'https://forums.truenas.com/t/some-insights-and-generalizations-on-the-openzfs-write-throttle/1084')
CACHING = 'OpenZFS docs, Basic Concepts / Pool Structure / Caching (L2ARC); illumos 5408 (L2ARC header size)'
SLOG_DOC = 'TrueNAS docs, SLOG devices, https://www.truenas.com/docs/references/slog/'
ESNET = 'ESnet fasterdata, Linux host tuning, https://fasterdata.es.net/host-tuning/linux/'
SMB_DOC = 'TrueNAS API smb.update (multichannel); Samba smb.conf(5) "server multi channel support"'
NFS_DOC = 'TrueNAS API nfs.update (servers: null = nfsd count managed from the CPU count)'

POWER_LOSS = ('on a power cut or crash, writes the clients were told are safe can be lost '
              'and NFS/iSCSI/VM/database data can be corrupted')
MORE_UNSYNCED = ('more written data waits in RAM before it reaches the disks: a crash loses more un-synced '
                 'async writes, and that RAM is not available to the ARC or apps')
DEEPER_QUEUES = 'deeper per-disk queues raise latency under load and can starve other I/O classes'
SSD_WEAR = 'a faster L2ARC fill rate wears the cache SSD faster'
BIG_BUFFERS = 'bigger socket buffers let each connection use more kernel memory'
NO_PLP = 'a log device without power-loss protection can lose the last acknowledged sync writes on a power cut'


def risky_when_nonempty(risk, reason):
    def rule(value, default):
        return (risk, reason) if value else (SAFE, None)
    return rule


def _const(value):
    """A default that does not depend on the box (so risk can be judged without one, e.g. for reverts)."""
    def default(box):
        return value
    default.constant = value
    return default


def _tcp_max(value: str) -> int:
    return int(value.split()[2])


def _compression_default(box):
    """compression=on means LZ4 from OpenZFS 2.2 on; TrueNAS sets lz4 on new pools, so both read as LZ4 there."""
    return 'LZ4' if box.version >= (2, 2) else 'ON'


def _dataset(setting, normalise, default, summary, rationale, source, risk_rule=safe, new_data=False):
    return Knob(DATASET_PROPERTY, setting, normalise, summary, rationale, source, risk_rule=risk_rule,
                default=default if callable(default) else _const(default), new_data_only=new_data)


def _param(setting, normalise, default, summary, rationale, source=ZFS4, risk_rule=safe, load_time=False):
    return Knob(ZFS_PARAMETER, setting, normalise, summary, rationale, source, risk_rule=risk_rule,
                default=default if callable(default) or default is None else _const(default),
                load_time_only=load_time, scope=GLOBAL_SCOPE)


def _sysctl(setting, normalise, default, summary, rationale, risk_rule):
    return Knob(SYSCTL, setting, normalise, summary, rationale, ESNET, risk_rule=risk_rule, default=_const(default),
                scope=GLOBAL_SCOPE)


_bytes = v.integer(0, 2 ** 64 - 1, sizes=True)          # u64 module parameters
_uint_bytes = v.integer(0, 2 ** 32 - 1, sizes=True)
_int_bytes = v.integer(0, 2 ** 31 - 1, sizes=True)      # int sysctls (net.core.[rw]mem_max)
_queue = v.integer(1, 1000)

KNOBS: tuple[Knob, ...] = (
    # --- dataset properties (scope: the target dataset) ---
    _dataset('recordsize', v.recordsize, '128K', 'largest block size of new files',
             'Large sequential files read and write whole records; small random I/O wants records close to its '
             'I/O size to avoid read-modify-write. Only data written after the change uses the new size.',
             WORKLOAD + ' (Sequential workloads; Database workloads)', new_data=True),
    _dataset('compression', v.compression, _compression_default, 'compression of new blocks',
             'LZ4 gives up early on incompressible data, so it costs almost nothing and saves I/O on '
             'compressible data.', ZFSPROPS + ' (compression); ' + WORKLOAD + ' (Compression)', new_data=True),
    _dataset('atime', v.enum('ON', 'OFF'), 'ON', 'access-time updates on reads',
             'Turning access-time updates off removes a metadata write for every file read.',
             WORKLOAD + ' (Metadata: atime)'),
    _dataset('sync', v.enum('STANDARD', 'ALWAYS', 'DISABLED'), 'STANDARD', 'handling of synchronous writes',
             'Standard honours the client\'s requests to flush; Always makes every write synchronous (safe, '
             'slower without a fast log device); Disabled acknowledges sync writes before they are on disk.',
             ZFSPROPS + ' (sync)', risk_rule=risky_when(DANGEROUS, ('DISABLED',), POWER_LOSS)),
    _dataset('logbias', v.enum('LATENCY', 'THROUGHPUT'), 'LATENCY', 'where sync writes are logged',
             'Throughput writes large synchronous writes straight to the pool instead of twice (log, then pool); '
             'small sync writes get slower and can fragment the pool.',
             ZFSPROPS + ' (logbias); ' + WORKLOAD + ' (Database workloads)',
             risk_rule=risky_when(CAUTION, ('THROUGHPUT',),
                                  'small synchronous writes get slower and a separate log device is bypassed')),
    _dataset('primarycache', v.enum('ALL', 'METADATA', 'NONE'), 'ALL', 'what the ARC caches for this dataset',
             'All caches data and metadata in RAM; Metadata only suits apps with their own cache and cripples '
             'sequential reads (openzfs/zfs#9375).', ZFSPROPS + ' (primarycache)',
             risk_rule=caution_unless(('ALL',), 'reads of this dataset are no longer cached in RAM')),
    _dataset('secondarycache', v.enum('ALL', 'METADATA', 'NONE'), 'ALL', 'what the L2ARC caches for this dataset',
             'All lets data and metadata of this dataset go to the L2ARC device.', ZFSPROPS + ' (secondarycache)',
             risk_rule=caution_unless(('ALL',), 'reads of this dataset are no longer cached on the L2ARC device')),
    _dataset('special_small_blocks', v.special_small_blocks, '0', 'small blocks sent to the special vdev',
             'Blocks up to this size go to the pool\'s special (flash) vdev; only useful when the pool has one.',
             ZFSPROPS + ' (special_small_blocks)', new_data=True,
             risk_rule=caution_unless(('0',), 'the special vdev fills faster and losing it loses the whole pool')),

    # --- OpenZFS module parameters (scope: global) ---
    _param('zfs_arc_max', _bytes, None, 'largest size of the ARC (0 = OpenZFS default)',
           'More ARC is the most effective read tuning, but it competes with apps and VMs for RAM.',
           risk_rule=caution_unless(('0',), 'a fixed ARC size can starve apps and VMs of memory (or waste it)')),
    _param('zfs_arc_min', _bytes, None, 'smallest size of the ARC (0 = OpenZFS default)',
           'Keeps the ARC from collapsing under memory pressure.',
           risk_rule=caution_unless(('0',), 'a large ARC floor leaves less memory to apps and VMs')),
    _param('zfs_dirty_data_max', _bytes, lambda box: str(default_dirty_data_max(box.ram_bytes)),
           'size of the write buffer (dirty data) in RAM',
           'A bigger write buffer absorbs bursts and lets ZFS write larger, more sequential transaction groups; '
           'the write throttle starts delaying writers at 60% of it.', ZFS4 + '; ' + THROTTLE,
           risk_rule=caution_above_default(MORE_UNSYNCED)),
    _param('zfs_dirty_data_max_max', _bytes, lambda box: str(default_dirty_data_max_max(box.ram_bytes)),
           'upper bound of the write buffer, read at module load',
           'The write buffer size is clamped to this bound when the module loads; it only changes at the next boot.',
           risk_rule=caution_above_default(MORE_UNSYNCED), load_time=True),
    _param('zfs_dirty_data_max_percent', v.integer(1, 100), '10', 'default write buffer as % of RAM, read at load',
           'Sets the default write buffer at module load.', risk_rule=caution_above_default(MORE_UNSYNCED),
           load_time=True),
    _param('zfs_dirty_data_max_max_percent', v.integer(1, 100), '25', 'write-buffer bound as % of RAM, read at load',
           'Sets the default bound of the write buffer at module load.',
           risk_rule=caution_above_default(MORE_UNSYNCED), load_time=True),
    _param('zfs_txg_timeout', v.integer(1, 3600), '5', 'longest time between transaction-group commits (s)',
           'Longer intervals make bigger transaction groups; usually the dirty-data threshold commits earlier.',
           risk_rule=caution_above_default('a longer interval loses more async writes on a crash and makes '
                                           'latency burstier')),
    _param('zfs_prefetch_disable', v.boolean_01, '0', 'switch that turns read-ahead (prefetch) off',
           'Prefetch reads ahead of sequential readers; OpenZFS docs: disable it only when the workload is '
           'completely random reads.', ZFS4 + '; ' + WORKLOAD),
    _param('zfetch_max_distance', _uint_bytes, str(64 * MiB), 'how far ahead prefetch reads per stream',
           'Reading further ahead keeps fast pools busy for large-block sequential reads.'),
    _param('zfs_vdev_async_read_max_active', _queue, '3', 'concurrent async (prefetch) reads per disk',
           'Flash devices need more requests in flight than rotating disks to reach their throughput.',
           risk_rule=caution_above_default(DEEPER_QUEUES)),
    _param('zfs_vdev_async_write_max_active', _queue, '10', 'concurrent async writes per disk',
           'Flash devices need more writes in flight to reach their throughput; "lower values are associated '
           'with better latency on rotational media".', risk_rule=caution_above_default(DEEPER_QUEUES)),
    _param('zfs_vdev_sync_read_max_active', _queue, '10', 'concurrent sync reads per disk',
           'More concurrent small reads per NVMe/SSD device raise random-read IOPS.',
           risk_rule=caution_above_default(DEEPER_QUEUES)),
    _param('zfs_vdev_sync_write_max_active', _queue, '10', 'concurrent sync writes per disk',
           'More concurrent sync writes per NVMe/SSD device raise sync-write IOPS.',
           risk_rule=caution_above_default(DEEPER_QUEUES)),
    _param('zfs_vdev_max_active', v.integer(1, 100000), '1000', 'total I/Os in flight per disk',
           'Must stay at or above the sum of the per-class maxima.', risk_rule=caution_above_default(DEEPER_QUEUES)),
    _param('l2arc_write_max', _bytes, str(32 * MiB), 'L2ARC fill rate per second',
           'A faster fill rate warms the L2ARC sooner.', ZFS4 + '; ' + CACHING,
           risk_rule=caution_above_default(SSD_WEAR)),
    _param('l2arc_write_boost', _bytes, str(32 * MiB), 'extra L2ARC fill while the ARC is cold',
           'Extra fill rate until the ARC first fills (exists up to OpenZFS 2.4; removed later).',
           ZFS4 + '; ' + CACHING, risk_rule=caution_above_default(SSD_WEAR)),
    _param('l2arc_noprefetch', v.boolean_01, '1', 'keeps prefetched (sequential) data out of the L2ARC',
           '0 lets prefetched sequential data into the L2ARC, "beneficial in case the L2ARC device is '
           'significantly faster in sequential reads than the disks".', ZFS4 + '; ' + CACHING),
    _param('l2arc_headroom', v.integer(0, 1000), '8', 'how deep the L2ARC feed scans the ARC',
           'Scan depth as a multiple of the L2ARC write size.', ZFS4 + '; ' + CACHING),
    _param('zfs_nocacheflush', v.boolean_01, '0', 'skips disk cache flushes',
           'Only correct when every disk cache is non-volatile (battery/capacitor-backed).',
           risk_rule=risky_when(DANGEROUS, ('1',), POWER_LOSS + '; ZFS itself can be corrupted')),
    _param('zil_nocacheflush', v.boolean_01, '0', 'skips cache flushes after ZIL writes',
           'Only correct when the log device cache is non-volatile; "can cause ZIL corruption on power loss".',
           risk_rule=risky_when(DANGEROUS, ('1',), POWER_LOSS + '; the ZIL itself can be corrupted')),
    _param('zfs_immediate_write_sz', _bytes, str(32 * 1024), 'sync write size logged indirectly without a SLOG',
           'Without a log device, larger sync writes go to the pool directly (as with Sync write logging set to '
           'Throughput).'),
    _param('zil_slog_bulk', _bytes, str(64 * MiB), 'log bytes per commit at sync priority',
           'Above this, log writes of one commit go at lower priority.'),
    _param('metaslab_lba_weighting_enabled', v.boolean_01, '1', 'prefers outer (faster) disk tracks',
           'Useful on HDDs only; 0 is meant for all-SSD pools.',
           risk_rule=risky_when(CAUTION, ('0',), 'rotating disks lose their outer-track preference')),
    _param('zfs_dio_enabled', v.boolean_01, '1', 'global switch for Direct I/O (OpenZFS 2.3+)',
           'Lets O_DIRECT I/O bypass the ARC where the dataset allows it.'),

    # --- kernel sysctls (scope: global) ---
    _sysctl('net.core.rmem_max', _int_bytes, '212992', 'largest receive buffer a socket may use',
            'Fast links need bigger TCP windows than the kernel default maximum allows.',
            caution_above_default(BIG_BUFFERS)),
    _sysctl('net.core.wmem_max', _int_bytes, '212992', 'largest send buffer a socket may use',
            'Fast links need bigger TCP windows than the kernel default maximum allows.',
            caution_above_default(BIG_BUFFERS)),
    _sysctl('net.ipv4.tcp_rmem', v.tcp_buffer_triple, '4096 131072 6291456', 'TCP receive buffer min/default/max',
            'Raising only the maximum keeps receive-buffer autotuning on while allowing larger windows.',
            caution_above_default(BIG_BUFFERS, _tcp_max)),
    _sysctl('net.ipv4.tcp_wmem', v.tcp_buffer_triple, '4096 16384 4194304', 'TCP send buffer min/default/max',
            'Raising only the maximum keeps send-buffer autotuning on while allowing larger windows.',
            caution_above_default(BIG_BUFFERS, _tcp_max)),
    _sysctl('net.core.netdev_max_backlog', v.integer(1, 10_000_000), '1000', 'packets queued per CPU on receive',
            'A longer receive queue avoids drops at 10 GbE and above.', caution_above_default(BIG_BUFFERS)),

    # --- sharing services (scope: the service) ---
    Knob(SERVICE, 'multichannel', v.boolean_word, 'SMB multichannel',
         'Lets one SMB client use several connections (NICs or RSS queues) at once.', SMB_DOC,
         default=_const('false'), scope='smb'),
    Knob(SERVICE, 'servers', v.nfs_servers, 'number of NFS server threads (Auto: from the CPU count)',
         'More nfsd threads serve more concurrent NFS clients.', NFS_DOC, default=_const('AUTO'), scope='nfs'),

    # --- pool devices (scope: the pool) ---
    Knob(POOL_DEVICE, 'cache', v.disk_list, 'L2ARC cache devices of the pool',
         'An SSD cache behind the ARC serves repeated reads of a working set larger than RAM.', CACHING),
    Knob(POOL_DEVICE, 'log', v.disk_list, 'separate log (SLOG) devices of the pool',
         'A fast, power-loss-protected log device acknowledges synchronous writes sooner.', SLOG_DOC,
         risk_rule=risky_when_nonempty(CAUTION, NO_PLP)),
)

_BY_ID = {knob.id: knob for knob in KNOBS}
_ORDER = {knob.id: index for index, knob in enumerate(KNOBS)}
assert len(_BY_ID) == len(KNOBS), 'duplicate knob'


def get_knob(kind: str, setting: str) -> Knob | None:
    return _BY_ID.get((kind, setting))


def knobs_of(kind: str) -> list[Knob]:
    return [k for k in KNOBS if k.kind == kind]


def settings_of(kind: str) -> list[str]:
    return [k.setting for k in knobs_of(kind)]


def sort_key(kind: str, setting: str) -> tuple[int, int]:
    """Apply order of a plan: dataset props, module params, sysctls, services, pool devices; then registry order."""
    return KINDS.index(kind), _ORDER.get((kind, setting), len(KNOBS))
