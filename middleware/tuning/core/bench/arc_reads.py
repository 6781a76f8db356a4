"""Which reads the ARC answered from RAM (pure): the box's ARC counters before and after each read run.

A benchmark sizes its reads to reach the disks (``cache_defeat``), but nothing proves they did until the ARC's own
counters say so. For each run of a test that reads, the runner takes ``/proc/spl/kstat/zfs/arcstats`` before and
after fio; the difference of the data counters says how much of what fio asked for the ARC had in RAM:

- blocks asked for: ``demand_data_hits + demand_data_iohits + demand_data_misses`` (every read of file data that
  went through the ARC; an *iohit* found the block already being read from disk);
- blocks read from the disks: ``demand_data_misses + prefetch_data_misses`` (a sequential read is served mostly by
  prefetch, so its demand reads *hit* buffers the prefetcher has just read from disk: those hits are disk reads,
  counted by the prefetch misses that brought them in);
- the share answered from RAM: ``1 − disk / asked`` (0 when the disks read at least as much; prefetch reading past
  the end of a file errs that way, so a share is never overstated).

With Direct I/O (OpenZFS 2.3, ``direct=standard``) file data bypasses the ARC: no data counter moves and there is no
share (``None``): nothing came from RAM. The counters are the whole box's: another workload reading at the same time
counts too, which is said with the figure.

A test is *answered from RAM* when more than ``RAM_SHARE_LIMIT`` of its blocks came from RAM: its figures are the
ARC's, not the disks', and verdicts and the bottleneck ladder leave it out unless asked to keep it.
"""

ARCSTATS = '/proc/spl/kstat/zfs/arcstats'
COUNTERS = ('demand_data_hits', 'demand_data_iohits', 'demand_data_misses', 'prefetch_data_hits',
            'prefetch_data_iohits', 'prefetch_data_misses')
RAM_SHARE_LIMIT = 0.10


def arc_counters(kstat: dict[str, int]) -> dict[str, int]:
    """The data counters of ``arcstats`` (``shared.kstat.parse_kstat``); a counter an older OpenZFS lacks
    (``*_iohits`` came with 2.2) is 0."""
    return {name: kstat.get(name, 0) for name in COUNTERS}


def counters_delta(before: dict | None, after: dict | None) -> dict | None:
    """What each counter rose by during a run; ``None`` when either read failed or a counter went back (the ZFS
    module was reloaded): no figure rather than a wrong one."""
    if before is None or after is None:
        return None
    delta = {name: after.get(name, 0) - before.get(name, 0) for name in COUNTERS}
    return None if any(v < 0 for v in delta.values()) else delta


def summed(deltas: list[dict | None]) -> dict | None:
    """The counters of a test's runs added up; ``None`` when any run has none (a share of part of the runs would
    speak for all of them)."""
    if not deltas or any(d is None for d in deltas):
        return None
    return {name: sum(d[name] for d in deltas) for name in COUNTERS}


def ram_share(delta: dict | None) -> dict | None:
    """``{asked_blocks, disk_blocks, ram_share, from_ram}`` of a run's or a test's counters; ``ram_share`` is None
    when no file data went through the ARC (Direct I/O). ``None`` without counters."""
    if delta is None:
        return None
    asked = delta['demand_data_hits'] + delta['demand_data_iohits'] + delta['demand_data_misses']
    disk = delta['demand_data_misses'] + delta['prefetch_data_misses']
    share = max(0.0, 1 - disk / asked) if asked else None
    return {'asked_blocks': asked, 'disk_blocks': disk, 'ram_share': None if share is None else round(share, 4),
            'from_ram': share is not None and share > RAM_SHARE_LIMIT}


def arc_of_runs(runs: list[dict]) -> dict | None:
    """A test's share from its runs' counters (``run['arc']``): the runs added up, so a long run weighs more."""
    return ram_share(summed([run.get('arc') for run in runs]))


def arc_words(test_id: str, arc: dict) -> str:
    """"Random read 4 KiB: 43 % of the blocks it read came from RAM (the ARC), not from the disks"."""
    from ..report.metric_info import title_of_test   # here: the report package imports the bench core
    title = title_of_test(test_id)
    share = arc.get('ram_share')
    if share is None:
        return f'{title}: no read went through the ARC (Direct I/O): every block came from the disks'
    return (f'{title}: {_percent(share)} of the blocks it read came from RAM (the ARC), not from the disks'
            + ('' if arc.get('from_ram') else f' (up to {_percent(RAM_SHARE_LIMIT)} still measures the disks)'))


def _percent(share: float) -> str:
    return f'{share * 100:.0f} %'


def from_ram_tests(result: dict) -> dict[str, float]:
    """``{test: share}`` of a stored result's tests the ARC answered from RAM (``context.arc``); older results and
    results measured elsewhere than a ZFS pool have none."""
    arc = (result.get('context') or {}).get('arc') or {}
    return {test: a['ram_share'] for test, a in arc.items() if isinstance(a, dict) and a.get('from_ram')}


def from_ram_note(test_id: str, arc: dict) -> str:
    """The result's note for a test answered from RAM: what it means for its figures."""
    return (f'{arc_words(test_id, arc)}. These figures are the ARC\'s, not the disks\': comparisons give no verdict '
            'on them and the bottleneck ladder does not use them (the counters are the whole box\'s: other reads '
            'at the same time count too).')


def merged_arc(runs: dict[str, list[dict]]) -> dict:
    """``context.arc`` of a result whose runs come from several (a campaign's rounds): each reading test's share of
    all its runs, where every run kept its counters."""
    return {test: share for test, test_runs in runs.items()
            if any('arc' in run for run in test_runs) and (share := arc_of_runs(test_runs))}


def from_ram_warnings(result: dict, name: str, judged: bool | None = None) -> list[str]:
    """A warning for each test of ``result`` the ARC answered from RAM; ``judged``: whether the comparison gave
    verdicts on it all the same (None: not said; a report's verdict column says it)."""
    arc = (result.get('context') or {}).get('arc') or {}
    then = {True: 'its verdicts judge the ARC, not the disks', False: 'no verdict is given on it',
            None: "its figures are the ARC's, not the disks'"}[judged]
    return [f'{name}: {arc_words(test, arc[test])}; {then}.' for test in from_ram_tests(result)]
