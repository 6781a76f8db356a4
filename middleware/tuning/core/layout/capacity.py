"""Usable space of a pool layout as OpenZFS allocates it (pure integer arithmetic, no I/O).

What `zfs list` shows as AVAIL on a new, empty pool is the pool's deflated space less its slop space:
- each disk loses its labels and boot area (4 MiB at the front, 512 KiB at the end, the rest aligned to 256 KiB),
  and, when ZFS is given the whole disk on Linux, the partition it makes (1 MiB ahead, 8 MiB of partition 9 behind);
- a RAIDZ vdev spans its narrowest disk times its width; a mirror, its narrowest disk;
- a top-level vdev is cut into metaslabs (OpenZFS's ``vdev_metaslab_set_size``: 512 MiB, or sized for about 200 of
  them on large vdevs, for at least 16 on small ones); what is left past the last whole metaslab is never used, and
  a vdev of 64 metaslabs or more gives one to the embedded ZIL (``zfs_embedded_slog_min_ms``, OpenZFS 2.2+);
- RAIDZ space is reported "deflated": as if every block were a 128 KiB one (``vdev_deflate_ratio``), whose parity and
  padding sectors (``vdev_raidz_asize``: parity for each row of data, the total rounded up to a multiple of
  parity + 1) are taken off in advance;
- slop space is kept back: 1/32 of the pool, at least 128 MiB, at most 128 GiB (``spa_get_slop_space``), less the
  embedded ZIL's share.
``legacy`` is the ZFS of FreeNAS 9.3 (before OpenZFS 2.0): metaslabs sized for about 200 whatever their size, no
embedded ZIL, and 1/32 kept back however large the pool.
Data written in other record sizes fills that space at its own rate: ``effective_bytes``.
"""
MIN_BLOCK_SHIFT = 9                    # SPA_MINBLOCKSHIFT: deflated space is counted in 512-byte units
OLD_MAX_BLOCK = 128 * 1024             # SPA_OLD_MAXBLOCKSIZE: the block size space is deflated for
LABEL_START = 4 * 1024 * 1024          # VDEV_LABEL_START_SIZE: two 256 KiB labels and the 3.5 MiB boot area
LABEL_END = 512 * 1024                 # VDEV_LABEL_END_SIZE: two 256 KiB labels
LABEL_ALIGN = 256 * 1024               # sizeof(vdev_label_t): a disk's size is aligned down to it
WHOLE_DISK_PARTITIONING = (1 + 8) * 1024 * 1024   # Linux whole-disk vdevs: 1 MiB alignment, 8 MiB partition 9
DEFAULT_MS_SHIFT = 29                  # zfs_vdev_default_ms_shift: 512 MiB metaslabs
DEFAULT_MS_COUNT = 200                 # zfs_vdev_default_ms_count
MIN_MS_COUNT = 16                      # zfs_vdev_min_ms_count
MAX_MS_SHIFT = 34                      # zfs_vdev_max_ms_shift: 16 GiB
MIN_MS_SHIFT = 24                      # SPA_MAXBLOCKSHIFT
EMBEDDED_SLOG_MIN_MS = 64              # zfs_embedded_slog_min_ms
SLOP_SHIFT = 5                         # spa_slop_shift: 1/32
MIN_SLOP = 128 * 1024 * 1024           # spa_min_slop
MAX_SLOP = 128 * 1024 ** 3             # spa_max_slop (OpenZFS 2.1+)
LEGACY_MIN_SLOP = 32 * 1024 * 1024     # before the cap: SPA_MINDEVSIZE / 2

RAIDZ, MIRROR, STRIPE = 'RAIDZ', 'MIRROR', 'STRIPE'


def highbit(x: int) -> int:
    """OpenZFS's highbit64: the 1-based position of the highest bit set, 0 for 0."""
    return x.bit_length()


def leaf_bytes(disk_bytes: int, whole_disk: bool = True) -> int:
    """What ZFS can allocate on one disk (``vdev_open``'s asize)."""
    size = disk_bytes - (WHOLE_DISK_PARTITIONING if whole_disk else 0)
    size -= size % LABEL_ALIGN
    return max(0, size - LABEL_START - LABEL_END)


