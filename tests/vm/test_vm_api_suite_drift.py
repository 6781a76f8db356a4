"""The API tier's files on drift and its actions, the words read from the real box and the alerts its state raises,
against the host in the VM (the rest of the box-facing API files: test_vm_api_suite.py says which and why)."""
import pytest

from api_suite import run_api_files

pytestmark = pytest.mark.vm


def test_drift_words_and_alerts_pass_against_the_real_pool(guest_host):
    run_api_files(guest_host, 'drift-words-alerts',
                  ('test_drift_actions_api.py', 'test_change_words_api.py', 'test_alerts_api.py'))
