"""OpenZFS module parameters a simulated box exposes, with the defaults Linux shows in sysfs after module load.

Facts from the OpenZFS 2.2.7 / 2.3 sources (ZFS_MODULE_PARAM declarations, zfs(4), arc.c, arc_os.c): which
parameters are load-time-only (ZMOD_RD, or module_param mode 0444 on Linux) and how the RAM-derived defaults are
computed. Pure functions; the sandbox backend calls them with the box's RAM and OpenZFS version.
"""

GiB = 1024 ** 3
MiB = 1024 ** 2

# name -> (type, default, writable). Types: 'int' (signed), 'uint', 'string'. RAM-derived defaults are None here
# and filled in by module_parameter_defaults().
_COMMON = {
    # ARC
    'zfs_arc_max': ('uint', '0', True),
    'zfs_arc_min': ('uint', '0', True),
    'zfs_arc_meta_balance': ('uint', '500', True),
    'zfs_arc_sys_free': ('uint', '0', True),
    'zfs_arc_dnode_limit_percent': ('uint', '10', True),
    'zfs_arc_shrinker_limit': ('int', '10000', True),
    'zfs_arc_pc_percent': ('uint', '0', True),
    'zfs_arc_min_prefetch_ms': ('uint', '0', True),
    'zfs_arc_average_blocksize': ('uint', '8192', False),
    'zfs_compressed_arc_enabled': ('int', '1', True),
    'dbuf_cache_shift': ('uint', '5', True),
    'dbuf_mutex_cache_shift': ('uint', '0', False),
    # write throttle / txg
    'zfs_dirty_data_max': ('uint', None, True),
    'zfs_dirty_data_max_percent': ('uint', '10', False),
    'zfs_dirty_data_max_max': ('uint', None, False),
    'zfs_dirty_data_max_max_percent': ('uint', '25', False),
    'zfs_dirty_data_sync_percent': ('uint', '20', True),
    'zfs_delay_min_dirty_percent': ('uint', '60', True),
    'zfs_delay_scale': ('int', '500000', True),
    'zfs_wrlog_data_max': ('uint', None, True),
    'zfs_txg_timeout': ('uint', '5', True),
    # prefetch
    'zfs_prefetch_disable': ('int', '0', True),
    'zfetch_max_distance': ('uint', str(64 * MiB), True),
    'zfetch_min_distance': ('uint', str(4 * MiB), True),
    'zfetch_max_idistance': ('uint', str(64 * MiB), True),
    'zfetch_max_streams': ('uint', '8', True),
    'zfetch_min_sec_reap': ('uint', '1', True),
    'zfetch_max_sec_reap': ('uint', '2', True),
    'dmu_prefetch_max': ('uint', str(128 * MiB), True),
    # L2ARC
    'l2arc_write_max': ('uint', str(32 * MiB), True),
    'l2arc_write_boost': ('uint', str(32 * MiB), True),
    'l2arc_headroom': ('uint', '8', True),
    'l2arc_headroom_boost': ('uint', '200', True),
    'l2arc_feed_secs': ('uint', '1', True),
    'l2arc_feed_min_ms': ('uint', '200', True),
    'l2arc_noprefetch': ('int', '1', True),
    'l2arc_feed_again': ('int', '1', True),
    'l2arc_norw': ('int', '0', True),
    'l2arc_meta_percent': ('uint', '33', True),
    'l2arc_rebuild_enabled': ('int', '1', True),
    'l2arc_rebuild_blocks_min_l2size': ('uint', str(GiB), True),
    'l2arc_mfuonly': ('int', '0', True),
    'l2arc_exclude_special': ('int', '0', True),
    'l2arc_trim_ahead': ('uint', '0', True),
    # vdev I/O scheduler
    'zfs_vdev_max_active': ('uint', '1000', True),
    'zfs_vdev_async_read_max_active': ('uint', '3', True),
    'zfs_vdev_async_read_min_active': ('uint', '1', True),
    'zfs_vdev_async_write_max_active': ('uint', '10', True),
    'zfs_vdev_async_write_min_active': ('uint', '2', True),
    'zfs_vdev_sync_read_max_active': ('uint', '10', True),
    'zfs_vdev_sync_read_min_active': ('uint', '10', True),
    'zfs_vdev_sync_write_max_active': ('uint', '10', True),
    'zfs_vdev_sync_write_min_active': ('uint', '10', True),
    'zfs_vdev_scrub_max_active': ('uint', '2', True),
    'zfs_vdev_scrub_min_active': ('uint', '1', True),
    'zfs_vdev_trim_max_active': ('uint', '2', True),
    'zfs_vdev_trim_min_active': ('uint', '1', True),
    'zfs_vdev_async_write_active_min_dirty_percent': ('uint', '30', True),
    'zfs_vdev_async_write_active_max_dirty_percent': ('uint', '60', True),
    'zfs_vdev_aggregation_limit': ('uint', str(MiB), True),
    'zfs_vdev_aggregation_limit_non_rotating': ('uint', str(128 * 1024), True),
    'zfs_vdev_read_gap_limit': ('uint', str(32 * 1024), True),
    'zfs_vdev_write_gap_limit': ('uint', '4096', True),
    'zfs_vdev_def_queue_depth': ('uint', '32', True),
    'zfs_vdev_queue_depth_pct': ('uint', '1000', True),
    'zfs_vdev_mirror_rotating_inc': ('int', '0', True),
    'zfs_vdev_min_auto_ashift': ('uint', '9', True),
    'zfs_vdev_max_auto_ashift': ('uint', '14', True),
    'zfs_vdev_disk_classic': ('uint', '1', False),
    'metaslab_lba_weighting_enabled': ('int', '1', True),
    # ZIL / sync
    'zfs_immediate_write_sz': ('int', str(32 * 1024), True),
    'zil_slog_bulk': ('uint', str(64 * MiB), True),
    'zfs_nocacheflush': ('int', '0', True),
    'zil_nocacheflush': ('int', '0', True),
    'zil_maxblocksize': ('uint', str(128 * 1024), True),
    'zfs_commit_timeout_pct': ('uint', '10', True),
    'zil_replay_disable': ('int', '0', True),
    # misc
    'zfs_max_recordsize': ('uint', str(16 * MiB), True),
    'zfs_default_ibs': ('int', '17', True),
    'zfs_abd_scatter_enabled': ('int', '1', True),
    'zfs_dmu_offset_next_sync': ('int', '1', True),
    'zfs_bclone_enabled': ('int', '0', True),
    'zio_taskq_batch_pct': ('uint', '80', True),
    'zfs_sync_taskq_batch_pct': ('int', '75', True),
    'spa_slop_shift': ('int', '5', True),
    'zfs_special_class_metadata_reserve_pct': ('uint', '25', True),
    'zfs_per_txg_dirty_frees_percent': ('uint', '30', True),
    'zfs_scan_vdev_limit': ('int', str(16 * MiB), True),
    'zfs_resilver_min_time_ms': ('uint', '3000', True),
    'zfs_scrub_min_time_ms': ('uint', '1000', True),
    'zfs_deadman_failmode': ('string', 'wait', True),
    'spa_config_path': ('string', '/etc/zfs/zpool.cache', False),
    # zvols (Linux module_param; mode 0444 ones are read-only)
    'zvol_threads': ('uint', '0', False),
    'zvol_major': ('uint', '230', False),
    'zvol_max_discard_blocks': ('uint', '16384', False),
    'zvol_num_taskqs': ('uint', '0', False),
    'zvol_request_sync': ('uint', '0', True),
    'zvol_prefetch_bytes': ('uint', str(128 * 1024), True),
    'zvol_use_blk_mq': ('uint', '0', True),
    'zvol_blk_mq_queue_depth': ('uint', '128', True),
    'zvol_volmode': ('uint', '1', True),
}

