"""The component ladder end to end on the sandbox host: `tuning.ladder.read_disks` reads each data disk of tank (the
sandbox's stand-in files: it never reads a host device) with fio read-only, one at a time, with progress in words,
aborts leaving no fio behind; `tuning.ladder.get` assembles the ladder from a disk read, a local benchmark, a network
ceiling and client results, and names the bottleneck. Records the sandbox cannot make yet (client results) are
inserted in the shape docs/clients.md documents. `sandbox_only`: stand-ins and inserted records."""
import os
import subprocess

import pytest

from client import JobFailed, RpcError
from test_tuning_crash import kill_serving_process, kill_whole_host
from tuning_helpers import error_fields

pytestmark = pytest.mark.sandbox_only

DATA_DISKS = ['sda', 'sdb', 'sdc', 'sdd', 'sde', 'sdf', 'sdg']   # tank: RAIDZ2 of 7 HDD on the default box


def progress_of(event, job_id):
    if event.get('collection') != 'core.get_jobs' or event.get('id') != job_id:
        return ''
    return (((event.get('fields') or {}).get('progress') or {}).get('description')) or ''


def wait_reading(c, job_id):
    """Until the job's fio reports a rate for the first disk (so fio runs)."""
    c.wait_event(lambda e: progress_of(e, job_id).startswith('Disk 1/7 (sda, stand-in file): reading')
                 and progress_of(e, job_id).endswith('MB/s'), timeout=600)


def fio_reading(data_dir) -> bool:
    """Whether a fio of this host reads a stand-in (its job file names one under the host's data dir)."""
    found = subprocess.run(['pgrep', '-f', r'^(\S*/)?fio --readonly '], capture_output=True, text=True).stdout.split()
    for pid in found:
        try:
            with open(f'/proc/{pid}/cmdline', 'rb') as f:
                job = f.read().split(b'\0')[-2].decode()
            with open(job) as f:
                if data_dir in f.read():
                    return True
        except (OSError, IndexError):
            continue
    return False


def test_read_disks_reads_each_stand_in_in_turn_and_stores_the_row(host, client):
    c = client
    seen = []
    entry = c.job('tuning.ladder.read_disks', {'pool': 'tank', 'seconds_per_disk': 3}, timeout=600,
                  callback=lambda f: seen.append(((f.get('progress') or {}).get('description')) or ''))
    assert entry['pool'] == 'tank' and entry['stand_in'] is True
    assert [d['name'] for d in entry['disks']] == DATA_DISKS
    stand_ins = os.path.join(host.data_dir, 'sandbox', 'disks')
    for disk in entry['disks']:
        assert disk['device'] == os.path.join(stand_ins, disk['name'])
        assert disk['error'] is None and disk['read_bytes_per_second'] > 0 and disk['seconds'] >= 2.5
    assert entry['total_read_bytes_per_second'] == pytest.approx(sum(d['read_bytes_per_second']
                                                                     for d in entry['disks']))
    assert entry['options'] == {'pool': 'tank', 'seconds_per_disk': 3}
    assert 'stand-in files were read' in entry['words'] and 'say nothing about real disks' in entry['words']
    for index, name in enumerate(DATA_DISKS, start=1):   # one disk at a time, in order, said in words
        assert any(w.startswith(f'Disk {index}/7 ({name}, stand-in file): reading') for w in seen), seen
    firsts = [next(i for i, w in enumerate(seen) if w.startswith(f'Disk {n}/7')) for n in range(1, 8)]
    assert firsts == sorted(firsts)
    assert seen[-1].startswith(f'Disk read #{entry["id"]} stored. Read 7 stand-in files of tank for 3 s each')
    assert not fio_reading(host.data_dir)
    ladder = c.call('tuning.ladder.get', {'pool': 'tank'})
    (disks,) = [layer for layer in ladder['layers'] if layer['layer'] == 'DISKS']
    assert disks['source'] == {'kind': 'DISK_READ', 'id': entry['id']}
    assert disks['read_bytes_per_second'] == entry['total_read_bytes_per_second']
    assert disks['name'] == 'Disks (raw, 7 disks of the data vdevs)' and disks['note'].startswith('Sandbox: stand-in files')
    assert 'Read the disks (tuning.ladder.read_disks)' not in ladder['missing']
    assert c.call('tuning.state')['busy'] is None


