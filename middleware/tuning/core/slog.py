"""SLOG headroom in words (pure): how much a separate log device could raise this pool's synchronous writes.

Two figures bound the answer, both measured on a scratch child dataset with 4 KiB synchronous writes (fio
``sync=dsync``, one at a time: what an NFS or iSCSI client's sync writes, or a database's commits, look like):

- with the intent log as the pool has it (``sync=standard``): every write waits for its log record on the pool's
  disks (or on the log device the pool already has);
- with ``sync=disabled`` on that scratch dataset only: no write waits for the log at all. No log device can be faster
  than that, so it is the ceiling: "a log device could raise sync writes up to N×". Real log devices reach part of
  it (their own write latency is added back), which the answer says.

The box's own sync load comes from the ZIL's counters (``/proc/spl/kstat/zfs/zil``) over a window before the
measurement: commits (each fsync, O_DSYNC write or sync=always write that waited for the log), log records and their
bytes. Without sync writes, a log device would not help, whatever the headroom.
"""
from .figures import significant
from .presets.units import format_bytes

ZIL_KSTAT = '/proc/spl/kstat/zfs/zil'
COMMITS = 'zil_commit_count'
RECORDS = 'zil_itx_count'
LOG_BYTES = ('zil_itx_metaslab_normal_bytes', 'zil_itx_metaslab_slog_bytes')
SLOG_RECORDS = 'zil_itx_metaslab_slog_count'
NO_SYNC_LOAD = 1.0      # commits a second below which the box's own workload is said not to write synchronously
WORTH_IT = 1.5          # headroom below which a log device is said not to be worth buying
RECORD_REWRITE_FROM = 32 * 1024   # recordsize from which a 4 KiB write's whole-record rewrite is worth saying
# What a run spends besides measuring, about (the panel's SLOG_FIGURES in slog-advice.ts are these, tested to match):
DATASET_SET_UP_SECONDS = 20   # the dataset checked, its scratch dataset made, its sync set twice, and removed
RUN_SET_UP_SECONDS = 3        # each measurement: fio started, the first of each kind laying out its file
SSD_SET_UP_SECONDS = 5        # each SSD: checked against the box again, fio started on it


def expected_seconds(dataset: bool, window: int, runs: int, runtime: int, ssds: int) -> int:
    """How long a run takes, about, from the figures it runs by: the window and ``runs`` measurements of each kind
    on the scratch dataset (when a ``dataset`` is measured), then one measurement on each of ``ssds``."""
    on_dataset = window + DATASET_SET_UP_SECONDS + 2 * runs * (runtime + RUN_SET_UP_SECONDS) if dataset else 0
    return on_dataset + ssds * (runtime + SSD_SET_UP_SECONDS)


def duration_words(seconds: int) -> str:
    """"about 20 s", "about 1 min 35 s" (to 5 s) under two minutes, then "about 4 minutes"."""
    rounded = max(5, 5 * int(seconds / 5 + 0.5))   # halves up, as the panel's Math.round
    if rounded >= 120:
        return f'about {int(seconds / 60 + 0.5)} minutes'
    minutes, rest = divmod(rounded, 60)
    return 'about ' + ' '.join(part for part in (f'{minutes} min' if minutes else '', f'{rest} s' if rest else '')
                               if part)


def dataset_refusal(dataset: str, is_zfs: bool, sandbox: bool) -> str | None:
    """Why ``dataset``'s sync writes cannot be measured, or None. The sandbox's datasets are plain directories
    standing in for datasets: even one that lies on a ZFS filesystem of this machine belongs to no pool of the box,
    and setting sync on its scratch changes nothing, so its two figures would not differ by the intent log. The panel
    says so before Measure from the profile's backend alone."""
    if sandbox:
        return (f"{dataset} is not on ZFS: the sandbox's datasets are plain directories, with no intent log to "
                'measure.')
    if not is_zfs:
        return f"{dataset} is not on ZFS: a log device is a ZFS pool's, and there is no intent log to measure here."
    return None


def sync_load(before: dict | None, after: dict | None, seconds: float) -> dict | None:
    """``{seconds, commits_per_second, records_per_second, bytes_per_second, to_log_device}`` of the box's own
    synchronous writes between two reads of the ZIL's counters; ``None`` when they could not be read or went back."""
    if before is None or after is None or seconds <= 0:
        return None
    delta = {name: after.get(name, 0) - before.get(name, 0) for name in after}
    if any(v < 0 for v in delta.values()):
        return None
    return {'seconds': round(seconds, 1),
            'commits_per_second': round(delta.get(COMMITS, 0) / seconds, 2),
            'records_per_second': round(delta.get(RECORDS, 0) / seconds, 2),
            'bytes_per_second': round(sum(delta.get(name, 0) for name in LOG_BYTES) / seconds, 1),
            'to_log_device': delta.get(SLOG_RECORDS, 0) > 0}


