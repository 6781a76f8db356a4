"""What a client (or an imported file) sends is read strictly: JSON without NaN or Infinity, integers within 64 bits,
32 levels at most (core.strict_json); fio figures finite and in range, and a fio document's odd shapes named instead
of crashing the reader (core.bench.fio_output); the importers' numbers finite; a RESULT's text plain (no control
character that could forge a log line)."""
import copy
import json
import os

import pytest

from tuning.client import submission_or_errors
from tuning.core.bench.errors import BenchmarkInputError
from tuning.core.bench.fio_output import matching_test, parse_fio_json
from tuning.core.bench.importers import import_result
from tuning.core.strict_json import MAX_DEPTH, JsonInputError, loads, value_problems
from tuning.framework import ValidationErrors

FIXTURES = os.path.join(os.path.dirname(__file__), '..', '..', 'fixtures', 'bench')
with open(os.path.join(FIXTURES, 'fio', 'seq-write-libaio-direct.json')) as f:
    SEQ_WRITE = json.load(f)


def problems(text, field='body'):
    with pytest.raises(JsonInputError) as e:
        loads(text, field)
    return e.value.problems


@pytest.mark.parametrize('text, expected', [
    ('{"bw_bytes": NaN}', [('bw_bytes', 'Is NaN, which is not JSON (numbers are finite)')]),
    ('[1, Infinity]', [('1', 'Is Infinity, which is not JSON (numbers are finite)')]),
    ('{"a": {"b": -Infinity}}', [('a.b', 'Is -Infinity, which is not JSON (numbers are finite)')]),
    ('{"a": 1e999}', [('a', 'Is a number out of range (JSON numbers are finite)')]),
    ('NaN', [('body', 'Is NaN, which is not JSON (numbers are finite)')]),
    ('{"step_id": %d}' % 2 ** 70, [('step_id', 'Is an integer out of range (at most 64 bits)')]),
    ('[%d]' % -(2 ** 63 + 1), [('0', 'Is an integer out of range (at most 64 bits)')]),
    ('{"x": "\\ud800"}', [('x', 'Contains a lone UTF-16 surrogate (text that cannot be encoded as UTF-8)')]),
    ('{"x": {"\\udc00": 1}}', [('x', 'Has a key with a lone UTF-16 surrogate')]),
])
def test_values_json_does_not_have_are_refused_by_path(text, expected):
    assert problems(text) == expected


def test_every_problem_is_named_in_path_order():
    assert [p for p, _ in problems('{"b": NaN, "a": [Infinity, 1, -Infinity]}')] == ['a.0', 'a.2', 'b']


def test_depth_is_bounded_whatever_the_nesting():
    assert problems('[' * 100000) == [('body', f'Is nested deeper than {MAX_DEPTH} levels')]
    deep = '[' * (MAX_DEPTH + 1) + ']' * (MAX_DEPTH + 1)
    assert problems(deep) == [('.'.join(['0'] * MAX_DEPTH), f'Is nested deeper than {MAX_DEPTH} levels')]
    assert loads('[' * MAX_DEPTH + ']' * MAX_DEPTH) is not None
    assert problems('{"a":' * (MAX_DEPTH + 1) + '1' + '}' * (MAX_DEPTH + 1))[0][0] == '.'.join(['a'] * MAX_DEPTH)


def test_text_that_is_not_json_names_the_field():
    assert problems('{"kit_version": ', 'data')[0][0] == 'data'
    assert problems(b'\xff')[0] == ('body', 'Is not UTF-8 text (byte 0)')
    assert problems('[1' + '0' * 5000 + ']')[0][0] == 'body'   # wider than Python converts
    assert problems('{"a": NaN}', 'data') == [('data.a', 'Is NaN, which is not JSON (numbers are finite)')]


def test_plain_json_reads_as_json():
    text = json.dumps({'a': [1, 2.5, -3, 2 ** 64 - 1, -(2 ** 63), 'ü€😀', None, True, {}, []]})
    assert loads(text) == json.loads(text)
    assert loads(json.dumps(SEQ_WRITE).encode()) == SEQ_WRITE
    assert value_problems(SEQ_WRITE) == []


