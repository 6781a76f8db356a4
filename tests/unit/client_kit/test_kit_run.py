"""The kit end to end as a client runs it: a separate Python process, real fio (and iperf3) on a temporary
directory, against a fake box serving a tiny plan (1 s runs, a few MiB). The RESULT it posts is checked with the
box's own model and readers, so what the kit sends is what the box accepts."""
import argparse
import ast
import os
import shutil
import signal
import subprocess
import sys

import pytest

from fake_box import TOKEN, FakeBox, tiny_plan
from tuning.client_models import TuningClientSubmission
from tuning.core.bench.fio_output import matching_test, parse_fio_json
from tuning.core.client.result import client_runs
from waiting import HANG_SECONDS, Lines, exit_status, until

KIT = os.path.join(os.path.dirname(__file__), '..', '..', '..', 'middleware', 'tuning', 'client_kit',
                   'tuning_client.py')
OLDEST_PYTHON = '/root/.pyenv/versions/3.8.18/bin/python3.8'

pytestmark = pytest.mark.skipif(shutil.which('fio') is None, reason='fio is not installed')


def kit_argv(command, box, *args, python=sys.executable):
    return [python, KIT, command, '--box', box.url, *args]


def run_kit(command, box, *args, env=None, python=sys.executable):
    return subprocess.run(kit_argv(command, box, *args, python=python), capture_output=True, text=True,
                          timeout=HANG_SECONDS, env={**os.environ, 'TUNING_TOKEN': TOKEN, **(env or {})})


def assert_box_accepts(result, plan):
    """What the box does with a posted RESULT before storing it: its model, then its fio checks."""
    TuningClientSubmission.model_validate(result)
    runs = client_runs(result, plan)
    assert set(runs['tests']) == {t['id'] for t in plan['tests']}
    for entry in result['fio']:
        jobs = parse_fio_json(entry['output'])['jobs']
        assert len(jobs) == 1 and matching_test(jobs[0]) == entry['test']
        assert jobs[0]['iodepth']['ok'], entry['test']


def test_a_run_posts_a_result_the_box_accepts_and_leaves_nothing(tmp_path):
    plan = tiny_plan(tests=('SEQ_WRITE', 'SEQ_READ', 'RAND_READ_4K', 'RAND_WRITE_4K', 'SYNC_WRITE_4K', 'MIXED_70_30'),
                     runs=2)
    with FakeBox(plan) as box:
        done = run_kit('run', box, '--path', str(tmp_path), '--label', 'from a test')
    assert done.returncode == 0, done.stderr
    assert len(box.results) == 1
    result = box.results[0]
    assert_box_accepts(result, plan)
    assert [(e['test'], e['run']) for e in result['fio']] == [(t['id'], r) for t in plan['tests'] for r in (1, 2)]
    assert (result['kit_version'], result['session_id'], result['step_id'], result['label']) == \
        (1, 7, None, 'from a test')
    assert result['target']['path'] == str(tmp_path) and result['target']['kind'] == 'DIRECTORY'
    assert result['target']['protocol'] == 'LOCAL' and result['target']['fstype']
    assert result['client']['fio_version'].startswith('fio-') and result['client']['ram_bytes'] > 0
    assert result['cache_defeat']['direct_io'] is True and result['cache_defeat']['size_bytes'] == 8 << 20
    assert result['link']['address'] == '127.0.0.1'
    assert result['iperf3'] == [] and result['network_result_id'] is None  # the plan offers no network
    assert os.listdir(tmp_path) == []  # the scratch directory is gone
    # progress in words on stderr: the test, the run, the rate
    assert 'SEQ_READ (Sequential read 1 MiB): run 2 of 2: read ' in done.stderr and 'MB/s' in done.stderr
    assert TOKEN not in done.stdout + done.stderr


