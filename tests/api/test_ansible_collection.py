"""The Ansible collection (plugin/ansible/ansible_collections/truenas/tuning) driving three standalone hosts with the
example playbooks, through the project's .venv ansible-playbook and connection local: facts, a preset in check mode
(the plan is the diff, nothing changes on the boxes), the apply with a quick benchmark before and after and a report
per box, a second run with no change, the revert everywhere (the boxes as before), errors in the box's words. One
host is reached over wss:// with its self-signed certificate pinned and an API key, the others over ws:// with a
password. And the collection's sanity, as ansible-test sanity would check it where it cannot run here (it wants
the collection installed under ansible_collections/ and, for most checks, docker): every module's documentation
parses (ansible-doc), pyflakes, and each argument_spec matches its DOCUMENTATION."""
import ast
import contextlib
import json
import os
import subprocess
import sys
import tempfile
import threading

import pytest
import yaml

from ansible_play import (
    ANSIBLE, COLLECTION, PLAYBOOKS, VENV_BIN, ansible_env, only_diff, play, recap, task, write_inventory)
from hosting import LocalHost
from tuning_helpers import diff, full_snapshot
from tuning.shared.tls import certificate_sha256

pytestmark = pytest.mark.sandbox_only   # starts hosts of its own

MODULES = ('facts', 'preset', 'benchmark', 'campaign', 'report')
BOXES = ('box1', 'box2', 'box3')
PRESET, POOL, DATASET = 'max-seq-write', 'tank', 'tank/media'
# the smallest run the API takes: one test, one run of one second, no warm-up (as test_campaign_api's FAST)
QUICK = {'tests': ['SEQ_WRITE'], 'profile': 'QUICK', 'runs': 1, 'adaptive': False, 'runtime_seconds': 1,
         'ramp_seconds': 0}


class Fleet:
    """Three standalone hosts, an inventory naming them, and a way to run playbooks against them."""

    def __init__(self, hosts, workdir):
        self.hosts = dict(zip(BOXES, hosts))
        self.workdir = workdir
        self.inventory = os.path.join(workdir, 'inventory.json')
        self.reports = os.path.join(workdir, 'reports')
        tls = self.hosts['box3']
        with tls.client() as c:   # box3: an API key, over wss:// with the certificate pinned
            api_key = c.call('api_key.create', {'name': 'ansible'})['key']
        with open(tls.certificate) as f:
            fingerprint = certificate_sha256(f.read())
        pinned = ':'.join(fingerprint[i:i + 2].upper() for i in range(0, 64, 2))   # as TrueNAS shows it
        boxes = {name: {'truenas_url': h.url, 'truenas_username': h.username, 'truenas_password': h.password}
                 for name, h in self.hosts.items() if name != 'box3'}
        boxes['box3'] = {'truenas_url': tls.url, 'truenas_username': tls.username, 'truenas_api_key': api_key,
                         'truenas_tls_sha256': pinned}
        write_inventory(self.inventory, boxes)
        self.home = os.path.join(workdir, 'ansible-home')

    def play(self, playbook, *args, **extra_vars):
        for h in self.hosts.values():   # every task logs in: the tests' own logins must not slow the playbooks
            h.throttle.clear()
        return play(self.inventory, playbook, self.home, *args, bench=QUICK, report_dir=self.reports, **extra_vars)

    def state(self, name):
        with self.hosts[name].client() as c:
            return c.call('tuning.state')


def start_all(hosts):
    """Start the hosts at once (each start waits for its API)."""
    errors = []

    def start(h):
        try:
            h.start()
        except Exception as e:   # noqa: BLE001  said by the caller
            errors.append(e)
    threads = [threading.Thread(target=start, args=(h,)) for h in hosts]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]


@pytest.fixture(scope='module')
def fleet():
    with contextlib.ExitStack() as stack:
        workdir = stack.enter_context(tempfile.TemporaryDirectory(prefix='tuning-ansible-'))
        hosts = [LocalHost(os.path.join(workdir, name), plugins='tuning',
                           extra_env={'TUNING_TLS': 'self-signed'} if name == 'box3' else None) for name in BOXES]
        for h in hosts:
            stack.callback(lambda h=h: h.proc is not None and h.stop())
        start_all(hosts)
        yield Fleet(hosts, workdir)


