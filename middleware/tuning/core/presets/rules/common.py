"""Rule building blocks shared by several presets (write buffer, disk queues, network, prefetch, L2ARC, SLOG).

Each block looks at the box and the snapshot and only proposes what fits the hardware; where it cannot, it leaves a
prerequisite or a warning in plain words.
"""
from ..constants import DATASET_PROPERTY, DISK_KIND_WORDS, MiB, SYSCTL, ZFS_PARAMETER
from ..devices import describe_disk, fitting_unused_disks, not_offered
from ..registry import CACHING, ESNET, THROTTLE, ZFS4
from ..sizing import (
    L2ARC_WRITE_MAX_FAST, dirty_data_target_bytes, l2arc_header_ram_bytes, link_payload_bytes_per_s,
    prefetch_distance_bytes, slog_size_bytes, socket_buffer_max_bytes, vdev_queue_depth,
)
from ..units import format_bytes, parse_size

ZVOL_BLOCK = 16 * 1024  # volblocksize default since OpenZFS 2.2


def dataset_unless_volume(draft, setting, value, why):
    """recordsize and atime do not apply to zvols; skip them there instead of reporting them missing."""
    if draft.is_volume and setting in ('recordsize', 'atime'):
        return None
    return draft.dataset(setting, value, why)


def lz4_and_no_atime(draft):
    dataset_unless_volume(draft, 'compression', 'LZ4', 'LZ4 costs almost nothing on incompressible data (early '
                                                      'abort) and saves disk I/O on everything else.')
    dataset_unless_volume(draft, 'atime', 'OFF', 'No access-time write for every file read.')


def write_buffer(draft):
    """Dirty data min(RAM/8, 8 GiB); if that is above the load-time bound, raise the bound too (REBOOT).

    Chosen over capping at the current bound: the live value alone would work until the next boot and then be
    clamped back by the module, so the preset would silently stop applying. The plan says it needs a reboot.
    """
    box = draft.box
    target = dirty_data_target_bytes(box.ram_bytes)
    draft.raise_param('zfs_dirty_data_max', target,
                      f'A {format_bytes(target)} write buffer (RAM/8, at most 8 GiB) absorbs bursts and lets ZFS '
                      f'write bigger, more sequential transaction groups.', ZFS4 + '; ' + THROTTLE)
    bound = draft.current_int(ZFS_PARAMETER, 'zfs_dirty_data_max_max')
    if bound is not None and target > bound:
        draft.param('zfs_dirty_data_max_max', str(target),
                    f'The write buffer size is clamped to this bound ({format_bytes(bound)} now) when the module '
                    f'loads; without raising it the {format_bytes(target)} buffer would fall back at the next boot.')
        draft.warn(f'The write buffer of {format_bytes(target)} is above the load-time bound of '
                   f'{format_bytes(bound)}: it works at once, and stays after a reboot only because the bound is '
                   f'raised too (that part takes effect at the next boot).')


def disk_queues(draft, queues: list[str], why: str):
    """Deeper per-vdev queues, on all-flash pools only."""
    for queue in queues:
        depth = vdev_queue_depth(draft.box.pool_disk_kind, queue)
        if depth is not None:
            draft.raise_param(f'zfs_vdev_{queue}_max_active', depth, why)


def prefetch_on(draft, why='Sequential reads depend on prefetch; OpenZFS docs: disable it only when the workload '
                          'is completely random reads.'):
    draft.param('zfs_prefetch_disable', '0', why)


def deeper_prefetch(draft):
    distance = prefetch_distance_bytes(draft.box.pool_disk_kind)
    if distance:
        draft.raise_param('zfetch_max_distance', distance,
                          f'Reading {format_bytes(distance)} ahead per stream keeps a flash pool busy for '
                          f'large-block sequential reads (default 64 MiB).')