def test_the_network_ceiling_is_measured_against_the_boxs_iperf3_servers(tmp_path):
    if shutil.which('iperf3') is None:
        pytest.skip('iperf3 is not installed')
    plan = tiny_plan(tests=('SEQ_WRITE',), runs=1, network=True)
    with FakeBox(plan) as box:
        done = run_kit('run', box, '--path', str(tmp_path))
    assert done.returncode == 0, done.stderr
    result = box.results[0]
    assert [e['name'] for e in result['iperf3']] == ['one stream, client → box', 'one stream, box → client']
    assert all(e['output']['end']['sum_received']['bits_per_second'] > 0 for e in result['iperf3'])
    assert result['network_result_id'] == 3 and box.network['state'] == 'SUCCESS'
    assert len(box.network['servers']) == 2  # the servers saw both client tests
    assert_box_accepts(result, plan)
    with FakeBox(plan) as box:  # the box is measuring already: said in words, nothing written
        box.network = {'state': 'RUNNING'}
        busy = run_kit('run', box, '--path', str(tmp_path))
    assert busy.returncode == 4 and 'the box cannot measure the network now: a network measurement is running' in \
        busy.stderr and '--no-network' in busy.stderr
    assert box.results == [] and os.listdir(tmp_path) == []
    with FakeBox(plan) as box:  # --no-network: no iperf3, no network job
        done = run_kit('run', box, '--path', str(tmp_path), '--no-network')
    assert done.returncode == 0, done.stderr
    assert box.network is None and box.results[0]['iperf3'] == []


def test_without_direct_io_the_kit_runs_buffered_over_twice_the_clients_ram(tmp_path, monkeypatch):
    """A file system that refuses O_DIRECT (the probe says so; none here does): buffered psync jobs with the test's
    I/Os in flight, over at least twice the client's RAM, and the reason in words."""
    from tuning.client_kit import tuning_client as kit
    monkeypatch.setattr(kit, 'probe_direct_io', lambda scratch, os_name: (False, 'this file system refuses direct '
                                                                                 'I/O (Invalid argument)'))
    plan = tiny_plan(tests=('SEQ_WRITE', 'RAND_READ_4K'), runs=1, min_size_bytes=4 << 20)
    client = kit.client_info('Linux', shutil.which('fio'), None)
    client['ram_bytes'] = 6 << 20  # a tiny client, so that twice its RAM is a few MiB
    with FakeBox(plan) as box:
        options = argparse.Namespace(path=str(tmp_path), no_network=False, overwrite_device=None, label=None,
                                     box=box.url)
        result = kit.measure(options, kit.KitEndpoints(box.url, TOKEN), kit.Tools('Linux'), plan, 7, None, client)
    assert result['cache_defeat']['direct_io'] is False and result['cache_defeat']['size_bytes'] == 12 << 20
    assert result['cache_defeat']['reason'].startswith('this file system refuses direct I/O (Invalid argument), so '
                                                       'the working set is 12 MiB: at least twice this client')
    for entry in result['fio']:
        options = parse_fio_json(entry['output'])['jobs'][0]['options']
        assert (options['ioengine'], options['direct']) == ('psync', '0')
    rand = parse_fio_json(result['fio'][1]['output'])['jobs'][0]['options']
    assert rand['numjobs'] == '16' and 'iodepth' not in rand
    assert_box_accepts(result, plan)
    assert os.listdir(tmp_path) == []


def test_output_writes_the_result_to_a_file_instead_of_posting_it(tmp_path):
    share, out = tmp_path / 'share', tmp_path / 'out'
    share.mkdir()
    out.mkdir()
    plan = tiny_plan(tests=('SEQ_WRITE',), runs=1)
    with FakeBox(plan) as box:
        done = run_kit('run', box, '--path', str(share), '--output', str(out / 'result.json'))
    assert done.returncode == 0, done.stderr
    assert box.results == [] and ('POST', '/_plugins/tuning/client/v1/results') not in box.requests
    assert os.listdir(out) == ['result.json'] and os.listdir(share) == []  # no temporary file left behind
    import json
    assert_box_accepts(json.loads((out / 'result.json').read_text()), plan)


def test_a_failing_fio_stops_with_its_message_and_leaves_nothing(tmp_path):
    plan = tiny_plan(tests=('SEQ_WRITE',), runs=1)
    plan['tests'].append({**plan['tests'][0], 'id': 'SEQ_WRITE_ODD', 'block_size': 1000})  # O_DIRECT refuses it
    with FakeBox(plan) as box:
        done = run_kit('run', box, '--path', str(tmp_path))
    assert done.returncode == 6, done.stderr
    assert 'fio failed' in done.stderr and 'Invalid argument' in done.stderr
    assert box.results == [] and os.listdir(tmp_path) == []


