"""tuning.benchmark.compare's warnings and the report say the same about the conditions of the same results: one
rule set (core.bench.conditions), so one never calls a pair like-for-like while the other warns."""
import pytest

from tuning.benchmark import comparison_of
from tuning.core.bench.conditions import (
    DIFFERENT_CONDITIONS, UNKNOWN_CONDITIONS, data_loss_warnings, noise_warnings,
)
from tuning.core.report import build_report

from .conftest import STEADY, full_context, make_result


def _result(id_, context, source='FIO', label=None):
    return make_result(id_, label or f'r{id_}', {'SEQ_WRITE': {'write_bw_bytes': STEADY}}, context, source=source)


CLIENT = full_context(client={'hostname': 'ws1'}, target={'dataset': 'tank/bench', 'pool': 'tank', 'protocol': 'NFS',
                                                      'protocol_version': '4.2'},
                  cache_defeat={'method': 'CLIENT_DIRECT_IO', 'size_bytes': 256 * 1024 ** 2},
                  plan={'runs': 5, 'runtime_seconds': 3, 'ramp_seconds': 1})
GIB = 1024 ** 3
# the same profile with an expert's override of the time per run and of the working set
LONGER = full_context(plan={'profile': 'QUICK', 'runtime_seconds': 8, 'ramp_seconds': 1,
                            'tests': [{'test': 'SEQ_WRITE', 'working_set_bytes': GIB},
                                      {'test': 'SEQ_READ', 'working_set_bytes': 8 * GIB}]})
OLD_RECORD = {k: v for k, v in full_context().items() if k not in ('platform', 'cpu', 'memory')}

PAIRS = {
    # name: (other result, what the two must both say: {kind: [words each of its sentences holds]})
    'same': (_result(2, full_context()), {}),
    'another dataset and fio': (_result(2, full_context(target={'dataset': 'tank/other', 'pool': 'tank'},
                                                   fio_version='fio-3.36')),
                                {DIFFERENT_CONDITIONS: ['dataset tank/other (baseline: tank/bench)',
                                                        'fio version fio-3.36 (baseline: fio-3.33)']}),
    # the old compare rule read a condition one result does not record as a difference; the report did not
    'a record without platform, CPU or memory': (_result(2, OLD_RECORD),
                                                 {UNKNOWN_CONDITIONS: ['platform, CPU, memory']}),
    # the old compare rule did not look at memory, CPU or the pool's layout; the report did
    'other hardware': (_result(2, full_context(memory={'physical_bytes': 32 * 1024 ** 3},
                                          pool={'name': 'tank', 'layout': 'RAIDZ2 6×HDD'})),
                       {DIFFERENT_CONDITIONS: ['pool layout RAIDZ2 6×HDD (baseline: MIRROR 2×SSD)',
                                               'memory 32 GiB (baseline: 64 GiB)']}),
    'a client over NFS': (_result(2, CLIENT, source='CLIENT'),
                          {DIFFERENT_CONDITIONS: ['load generator client ws1 over NFS 4.2 (baseline: the box itself)',
                                                  'cache-defeat method Direct I/O on the client (baseline: ZFS Direct I/O)']}),
    'a longer run on a larger working set': (_result(2, LONGER),
                                             {DIFFERENT_CONDITIONS: ['measured time per run 8 s (baseline: 3 s); '
                                                                     'working set 1 GiB (baseline: 256 MiB)']}),
    'an imported bonnie++ file': (_result(2, {'imported': {'format': 'BONNIE', 'tool_version': '2.00'}},
                                         source='BONNIE'),
                                  {DIFFERENT_CONDITIONS: ['benchmark tool bonnie++ (baseline: fio)'],
                                   UNKNOWN_CONDITIONS: ['load generator, backend, dataset, pool, pool layout']}),
    'an imported fio file': (_result(2, {'imported': {'format': 'FIO', 'tool_version': 'fio-3.36'}},
                                    source='FIO_IMPORT'),
                             {DIFFERENT_CONDITIONS: ['fio version fio-3.36 (baseline: fio-3.33)'],
                              UNKNOWN_CONDITIONS: ['load generator, backend, dataset']}),
}


@pytest.mark.parametrize('case', PAIRS)
def test_compare_and_the_report_say_the_same_about_conditions(case):
    other, expected = PAIRS[case]
    base = _result(1, full_context())
    compared = comparison_of([base, other], 1)
    report = build_report([base, other], compared, title='t', generated_at='2025-06-01T11:00:00Z')
    said = {kind: [w['message'] for w in report['warnings'] if w['kind'] == kind]
            for kind in (DIFFERENT_CONDITIONS, UNKNOWN_CONDITIONS)}
    for kind in (DIFFERENT_CONDITIONS, UNKNOWN_CONDITIONS):
        assert len(said[kind]) == (1 if kind in expected else 0), (kind, said[kind])
        for words in expected.get(kind, []):
            assert words in said[kind][0], (kind, said[kind][0])
    # what compare says besides noise and data loss is about conditions: the same sentences, naming results its way
    others = set(data_loss_warnings([base, other]) + noise_warnings(base) + noise_warnings(other))
    renamed = []
    for text in (w for w in compared['warnings'] if w not in others):
        for result in (base, other):
            text = text.replace(f'#{result["id"]} “{result["label"]}”', f'“{result["label"]}”')
        renamed.append(text)
    assert renamed == said[DIFFERENT_CONDITIONS] + said[UNKNOWN_CONDITIONS]
    assert [w for w in report['warnings'] if w['kind'] == 'COMPARISON'] == []   # each said once
