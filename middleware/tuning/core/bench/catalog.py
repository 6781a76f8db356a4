"""What the benchmark can run: tests, their metrics, and profiles.

- ``TESTS``: test id → ``TestDefinition`` (its name for people, fio ``rw``, block size, concurrency, what it
  reports).
- ``PROFILES``: profile id → ``Profile`` (runtime, ramp, repeats, adaptive cap, working-set floors, name in words);
  ``profile_name(profile_id)`` → "Quick test".
- ``METRICS``: metric id → ``Metric`` (unit, direction: ``HIGHER`` or ``LOWER`` is better).
- ``metrics_of_test(test_id)`` → the metric ids a test reports, primary first.

The workload shape of a test (block size, outstanding I/Os) is the same in every profile, so a QUICK and a
THOROUGH result of the same test measure the same thing; a profile only changes how long and how often.
"""
from dataclasses import dataclass

HIGHER = 'HIGHER'
LOWER = 'LOWER'

KIB = 1024
MIB = 1024 * KIB
GIB = 1024 * MIB


LATENCY_PERCENTILES = ('p50', 'p90', 'p99', 'p99_9')  # completion latency percentiles every fio test reports


@dataclass(frozen=True)
class Metric:
    id: str
    label: str
    unit: str
    direction: str


METRICS = {
    m.id: m for m in (
        Metric('read_bw_bytes', 'read bandwidth', 'B/s', HIGHER),
        Metric('write_bw_bytes', 'write bandwidth', 'B/s', HIGHER),
        Metric('read_iops', 'read IOPS', 'IO/s', HIGHER),
        Metric('write_iops', 'write IOPS', 'IO/s', HIGHER),
        Metric('iops', 'IOPS', 'IO/s', HIGHER),  # imported tools that report one IOPS figure (bonnie++ seeks)
        *(Metric(f'{d}_lat_{p}_ns', f'{d} latency {p.replace("_", ".")}', 'ns', LOWER)
          for d in ('read', 'write') for p in LATENCY_PERCENTILES),
    )
}


@dataclass(frozen=True)
class TestDefinition:
    id: str
    label: str  # short, for machines' eyes (fio job comments); people read ``title``
    title: str  # the one name a person sees, with its block size: "Random read 4 KiB"
    rw: str
    block_size: int
    outstanding_ios: int  # total I/Os in flight: numjobs for psync, numjobs × iodepth for libaio
    directions: tuple  # which fio directions it reports: ('write',), ('read',), ('read', 'write')
    primary: str  # 'bw' or 'iops': which figure the progress line and headline show
    rwmixread: int | None = None
    sync_writes: bool = False

    @property
    def is_random(self):
        return self.rw.startswith('rand')

    @property
    def writes(self):
        return 'write' in self.directions

    @property
    def reads(self):
        return 'read' in self.directions


TESTS = {
    t.id: t for t in (
        TestDefinition('SEQ_WRITE', 'sequential write', 'Sequential write 1 MiB', 'write', MIB, 4, ('write',), 'bw'),
        TestDefinition('SEQ_READ', 'sequential read', 'Sequential read 1 MiB', 'read', MIB, 4, ('read',), 'bw'),
        TestDefinition('RAND_READ_4K', 'random read 4K', 'Random read 4 KiB', 'randread', 4 * KIB, 16, ('read',),
                       'iops'),
        TestDefinition('RAND_WRITE_4K', 'random write 4K', 'Random write 4 KiB', 'randwrite', 4 * KIB, 16,
                       ('write',), 'iops'),
        # One writer, each write durable on return (O_DSYNC): the ZIL/SLOG path, latency is what matters.
        TestDefinition('SYNC_WRITE_4K', 'sync write 4K', 'Sync write 4 KiB', 'randwrite', 4 * KIB, 1, ('write',),
                       'iops', sync_writes=True),
        TestDefinition('MIXED_70_30', 'mixed 70/30 8K', 'Mixed 70/30 8 KiB', 'randrw', 8 * KIB, 8, ('read', 'write'),
                       'iops', rwmixread=70),
    )
}
ALL_TESTS = tuple(TESTS)


def metrics_of_test(test_id):
    """Metric ids the test reports, primary first (bandwidth for sequential tests, IOPS for the others)."""
    test = TESTS[test_id]
    out = []
    for direction in test.directions:
        first, second = ('bw_bytes', 'iops') if test.primary == 'bw' else ('iops', 'bw_bytes')
        out += [f'{direction}_{first}', f'{direction}_{second}']
    for direction in test.directions:
        out += [f'{direction}_lat_p50_ns', f'{direction}_lat_p99_ns']
    return out


@dataclass(frozen=True)
class Profile:
    id: str
    runtime_seconds: int
    ramp_seconds: int
    default_runs: int
    adaptive_cap_factor: int  # adaptive repeats never exceed planned runs × this
    direct_working_set_bytes: int  # working set when Direct I/O / O_DIRECT already keeps caches out
    plain_directory_working_set_bytes: int  # non-ZFS directory (sandbox): modest, O_DIRECT does the work
    name: str = ''  # for people: "Quick test"


PROFILES = {
    p.id: p for p in (
        # 6 tests × 5 runs × (3 s + 1 s) = 120 s of measuring plus fio start-up and file layout: about 2 minutes.
        Profile('QUICK', 3, 1, 5, 2, 1 * GIB, 256 * MIB, 'Quick test'),
        # ≥ 60 s = 12 txgs at the default 5 s zfs_txg_timeout; ramp lets the write throttle settle.
        Profile('STANDARD', 60, 10, 5, 3, 8 * GIB, 2 * GIB, 'Standard test'),
        Profile('THOROUGH', 180, 30, 9, 3, 32 * GIB, 8 * GIB, 'Thorough test'),
    )
}


def profile_name(profile_id) -> str:
    """A benchmark profile for people ("Quick test"); an id this version does not know, as it is."""
    known = PROFILES.get(profile_id)
    return known.name if known is not None else str(profile_id)