def test_apply_and_revert_a_preset_on_three_boxes(fleet):
    snapshots = {}
    for name, h in fleet.hosts.items():
        with h.client(private_methods=True) as c:
            snapshots[name] = full_snapshot(c)

    # check mode: the plan per box is the diff, in words, and nothing changes on any box
    # (without the benchmarks, which a check run leaves out, and the report of them)
    out = fleet.play('apply_preset.yml', '--check', '--diff', '--skip-tags', 'benchmark,report')
    assert recap(out) == {name: (1, 0) for name in BOXES}, recap(out)
    for name, result in task(out, 'What is tuned now').items():
        assert result['state']['active'] is None and result['changed'] is False
    for name, result in task(out, 'Apply the preset (the plan is the diff)').items():
        assert result['changed'] is True and 'outcome' not in result
        shown = only_diff(result)
        assert 'Record size on tank/media: 128 KiB' in shown['before']
        assert 'Record size on tank/media: 1 MiB (to data written from now on)' in shown['after']
        assert {c['setting'] for c in result['plan']['changes']} >= {'recordsize'}
    for name in BOXES:
        assert fleet.state(name)['active'] is None
        with fleet.hosts[name].client() as c:
            assert c.call('tuning.restore_point.query') == [] and c.call('tuning.benchmark.query') == []

    # the apply: measured before and after, one report per box on the controller
    out = fleet.play('apply_preset.yml', '--diff', report_format='json')
    # two benchmarks, the preset, the report; on the first box the folder and the fleet report (each run once)
    assert recap(out) == {name: (4 + 2 * (name == 'box1'), 0) for name in BOXES}, recap(out)
    applied = task(out, 'Apply the preset (the plan is the diff)')
    before, after = task(out, 'Measure before'), task(out, 'Measure after')
    for name in BOXES:
        assert applied[name]['changed'] is True and applied[name]['restore_point_id']
        assert applied[name]['job']['state'] == 'SUCCESS' and applied[name]['job']['progress']
        state = fleet.state(name)
        assert (state['active']['preset'], state['active']['restore_point_id']) == (
            PRESET, applied[name]['restore_point_id'])
        assert before[name]['result']['context']['preset'] is None
        assert after[name]['result']['summary']['SEQ_WRITE']['write_bw_bytes']['n'] == 1
        with open(os.path.join(fleet.reports, f'{name}.json')) as f:
            report = json.load(f)
        assert json.dumps(report).count(f'{name} with {PRESET}') >= 1   # the after result's label, in the report
    with open(os.path.join(fleet.reports, 'fleet.html')) as f:   # plugin/fleet_report.py on the three JSON reports
        fleet_page = f.read()
    assert all(name in fleet_page for name in BOXES) and f'{PRESET} on {DATASET}: 3 boxes' in fleet_page

    # a second run: the preset is in effect, nothing to change (the benchmarks left out: they always add a result)
    out = fleet.play('apply_preset.yml', '--diff', '--tags', 'preset')
    assert recap(out) == {name: (0, 0) for name in BOXES}, recap(out)
    for result in task(out, 'Apply the preset (the plan is the diff)').values():
        assert result['changed'] is False and result['plan']['changes'] == []
        assert 'in effect' in result['msg'] and not result.get('warnings')

    # the revert everywhere, first in check mode (what it would put back), then for real (a revert with nothing to
    # revert reports no change: test_a_campaign_and_errors_in_the_boxs_words)
    out = fleet.play('revert_preset.yml', '--check', '--diff')
    for name, result in task(out, 'Revert the last apply of the preset').items():
        assert result['changed'] is True and result['reverted'] == applied[name]['restore_point_id']
        shown = only_diff(result)
        assert 'Record size on tank/media: 128 KiB' in shown['after']
        assert fleet.state(name)['active']['preset'] == PRESET
    out = fleet.play('revert_preset.yml')
    assert recap(out) == {name: (1, 0) for name in BOXES}, recap(out)
    for name, result in task(out, 'What is tuned now').items():
        assert result['state']['active'] is None and result['state']['in_effect'] == []
        with fleet.hosts[name].client(private_methods=True) as c:
            assert not diff(snapshots[name], full_snapshot(c)), name


