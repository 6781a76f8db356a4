"""The words of every registry setting's changes, per direction and per kind of pool disk; ``assess`` judges one.

Each entry says what raising and lowering (or changing to a value) does on this box. Risk follows the registry's
value rule, except where the direction or the disks make that untrue: lowering what is only risky when raised is
SAFE; deeper queues on hard disks are a latency cost, not a flash tuning; outer-track weighting means nothing to
flash.
"""
from ..constants import CAUTION, SAFE, SERVICE_RESTART
from ..registry import DEEPER_QUEUES, MORE_UNSYNCED, NO_PLP
from .effects import (
    Assessment, Change, LOWER, RAISE, TO, Words, amount, choice, direction, disk_count, sentence, size_or_int, tcp_max,
)

# What applying a service setting interrupts (the service restarts): no data is at risk, but clients are cut off, so
# such a change is never SAFE (at least CAUTION, whatever its value), and the row says what it interrupts.
RESTART_WORDS = {
    'smb': 'No risk to data, but applying it restarts the SMB service: connected SMB clients are cut off and '
           'reconnect, and a copy in progress may fail',
    'nfs': 'No risk to data, but applying it restarts the NFS service: NFS clients pause until it is back (hard '
           'mounts retry; soft mounts may report errors)',
}

LESS_UNSYNCED = ('less written data waits in RAM before it reaches the disks: a crash loses less, and writers are '
                 'throttled sooner during a burst')


def _queue_raise_risk(change: Change, way: str):
    """Deeper queues on hard disks only add latency (OpenZFS: lower values mean better latency on rotational
    media); on flash the registry's caution stands."""
    if change.box is not None and not change.flash_pool:
        return CAUTION, (f'{change.disks} gain little from more requests in flight and their latency grows '
                         '(OpenZFS: lower values are associated with better latency on rotational media)')
    return None


def _queue(what: str) -> Words:
    def up(change: Change) -> str:
        if change.flash_pool:
            return f'more {what} in flight per disk: {change.disks} reach more of their throughput; {DEEPER_QUEUES}'
        return f'more {what} in flight per disk: {DEEPER_QUEUES}'

    def down(change: Change) -> str:
        if change.flash_pool:
            return f'fewer {what} in flight per disk: lower latency, but {change.disks} reach less of their throughput'
        return f'fewer {what} in flight per disk: lower latency on {change.disks}, little throughput lost'
    return amount(up, down, raise_risk=_queue_raise_risk)


def _lba_risk(change: Change, way: str):
    if change.proposed == '0' and change.flash_pool:
        return SAFE, None   # flash has no outer tracks to prefer
    return None


def _lba_off(change: Change) -> str:
    if change.flash_pool:
        return f'allocation stops preferring outer tracks, which {change.disks} do not have: no loss on this pool'
    return 'rotating disks lose their outer-track preference: new data lands on slower inner tracks sooner'


def _lba_on(change: Change) -> str:
    if change.flash_pool:
        return f'allocation prefers outer tracks again, which {change.disks} do not have: no effect on this pool'
    return 'allocation prefers the outer (faster) tracks of hard disks again'


def _prefetch_further(change: Change) -> str:
    if change.box is not None and not change.flash_pool:
        return (f'prefetch reads further ahead per stream: {change.disks} seek for read-ahead that short reads never '
                'use, and it takes more ARC')
    return 'prefetch reads further ahead per stream: keeps a fast pool busy for large sequential reads, and takes ' \
           'more ARC'


def _devices(role: str, caveat: str = ''):
    def up(change: Change) -> str:
        added = [d for d in change.proposed.split(',') if d and d not in (change.current or '').split(',')]
        return f'adds {", ".join(added)} to the pool as its {role} device{caveat}'

    def down(change: Change) -> str:
        gone = [d for d in (change.current or '').split(',') if d and d not in change.proposed.split(',')]
        return f'removes {", ".join(gone)} from the pool\'s {role} devices'
    return up, down


def _arc(what: str, raise_text: str, lower_text: str) -> Words:
    return amount(raise_text, lower_text, figure=int, lower_is_safe=False,
                  special={'0': f'OpenZFS sizes the {what} itself again (0 = its default for this RAM)'})


_cache_up, _cache_down = _devices('L2ARC (cache)')
_log_up, _log_down = _devices('SLOG (log)', ': ' + NO_PLP)