def network(draft):
    """Bigger socket buffers at 10 GbE and above; at 1 GbE the link is the limit, say so instead."""
    box = draft.box
    fastest = box.fastest_nic_mbps
    size = socket_buffer_max_bytes(fastest)
    if size:
        why = (f'A {fastest // 1000} GbE link needs TCP windows larger than the kernel\'s default maximum; '
               f'{format_bytes(size)} covers it (autotuning stays on because only the maximum is raised).')
        for name in ('net.core.rmem_max', 'net.core.wmem_max'):
            current = draft.current_int(SYSCTL, name)
            draft.sysctl(name, str(max(size, current or 0)), why, ESNET)
        for name in ('net.ipv4.tcp_rmem', 'net.ipv4.tcp_wmem'):
            current = draft.current(SYSCTL, name)
            if current and len(current.split()) == 3:
                low, default, high = (int(x) for x in current.split())
                draft.sysctl(name, f'{low} {default} {max(size, high)}', why, ESNET)
        return
    slow = sorted({s for s in box.nic_speeds_mbps if s < 10_000})
    for speed in slow:
        links = sum(1 for s in box.nic_speeds_mbps if s == speed)
        rate = link_payload_bytes_per_s(speed) / 1_000_000
        label = f'{speed // 1000} GbE' if speed >= 1000 else f'{speed} Mb/s'
        up = 'one such link is up' if links == 1 else f'{links} such links are up'
        draft.warn(f'Network: each {label} link carries at most ~{rate:.0f} MB/s, which caps what one client can '
                   f'read or write ({up}); socket buffers are left alone below 10 GbE.')


def multichannel(draft):
    """SMB multichannel helps when a client can use several links or RSS queues."""
    box = draft.box
    if box.nics_up >= 2 or (box.fastest_nic_mbps or 0) >= 10_000:
        links = 'one network link' if box.nics_up == 1 else f'{box.nics_up} network links'
        # what the SMB restart interrupts is the row's risk reason (effect_words.RESTART_WORDS)
        draft.service('multichannel', 'true',
                      f'With {links} up, multichannel lets one SMB client use several connections at once.')


def effective_block_bytes(draft) -> int:
    """Average block size of the dataset for L2ARC headers: the smaller of current and proposed recordsize
    (existing files keep their old records); zvols use the 16K volblocksize default."""
    if draft.is_volume:
        return ZVOL_BLOCK
    sizes = [v for v in (draft.current(DATASET_PROPERTY, 'recordsize'),
                         draft.proposed(DATASET_PROPERTY, 'recordsize')) if v]
    parsed = []
    for size in sizes:
        try:
            parsed.append(parse_size(size))
        except ValueError:
            continue
    return min(parsed) if parsed else 128 * 1024


def _disks_word(role: str, disks: list) -> str:
    """"cache disk" or "cache disks", by how many."""
    return f'{role} disk' + ('' if len(disks) == 1 else 's')


def _suggest(draft, role: str, purpose: str) -> None:
    box = draft.box
    candidates = fitting_unused_disks(box, role, draft.target)
    if candidates:
        # one sentence a person reads: the disk to pick, the others that would also do, named once each
        others = ', '.join(describe_disk(d) for d in candidates[1:])
        draft.prerequisite(role, False, f'Select {describe_disk(candidates[0])} as the {role} disk to add {purpose}'
                                        + (f' ({others} would also fit)' if others else '')
                                        + '; the rest of the preset applies without it.')
        return
    faster = 'an NVMe' if box.pool_is_flash else 'an SSD or NVMe'
    disks = DISK_KIND_WORDS.get(box.pool_disk_kind, 'data disks')
    needs = f'{purpose[:1].upper()}{purpose[1:]} needs {faster} disk that is unused and faster than pool ' \
            f'{box.pool_name}\'s {disks}'
    reasons = not_offered(box, role, draft.target)
    if reasons:  # say why each unused disk is not offered, e.g. the SSD already chosen as the log device
        draft.prerequisite(role, False, f'{needs}; no unused disk fits: {"; ".join(reasons)}. The rest of the preset '
                                        f'applies without it.')
    else:
        draft.prerequisite(role, False, f'{needs}; none is available, so the rest of the preset applies without it.')


