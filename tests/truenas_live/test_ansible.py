"""The Ansible collection (plugin/ansible) against TrueNAS's real middlewared with the plugin installed: the example
playbooks run by the project's .venv ansible-playbook (connection local) over middlewared's loopback TCP site, logged
in as the fake box's truenas_admin with PASSWORD_PLAIN through TrueNAS's own auth.login_ex: the preset in check mode
(the plan as the diff, nothing changes), the apply, a second run with no change, the revert (the box as before).
The benchmarks and reports of the playbook are tests/api's (test_ansible_collection.py, three standalone hosts)."""
import os
import sys
from pathlib import Path

import pytest

from .fakebox import accounts
from .server import ready_server

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / 'api'))   # stdlib only, for the live tier's Python
from ansible_play import VENV_BIN, only_diff, play, recap, task, write_inventory  # noqa: E402

PRESET, DATASET = 'max-seq-write', 'tank/media'
APPLY = 'Apply the preset (the plan is the diff)'


@pytest.fixture(scope='module')
def box(tmp_path_factory):
    if not os.path.exists(os.path.join(VENV_BIN, 'ansible-playbook')):
        pytest.fail(f'no {VENV_BIN}/ansible-playbook: make deps-python (requirements/test.txt pins ansible-core)')
    tmp = tmp_path_factory.mktemp('ansible')
    with ready_server(tmp / 'box') as srv:
        inventory = str(tmp / 'inventory.json')
        write_inventory(inventory, {'live': {'truenas_url': f'ws://127.0.0.1:{srv.port}/api/current',
                                             'truenas_username': 'truenas_admin',
                                             'truenas_password': accounts.ADMIN_PASSWORD}})
        yield srv, inventory, str(tmp / 'ansible-home')


def settings(c):
    """What the preset touches on the box, read through TrueNAS's own services."""
    (media,) = c.call('zfs.resource.query', {'paths': [DATASET], 'properties': ['recordsize', 'logbias'],
                                              'get_source': True})
    props = {name: (p['value'], p['source']) for name, p in media['properties'].items()}
    return {'recordsize': props['recordsize'], 'logbias': props['logbias'],
            'tunables': sorted((t['var'], t['value'], t['enabled']) for t in c.call('tunable.query')),
            'smb': c.call('smb.config').get('multichannel')}


def test_check_mode_apply_again_and_revert_against_middlewared(box):
    srv, inventory, home = box

    def run(playbook, *args):
        with srv.client() as c:
            c.call('rate.limit.cache_clear')   # every task logs in; the box allows 20 logins a minute
        return play(inventory, playbook, home, *args)

    with srv.client() as c:
        before = settings(c)
        assert c.call('tuning.state')['active'] is None

    out = run('apply_preset.yml', '--check', '--diff', '--skip-tags', 'benchmark,report')
    assert recap(out) == {'live': (1, 0)}, out
    checked = task(out, APPLY)['live']
    assert checked['changed'] and 'outcome' not in checked
    shown = only_diff(checked)
    assert 'Record size on tank/media: ' in shown['before']
    assert 'Record size on tank/media: 1 MiB (to data written from now on)' in shown['after']
    with srv.client() as c:
        assert settings(c) == before and c.call('tuning.state')['active'] is None
        assert c.call('tuning.restore_point.query') == []

    out = run('apply_preset.yml', '--diff', '--tags', 'preset')
    assert recap(out) == {'live': (1, 0)}, out
    applied = task(out, APPLY)['live']
    assert applied['restore_point_id'] and applied['job']['state'] == 'SUCCESS'
    with srv.client() as c:
        state = c.call('tuning.state')
        assert (state['active']['preset'], state['active']['restore_point_id']) == (
            PRESET, applied['restore_point_id'])
        assert settings(c)['recordsize'][0] in ('1M', 1048576, '1048576')

    out = run('apply_preset.yml', '--diff', '--tags', 'preset')
    assert recap(out) == {'live': (0, 0)}, out
    assert task(out, APPLY)['live']['plan']['changes'] == []

    out = run('revert_preset.yml', '--diff')
    assert recap(out) == {'live': (1, 0)}, out
    assert task(out, 'Revert the last apply of the preset')['live']['reverted'] == applied['restore_point_id']
    assert task(out, 'What is tuned now')['live']['state']['active'] is None
    with srv.client() as c:
        assert settings(c) == before