def allocated_bytes(psize: int, kind: str, width: int, parity: int, ashift: int) -> int:
    """The space a block of ``psize`` bytes takes on one top-level vdev: data sectors, then for RAIDZ its parity
    (``parity`` sectors for each row of ``width - parity`` data sectors) and padding to a multiple of parity + 1."""
    sectors = ((psize - 1) >> ashift) + 1
    if kind == RAIDZ:
        data_columns = width - parity
        sectors += parity * ((sectors + data_columns - 1) // data_columns)
        sectors = -(-sectors // (parity + 1)) * (parity + 1)
    return sectors << ashift


def deflate_ratio(kind: str, width: int, parity: int, ashift: int) -> int:
    """``vdev_deflate_ratio``: reported bytes per 512 allocated, from a 128 KiB block (512 for mirrors)."""
    return OLD_MAX_BLOCK // (allocated_bytes(OLD_MAX_BLOCK, kind, width, parity, ashift) >> MIN_BLOCK_SHIFT)


def metaslab_shift(vdev_bytes: int, legacy: bool = False) -> int:
    """``vdev_metaslab_set_size``: metaslabs of 512 MiB, or larger for about 200 on a large vdev, or smaller for at
    least 16 on a small one (``legacy``: about 200 of any size)."""
    if legacy:
        return max(highbit(vdev_bytes // DEFAULT_MS_COUNT), MIN_MS_SHIFT)
    count = vdev_bytes >> DEFAULT_MS_SHIFT
    if count < MIN_MS_COUNT:
        shift = highbit(vdev_bytes // MIN_MS_COUNT)
    elif count > DEFAULT_MS_COUNT:
        shift = highbit(vdev_bytes // DEFAULT_MS_COUNT)
    else:
        shift = DEFAULT_MS_SHIFT
    return max(min(shift, MAX_MS_SHIFT), MIN_MS_SHIFT)


def vdev_space(kind: str, width: int, disk_bytes: int, whole_disk: bool = True, legacy: bool = False) -> dict:
    """One top-level vdev of ``width`` disks of ``disk_bytes``: its raw size, the space of its normal metaslabs and
    of the one the embedded ZIL takes (bytes, not deflated)."""
    leaf = leaf_bytes(disk_bytes, whole_disk)
    vdev = leaf * width if kind in (RAIDZ, STRIPE) else leaf
    shift = metaslab_shift(vdev, legacy)
    count = vdev >> shift
    log = 1 if count >= EMBEDDED_SLOG_MIN_MS and not legacy else 0
    return {'raw': vdev, 'normal': (count - log) << shift, 'embedded_log': log << shift}


def slop_bytes(dspace: int, embedded_log: int, legacy: bool = False) -> int:
    """``spa_get_slop_space`` of a pool whose normal class has ``dspace`` deflated bytes."""
    if legacy:
        return max(dspace >> SLOP_SHIFT, LEGACY_MIN_SLOP)
    slop = min(dspace >> SLOP_SHIFT, MAX_SLOP)
    slop -= min(embedded_log, slop >> 1)
    return max(slop, min(dspace >> 1, MIN_SLOP))


def pool_space(kind: str, width: int, parity: int, vdevs: int, disk_bytes: int, *, ashift: int = 12,
               recordsize: int = OLD_MAX_BLOCK, whole_disk: bool = True, legacy: bool = False) -> dict:
    """A pool of ``vdevs`` identical top-level vdevs: ``raw_bytes`` (every disk, as ``zpool list`` adds them up for
    RAIDZ), ``usable_bytes`` (what `zfs list` shows free on the new pool), ``slop_bytes``, and ``effective_bytes``
    (how much data in ``recordsize`` records fits, uncompressed), with the sectors a record takes."""
    one = vdev_space(kind, width, disk_bytes, whole_disk, legacy)
    ratio = deflate_ratio(kind, width, parity, ashift)
    dspace = vdevs * ((one['normal'] >> MIN_BLOCK_SHIFT) * ratio)
    embedded = vdevs * ((one['embedded_log'] >> MIN_BLOCK_SHIFT) * ratio)
    slop = slop_bytes(dspace, embedded, legacy)
    usable = max(0, dspace - slop)
    record = allocated_bytes(recordsize, kind, width, parity, ashift)
    # a record of `recordsize` is charged its allocation, deflated: what fits is usable x recordsize / that charge
    charged = (record >> MIN_BLOCK_SHIFT) * ratio
    return {
        'raw_bytes': vdevs * (one['raw'] if kind != MIRROR else one['raw'] * width),
        'usable_bytes': usable,
        'slop_bytes': slop,
        'effective_bytes': usable * recordsize // charged,
        'record_sectors': record >> ashift,
        'record_data_sectors': ((recordsize - 1) >> ashift) + 1,
        'deflate_ratio': ratio,
    }
