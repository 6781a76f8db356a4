"""plugin/fleet_report.py, the controller's fleet report command: files in, one report out; bad input is refused with
the file and the field named. Run in-process and, once, as the plain script an Ansible controller runs (no
PYTHONPATH: it finds ../middleware itself)."""
import csv
import io
import json
import os
import subprocess
import sys

import pytest

import fleet_report as cli

from .test_fleet import _REPORTS, NAMES

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
SCRIPT = os.path.join(REPO, 'plugin', 'fleet_report.py')


@pytest.fixture
def files(tmp_path):
    paths = []
    for name, report in zip(NAMES, _REPORTS):
        path = tmp_path / f'{name}.json'
        path.write_text(json.dumps(report))
        paths.append(str(path))
    return paths


@pytest.mark.parametrize('fmt', ['html', 'markdown', 'csv', 'json'])
def test_writes_each_format_naming_boxes_by_their_files(files, tmp_path, fmt):
    out = tmp_path / f'fleet.{fmt}'
    assert cli.main(files + ['--format', fmt, '-o', str(out), '--title', 'Office NAS fleet']) == 0
    text = out.read_text()
    if fmt == 'json':
        model = json.loads(text)
        assert [b['name'] for b in model['boxes']] == NAMES and model['title'] == 'Office NAS fleet'
    elif fmt == 'csv':
        assert {r['box'] for r in csv.DictReader(io.StringIO(text))} == set(NAMES)
    else:
        assert 'Office NAS fleet' in text and all(n in text for n in NAMES)
    assert not os.path.exists(f'{out}.tmp')


def test_bad_input_exits_2_naming_the_file_and_the_field(files, tmp_path, capsys):
    bad = json.loads(open(files[1]).read())
    bad['metrics'][0]['median'] = 'fast'
    open(files[1], 'w').write(json.dumps(bad))
    out = tmp_path / 'x.html'
    assert cli.main(files + ['--format', 'html', '-o', str(out)]) == 2
    assert f'{files[1]}: reports[1].metrics[0].median: must be a finite number or null' in capsys.readouterr().err
    assert not out.exists()


def test_refuses_a_file_too_large_not_json_or_missing(files, tmp_path, capsys, monkeypatch):
    (tmp_path / 'junk.json').write_text('{not json')
    assert cli.main([files[0], str(tmp_path / 'junk.json'), '--format', 'csv', '-o', '-']) == 2
    assert 'junk.json: not a JSON report' in capsys.readouterr().err
    assert cli.main([files[0], str(tmp_path / 'gone.json'), '--format', 'csv', '-o', '-']) == 2
    assert 'gone.json: cannot be read' in capsys.readouterr().err
    (tmp_path / 'deep.json').write_text('[' * 200_000 + ']' * 200_000)
    assert cli.main([files[0], str(tmp_path / 'deep.json'), '--format', 'csv', '-o', '-']) == 2
    assert 'deep.json: not a JSON report' in capsys.readouterr().err
    (tmp_path / 'list.json').write_text('[]')
    assert cli.main([files[0], str(tmp_path / 'list.json'), '--format', 'csv', '-o', '-']) == 2
    assert 'list.json: reports[1]: must be an object' in capsys.readouterr().err
    monkeypatch.setattr(cli, 'MAX_FILE_BYTES', 1000)
    assert cli.main(files + ['--format', 'csv', '-o', '-']) == 2
    assert 'a report is at most 1,000' in capsys.readouterr().err


def test_a_format_outside_the_four_is_a_usage_error(files):
    with pytest.raises(SystemExit) as caught:
        cli.main(files + ['--format', 'pdf', '-o', '-'])
    assert caught.value.code == 2


def test_runs_as_a_plain_script_without_pythonpath(files, tmp_path):
    out = tmp_path / 'fleet.md'
    env = {k: v for k, v in os.environ.items() if k != 'PYTHONPATH'}
    done = subprocess.run([sys.executable, SCRIPT, *files, '--format', 'markdown', '-o', str(out)],
                          capture_output=True, text=True, env=env, cwd=str(tmp_path), timeout=60)
    assert done.returncode == 0, done.stderr
    assert '3 boxes, 5 tests compared' in done.stderr
    assert out.read_text().startswith('# Fleet report: 3 boxes')