def test_abort_stops_fio_and_stores_nothing(host, client):
    c = client
    c.subscribe('core.get_jobs')
    before = c.call('tuning.ladder.get', {'pool': 'tank'})['layers'][0]['source']
    job_id = c.job_id('tuning.ladder.read_disks', {'pool': 'tank', 'seconds_per_disk': 60})
    wait_reading(c, job_id)
    assert fio_reading(host.data_dir)
    c.call('core.job_abort', job_id)
    assert c.wait_job(job_id, timeout=600)['state'] == 'ABORTED'
    assert not fio_reading(host.data_dir)
    assert c.call('tuning.ladder.get', {'pool': 'tank'})['layers'][0]['source'] == before
    assert c.call('tuning.state')['busy'] is None


@pytest.mark.parametrize('crash', [kill_whole_host, kill_serving_process])
def test_killed_mid_read_comes_back_with_its_fio_stopped(fresh_host, crash):
    host = fresh_host()
    c = host.client(private_methods=True)
    c.subscribe('core.get_jobs')
    job_id = c.job_id('tuning.ladder.read_disks', {'pool': 'tank', 'seconds_per_disk': 60})
    wait_reading(c, job_id)
    assert fio_reading(host.data_dir)
    crash(host)
    c = host.client(private_methods=True)
    state = c.call('tuning.state')   # answered once start-up has put the box in order
    assert not fio_reading(host.data_dir)
    assert state['busy'] is None
    assert any(note.startswith('stopped fio (pid ') and 'tuning-disk-read-sda-' in note
               for note in state['recovered']), state['recovered']
    assert c.call('tuning.ladder.get', {'pool': 'tank'})['layers'][0]['source'] is None


@pytest.mark.parametrize('options, field', [
    ({'pool': 'nosuchpool'}, 'options.pool'),
    ({'pool': 'tank', 'seconds_per_disk': 2}, 'options.seconds_per_disk'),
    ({'pool': 'tank', 'seconds_per_disk': 61}, 'options.seconds_per_disk'),
])
def test_read_disks_refuses_bad_options_naming_the_field(client, options, field):
    with pytest.raises((JobFailed, RpcError)) as e:
        client.job('tuning.ladder.read_disks', options, timeout=600)
    assert field in error_fields(e.value)


def test_get_refuses_an_unknown_pool_and_a_dataset_of_another_pool(client):
    with pytest.raises(RpcError) as e:
        client.call('tuning.ladder.get', {'pool': 'nosuchpool'})
    assert error_fields(e.value) == ['options.pool'] and 'tank' in e.value.reason
    with pytest.raises(RpcError) as e:
        client.call('tuning.ladder.get', {'pool': 'tank', 'dataset': 'other/media'})
    assert error_fields(e.value) == ['options.dataset']


def insert(host, fn, **fields):
    """A record stored the way its service stores it, in the host's database (results the sandbox cannot make)."""
    from tuning.store import Database
    db = Database(os.path.join(host.data_dir, 'tuning', 'tuning.db'))
    try:
        return fn(db, **fields)
    finally:
        db.close()


def seq_summary(read, write):
    return {'SEQ_READ': {'read_bw_bytes': {'median': read, 'n': 3}},
            'SEQ_WRITE': {'write_bw_bytes': {'median': write, 'n': 3}}}


def client_result(protocol, read, write, dataset='tank/media'):
    """A client result as docs/clients.md stores it: source CLIENT, the kit's context beside the box's."""
    return dict(label=f'{protocol} from ws1', source='CLIENT', spec=None,
                context={'target': {'path': '/mnt/share', 'kind': 'DIRECTORY', 'protocol': protocol,
                                    'protocol_version': '4.2' if protocol == 'NFS' else '3.1.1',
                                    'mount_options': 'rw,vers=4.2' if protocol == 'NFS' else None},
                         'client': {'hostname': 'ws1', 'os': 'Linux'},
                         'session': {'id': 1, 'dataset': dataset},
                         'dataset': {'dataset': dataset, 'pool': dataset.split('/')[0]}},
                summary=seq_summary(read, write), runs={}, jobs=[], notes=[], raw={})


def network_result(read_bits, write_bits):
    measurements = [{'name': 'one stream, box → client', 'streams': 1, 'direction': 'BOX_TO_CLIENT',
                     'bits_per_second': read_bits},
                    {'name': 'one stream, client → box', 'streams': 1, 'direction': 'CLIENT_TO_BOX',
                     'bits_per_second': write_bits}]
    return dict(created_at='2026-11-24T10:00:00+00:00', label='eno1 · ws1', interface='eno1', address='127.0.0.1',
                port=5201, link_speed_mbps=1000, mtu=1500, client_address='127.0.0.1', iperf3_version='3.12',
                measurements=measurements, ceiling_bits_per_second=max(read_bits, write_bits), options={}, raw=[])


