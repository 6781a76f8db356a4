"""The Terraform mapping generator (core/presets/terraform_table.py) and docs/terraform.md stay in sync, and every
setting of the registry has its place in it."""
import io
import json
from pathlib import Path

from tuning.core.presets.appliance_mapping import TUNABLE_TYPES
from tuning.core.presets.constants import SYSCTL, ZFS_PARAMETER
from tuning.core.presets.registry import KNOBS
from tuning.core.presets import terraform_table as tt

DOC = Path(__file__).resolve().parents[3] / 'docs' / 'terraform.md'
REGENERATE = ('regenerate: PYTHONPATH=middleware python -m tuning.core.presets.terraform_table < docs/terraform.md '
              '> /tmp/terraform.md && mv /tmp/terraform.md docs/terraform.md')


def test_docs_generated_part_is_the_generator_output():
    text = DOC.read_text()
    assert tt.BEGIN in text and tt.END in text
    assert tt.splice(text) == text, REGENERATE


def test_every_registry_setting_is_mapped_once():
    knobs = {k.id for k in KNOBS}
    elsewhere = set(tt.TERRAFORM_ELSEWHERE)
    assert elsewhere <= knobs   # no stale entry
    assert knobs - elsewhere == {k.id for k in KNOBS if k.kind in (ZFS_PARAMETER, SYSCTL)}
    table = tt.setting_map()
    for knob in KNOBS:
        assert f'(`{knob.setting}`)' in table


def test_tunables_are_the_rows_tunable_create_takes_and_valid_blocks():
    plan = {'changes': [
        {'kind': ZFS_PARAMETER, 'scope': 'global', 'setting': 'zfs_dirty_data_max', 'proposed': '8589934592',
         'apply_mode': 'LIVE'},
        {'kind': SYSCTL, 'scope': 'global', 'setting': 'net.ipv4.tcp_rmem', 'proposed': '4096 131072 134217728',
         'apply_mode': 'LIVE'},
        {'kind': 'DATASET_PROPERTY', 'scope': 'tank', 'setting': 'recordsize', 'proposed': '1M',
         'apply_mode': 'NEW_DATA'},
    ]}
    rows = tt.tunable_rows(plan, 'max-seq-write')
    assert [(r['type'], r['var'], r['value']) for r in rows] == [
        (TUNABLE_TYPES[ZFS_PARAMETER], 'zfs_dirty_data_max', '8589934592'),
        ('SYSCTL', 'net.ipv4.tcp_rmem', '4096 131072 134217728')]
    assert rows[0]['comment'] == 'tuning: max-seq-write · Write buffer size (8 GiB)'
    blocks = tt.hcl(rows, 'max-seq-write')
    assert 'resource "truenas_tunable" "max_seq_write_net_ipv4_tcp_rmem" {' in blocks
    assert '  value   = "4096 131072 134217728"' in blocks


def test_hcl_strings_cannot_interpolate():
    rows = [{'type': 'SYSCTL', 'var': 'x', 'value': '${file("/etc/passwd")}', 'comment': '%{ if true }'}]
    assert '"$${file(\\"/etc/passwd\\")}"' in tt.hcl(rows, 'p') and '"%%{ if true }"' in tt.hcl(rows, 'p')


def test_hcl_from_a_preview_on_stdin(monkeypatch, capsys):
    plan = {'changes': [{'kind': SYSCTL, 'scope': 'global', 'setting': 'net.core.rmem_max', 'proposed': '134217728',
                         'apply_mode': 'LIVE'}]}
    monkeypatch.setattr('sys.stdin', io.StringIO(json.dumps(plan)))
    tt.main(['--hcl', 'smb-files'])
    out = capsys.readouterr().out
    assert out.startswith('resource "truenas_tunable" "smb_files_net_core_rmem_max" {')
    assert 'comment = "tuning: smb-files · Largest receive buffer (128 MiB)"' in out