# Added in 2.3 (zfs(4) 2.3.4): Direct I/O switch and ARC eviction threads (load-time-only).
_ADDED_IN_2_3 = {
    'zfs_dio_enabled': ('int', '1', True),
    'zfs_arc_evict_threads': ('int', '0', False),
    'zfs_arc_shrinker_seeks': ('int', '2', False),
}


def parse_version(version):
    """'2.2.7' / '2.3.2-1~bpo12+1' -> (2, 2, 7)."""
    core = version.split('-')[0]
    parts = []
    for piece in core.split('.'):
        digits = ''.join(ch for ch in piece if ch.isdigit())
        parts.append(int(digits) if digits else 0)
    while len(parts) < 3:
        parts.append(0)
    return tuple(parts[:3])


def dirty_data_defaults(ram_bytes, max_max_percent=25, max_percent=10):
    """arc.c (64-bit): max_max = min(4 GiB, RAM * 25%); max = min(RAM * 10%, max_max)."""
    max_max = min(4 * GiB, ram_bytes * max_max_percent // 100)
    return {'zfs_dirty_data_max_max': max_max, 'zfs_dirty_data_max': min(ram_bytes * max_percent // 100, max_max)}


def arc_default_max(ram_bytes, version):
    """Linux arc_default_max: RAM/2 up to 2.2; max(RAM - 1 GiB, 5/8 RAM) from 2.3."""
    if parse_version(version) >= (2, 3, 0):
        return max(ram_bytes - GiB, ram_bytes * 5 // 8)
    return max(ram_bytes // 2, arc_default_min(ram_bytes))


def arc_default_min(ram_bytes):
    """arc_c_min = max(RAM/32, 32 MiB)."""
    return max(ram_bytes // 32, 32 * MiB)


def arc_limits(ram_bytes, version, arc_max_param, arc_min_param):
    """Effective (c_max, c_min) given the zfs_arc_max/zfs_arc_min parameter values (0 = automatic). Like arc.c,
    an out-of-range setting is ignored rather than refused."""
    c_min = arc_default_min(ram_bytes)
    if arc_min_param and 32 * MiB <= arc_min_param < ram_bytes:
        c_min = arc_min_param
    c_max = max(arc_default_max(ram_bytes, version), c_min)
    if arc_max_param and 64 * MiB <= arc_max_param < ram_bytes and arc_max_param > c_min:
        c_max = arc_max_param
    return c_max, c_min


def module_parameter_defaults(ram_bytes, version):
    """{name: {"type", "value", "writable"}} as sysfs shows right after module load on a box with `ram_bytes`."""
    table = dict(_COMMON)
    if parse_version(version) >= (2, 3, 0):
        table.update(_ADDED_IN_2_3)
    dirty = dirty_data_defaults(ram_bytes)
    computed = {
        'zfs_dirty_data_max': dirty['zfs_dirty_data_max'],
        'zfs_dirty_data_max_max': dirty['zfs_dirty_data_max_max'],
        'zfs_wrlog_data_max': 2 * dirty['zfs_dirty_data_max'],
    }
    result = {}
    for name, (type_, value, writable) in table.items():
        if value is None:
            value = str(computed[name])
        result[name] = {'type': type_, 'value': value, 'writable': writable}
    return result


def load_time_values(ram_bytes, version, persisted):
    """Parameter values right after a module load with `persisted` options ({name: str}) applied: what the
    kernel computes from the options (e.g. dirty_data_max follows a raised dirty_data_max_max only when it was
    not set itself)."""
    params = module_parameter_defaults(ram_bytes, version)
    values = {name: p['value'] for name, p in params.items()}
    for name, value in persisted.items():
        if name in values:
            values[name] = value

    def as_int(name, fallback):
        try:
            return int(values.get(name, fallback))
        except ValueError:
            return int(fallback)

    max_max_percent = as_int('zfs_dirty_data_max_max_percent', 25)
    max_percent = as_int('zfs_dirty_data_max_percent', 10)
    dirty = dirty_data_defaults(ram_bytes, max_max_percent, max_percent)
    max_max = as_int('zfs_dirty_data_max_max', 0) if 'zfs_dirty_data_max_max' in persisted else 0
    if not max_max:
        max_max = dirty['zfs_dirty_data_max_max']
    values['zfs_dirty_data_max_max'] = str(max_max)
    if 'zfs_dirty_data_max' not in persisted or not as_int('zfs_dirty_data_max', 0):
        values['zfs_dirty_data_max'] = str(min(ram_bytes * max_percent // 100, max_max))
    if 'zfs_wrlog_data_max' not in persisted:
        values['zfs_wrlog_data_max'] = str(2 * int(values['zfs_dirty_data_max']))
    return values


def validate_value(name, type_, value):
    """Return the value as sysfs would store it, or raise ValueError like the kernel's EINVAL."""
    text = value.strip()
    if type_ == 'string':
        return text
    try:
        number = int(text, 0) if text.lower().startswith('0x') else int(text)
    except ValueError:
        raise ValueError(f'{name}: {value!r} is not an integer') from None
    if type_ == 'uint' and number < 0:
        raise ValueError(f'{name}: {value!r} must not be negative')
    if number >= 2 ** 64:
        raise ValueError(f'{name}: {value!r} is out of range')
    return str(number)