ONE_BOX_PLAYBOOK = """
- hosts: box1
  gather_facts: false
  module_defaults:
    group/truenas.tuning.tuning:
      url: "{{ truenas_url }}"
      username: "{{ truenas_username }}"
      password: "{{ truenas_password }}"
  tasks:
    - name: facts
      truenas.tuning.facts:
    - name: the fact
      ansible.builtin.assert:
        that: truenas_tuning.profile.pools[0].name == 'tank' and truenas_tuning.state.active is none
    - name: campaign
      truenas.tuning.campaign:
        dataset: tank/media
        presets: [max-seq-write]
        rounds: 1
        benchmark: {tests: [SEQ_WRITE], runs: 1, runtime_seconds: 1, ramp_seconds: 0}
      register: campaign
    - name: campaign report
      truenas.tuning.report: {campaign: "{{ campaign.id }}", format: markdown, dest: "{{ report_dir }}"}
    - name: a preset that waits for a reboot
      truenas.tuning.preset: {preset: big-dirty, pool: tank, dataset: tank/media}
    - name: the same again, before the reboot
      truenas.tuning.preset: {preset: big-dirty, pool: tank, dataset: tank/media}
    - name: revert it
      truenas.tuning.preset: {preset: big-dirty, pool: tank, dataset: tank/media, state: reverted}
    - name: nothing to revert
      truenas.tuning.preset: {preset: max-seq-write, pool: tank, dataset: tank/media, state: reverted}
    - name: unknown preset
      truenas.tuning.preset: {preset: no-such-preset, pool: tank, dataset: tank/media}
      ignore_errors: true
    - name: data loss, not acknowledged
      truenas.tuning.preset: {preset: unsafe, pool: tank, dataset: tank/media}
      ignore_errors: true
    - name: data loss, not acknowledged, check mode
      truenas.tuning.preset: {preset: unsafe, pool: tank, dataset: tank/media}
      check_mode: true
    - name: a benchmark the box refuses
      truenas.tuning.benchmark: {dataset: tank/no-such-dataset, tests: [SEQ_WRITE], runs: 1, runtime_seconds: 1}
      ignore_errors: true
    - name: a report of no result
      truenas.tuning.report: {results: [999999], dest: "{{ report_dir }}/none.html"}
      ignore_errors: true
    - name: out of bounds
      truenas.tuning.benchmark: {dataset: tank/media, runs: 31}
      ignore_errors: true
    - name: wrong password
      truenas.tuning.facts: {password: wrong}
      ignore_errors: true
    - name: wrong certificate
      truenas.tuning.facts:
        url: "{{ hostvars.box3.truenas_url }}"
        tls_sha256: "{{ '00' * 32 }}"
      ignore_errors: true
    - name: clear text off loopback
      truenas.tuning.facts: {url: "ws://192.0.2.1/api/current"}
      ignore_errors: true
"""