def fio_pids_in(path):
    found = subprocess.run(['pgrep', '-f', f'fio .*--directory={path}'], capture_output=True, text=True)
    return found.stdout.split()


def kit_with_fio_running(box, path):
    """(the kit started, its stderr) once its fio writes in ``path``: after the progress line, fio's process."""
    kit = subprocess.Popen(kit_argv('run', box, '--path', str(path)), stderr=subprocess.PIPE, text=True,
                           env={**os.environ, 'TUNING_TOKEN': TOKEN})
    said = Lines(kit.stderr)
    try:
        said.wait_for(f'run 1 of 1, {HANG_SECONDS} s')
        until(lambda: fio_pids_in(path), 'fio writing in the scratch directory', alive=kit, said=lambda: said.text)
    except BaseException:
        kit.kill()
        kit.wait()
        raise
    return kit, said


@pytest.mark.parametrize('sig', [signal.SIGINT, signal.SIGTERM])
def test_ctrl_c_or_sigterm_stops_fio_and_removes_the_scratch_directory(tmp_path, sig):
    plan = tiny_plan(tests=('SEQ_WRITE',), runs=1)
    plan['runtime_seconds'] = HANG_SECONDS  # fio is still writing when the signal comes, however slow the machine
    with FakeBox(plan) as box:
        kit, said = kit_with_fio_running(box, tmp_path)
        assert len(os.listdir(tmp_path)) == 1
        kit.send_signal(sig)
        code = exit_status(kit, 'the kit', said=lambda: said.text)
        rest = said.wait_for_end()
    assert code == 130, rest
    assert 'interrupted: fio was stopped and the scratch directory removed' in rest
    assert os.listdir(tmp_path) == [] and box.results == []
    assert fio_pids_in(tmp_path) == []  # no fio left writing there


def test_missing_fio_is_named_with_how_to_install_it_and_nothing_is_written(tmp_path):
    empty = tmp_path / 'bin'
    empty.mkdir()
    share = tmp_path / 'share'
    share.mkdir()
    with FakeBox(tiny_plan()) as box:
        done = run_kit('run', box, '--path', str(share), env={'PATH': str(empty)})
    assert done.returncode == 3
    assert 'fio is not installed or not on PATH' in done.stderr and 'sudo apt install fio' in done.stderr
    assert 'nothing was written' in done.stderr
    assert os.listdir(share) == [] and box.results == []


@pytest.mark.parametrize('version_script,words', [
    ('echo fio-2.2.10', 'is fio 2.2, too old: the box reads fio 3.0 or later'),
    ('exit 1', 'does not answer "fio --version": it is broken'),
])
def test_a_bad_fio_is_named_and_nothing_is_written(tmp_path, version_script, words):
    bad = tmp_path / 'bin'
    bad.mkdir()
    (bad / 'fio').write_text(f'#!/bin/sh\n{version_script}\n')
    (bad / 'fio').chmod(0o755)
    share = tmp_path / 'share'
    share.mkdir()
    with FakeBox(tiny_plan()) as box:
        done = run_kit('run', box, '--path', str(share), env={'PATH': f'{bad}:/usr/bin:/bin'})
    assert done.returncode == 3 and words in done.stderr and 'sudo apt install fio' in done.stderr
    assert os.listdir(share) == [] and box.results == []


def test_a_fio_that_hangs_is_said_to_hang_not_to_be_broken(tmp_path, monkeypatch):
    """fio's first answer may be slow on a busy machine: the kit waits minutes for it (TOOL_ANSWER_SECONDS), then
    says it hangs. Here a fio that never answers, with the wait cut to 1 s."""
    from tuning.client_kit import tuning_client as kit
    silent = tmp_path / 'bin'
    silent.mkdir()
    (silent / 'fio').write_text('#!/bin/sh\nexec sleep 3600\n')
    (silent / 'fio').chmod(0o755)
    monkeypatch.setenv('PATH', f'{silent}:/usr/bin:/bin')
    monkeypatch.setattr(kit, 'TOOL_ANSWER_SECONDS', 1)
    with pytest.raises(kit.CheckFailed) as e:
        kit.Tools('Linux')
    assert e.value.message == (f'{silent}/fio did not answer "fio --version" within 1 s: it hangs; end what holds '
                               'it (or restart this machine) and run the kit again')