def _side(summary: dict) -> dict:
    """What one measurement's summary says: median IOPS and its latency percentiles (ns)."""
    def median(metric):
        value = (summary.get(metric) or {}).get('median')
        return float(value) if isinstance(value, (int, float)) else None
    return {'iops': median('write_iops'), 'latency_p50_ns': median('write_lat_p50_ns'),
            'latency_p99_ns': median('write_lat_p99_ns')}


def _ms(ns: float | None) -> str:
    return '—' if ns is None else f'{significant(ns / 1e6)} ms'


def record_rewrite_words(recordsize_bytes: int | None, writes_per_second: float | None) -> str | None:
    """Why the "no intent log" figure may be the records' ceiling, not the log's: each 4 KiB write dirties a whole
    record, which the next transaction group writes out in full (the lab's RAIDZ2 of HDDs: 138 writes a second of
    128 KiB records, about what the pool writes sequentially). Said from 32 KiB records (8 × the write) up."""
    if not recordsize_bytes or recordsize_bytes < RECORD_REWRITE_FROM or not writes_per_second:
        return None
    record = format_bytes(recordsize_bytes)
    return (f'Each of these 4 KiB writes rewrites a whole {record} record of the dataset, with or without a log '
            f'device: at {writes_per_second:,.0f} a second that is up to '
            f'{format_bytes(int(writes_per_second * recordsize_bytes))}/s for the disks to write. If the pool '
            'cannot write much more than that, its records, not its log, hold these writes back: a smaller '
            'recordsize on the dataset that takes them (16 KiB for databases and VM disks; the volblocksize of a '
            'zvol) raises that ceiling, which a log device cannot.')


def slog_headroom(with_log: dict, without_log: dict, load: dict | None, log_devices: list[str],
                  watched: bool = True, recordsize_bytes: int | None = None) -> dict:
    """The answer from the two measurements' summaries (``{metric: summary}`` of SYNC_WRITE_4K), the box's own sync
    load (``watched``: a window was asked for), the pool's log devices (their names; empty: none) and the
    recordsize the measured writes landed in."""
    standard, disabled = _side(with_log), _side(without_log)
    headroom = (disabled['iops'] / standard['iops']
                if standard['iops'] and disabled['iops'] else None)
    lines = [f'Sync writes of 4 KiB, one at a time: {standard["iops"] or 0:,.0f} a second with the intent log as the '
             f'pool has it (each waits {_ms(standard["latency_p50_ns"])}, p99 {_ms(standard["latency_p99_ns"])}); '
             f'{disabled["iops"] or 0:,.0f} a second with no intent log at all (sync disabled on a scratch dataset: '
             'the ceiling no log device can pass, and unsafe for real data).']
    if log_devices:
        lines.append(f'The pool already has a log device ({", ".join(log_devices)}): the first figure is with it.')
    if headroom is not None:
        lines.append(f'A log device could raise sync writes up to {headroom:.1f}× here; a real one adds its own '
                     'write latency back, so it reaches part of that (a fast NVMe SSD with power-loss protection '
                     'comes closest).')
    if rewrite := record_rewrite_words(recordsize_bytes, disabled['iops']):
        lines.append(rewrite)
    if load is None:
        lines.append("The box's own sync load was not watched (a window of 0 s), so whether its workload writes "
                     'synchronously is not known.' if not watched else
                     "The box's intent-log counters could not be read, so its own sync load is not known.")
        verdict = 'UNKNOWN_LOAD'
    elif load['commits_per_second'] < NO_SYNC_LOAD:
        lines.append(f'Over {load["seconds"]:.0f} s the box\'s own workload waited for the intent log '
                     f'{load["commits_per_second"]:.1f} times a second: a log device would not help, as nothing here '
                     'writes synchronously now (measure again while the clients that matter are busy).')
        verdict = 'NO_SYNC_LOAD'
    else:
        lines.append(f'Over {load["seconds"]:.0f} s the box\'s own workload waited for the intent log '
                     f'{load["commits_per_second"]:,.0f} times a second ({format_bytes(int(load["bytes_per_second"]))}'
                     '/s of log records): those writes are the ones a log device speeds up.')
        verdict = 'WORTH_IT' if headroom is not None and headroom >= WORTH_IT else 'LITTLE_GAIN'
        if verdict == 'LITTLE_GAIN':
            lines.append(f'With at most {headroom or 1:.1f}× to gain, a log device would change little: the '
                         'pool already writes sync records about as fast as it writes anything.')
    return {'with_log': standard, 'without_log': disabled,
            'headroom': None if headroom is None else round(headroom, 2), 'load': load,
            'log_devices': log_devices, 'verdict': verdict, 'words': lines}