EFFECTS: dict[str, Words] = {
    # --- dataset properties ---
    'recordsize': amount('larger records for files written from now on: fewer, bigger I/Os for large files; small '
                         'random overwrites read and rewrite a whole record',
                         'smaller records for files written from now on: small random I/O without '
                         'read-modify-write; large files need more blocks and metadata',
                         figure=size_or_int),
    'compression': choice({'OFF': 'new blocks are no longer compressed: more disk I/O and space for compressible '
                                  'data'},
                          lambda change: f'new blocks are compressed with {change.proposed}'),
    'atime': choice({'OFF': 'file reads no longer update access times (apps that rely on them stop seeing updates)',
                     'ON': 'every file read updates its access time again: one more metadata write per read'}),
    'sync': choice({'DISABLED': 'synchronous writes are acknowledged before they reach the disks: fastest, and not '
                                'safe on a power cut',
                    'STANDARD': 'synchronous writes reach stable storage before they are acknowledged again (the '
                                'ZFS default): safe on a power cut; clients that sync often wait for the disks or '
                                'the log device',
                    'ALWAYS': 'every write waits for stable storage, even from clients that never ask to flush: '
                              'safest, and slower without a fast log device'}),
    'logbias': choice({'THROUGHPUT': 'large synchronous writes go straight to the pool; small synchronous writes get '
                                     'slower and a separate log device is bypassed',
                       'LATENCY': 'synchronous writes go through the log (and the log device if any) again: small '
                                  'ones are fast, large ones are written twice'}),
    'primarycache': choice({'ALL': 'data and metadata of this dataset are cached in RAM again',
                            'METADATA': 'only metadata of this dataset is cached in RAM: data reads go to the disks',
                            'NONE': 'nothing of this dataset is cached in RAM: every read goes to the disks'}),
    'secondarycache': choice({'ALL': 'data and metadata of this dataset may go to the L2ARC device again',
                              'METADATA': 'only metadata of this dataset goes to the L2ARC device',
                              'NONE': 'nothing of this dataset goes to the L2ARC device'}),
    'special_small_blocks': amount('more small blocks of new data go to the special vdev: it fills faster, and '
                                   'losing it loses the whole pool',
                                   'fewer small blocks of new data go to the special vdev: more small I/O lands on '
                                   'the data disks', figure=size_or_int),

    # --- OpenZFS module parameters ---
    'zfs_arc_max': _arc('ARC', 'a larger ARC caches more reads and leaves less RAM to apps and VMs',
                        'a smaller ARC leaves more RAM to apps and VMs and caches fewer reads'),
    'zfs_arc_min': _arc('ARC floor', 'a higher ARC floor keeps more cache under memory pressure and less RAM for '
                                     'apps and VMs',
                        'a lower ARC floor lets the ARC shrink further when apps need memory'),
    'zfs_dirty_data_max': amount(MORE_UNSYNCED, LESS_UNSYNCED),
    'zfs_dirty_data_max_max': amount('the write buffer may grow larger after the next boot: ' + MORE_UNSYNCED,
                                     'the write buffer is capped lower from the next boot: ' + LESS_UNSYNCED),
    'zfs_dirty_data_max_percent': amount('a larger default write buffer from the next boot: ' + MORE_UNSYNCED,
                                         'a smaller default write buffer from the next boot: ' + LESS_UNSYNCED),
    'zfs_dirty_data_max_max_percent': amount('a higher bound of the write buffer from the next boot: '
                                             + MORE_UNSYNCED,
                                             'a lower bound of the write buffer from the next boot: '
                                             + LESS_UNSYNCED),
    'zfs_txg_timeout': amount('a longer interval loses more async writes on a crash and makes latency burstier',
                              'transaction groups commit more often: a crash loses less, and the disks see '
                              'smaller, more frequent writes'),
    'zfs_prefetch_disable': choice({'1': 'read-ahead is off: sequential reads get much slower; only random-read '
                                         'workloads gain',
                                    '0': 'read-ahead is on again: sequential readers are served ahead of time'}),
    'zfetch_max_distance': amount(_prefetch_further, 'prefetch reads less far ahead per stream: less ARC spent on '
                                                     'read-ahead; large sequential reads from fast pools may slow'),
    'zfs_vdev_async_read_max_active': _queue('prefetch reads'),
    'zfs_vdev_async_write_max_active': _queue('async writes'),
    'zfs_vdev_sync_read_max_active': _queue('sync reads'),
    'zfs_vdev_sync_write_max_active': _queue('sync writes'),
    'zfs_vdev_max_active': _queue('I/Os'),
    'l2arc_write_max': amount('the L2ARC fills faster and warms up sooner; a faster fill rate wears the cache SSD '
                              'faster',
                              'the L2ARC fills more slowly (less SSD wear) and takes longer to warm up'),
    'l2arc_write_boost': amount('extra L2ARC fill while the ARC is cold: warms up sooner, wears the cache SSD '
                                'faster',
                                'less extra L2ARC fill while the ARC is cold: less SSD wear, slower warm-up'),
    'l2arc_noprefetch': choice({'0': 'prefetched sequential data may go to the L2ARC: worth it when the cache device '
                                     'reads sequentially much faster than the pool; wears it faster',
                                '1': 'prefetched sequential data stays out of the L2ARC again (the default)'}),
    'l2arc_headroom': amount('the L2ARC feed scans deeper into the ARC for blocks to cache',
                             'the L2ARC feed scans less of the ARC for blocks to cache'),
    'zfs_nocacheflush': choice({'1': 'disk write caches are no longer flushed: safe only when every disk cache '
                                     'survives a power cut (battery or capacitor backed)',
                                '0': 'disk write caches are flushed again: data the pool reports written survives '
                                     'a power cut'}),
    'zil_nocacheflush': choice({'1': 'the log device cache is no longer flushed after ZIL writes: safe only when '
                                     'its cache survives a power cut',
                                '0': 'the log device cache is flushed again after ZIL writes: acknowledged sync '
                                     'writes survive a power cut'}),
    'zfs_immediate_write_sz': amount('larger sync writes are still logged in full before going to the pool',
                                     'smaller sync writes already go to the pool directly instead of the log'),
    'zil_slog_bulk': amount('more log bytes per commit are written at sync priority',
                            'fewer log bytes per commit are written at sync priority; big commits yield to others'),
    'metaslab_lba_weighting_enabled': choice({'0': _lba_off, '1': _lba_on}, risk=_lba_risk),
    'zfs_dio_enabled': choice({'0': 'Direct I/O is off: O_DIRECT reads and writes go through the ARC',
                               '1': 'Direct I/O is on again where the dataset allows it'}),

    # --- kernel sysctls ---
    **{name: amount('bigger socket buffers let each connection use more kernel memory (and fill a fast link)',
                    'smaller socket buffers use less kernel memory per connection; a fast link may not be filled',
                    figure=tcp_max if name.startswith('net.ipv4.') else int)
       for name in ('net.core.rmem_max', 'net.core.wmem_max', 'net.ipv4.tcp_rmem', 'net.ipv4.tcp_wmem')},
    'net.core.netdev_max_backlog': amount('a longer receive queue per CPU avoids drops on fast links and uses more '
                                          'memory', 'a shorter receive queue per CPU uses less memory and can drop '
                                                    'packets on fast links'),

    # --- services ---
    'multichannel': choice({'true': 'one SMB client may use several connections at once; the SMB service restarts '
                                    'and connected clients reconnect',
                            'false': 'each SMB client uses one connection again; the SMB service restarts and '
                                     'connected clients reconnect'}),
    'servers': amount('more nfsd threads serve more NFS clients at once and use more memory',
                      'fewer nfsd threads: less memory, fewer NFS clients served at once',
                      special={'AUTO': 'the number of nfsd threads follows the CPU count again'}),

    # --- pool devices ---
    'cache': amount(_cache_up, _cache_down, figure=disk_count),
    'log': amount(_log_up, _log_down, figure=disk_count),
}


