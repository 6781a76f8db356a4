"""The PLAN a session's kit runs and the commands an admin pastes (pure)."""
import hashlib
import os
import shlex
import shutil
import subprocess

import pytest

from tuning.core.bench.catalog import TESTS
from tuning.core.bench.fio_output import matching_test
from tuning.core.client import commands, default_box_url, kit_url, kit_instructions

GIB = 1024 ** 3
OPTIONS = {'tests': list(TESTS), 'runs': 3, 'runtime_seconds': 30, 'ramp_seconds': 5, 'network_interface': None,
           'network_port': 5201}
MEMORY = {'physical_bytes': 8 * GIB, 'arc_max_bytes': 4 * GIB}

KIT_SHA = '0123456789abcdef' * 4


def test_each_test_keeps_the_box_tests_shape_and_io_in_flight():
    plan = kit_instructions(OPTIONS, MEMORY)
    assert [t['id'] for t in plan['tests']] == list(TESTS)
    for planned in plan['tests']:
        test = TESTS[planned['id']]
        assert planned['numjobs'] * planned['iodepth'] == test.outstanding_ios
        assert (planned['rw'], planned['block_size'], planned['rwmixread'], planned['sync']) == \
            (test.rw, test.block_size, test.rwmixread, test.sync_writes)
        # a fio job of that shape is recognised by the box as that test
        options = {'rw': planned['rw'], 'bs': str(planned['block_size'])}
        if planned['rwmixread'] is not None:
            options['rwmixread'] = str(planned['rwmixread'])
        if planned['sync']:
            options['sync'] = 'dsync'
        assert matching_test({'options': options}) == planned['id']
    by_id = {t['id']: t for t in plan['tests']}
    assert (by_id['SEQ_WRITE']['numjobs'], by_id['SEQ_WRITE']['iodepth']) == (1, 4)
    assert (by_id['RAND_READ_4K']['numjobs'], by_id['RAND_READ_4K']['iodepth']) == (2, 8)
    assert (by_id['SYNC_WRITE_4K']['numjobs'], by_id['SYNC_WRITE_4K']['iodepth']) == (1, 1)


def test_min_size_is_twice_the_arc_max_in_whole_mib():
    assert kit_instructions(OPTIONS, MEMORY)['min_size_bytes'] == 8 * GIB
    odd = kit_instructions(OPTIONS, {'physical_bytes': 2 * GIB, 'arc_max_bytes': 1_000_000_001})
    assert odd['min_size_bytes'] >= 2_000_000_002 and odd['min_size_bytes'] % (1024 * 1024) == 0
    assert odd['min_size_bytes'] - 2_000_000_002 < 1024 * 1024
    no_arc = kit_instructions(OPTIONS, {'physical_bytes': 2 * GIB, 'arc_max_bytes': 0})
    assert no_arc['min_size_bytes'] == 4 * GIB   # a box that reports no ARC: all of its RAM


def test_plan_carries_runs_durations_box_and_network():
    plan = kit_instructions({**OPTIONS, 'network_interface': 'eno1', 'network_port': 5301}, MEMORY)
    assert (plan['runs'], plan['runtime_seconds'], plan['ramp_seconds']) == (3, 30, 5)
    assert plan['box'] == {'ram_bytes': 8 * GIB, 'arc_max_bytes': 4 * GIB}
    assert plan['network'] == {'available': True, 'port': 5301}
    assert kit_instructions(OPTIONS, MEMORY)['network']['available'] is False


def test_commands_download_the_kit_ask_for_the_token_and_never_carry_one():
    box = 'https://nas.example:8443'
    out = commands(box + '/', KIT_SHA)
    assert set(out) == {'linux', 'macos', 'windows', 'agent_linux'}
    assert kit_url(box) == 'https://nas.example:8443/_plugins/tuning/client/kit/tuning_client.py'
    for name, command in out.items():
        assert kit_url(box) in command and 'TUNING_TOKEN' in command
        assert '--token' not in command
    assert ' run ' in out['linux'] and ' agent ' in out['agent_linux']
    assert '-AsSecureString' in out['windows'] and "--box 'https://nas.example:8443'" in out['windows']
    # without a certificate to pin, the download and the kit check the certificate as usual
    assert 'curl -fsSL -o' in out['linux'] and '--tls-sha256' not in out['linux'] and '$true' not in out['windows']
    assert f"echo '{KIT_SHA}  tuning_client.py' | sha256sum -c -" in out['linux']
    assert f"echo '{KIT_SHA}  tuning_client.py' | shasum -a 256 -c -" in out['macos']
    assert f"-ne '{KIT_SHA.upper()}'" in out['windows']


