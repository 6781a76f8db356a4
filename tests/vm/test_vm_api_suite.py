"""The API tier's own suite (tests/api), run against the host in the VM instead of the sandbox: the files whose tests
reach the box (presets, apply/revert, drift, acknowledgements, benchmarks, the ladder, the network ceiling, campaigns,
crash recovery, hostile values on their way to ZFS) now meet real OpenZFS. Tests marked `sandbox_only` skip there.

The wire-level files (protocol, authentication, hostile clients and connections, uploads and downloads, TLS, load,
fuzzing, query options, the database export) are left out here: they exercise the same host code whatever box is
under it, and run against the sandbox host in `make test` and against TrueNAS's own middlewared in the live tier;
under QEMU's software emulation they cost most of this tier's time and prove nothing more. So do the files whose
box-side path a test of this tier already walks on the real pool: benchmarks and their abort (test_vm_benchmark),
campaigns (test_vm_campaign, test_vm_client_campaign), the client kit over NFS, SMB and iSCSI (test_vm_clients); they
were half of this tier's time. The reports' file (test_report_api) too: what it asks of the box is a benchmark and a
campaign, and rendering is the same code whatever the box. So are the files whose tests end at the host's own
checks before anything reaches the box: hostile values (refused by field; the box side has test_vm_hostile_values),
benchmark limits (refusals before a write; a real benchmark's space check is test_vm_benchmark's) and the preset
editor (stored presets; applying them is test_vm_presets'). Left: apply, revert, drift and its actions, the words
read from the real box, and the alerts its state raises: apply and revert here, the rest in test_vm_api_suite_drift.py
(two files, so the two VMs of make test can take one each)."""
import pytest

from api_suite import run_api_files

pytestmark = pytest.mark.vm


def test_apply_and_revert_pass_against_the_real_pool(guest_host):
    run_api_files(guest_host, 'apply-revert', ('test_tuning_api.py',))