def test_a_campaign_and_errors_in_the_boxs_words(fleet):
    with fleet.hosts['box1'].client() as c:
        c.call('tuning.preset.create', {'name': 'Unsafe', 'settings': [
            {'kind': 'DATASET_PROPERTY', 'setting': 'sync', 'value': 'DISABLED'}]})
        # the write buffer's load-time bound at half the RAM: applied now, in effect after a reboot (test_campaign_api)
        half = c.call('tuning.profile')['memory']['physical_bytes'] // 2 // 2 ** 20 * 2 ** 20
        c.call('tuning.preset.create', {'id': 'big-dirty', 'name': 'Big dirty', 'settings': [
            {'kind': 'ZFS_PARAMETER', 'setting': 'zfs_dirty_data_max_max', 'value': str(half)}]})
    os.makedirs(fleet.reports, exist_ok=True)   # the campaign's report goes into it, under the box's file name
    playbook = os.path.join(fleet.workdir, 'one-box.yml')
    with open(playbook, 'w') as f:
        f.write(ONE_BOX_PLAYBOOK)
    try:
        out = fleet.play(playbook)
        facts = task(out, 'facts')['box1']
        assert facts['profile']['pools'][0]['name'] == 'tank' and not task(out, 'the fact')['box1'].get('failed')
        assert 'max-seq-write' in {p['id'] for p in facts['presets']}

        campaign = task(out, 'campaign')['box1']
        assert campaign['changed'] and campaign['campaign']['state'] == 'DONE', campaign
        assert set(campaign['campaign']['results']) == {'BASELINE', 'max-seq-write'}
        assert campaign['campaign']['recommendation'][0]['winner_words']
        written = task(out, 'campaign report')['box1']
        assert written['dest'].endswith('.md') and os.path.dirname(written['dest']) == fleet.reports
        with open(written['dest']) as f:
            assert f'Tuning campaign {campaign["id"]}' in f.read()

        waiting = task(out, 'a preset that waits for a reboot')['box1']
        assert waiting['changed'] and waiting['pending_reboot'] == ['ZFS_PARAMETER:global:zfs_dirty_data_max_max']
        again = task(out, 'the same again, before the reboot')['box1']
        assert again['changed'] is False and again['pending_reboot'] == waiting['pending_reboot'], again
        assert 'after the next reboot' in again['msg']
        assert task(out, 'revert it')['box1']['reverted'] == waiting['restore_point_id']
        nothing = task(out, 'nothing to revert')['box1']
        assert nothing['changed'] is False and 'nothing to revert' in nothing['msg']
        unknown = task(out, 'unknown preset')['box1']
        assert unknown['failed'] and unknown['field'] and 'no-such-preset' in unknown['msg']

        unsafe = task(out, 'data loss, not acknowledged')['box1']
        assert unsafe['failed'] and unsafe['field'] == 'options.acknowledge', unsafe
        assert 'Synchronous writes' in unsafe['msg'] and 'Acknowledge it by name' in unsafe['msg']
        checked = task(out, 'data loss, not acknowledged, check mode')['box1']
        assert checked['changed'] and any('Synchronous writes on tank/media set to Disabled is dangerous' in w
                                          and 'acknowledge: [sync]' in w for w in checked['warnings'])

        refused = task(out, 'a benchmark the box refuses')['box1']
        assert refused['failed'] and refused['field'].startswith('spec.dataset'), refused
        no_result = task(out, 'a report of no result')['box1']
        assert no_result['failed'] and no_result['field'] == 'selection.results.0', no_result   # the job's error
        assert not os.path.exists(os.path.join(fleet.reports, 'none.html'))
        bounds = task(out, 'out of bounds')['box1']
        assert bounds['failed'] and (bounds['field'], bounds['msg']) == ('runs', 'runs must be from 1 to 30')
        assert task(out, 'wrong password')['box1']['field'] == 'password'
        pin = task(out, 'wrong certificate')['box1']
        assert pin['field'] == 'tls_sha256' and 'not the one tls_sha256 names' in pin['msg']
        assert task(out, 'clear text off loopback')['box1']['field'] == 'url'
        assert fleet.state('box1')['active'] is None   # nothing was applied
    finally:
        with fleet.hosts['box1'].client() as c:
            c.call('tuning.preset.delete', 'unsafe')
            c.call('tuning.preset.delete', 'big-dirty')


# ---- the collection's sanity: what ansible-test sanity's validate-modules, yamllint and pyflakes would say ----