def test_missing_iperf3_is_named_when_the_plan_measures_the_network(tmp_path):
    only_fio = tmp_path / 'bin'
    only_fio.mkdir()
    os.symlink(shutil.which('fio'), only_fio / 'fio')
    share = tmp_path / 'share'
    share.mkdir()
    with FakeBox(tiny_plan(network=True)) as box:
        done = run_kit('run', box, '--path', str(share), env={'PATH': str(only_fio)})
    assert done.returncode == 3, done.stderr
    assert 'iperf3 is not installed or not on PATH' in done.stderr and '--no-network' in done.stderr
    assert box.network is None and os.listdir(share) == [] and box.results == []


def test_checks_refuse_a_missing_path_and_too_little_space(tmp_path):
    with FakeBox(tiny_plan()) as box:
        missing = run_kit('run', box, '--path', str(tmp_path / 'nope'))
        assert missing.returncode == 3 and 'does not exist' in missing.stderr
        box.plan = tiny_plan(min_size_bytes=1 << 60)
        full = run_kit('run', box, '--path', str(tmp_path))
    assert full.returncode == 3 and 'free; the measurement needs 1 EiB' in full.stderr
    assert os.listdir(tmp_path) == [] and box.results == []


def test_a_block_device_needs_overwrite_device_and_is_refused_when_mounted(tmp_path):
    with open('/proc/self/mountinfo') as f:
        sources = [line.split(' - ')[1].split()[1] for line in f if ' - ' in line]
    mounted = next((s for s in sources if s.startswith('/dev/') and os.path.exists(s)
                    and os.path.realpath(s).startswith('/dev/') and __import__('stat').S_ISBLK(os.stat(s).st_mode)),
                   None)
    if mounted is None:
        pytest.skip('no mounted block device visible here')
    with FakeBox(tiny_plan()) as box:
        plain = run_kit('run', box, '--path', mounted)
        assert plain.returncode == 3 and f'--overwrite-device {mounted}' in plain.stderr
        other = run_kit('run', box, '--path', mounted, '--overwrite-device', '/dev/null')
        assert other.returncode == 3 and '--overwrite-device' in other.stderr
        confirmed = run_kit('run', box, '--path', mounted, '--overwrite-device', mounted)
    assert confirmed.returncode == 3 and 'is mounted on' in confirmed.stderr
    assert box.results == []


def test_the_token_comes_from_the_environment_or_a_file_only(tmp_path):
    with FakeBox(tiny_plan()) as box:
        none = run_kit('run', box, '--path', str(tmp_path), env={'TUNING_TOKEN': ''})
        assert none.returncode == 2 and 'TUNING_TOKEN' in none.stderr
        as_argument = run_kit('run', box, '--path', str(tmp_path), '--token', TOKEN, env={'TUNING_TOKEN': ''})
        assert as_argument.returncode == 2 and 'unrecognized arguments: --token' in as_argument.stderr
        wrong = run_kit('run', box, '--path', str(tmp_path), env={'TUNING_TOKEN': 'wrong'})
        assert wrong.returncode == 4 and 'did not accept the token' in wrong.stderr
        token_file = tmp_path / 'token'
        token_file.write_text(TOKEN + '\n')
        box.plan = tiny_plan(tests=('SEQ_WRITE',), runs=1)
        share = tmp_path / 'share'
        share.mkdir()
        from_file = run_kit('run', box, '--path', str(share), '--token-file', str(token_file),
                            env={'TUNING_TOKEN': ''})
    assert from_file.returncode == 0, from_file.stderr
    assert len(box.results) == 1 and os.listdir(share) == []


def test_a_refused_result_is_printed_field_by_field(tmp_path):
    with FakeBox(tiny_plan(tests=('SEQ_WRITE',), runs=1)) as box:
        box.refuse_results = (400, {'error': {'errname': 'EINVAL', 'reason': 'The result was not stored.',
                                              'extra': [['fio.0.output.jobs.0', 'has the shape of SEQ_READ', 22]]}})
        done = run_kit('run', box, '--path', str(tmp_path))
    assert done.returncode == 4
    assert 'The result was not stored.' in done.stderr and 'fio.0.output.jobs.0: has the shape of SEQ_READ' in \
        done.stderr
    assert os.listdir(tmp_path) == []