def test_with_the_box_certificate_pinned_the_kit_trusts_it_and_the_download_is_checked_by_its_hash():
    pin = 'ab' * 32
    out = commands('https://nas', KIT_SHA, pin)
    for name, command in out.items():
        assert f'--tls-sha256 {pin}' in command
    assert out['linux'].startswith('curl -fsSLk -o') and 'sha256sum -c' in out['linux']
    assert out['windows'].startswith('[Net.ServicePointManager]::ServerCertificateValidationCallback = {$true}; ')
    assert out['windows'].index('Get-FileHash') < out['windows'].index('python ')


FAKE_TOOLS = {
    # curl -fsSL -o FILE URL: the kit "downloaded"
    'curl': 'for a; do last=$a; done; echo "fetched $last" > tuning_client.py',
    'stty': 'exit 0',
    # what the kit would see: its argv and TUNING_TOKEN from the environment
    'python3': 'printf "%s\\n" "$@" > argv.txt; printf "%s" "$TUNING_TOKEN" > token.txt',
}


@pytest.mark.parametrize('shell', [s for s in ('sh', 'bash', 'zsh') if shutil.which(s)])
@pytest.mark.parametrize('name', ['linux', 'agent_linux'])
def test_a_pasted_unix_command_hands_the_typed_token_to_the_kit_in_its_environment(tmp_path, shell, name):
    bin_dir = tmp_path / 'bin'
    bin_dir.mkdir()
    for tool, body in FAKE_TOOLS.items():
        (bin_dir / tool).write_text(f'#!/bin/sh\n{body}\n')
        (bin_dir / tool).chmod(0o755)
    fetched = f'fetched {kit_url("https://nas:8443")}\n'.encode()
    command = commands('https://nas:8443', hashlib.sha256(fetched).hexdigest())[name]
    done = subprocess.run([shell, '-c', command], input='s3cret-token\n', capture_output=True, text=True,
                          cwd=tmp_path, env={**os.environ, 'PATH': f'{bin_dir}:{os.environ["PATH"]}'}, timeout=600)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / 'token.txt').read_text() == 's3cret-token'
    argv = (tmp_path / 'argv.txt').read_text().split()
    assert argv[:2] == ['tuning_client.py', 'run' if name == 'linux' else 'agent']
    assert argv[argv.index('--box') + 1] == 'https://nas:8443' and 's3cret-token' not in argv
    assert (tmp_path / 'tuning_client.py').read_text().strip() == f'fetched {kit_url("https://nas:8443")}'


@pytest.mark.skipif(shutil.which('sha256sum') is None, reason='coreutils sha256sum')
def test_a_kit_that_is_not_the_box_file_is_never_run(tmp_path):
    bin_dir = tmp_path / 'bin'
    bin_dir.mkdir()
    for tool, body in FAKE_TOOLS.items():
        (bin_dir / tool).write_text(f'#!/bin/sh\n{body}\n')
        (bin_dir / tool).chmod(0o755)
    done = subprocess.run(['sh', '-c', commands('https://nas', KIT_SHA)['linux']], input='s3cret\n',
                          capture_output=True, text=True, cwd=tmp_path,
                          env={**os.environ, 'PATH': f'{bin_dir}:{os.environ["PATH"]}'}, timeout=600)
    assert done.returncode != 0 and 'FAILED' in done.stdout + done.stderr
    assert not (tmp_path / 'argv.txt').exists() and not (tmp_path / 'token.txt').exists()


def test_commands_quote_what_they_are_given():
    out = commands("https://it's.odd", KIT_SHA)
    assert shlex.split(out['linux'].split(' && ')[0])[-1] == "https://it's.odd" + \
        '/_plugins/tuning/client/kit/tuning_client.py'
    assert "'https://it''s.odd'" in out['windows']


@pytest.mark.parametrize('address, url', [('192.168.1.10', 'https://192.168.1.10'),
                                          ('fd00::10', 'https://[fd00::10]'), (None, None)])
def test_default_box_url(address, url):
    assert default_box_url(address) == url


def test_the_pinned_fingerprint_is_the_first_certificate_of_the_chain():
    import base64
    from tuning.core.client import certificate_sha256
    leaf, ca = b'leaf certificate bytes', b'ca certificate bytes'

    def pem(der):
        body = base64.b64encode(der).decode()
        return f'-----BEGIN CERTIFICATE-----\n{body[:20]}\n{body[20:]}\n-----END CERTIFICATE-----\n'
    assert certificate_sha256(pem(leaf) + pem(ca)) == hashlib.sha256(leaf).hexdigest()
    assert certificate_sha256(None) is None and certificate_sha256('') is None
    assert certificate_sha256('-----BEGIN CERTIFICATE-----\n@@@\n-----END CERTIFICATE-----') is None