def module_docs():
    """DOCUMENTATION (with its fragments), as ansible-doc reads it."""
    with tempfile.TemporaryDirectory(prefix='tuning-ansible-doc-') as home:
        done = subprocess.run([os.path.join(VENV_BIN, 'ansible-doc'), '--json',
                               *(f'truenas.tuning.{m}' for m in MODULES)],
                              env=ansible_env(home), capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def argument_spec(path):
    """The module's argument_spec, by running main() with AnsibleModule stopped at its construction."""
    from ansible.module_utils import basic

    class Stop(Exception):
        pass

    seen = {}

    def capture(self, argument_spec, **kwargs):
        seen.update(argument_spec=argument_spec, **kwargs)
        raise Stop

    source = open(path).read()
    ast.parse(source)
    namespace = {'__name__': 'sanity'}
    sys.path.insert(0, ANSIBLE)
    try:
        exec(compile(source, path, 'exec'), namespace)
        original = basic.AnsibleModule.__init__
        namespace['AnsibleModule'].__init__ = capture
        try:
            namespace['main']()
        except Stop:
            pass
        finally:
            namespace['AnsibleModule'].__init__ = original
    finally:
        sys.path.remove(ANSIBLE)
    return seen


def same_spec(doc_options, spec, where):
    """Every option documented as the code declares it: type, default, choices, required, elements, suboptions."""
    assert set(doc_options) == set(spec), (where, set(doc_options) ^ set(spec))
    for name, declared in spec.items():
        doc = doc_options[name]
        assert doc.get('description'), f'{where}.{name}: no description'
        assert doc.get('type', 'str') == declared.get('type', 'str'), f'{where}.{name}: type'
        assert bool(doc.get('required')) == bool(declared.get('required')), f'{where}.{name}: required'
        assert doc.get('default') == declared.get('default'), f'{where}.{name}: default'
        assert doc.get('choices') == declared.get('choices'), f'{where}.{name}: choices'
        assert doc.get('elements') == declared.get('elements'), f'{where}.{name}: elements'
        assert bool(doc.get('no_log')) is False or declared.get('no_log'), f'{where}.{name}: no_log'
        if 'options' in declared:
            same_spec(doc.get('suboptions') or {}, declared['options'], f'{where}.{name}')


def test_collection_sanity_documentation_matches_the_code():
    docs = module_docs()
    for name in MODULES:
        doc = docs[f'truenas.tuning.{name}']
        assert doc['doc']['short_description'] and doc['examples'] and doc['return'], name
        assert yaml.safe_load(doc['examples']), name   # the examples are YAML (a list of tasks)
        seen = argument_spec(os.path.join(COLLECTION, 'plugins', 'modules', f'{name}.py'))
        assert seen['supports_check_mode'] is True, name
        same_spec(doc['doc']['options'], seen['argument_spec'], name)
        for option in ('api_key', 'password'):
            assert seen['argument_spec'][option]['no_log'] is True
    with open(os.path.join(COLLECTION, 'meta', 'runtime.yml')) as f:
        assert sorted(yaml.safe_load(f)['action_groups']['tuning']) == sorted(MODULES)
    with open(os.path.join(COLLECTION, 'galaxy.yml')) as f:
        galaxy = yaml.safe_load(f)
    assert (galaxy['namespace'], galaxy['name']) == ('truenas', 'tuning')
    for playbook in os.listdir(PLAYBOOKS):
        if playbook.endswith('.yml'):
            with open(os.path.join(PLAYBOOKS, playbook)) as f:
                assert yaml.safe_load(f), playbook
    done = subprocess.run([sys.executable, '-m', 'pyflakes', COLLECTION], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr


# every spelling a setting's value comes in: sizes, block sizes, TCP triples, switches, enums, names, non-sizes
SAMPLE_VALUES = ('0', '1', '5', '100', '4096', '131072', '128K', '1M', '1.5G', '16M', '4294967296', '17179869184',
                 '4096 131072 6291456', 'true', 'false', 'AUTO', 'DISABLED', 'METADATA_ONLY', 'ALWAYS', 'LZ4',
                 'ZSTD-3', 'SSD', 'abc', '', '-1', '0.1K', None)


def test_the_collections_value_words_are_the_plugins_for_every_setting():
    """module_utils ships alone, so it carries a copy of the plugin's value formatting: the two must agree for every
    setting the plugin knows and every spelling a value comes in (a change to one that the other does not follow
    fails here)."""
    from tuning.core.presets.setting_words import WORDS, unit_fields, value_words
    from tuning.core.presets.units import format_bytes
    sys.path.insert(0, ANSIBLE)
    try:
        from ansible_collections.truenas.tuning.plugins.module_utils import tuning_api as copy
    finally:
        sys.path.remove(ANSIBLE)
    compared = 0
    for kind, setting in WORDS:
        fields = unit_fields(kind, setting)
        for value in SAMPLE_VALUES:
            assert copy.value_words(value, fields['unit'], fields['zero_is_default']) == \
                value_words(kind, setting, value), (kind, setting, value)
            compared += 1
    assert compared > 500
    for size in (0, 1, 1023, 1024, 1536, 65 * 1024 + 3, 99 * 2**20, 100 * 2**20 - 1, 1024 * 2**20, 3 * 2**40 // 2,
                 2**50, 3 * 2**60, -2 * 2**30):
        assert copy.format_bytes(size) == format_bytes(size), size