def test_a_flood_of_problems_is_reported_bounded():
    assert len(problems('[' + ', '.join(['NaN'] * 10000) + ']')) == 20


# ---- fio documents ----

def fio_error(mutate) -> BenchmarkInputError:
    doc = copy.deepcopy(SEQ_WRITE)
    mutate(doc)
    with pytest.raises(BenchmarkInputError) as e:
        parse_fio_json(doc)
    return e.value


@pytest.mark.parametrize('value', [float('nan'), float('inf'), -1, 2 ** 64 + 1, 10 ** 400])
def test_a_fio_figure_is_finite_and_in_range(value):
    error = fio_error(lambda d: d['jobs'][0]['write'].update(bw_bytes=value))
    assert error.field == 'jobs[0].write.bw_bytes' and 'finite number from 0 to 2^64' in error.message


@pytest.mark.parametrize('mutate, field', [
    (lambda d: d['jobs'][0]['iodepth_level'].update({'x': 1}), 'jobs[0].iodepth_level'),
    (lambda d: d['jobs'][0]['job options'].update(iodepth='nan'), 'jobs[0].job options.iodepth'),
    (lambda d: d['jobs'][0]['job options'].update(iodepth=float('inf')), 'jobs[0].job options.iodepth'),
    (lambda d: d['jobs'][0]['job options'].update(iodepth='9' * 5000), 'jobs[0].job options.iodepth'),
    (lambda d: d['jobs'][0]['job options'].update(iodepth=None), 'jobs[0].job options.iodepth'),
    (lambda d: d['jobs'][0].update({'job options': [1]}), 'jobs[0].job options'),
    (lambda d: d.update({'global options': 'x'}), 'global options'),
    (lambda d: d['jobs'][0]['job options'].update(ioengine=['libaio']), 'jobs[0].job options.ioengine'),
    (lambda d: d['global options'].update(rw={'a': 1}), 'global options.rw'),
    (lambda d: d['jobs'][0]['write']['clat_ns']['percentile'].update({'99.000000': float('nan')}),
     'jobs[0].write.clat_ns.percentile.99.000000'),
])
def test_odd_shapes_of_a_fio_document_are_named_not_crashed_on(mutate, field):
    assert fio_error(mutate).field == field


def test_a_block_size_too_long_to_be_one_matches_no_test():
    doc = copy.deepcopy(SEQ_WRITE)
    doc['jobs'][0]['job options']['bs'] = '9' * 5000
    assert matching_test(parse_fio_json(doc)['jobs'][0]) is None


# ---- importers: a file with "nan" or "inf" stores no non-finite number ----

def bonnie(seeks: str) -> str:
    with open(os.path.join(FIXTURES, 'bonnie', 'runs-x3-2.00a.csv')) as f:
        lines = f.read().splitlines()
    fields = lines[1].split(',')
    fields[19] = seeks
    lines[1] = ','.join(fields)
    return '\n'.join(lines)


@pytest.mark.parametrize('format_, data, field', [
    ('BONNIE', bonnie('nan'), 'line 2, column seeks'), ('BONNIE', bonnie('inf'), 'line 2, column seeks'),
    ('BONNIE', bonnie('-inf'), 'line 2, column seeks'), ('BONNIE', bonnie('1e999'), 'line 2, column seeks'),
    ('FIO', json.dumps({**SEQ_WRITE, 'jobs': [{**SEQ_WRITE['jobs'][0], 'write': {
        **SEQ_WRITE['jobs'][0]['write'], 'iops': float('nan')}}]}), 'jobs[0].write.iops'),
    ('GOBONNIEGO', '{"results": [{"write_megabytes_per_second": NaN, "read_megabytes_per_second": 1, "iops": 1}]}',
     'results[0].write_megabytes_per_second'),
    ('GOBONNIEGO', '{"results": [{"write_megabytes_per_second": 1, "read_megabytes_per_second": 1e999, '
                   '"iops": 1}]}', 'results[0].read_megabytes_per_second'),
    ('GOBONNIEGO', '{"results": [{"write_megabytes_per_second": 1, "read_megabytes_per_second": 1, '
                   '"iops": %d}]}' % 10 ** 400, 'results[0].iops'),
])
def test_an_imported_figure_is_finite(format_, data, field):
    with pytest.raises(BenchmarkInputError) as e:
        import_result(format_, data)
    assert e.value.field == field and 'finite' in e.value.message