@pytest.mark.skipif(shutil.which('openssl') is None, reason='openssl is needed to make a certificate')
def test_tls_is_verified_unless_told_otherwise(tmp_path):
    """A box with a self-signed certificate (as TrueNAS has out of the box): refused by default, trusted with
    --cafile, accepted unchecked with --insecure."""
    cert, key = tmp_path / 'box.pem', tmp_path / 'box.key'
    subprocess.run(['openssl', 'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=box',
                    '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', str(key), '-out', str(cert)],
                   check=True, capture_output=True)
    share = tmp_path / 'share'
    share.mkdir()
    with FakeBox(tiny_plan(tests=('SEQ_WRITE',), runs=1), tls=(str(cert), str(key))) as box:
        assert box.url.startswith('https://')
        untrusted = run_kit('run', box, '--path', str(share))
        assert untrusted.returncode == 5 and 'TLS certificate is not trusted' in untrusted.stderr
        assert '--cafile' in untrusted.stderr and box.results == []
        trusted = run_kit('run', box, '--path', str(share), '--cafile', str(cert))
        assert trusted.returncode == 0, trusted.stderr
        insecure = run_kit('run', box, '--path', str(share), '--insecure')
        assert insecure.returncode == 0, insecure.stderr
    assert len(box.results) == 2 and os.listdir(share) == []


@pytest.mark.skipif(shutil.which('openssl') is None, reason='openssl is needed to make a certificate')
def test_a_pinned_fingerprint_trusts_exactly_the_box_certificate(tmp_path):
    """--tls-sha256 (what the session's commands carry): the self-signed box is trusted without a CA, another
    certificate is refused before anything is sent, a malformed fingerprint is a usage error."""
    import hashlib
    import ssl
    cert, key = tmp_path / 'box.pem', tmp_path / 'box.key'
    subprocess.run(['openssl', 'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=box',
                    '-keyout', str(key), '-out', str(cert)], check=True, capture_output=True)
    digest = hashlib.sha256(ssl.PEM_cert_to_DER_cert(cert.read_text())).hexdigest()
    share = tmp_path / 'share'
    share.mkdir()
    with FakeBox(tiny_plan(tests=('SEQ_WRITE',), runs=1), tls=(str(cert), str(key))) as box:
        colons = ':'.join(digest[i:i + 2] for i in range(0, 64, 2)).upper()
        pinned = run_kit('run', box, '--path', str(share), '--tls-sha256', colons)
        assert pinned.returncode == 0, pinned.stderr
        other = run_kit('run', box, '--path', str(share), '--tls-sha256', '0' * 64)
        assert other.returncode == 5 and 'not the one the session names' in other.stderr, other.stderr
        malformed = run_kit('run', box, '--path', str(share), '--tls-sha256', 'abc')
        assert malformed.returncode == 2 and '64 hexadecimal digits' in malformed.stderr
    assert len(box.results) == 1 and os.listdir(share) == []


@pytest.mark.skipif(not os.path.exists(OLDEST_PYTHON), reason='Python 3.8 is not installed here')
def test_the_kit_runs_on_python_3_8_alone(tmp_path):
    """The oldest Python the kit supports, isolated from this project (-I: no PYTHONPATH, no site packages)."""
    copy = tmp_path / 'tuning_client.py'
    shutil.copy(KIT, copy)
    share = tmp_path / 'share'
    share.mkdir()
    with FakeBox(tiny_plan(tests=('SEQ_WRITE',), runs=1)) as box:
        done = subprocess.run([OLDEST_PYTHON, '-I', str(copy), 'run', '--box', box.url, '--path', str(share)],
                              capture_output=True, text=True, timeout=HANG_SECONDS,
                              env={**os.environ, 'TUNING_TOKEN': TOKEN})
    assert done.returncode == 0, done.stderr
    assert box.results[0]['client']['python'].startswith('3.8.')


def test_the_kit_imports_only_the_standard_library():
    with open(KIT) as f:
        tree = ast.parse(f.read())
    names = {alias.name.split('.')[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
             for alias in node.names}
    names |= {node.module.split('.')[0] for node in ast.walk(tree)
              if isinstance(node, ast.ImportFrom) and node.module}
    assert not any(isinstance(node, ast.ImportFrom) and node.level for node in ast.walk(tree))
    assert names and names <= sys.stdlib_module_names, names - sys.stdlib_module_names