def test_get_assembles_the_layers_and_names_the_bottleneck(fresh_host):
    from tuning.store import benchmarks, disk_reads, network
    host = fresh_host()
    c = host.client()
    try:
        empty = c.call('tuning.ladder.get', {'pool': 'tank'})
        assert [layer['layer'] for layer in empty['layers']] == ['DISKS', 'POOL', 'NETWORK', 'PROTOCOL']
        assert empty['bottleneck'] == {'read': None, 'write': None}
        assert empty['verdict'] == 'Nothing is measured for pool tank yet.'
        assert empty['missing'] == ['Read the disks (tuning.ladder.read_disks)',
                                    'Benchmark the pool locally: sequential read and write (tuning.benchmark.run)',
                                    'Measure the network ceiling (tuning.network.measure)',
                                    'Run the client kit (tuning.client.session.create)']

        disks = insert(host, disk_reads.insert_disk_read, pool='tank', stand_in=False,
                       disks=[{'name': n, 'device': f'/dev/{n}', 'read_bytes_per_second': 200e6, 'seconds': 10.0,
                               'error': None} for n in DATA_DISKS],
                       total_read_bytes_per_second=1400e6, options={'pool': 'tank', 'seconds_per_disk': 10})
        local = insert(host, benchmarks.insert_benchmark, label='no preset · tank/media · QUICK', source='FIO',
                       spec={}, context={'target': {'pool': 'tank', 'dataset': 'tank/media'}},
                       summary=seq_summary(900e6, 600e6), runs={}, jobs=[], notes=[], raw={})
        ceiling = insert(host, network.insert_network_result, **network_result(944e6, 940e6))
        nfs = insert(host, benchmarks.insert_benchmark, **client_result('NFS', 112e6, 100e6))
        smb = insert(host, benchmarks.insert_benchmark, **client_result('SMB', 60e6, 40e6))
        insert(host, benchmarks.insert_benchmark, **client_result('ISCSI', 10e6, 10e6, dataset='other/lun'))

        ladder = c.call('tuning.ladder.get', {'pool': 'tank', 'dataset': 'tank/media'})
        layers = {(layer['layer'], layer['protocol']): layer for layer in ladder['layers']}
        assert list(layers) == [('DISKS', None), ('POOL', None), ('NETWORK', None), ('PROTOCOL', 'NFS'),
                                ('PROTOCOL', 'SMB')]   # the iSCSI result measured another pool
        assert layers['DISKS', None]['source'] == {'kind': 'DISK_READ', 'id': disks['id']}
        assert layers['DISKS', None]['read_bytes_per_second'] == 1400e6
        assert layers['POOL', None]['name'] == 'Dataset tank/media (local fio)'
        assert layers['POOL', None]['source'] == {'kind': 'BENCHMARK', 'id': local['id']}
        assert (layers['POOL', None]['read_bytes_per_second'], layers['POOL', None]['write_bytes_per_second']) == \
            (900e6, 600e6)
        assert layers['NETWORK', None]['name'] == 'Network eno1 (1 GbE)'
        assert layers['NETWORK', None]['source'] == {'kind': 'NETWORK', 'id': ceiling['id']}
        assert (layers['NETWORK', None]['read_bytes_per_second'], layers['NETWORK', None]['write_bytes_per_second']) \
            == (118e6, 117.5e6)
        assert layers['PROTOCOL', 'NFS']['name'] == 'NFS 4.2 from ws1'
        assert layers['PROTOCOL', 'SMB']['source'] == {'kind': 'CLIENT', 'id': smb['id']}
        assert ladder['bottleneck']['read'] == {
            'layer': 'NETWORK', 'protocol': None,
            'words': 'Clients are limited by the 1 GbE link (112 of 118 MB/s measured); tuning the pool cannot raise '
                     'sequential throughput.'}
        assert ladder['bottleneck']['write'] == {   # the fastest protocol writes 100 of the link's 117.5 MB/s
            'layer': 'PROTOCOL', 'protocol': 'NFS',
            'words': 'Clients get 100 MB/s over NFS although the 1 GbE link carries 118 MB/s and the pool moves '
                     '600 MB/s locally: the protocol or the client limits (check the NFS version, rsize and wsize, '
                     'nconnect, sync on the dataset, the client\'s settings).'}
        assert layers['PROTOCOL', 'NFS']['source'] == {'kind': 'CLIENT', 'id': nfs['id']}
        assert ladder['missing'] == []
        assert ladder['verdict'] == (f'Reads: {ladder["bottleneck"]["read"]["words"]} '
                                     f'Writes: {ladder["bottleneck"]["write"]["words"]}')
    finally:
        c.close()