def test_the_real_files_still_import():
    with open(os.path.join(FIXTURES, 'bonnie', 'runs-x3-2.00a.csv')) as f:
        assert import_result('BONNIE', f.read())['tests']['RANDOM_IOPS']['runs'][2]['iops'] == 9144.0
    with open(os.path.join(FIXTURES, 'gobonniego', 'runs3.json')) as f:
        assert len(import_result('GOBONNIEGO', f.read())['tests']['SEQ_WRITE']['runs']) == 3


# ---- a RESULT's text ----

def result(**changes):
    body = {'kit_version': 1, 'session_id': 1, 'started_at': '2026-11-24T10:00:00Z',
            'finished_at': '2026-11-24T10:12:00Z', 'client': {'hostname': 'ws1', 'os': 'Linux'},
            'target': {'path': '/mnt/tank', 'kind': 'DIRECTORY', 'protocol': 'NFS'},
            'cache_defeat': {'direct_io': True, 'size_bytes': 1, 'reason': 'O_DIRECT'},
            'fio': [{'test': 'SEQ_WRITE', 'run': 1, 'output': SEQ_WRITE}]}
    body.update(changes)
    return body


def fields(body) -> list[str]:
    with pytest.raises(ValidationErrors) as e:
        submission_or_errors(body)
    return [error.attribute for error in e.value.errors]


@pytest.mark.parametrize('hostname', ['ws1\nFORGED', 'ws1\r', '\x00', 'ws1\x1b[31m', 'ws1\x85', 'ws1\u2028',
                                      'ws1\u2029', 'ws1\u202e', 'ws1\u2066', 'ws1\x7f', '', 'w' * 256])
def test_a_host_name_is_plain_text_of_bounded_length(hostname):
    assert fields(result(client={'hostname': hostname, 'os': 'Linux'})) == ['client.hostname']


def test_plain_text_need_not_be_ascii():
    for hostname in ('ws-Ü', 'こんにちは', 'laptop 2', 'ws1.example.org'):
        assert submission_or_errors(result(client={'hostname': hostname, 'os': 'Linux'}))['client']['hostname'] \
            == hostname


@pytest.mark.parametrize('changes, field', [
    ({'label': 'a\nb'}, 'label'), ({'started_at': '2026\n'}, 'started_at'),
    ({'target': {'path': '/mnt/\x1bx', 'kind': 'DIRECTORY', 'protocol': 'NFS'}}, 'target.path'),
    ({'fio': [{'test': 'SEQ_WRITE\n', 'run': 1, 'output': SEQ_WRITE}]}, 'fio.0.test'),
    ({'step_id': 2 ** 63}, 'step_id'), ({'session_id': 0}, 'session_id'), ({'network_result_id': 2 ** 63},
                                                                           'network_result_id'),
    ({'cache_defeat': {'direct_io': True, 'size_bytes': 2 ** 63, 'reason': 'x'}}, 'cache_defeat.size_bytes'),
])
def test_other_text_and_numbers_of_a_result_are_bounded(changes, field):
    assert fields(result(**changes)) == [field]


def test_a_fio_document_larger_than_any_real_one_is_named():
    big = {**SEQ_WRITE, 'padding': 'x' * 70000}
    assert fields(result(fio=[{'test': 'SEQ_WRITE', 'run': 1, 'output': SEQ_WRITE},
                              {'test': 'SEQ_WRITE', 'run': 2, 'output': big}])) == ['fio.1.output']