def l2arc(draft, why: str, tune_feed: bool = False) -> bool:
    """Add an L2ARC from ``target.cache_disks`` or say which disk would do; True if the pool will have one."""
    box = draft.box
    chosen = list(draft.target.get('cache_disks') or [])
    existing = list(box.cache_devices)
    if chosen:
        draft.pool_device('cache', existing + chosen, why)
        draft.prerequisite('cache', True, f'{_disks_word("cache", chosen)} selected: {", ".join(chosen)}')
    elif existing:
        draft.prerequisite('cache', True, f'pool {box.pool_name} already has an L2ARC: {", ".join(existing)}')
    else:
        _suggest(draft, 'cache', 'L2ARC')
        return False
    devices = [box.disk(n) for n in existing + chosen]
    size = sum(int(d.get('size_bytes') or 0) for d in devices if d)
    block = effective_block_bytes(draft)
    ram = l2arc_header_ram_bytes(size, block)
    share = f' ({ram / box.arc_max_bytes:.1%} of the {format_bytes(box.arc_max_bytes)} ARC maximum)' \
        if box.arc_max_bytes else ''
    draft.warn(f'L2ARC headers live in RAM: {format_bytes(size)} of cache filled with {format_bytes(block)} blocks '
               f'takes about {format_bytes(ram)} of ARC{share}; smaller blocks need more.')
    if tune_feed:
        draft.param('l2arc_noprefetch', '0', 'Lets prefetched sequential data into the L2ARC: worth it because the '
                                             'cache device is much faster at sequential reads than the pool\'s '
                                             'disks.', ZFS4 + '; ' + CACHING)
        for name in ('l2arc_write_max', 'l2arc_write_boost'):
            draft.raise_param(name, L2ARC_WRITE_MAX_FAST,
                              f'Fill the L2ARC at {format_bytes(L2ARC_WRITE_MAX_FAST)}/s so it warms up within a '
                              f'working session (default 32 MiB/s); costs SSD endurance.', ZFS4 + '; ' + CACHING)
    return True


def slog(draft, why: str) -> bool:
    """Add a SLOG from ``target.log_disks`` or say which disk would do; True if the pool will have one."""
    box = draft.box
    chosen = list(draft.target.get('log_disks') or [])
    existing = list(box.log_devices)
    if chosen:
        draft.pool_device('log', existing + chosen, why)
        shape = 'a mirrored log' if len(chosen) == 2 else 'a single log disk'
        draft.prerequisite('log', True, f'{_disks_word("log", chosen)} selected: {", ".join(chosen)} ({shape})')
    elif existing:
        draft.prerequisite('log', True, f'pool {box.pool_name} already has a SLOG: {", ".join(existing)}')
    else:
        _suggest(draft, 'log', 'a SLOG')
        return False
    dirty = int(draft.proposed(ZFS_PARAMETER, 'zfs_dirty_data_max')
                or draft.current_int(ZFS_PARAMETER, 'zfs_dirty_data_max') or 4 * 1024 * MiB)
    txg = draft.current_int(ZFS_PARAMETER, 'zfs_txg_timeout') or 5
    ingest = sum(link_payload_bytes_per_s(s) for s in box.nic_speeds_mbps) or None
    size = slog_size_bytes(ingest, txg, dirty)
    draft.warn(f'A SLOG must have power-loss protection (PLP): without it a power cut can lose sync writes the '
               f'clients were told are safe. Size: about {format_bytes(size)} is ever used (3 transaction groups of '
               f'{txg} s at the network\'s {ingest / 1e6:.0f} MB/s, capped by the {format_bytes(dirty)} write '
               f'buffer); a larger device only adds endurance.' if ingest else
               f'A SLOG must have power-loss protection (PLP): without it a power cut can lose sync writes the '
               f'clients were told are safe. Size: at most the {format_bytes(size)} write buffer is ever used.')
    draft.warn('A SLOG only speeds up synchronous writes (NFS, iSCSI with sync, databases, VMs); '
               'asynchronous writes never touch it.')
    return True
