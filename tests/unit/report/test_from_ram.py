"""Reads the ARC answered from RAM (context.arc, core.bench.arc_reads): compare gives them no verdict unless asked,
the report and compare warn once, the ladder leaves such a read out of the pool layer, a campaign's merged result
takes every round's counters."""
from tuning.benchmark import comparison_of
from tuning.core.bench.comparison import FROM_RAM, compare_pair
from tuning.core.campaign import merge_rounds
from tuning.core.ladder.layers import pool_layer
from tuning.core.report import build_report, render

from .conftest import STEADY, full_context, make_result

FASTER = [130.0, 131.0, 129.0, 130.5, 129.5]
RAM = {'RAND_READ_4K': {'asked_blocks': 1000, 'disk_blocks': 520, 'ram_share': 0.48, 'from_ram': True},
       'SEQ_READ': {'asked_blocks': 1000, 'disk_blocks': 995, 'ram_share': 0.005, 'from_ram': False}}


def _pair():
    values = {'SEQ_READ': {'read_bw_bytes': STEADY}, 'RAND_READ_4K': {'read_iops': STEADY}}
    faster = {'SEQ_READ': {'read_bw_bytes': FASTER}, 'RAND_READ_4K': {'read_iops': FASTER}}
    return (make_result(1, 'before', values, full_context()),
            make_result(2, 'after', faster, full_context(arc=RAM)))


def _rows(comparison):
    return {row['test']: row for row in comparison['comparisons'][0]['metrics']}


def test_a_test_answered_from_ram_on_either_side_gets_no_verdict_and_keeps_its_observed_ratio():
    base, other = _pair()
    rows = _rows(comparison_of([base, other], 1))
    assert rows['SEQ_READ']['verdict'] == 'BETTER'
    ram = rows['RAND_READ_4K']
    assert ram['verdict'] == FROM_RAM and round(ram['ratio'], 2) == 1.30
    assert ram['ratio_ci_low'] is ram['ratio_ci_high'] is ram['p_value'] is ram['p_adjusted'] is None
    # the other way round too: the baseline's read from RAM says nothing about the disks either
    assert _rows(comparison_of([other, base], 2))['RAND_READ_4K']['verdict'] == FROM_RAM


def test_asked_to_judge_them_the_verdict_comes_back_and_the_warning_says_what_it_judges():
    base, other = _pair()
    compared = comparison_of([base, other], 1, judge_from_ram=True)
    assert _rows(compared)['RAND_READ_4K']['verdict'] == 'BETTER'
    (warning,) = [w for w in compared['warnings'] if 'RAM' in w]
    assert warning == ("#2 “after”: Random read 4 KiB: 48 % of the blocks it read came from RAM (the ARC), not from "
                       "the disks; its verdicts judge the ARC, not the disks.")
    (default,) = [w for w in comparison_of([base, other], 1)['warnings'] if 'RAM' in w]
    assert default.endswith('; no verdict is given on it.')


def test_the_core_compares_as_told_by_each_sides_from_ram_list():
    def side(values, from_ram=()):
        return {'source': 'FIO', 'label': 'x', 'from_ram': list(from_ram),
                'tests': {'SEQ_READ': {'runs': [{'metrics': {'read_bw_bytes': v}} for v in values]}}}
    assert compare_pair(side(STEADY), side(FASTER))[0]['verdict'] == 'BETTER'
    assert compare_pair(side(STEADY, ['SEQ_READ']), side(FASTER))[0]['verdict'] == FROM_RAM


def test_the_report_warns_once_and_its_verdict_says_not_judged():
    base, other = _pair()
    other['notes'] = ['Random read 4 KiB: 48 % of the blocks it read came from RAM (the ARC), not from the disks. '
                      "These figures are the ARC's, not the disks': comparisons give no verdict on them and the "
                      "bottleneck ladder does not use them (the counters are the whole box's: other reads at the "
                      'same time count too).']
    compared = comparison_of([base, other], 1)
    report = build_report([base, other], compared, title='t', generated_at='2026-11-26T20:00:00+00:00')
    ram = [w for w in report['warnings'] if 'RAM' in w['message']]
    assert [(w['kind'], w['configuration_id'], w['test']) for w in ram] == [('FROM_RAM', 2, 'RAND_READ_4K')]
    markdown = render(report, 'MARKDOWN')[0].decode()
    assert 'Answered from RAM' in markdown and 'from RAM, not judged'.upper() in markdown
    assert 'observed, answered from RAM (the ARC): not judged' in markdown
    assert 'FROM_RAM' not in markdown
    html = render(report, 'HTML')[0].decode()
    assert 'class="verdict FROM_RAM">from RAM, not judged<' in html


def test_the_ladder_leaves_a_read_from_ram_out_of_the_pool_layer_unless_asked():
    result = {'id': 7, 'label': 'quick', 'source': 'FIO', 'created_at': '2026-11-26',
              'context': {'target': {'pool': 'tank', 'dataset': 'tank'},
                          'arc': {'SEQ_READ': {'ram_share': 0.62, 'from_ram': True}}},
              'summary': {'SEQ_READ': {'read_bw_bytes': {'median': 9e9}},
                          'SEQ_WRITE': {'write_bw_bytes': {'median': 3e8}}}}
    layer = pool_layer('tank', None, [result])
    assert layer['read_bytes_per_second'] is None and layer['write_bytes_per_second'] == 3e8
    assert '62 % of its sequential read came from RAM (the ARC), not from the disks: it is left out.' in layer['note']
    kept = pool_layer('tank', None, [result], judge_from_ram=True)
    assert kept['read_bytes_per_second'] == 9e9 and 'used all the same' in kept['note']


def test_a_campaigns_merged_result_takes_the_share_of_every_rounds_runs():
    def round_result(id_, hits, misses):
        counters = {'demand_data_hits': hits, 'demand_data_iohits': 0, 'demand_data_misses': misses,
                    'prefetch_data_hits': 0, 'prefetch_data_iohits': 0, 'prefetch_data_misses': 0}
        return {'id': id_, 'source': 'FIO', 'spec': {}, 'jobs': [], 'notes': [],
                'context': {'arc': {'RAND_READ_4K': {'ram_share': 0.9, 'from_ram': True}}},
                'runs': {'RAND_READ_4K': [{'run': 1, 'metrics': {'read_iops': 100.0}, 'arc': counters}]}}
    merged = merge_rounds([round_result(4, 900, 100), round_result(5, 0, 1000)], 'c', 1)
    assert merged['context']['arc']['RAND_READ_4K']['ram_share'] == 0.45   # 900 of 2,000, not the first round's 90 %
    no_counters = merge_rounds([{**round_result(4, 1, 1), 'runs': {'SEQ_WRITE': [{'run': 1, 'metrics': {}}]}}], 'c', 1)
    assert 'arc' not in no_counters['context']
