"""SLOG headroom against real OpenZFS (issue 23 item 3): `tuning.advice.slog` on tank's root watches the box's own
sync writes (the ZIL's counters), then measures 4 KiB sync writes on a scratch child with the intent log and with
sync=disabled on that scratch dataset only. While it watches, the guest writes synchronously itself (dd with
oflag=dsync), so the box's own sync load is not zero. Afterwards no dataset has changed: tank's sync is what it was,
the scratch dataset is gone, and the guest's own ZIL counters rose at least by what the answer says it saw.

The spare "SSD" zfsd6 (non-rotational by the guest's udev rule), allowed in `ssd_disks`, is then written raw: its own
4 KiB sync-write latency comes back with sane figures and it is really written, while the spare HDD zfsd7 and a pool
disk are refused under their fields with nothing written and the pool untouched."""
import threading

import pytest

import guest_host as _guest_host  # noqa: F401  (puts tests/api, where the shared client lives, on the path)
from client import JobFailed, RpcError  # noqa: E402
from guest_layout import POOL_SERIALS  # noqa: E402

pytestmark = pytest.mark.vm

OPTIONS = {'dataset': 'tank', 'window_seconds': 6, 'runtime_seconds': 3, 'runs': 1}


def zil_commits(vm) -> int:
    """The guest's ZIL commit counter, read over ssh (not through the API under test)."""
    for line in vm.run('cat /proc/spl/kstat/zfs/zil').splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[0] == 'zil_commit_count':
            return int(parts[2])
    raise AssertionError('no zil_commit_count in the guest')


def test_slog_headroom_measures_without_touching_data(vm, client, truth, figures):
    datasets, sync = truth.datasets(), vm.run('zfs get -H -o value sync tank').strip()
    before = zil_commits(vm)
    # the box's own sync writes while the job watches: 4 KiB O_DSYNC writes into tank, removed afterwards
    # (for 15 s: longer than the job takes to reach its window; the measurements after it share the pool with it)
    target = vm.run('zfs get -H -o value mountpoint tank').strip() + '/slog-load'
    writer = threading.Thread(target=vm.ssh, args=(
        f'timeout 15 dd if=/dev/zero of={target} bs=4k count=1000000 oflag=dsync status=none; rm -f {target}',),
        kwargs={'check': False})
    writer.start()
    try:
        answer = client.job('tuning.advice.slog', OPTIONS, timeout=1800)
    finally:
        writer.join()
    commits = zil_commits(vm) - before
    figures['slog headroom'] = (f'{answer["with_log"]["iops"]:.0f} sync writes/s with the log, '
                                f'{answer["without_log"]["iops"]:.0f}/s without: {answer["headroom"]}x; '
                                f'load {answer["load"]}; verdict {answer["verdict"]}; guest commits {commits}')
    assert answer['pool'] == 'tank' and answer['log_devices'] == []
    assert answer['with_log']['iops'] > 0 and answer['without_log']['iops'] > 0 and answer['headroom'] > 0
    load = answer['load']
    assert load is not None and load['commits_per_second'] > 0
    assert load['commits_per_second'] * load['seconds'] <= commits   # never more than the guest counted
    assert answer['verdict'] in ('WORTH_IT', 'LITTLE_GAIN') and answer['words']
    # tank's 128 KiB records, read from the real dataset, are named as what each 4 KiB write rewrites
    assert any(w.startswith('Each of these 4 KiB writes rewrites a whole 128 KiB record') for w in answer['words'])
    # nothing holding data was changed, and the scratch dataset went with the job
    assert vm.run('zfs get -H -o value sync tank').strip() == sync
    assert truth.datasets() == datasets
    assert client.call('tuning.state')['busy'] is None


def first_block(vm, kernel_name: str) -> str:
    """A digest of the disk's first 64 KiB, read over ssh (not through the API under test)."""
    return vm.run(f'dd if=/dev/{kernel_name} bs=64k count=1 iflag=direct status=none | sha256sum').split()[0]


def test_an_unused_ssd_allowed_to_be_written_gives_its_own_sync_write_latency(vm, client, truth, figures):
    ssd, hdd, pool_disk = truth.disk('zfsd6'), truth.disk('zfsd7'), truth.disk(POOL_SERIALS[0])
    unused = {d['name']: d['kind'] for d in client.call('tuning.profile')['unused_disks']}
    if unused.get(ssd) != 'SSD':
        pytest.skip(f'zfsd6 ({ssd}) is not an unused SSD now: {unused}')
    status, before = vm.run('zpool status tank'), first_block(vm, ssd)
    for disks, field in (([hdd], 'options.ssd_disks.0'), ([ssd, pool_disk], 'options.ssd_disks.1')):
        with pytest.raises((JobFailed, RpcError)) as e:
            client.job('tuning.advice.slog', {'ssd_disks': disks, 'runtime_seconds': 3}, timeout=600)
        extra = (e.value.job.get('exc_info') or {}).get('extra') if isinstance(e.value, JobFailed) else None
        assert extra and [row[0] for row in extra] == [field], extra
        assert first_block(vm, ssd) == before   # refused: nothing written
    answer = client.job('tuning.advice.slog', {'ssd_disks': [ssd], 'runtime_seconds': 3}, timeout=600)
    [row] = answer['ssd_latency']
    figures['ssd sync write'] = (f'{ssd} (zfsd6): {row["iops"]:.0f} sync writes/s, p50 '
                                 f'{(row["latency_p50_ns"] or 0) / 1000:.0f} µs, p99 '
                                 f'{(row["latency_p99_ns"] or 0) / 1000:.0f} µs; {answer["words"][-1]}')
    assert row['disk'] == ssd and row['error'] is None and answer['stand_in'] is False
    assert row['iops'] > 0 and row['latency_p50_ns'] > 0 and row['latency_p99_ns'] >= row['latency_p50_ns']
    assert answer['words'][-1].startswith(f'{ssd} adds about ')
    assert first_block(vm, ssd) != before   # the raw disk itself was written
    assert vm.run('zpool status tank') == status
    assert client.call('tuning.state')['busy'] is None
