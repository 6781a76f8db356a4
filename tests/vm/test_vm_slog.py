"""SLOG headroom against real OpenZFS (issue 23 item 3): `tuning.advice.slog` on tank's root watches the box's own
sync writes (the ZIL's counters), then measures 4 KiB sync writes on a scratch child with the intent log and with
sync=disabled on that scratch dataset only. While it watches, the guest writes synchronously itself (dd with
oflag=dsync), so the box's own sync load is not zero. Afterwards no dataset has changed: tank's sync is what it was,
the scratch dataset is gone, and the guest's own ZIL counters rose at least by what the answer says it saw."""
import threading

import pytest

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
    # nothing holding data was changed, and the scratch dataset went with the job
    assert vm.run('zfs get -H -o value sync tank').strip() == sync
    assert truth.datasets() == datasets
    assert client.call('tuning.state')['busy'] is None