def test_a_pool_figure_measured_under_other_settings_says_them_in_words_and_units(fresh_host):
    from tuning.store import benchmarks
    host = fresh_host()
    c = host.client()
    try:
        # the box holds 128K records and sync standard on tank/media; the result was measured under 1M and disabled
        settings = [{'kind': 'DATASET_PROPERTY', 'scope': 'tank/media', 'setting': setting, 'value': value,
                     'exists': True} for setting, value in (('recordsize', '1M'), ('sync', 'DISABLED'))]
        local = insert(host, benchmarks.insert_benchmark, label='then', source='FIO', spec={},
                       context={'target': {'pool': 'tank', 'dataset': 'tank/media'}, 'settings': settings},
                       summary=seq_summary(900e6, 600e6), runs={}, jobs=[], notes=[], raw={})
        ladder = c.call('tuning.ladder.get', {'pool': 'tank', 'dataset': 'tank/media'})
        (pool,) = [layer for layer in ladder['layers'] if layer['layer'] == 'POOL']
        assert pool['source'] == {'kind': 'BENCHMARK', 'id': local['id']} and pool['current_settings'] is False
        rows = {row['setting']: row for row in pool['settings_then']}
        assert rows['recordsize'] == {'kind': 'DATASET_PROPERTY', 'scope': 'tank/media', 'setting': 'recordsize',
                                      'name': 'Record size', 'then': '1M', 'now': '128K', 'unit': 'BYTES',
                                      'zero_is_default': False}
        assert (rows['sync']['name'], rows['sync']['unit']) == ('Synchronous writes', None)
        assert 'Record size 1 MiB on tank/media (now 128 KiB)' in pool['note']
        assert 'Synchronous writes Disabled on tank/media (now Standard)' in ladder['verdict']
    finally:
        c.close()


def test_a_report_of_a_pool_with_ladder_data_says_where_the_limit_is(fresh_host):
    import json
    import urllib.request

    from tuning.store import disk_reads
    host = fresh_host()
    c = host.client()

    def report(ids, fmt):
        job_id, url = c.call('core.download', 'tuning.report.generate', [{'results': ids}, fmt], 'report', False)
        with urllib.request.urlopen(host.http_url + url, timeout=600) as r:
            body = r.read().decode()
        assert c.wait_job(job_id, timeout=600)['state'] == 'SUCCESS'
        return body
    try:
        spec = {'dataset': 'tank/media', 'tests': ['SEQ_READ'], 'profile': 'QUICK', 'runs': 1, 'adaptive': False,
                'runtime_seconds': 1, 'ramp_seconds': 0}
        local = c.job('tuning.benchmark.run', spec, timeout=600)
        assert 'ladder' not in json.loads(report([local['id']], 'JSON'))   # nothing known beyond the pool yet
        disks = insert(host, disk_reads.insert_disk_read, pool='tank', stand_in=True,
                       disks=[{'name': 'sda', 'device': '/stand-in/sda', 'read_bytes_per_second': 1e9,
                               'seconds': 3.0, 'error': None}],
                       total_read_bytes_per_second=1e9, options={'pool': 'tank', 'seconds_per_disk': 3})
        model = json.loads(report([local['id']], 'JSON'))
        (section,) = model['ladder']
        assert model['sections'][model['sections'].index('summary') + 1] == 'ladder'
        assert section['title'] == 'Where the limit is: tank/media'
        rows = {r['layer']: r for r in section['rows']}
        assert rows['POOL']['read_bytes_per_second'] == local['summary']['SEQ_READ']['read_bw_bytes']['median']
        assert rows['DISKS']['read_bytes_per_second'] == disks['total_read_bytes_per_second']
        assert section['verdict'] == c.call('tuning.ladder.get', {'pool': 'tank', 'dataset': 'tank/media'})['verdict']
        markdown = report([local['id']], 'MARKDOWN')
        assert '## Where the limit is: tank/media' in markdown and 'Sandbox: stand-in files were read' in markdown
    finally:
        c.close()