# Pool devices: their words name the disks added or removed, so no "Raising it"/"Lowering it" lead.
DEVICE_SETTINGS = ('cache', 'log')


def assess(knob, current: str | None, proposed: str, box=None) -> Assessment:
    """Risk and words of changing ``knob`` from ``current`` to ``proposed`` on ``box`` (None: judged without one)."""
    change = Change(knob, current, proposed, box)
    words = EFFECTS[knob.setting]
    way = direction(change, words.figure)
    risk, reason = knob.risk(proposed, box)
    effect = words.effect(change, way)
    override = words.risk(change, way)
    if override is not None:
        risk, reason = override
    elif way != TO:
        reason = effect   # the value rule's reason is about the value; the effect says what this direction costs
    if knob.setting in DEVICE_SETTINGS:
        way = TO   # adding or removing a device is said as such ("removes sdh from ..."), never "Lowering it"
    if risk == SAFE and knob.apply_mode() == SERVICE_RESTART:
        # safe for data, but applying it restarts the service and cuts its clients off: a cost, so CAUTION
        return Assessment(way, CAUTION, restart_words(knob.scope), effect)
    if risk == SAFE:
        return Assessment(way, risk, None, effect)
    return Assessment(way, risk, reason or effect, effect)


def restart_words(service: str | None) -> str:
    """What restarting ``service`` interrupts, as a sentence."""
    return sentence(RESTART_WORDS.get(service) or f'No risk to data, but applying it restarts the {service} service: '
                    'its clients are interrupted until it is back')


def effect_sentence(found: Assessment) -> str:
    """The effect as a sentence: "Lowering it: less written data waits in RAM ..."."""
    lead = {RAISE: 'Raising it: ', LOWER: 'Lowering it: '}.get(found.direction)
    return f'{lead}{found.effect.rstrip(".")}.' if lead else sentence(found.effect)


def with_effect(why: str, found: Assessment) -> str:
    """A rationale that does not say what the change does ("Set by this custom preset.", "Puts back the value ...")
    followed by the effect, unless the risk reason next to it already says exactly that."""
    if found.reason == found.effect:
        return why
    return f'{why} {effect_sentence(found)}'

