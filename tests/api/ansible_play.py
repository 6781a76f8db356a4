"""Running the example playbooks of the Ansible collection (plugin/ansible) from tests, with the project's .venv
ansible-playbook and the checkout's collection, and reading what each task did. Shared by tests/api
(test_ansible_collection.py: standalone hosts) and tests/truenas_live (test_ansible.py: TrueNAS's middlewared), so
it needs the standard library only (the live tier's Python has no yaml: inventories are written as JSON, which the
yaml inventory plugin reads)."""
import json
import os
import subprocess

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ANSIBLE = os.path.join(REPO, 'plugin', 'ansible')
COLLECTION = os.path.join(ANSIBLE, 'ansible_collections', 'truenas', 'tuning')
PLAYBOOKS = os.path.join(ANSIBLE, 'playbooks')
VENV_BIN = os.path.join(REPO, '.venv', 'bin')
VENV_PYTHON = os.path.join(VENV_BIN, 'python')   # the modules' Python (websocket-client), connection local


# ansible-core has no JSON stdout callback (ansible.posix's json is not in it): this one prints every task's result
# per host, with the recap's counts, as one JSON document
RESULTS_CALLBACK = '''
import json
from ansible.plugins.callback import CallbackBase


class CallbackModule(CallbackBase):
    CALLBACK_VERSION = 2.0
    CALLBACK_TYPE = 'stdout'
    CALLBACK_NAME = 'results'

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.plays = []

    def v2_playbook_on_play_start(self, play):
        self.plays.append({'play': {'name': play.get_name()}, 'tasks': []})

    def v2_playbook_on_task_start(self, task, is_conditional):
        self.plays[-1]['tasks'].append({'task': {'name': task.get_name()}, 'hosts': {}})

    def _record(self, result, **extra):
        # a copy as it is now: the strategy goes on changing the result afterwards
        seen = json.loads(json.dumps(dict(result._result, **extra), default=str))
        self.plays[-1]['tasks'][-1]['hosts'][result._host.get_name()] = seen

    def v2_runner_on_ok(self, result):
        self._record(result)

    def v2_runner_on_failed(self, result, ignore_errors=False):
        self._record(result, failed=True)

    def v2_runner_on_skipped(self, result):
        self._record(result, skipped=True)

    def v2_runner_on_unreachable(self, result):
        self._record(result, unreachable=True)

    def v2_playbook_on_stats(self, stats):
        hosts = sorted(stats.processed)
        print(json.dumps({'plays': self.plays, 'stats': {h: stats.summarize(h) for h in hosts}}, default=str))
'''


def ansible_env(home):
    os.makedirs(os.path.join(home, 'callbacks'), exist_ok=True)
    with open(os.path.join(home, 'callbacks', 'results.py'), 'w') as f:
        f.write(RESULTS_CALLBACK)
    env = {k: v for k, v in os.environ.items() if not k.startswith('ANSIBLE_')}
    env.update({
        'ANSIBLE_COLLECTIONS_PATH': ANSIBLE,          # the checkout's collection, not an installed one
        'ANSIBLE_CALLBACK_PLUGINS': os.path.join(home, 'callbacks'), 'ANSIBLE_STDOUT_CALLBACK': 'results',
        'ANSIBLE_HOME': home, 'ANSIBLE_LOCAL_TEMP': os.path.join(home, 'tmp'),
        'ANSIBLE_NOCOLOR': '1', 'ANSIBLE_RETRY_FILES_ENABLED': '0', 'ANSIBLE_DEPRECATION_WARNINGS': '0',
        'ANSIBLE_FORKS': '3', 'ANSIBLE_PIPELINING': '1',   # connection local: no module file per task
    })
    return env



def write_inventory(path, boxes):
    """An inventory of `boxes` {name: {truenas_url, truenas_username, truenas_password or truenas_api_key, ...}} in
    group truenas, run on this machine (connection local) by the venv's Python."""
    with open(path, 'w') as f:
        json.dump({'truenas': {'vars': {'ansible_connection': 'local', 'ansible_python_interpreter': VENV_PYTHON},
                               'hosts': boxes}}, f, indent=1)


def play(inventory, playbook, home, *args, **extra_vars):
    """Run a playbook (a path, or a name under plugin/ansible/playbooks); the results callback's output: plays,
    each task with each host's result, and the recap's counts per host."""
    done = subprocess.run(
        [os.path.join(VENV_BIN, 'ansible-playbook'), '-i', inventory, playbook, '-e', json.dumps(extra_vars), *args],
        cwd=PLAYBOOKS, env=ansible_env(home), capture_output=True, text=True, timeout=600)
    try:
        return json.loads(done.stdout[done.stdout.index('{'):])
    except ValueError:
        raise AssertionError(f'ansible-playbook said no JSON (exit {done.returncode}):\n{done.stdout}\n'
                             f'{done.stderr}') from None


def task(out, name):
    """Each host's result of the task called `name` (of the first play)."""
    (found,) = [t for t in out['plays'][0]['tasks'] if t['task']['name'] == name]
    return found['hosts']


def recap(out):
    """{host: (changed, failures)} of the recap."""
    return {host: (s['changed'], s['failures']) for host, s in out['stats'].items()}


def only_diff(result):
    """A task result's diff (one per task here)."""
    (shown,) = result['diff'] if isinstance(result['diff'], list) else [result['diff']]
    return shown
