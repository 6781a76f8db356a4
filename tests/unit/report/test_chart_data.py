"""The compare series (core.report.chart_data): computed once, drawn by the panel and the report."""
import json
import os

from tuning.core.report.chart_data import PALETTE, compare_series, comparison_rows
from tuning.core.report.chart_layout import panel_layouts
from tuning.core.report.numbers import format_value

from .conftest import compare_results, make_result

MAX = {'bytes_per_second': 1.25e9, 'basis': 'eno1 link at 10000 Mb/s'}


def _luminance(colour):
    def channel(c):
        c = int(c, 16) / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(colour[i:i + 2]) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a, b):
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _series(baseline, others, theoretical_max=MAX):
    comparison = compare_results(baseline, others)
    results = [baseline, *others]
    return compare_series([{'id': e['id'], 'label': e['label']} for e in results],
                          {e['id']: e['summary'] for e in results},
                          comparison_rows(comparison['comparisons']), theoretical_max)


def _pair(runs=6, seq=(400e6, 480e6), rand=(12_000, 300), sync=0):
    def values(i, seq_bw, rand_iops, sync_iops):
        return {
            'SEQ_WRITE': {'write_bw_bytes': [seq_bw * (1 + (k - (runs - 1) / 2) / 500) for k in range(runs)],
                          'write_lat_p50_ns': [1.4e6] * runs, 'write_lat_p99_ns': [3.5e6 + k for k in range(runs)]},
            'RAND_READ_4K': {'read_iops': [rand_iops + k for k in range(runs)],
                             'read_lat_p50_ns': [80e3 + k for k in range(runs)],
                             'read_lat_p99_ns': [400e3 + k for k in range(runs)]},
            'SYNC_WRITE_4K': {'write_iops': [sync_iops] * runs},
            'MIXED_70_30': {'read_iops': [7000.0 + k for k in range(runs)],
                            'write_iops': [3000.0 + k for k in range(runs)]},
        }
    return (make_result(1, 'before', values(1, seq[0], rand[0], sync)),
            make_result(2, 'after', values(2, seq[1], rand[1], sync)))


def test_palette_reads_on_the_light_and_the_dark_theme_and_is_shared_by_every_mark():
    for colour in PALETTE:
        for background in ('#ffffff', '#f2f2f2', '#282828', '#1e1e1e'):
            assert _contrast(colour, background) >= 3, (colour, background)
    assert len(set(PALETTE)) == len(PALETTE)
    before, after = _pair()
    drawn = _series(before, [after])
    colours = {s['configuration_id']: s['colour'] for s in drawn['series']}
    assert colours == {1: PALETTE[0], 2: PALETTE[1]} and drawn['series'][0]['baseline']
    for chart in drawn['charts']:
        assert {s['configuration_id']: s['colour'] for s in chart['series']} == colours
    for tile in drawn['tiles']:
        assert all(v['colour'] == colours[v['configuration_id']] for v in tile['values'])


def test_bars_only_on_a_linear_axis_from_zero_dots_on_a_log_axis():
    before, after = _pair()
    charts = {c['id']: c for c in _series(before, [after])['charts']}
    assert (charts['throughput']['kind'], charts['throughput']['scale']) == ('BAR', 'LINEAR')
    assert (charts['iops']['kind'], charts['iops']['scale']) == ('DOT', 'LOG')
    for chart in charts.values():
        assert (chart['kind'] == 'BAR') == (chart['scale'] == 'LINEAR')
        if chart['kind'] == 'BAR':
            assert chart['axis']['low'] == 0 and chart['axis']['ticks'][0]['value'] == 0


def test_values_in_words_on_every_mark_and_the_limit_inside_the_axis():
    before, after = _pair()
    charts = {c['id']: c for c in _series(before, [after])['charts']}
    seq = charts['throughput']
    assert [g['label'] for g in seq['groups']] == ['Sequential write 1 MiB']
    point = seq['series'][1]['points'][0]
    assert point['text'] == format_value(point['median'], 'B/s') == '480 MB/s'
    assert point['whisker'] == [point['ci_low'], point['ci_high']] and 'interval of the median' in point['title']
    assert seq['reference'] == {'value': 1.25e9, 'text': '1,250 MB/s',
                                'label': 'theoretical maximum (eno1 link at 10000 Mb/s)'}
    assert seq['axis']['high'] >= 1.25e9 and [t['label'] for t in seq['axis']['ticks']][:2] == ['0', '500']
    assert 'Sequential write 1 MiB: before 400 MB/s, after 480 MB/s' in seq['description']
    iops = charts['iops']
    assert [g['label'] for g in iops['groups']] == ['Random read 4 KiB', 'Sync write 4 KiB', 'Mixed 70/30 8 KiB · read',
                                                    'Mixed 70/30 8 KiB · write']
    assert iops['axis']['low'] <= 300 and iops['axis']['high'] >= 12_005
    assert [t['label'] for t in iops['axis']['ticks']] == ['100', '1k', '10k', '100k']
    latency = charts['latency_RAND_READ_4K_read']
    ticks = [t['label'] for t in latency['axis']['ticks']]
    assert ticks == ['10 µs', '20 µs', '50 µs', '100 µs', '200 µs', '500 µs', '1 ms']  # two decades: 1-2-5 steps
    assert latency['series'][0]['points'][0]['text'] == '80.0 µs'


def test_zero_cannot_sit_on_a_log_axis_and_says_so():
    before, after = _pair()
    sync = next(c for c in _series(before, [after])['charts'] if c['id'] == 'iops')
    point = sync['series'][0]['points'][1]  # sync write: 0 IOPS
    assert point['text'] == '0 IOPS' and point['plotted'] is False and point['whisker'] is None
    assert sync['axis']['low'] > 0


def test_tiles_show_each_test_in_words_with_latency_and_the_verdict():
    before, after = _pair(runs=6)
    tiles = {t['key']: t for t in _series(before, [after])['tiles']}
    assert list(tiles) == ['SEQ_WRITE:write_bw_bytes', 'RAND_READ_4K:read_iops', 'SYNC_WRITE_4K:write_iops',
                           'MIXED_70_30:read_iops', 'MIXED_70_30:write_iops']
    seq = tiles['SEQ_WRITE:write_bw_bytes']
    assert seq['title'] == 'Sequential write 1 MiB' and seq['unit_word'] == 'MB/s'
    base, other = seq['values']
    assert (base['number'], base['unit_word'], base['change']) == ('400', 'MB/s', None)
    assert base['latency'] == 'latency p50 1.40 ms · p99 3.50 ms'
    assert other['change']['verdict'] == 'BETTER' and other['change']['words'] == '+20.0 % · better'
    assert tiles['MIXED_70_30:read_iops']['title'] == 'Mixed 70/30 8 KiB · read'
    assert tiles['RAND_READ_4K:read_iops']['values'][1]['change']['words'].endswith('· worse')


def test_too_few_runs_show_no_percentage_in_the_tiles():
    before, after = _pair(runs=2)
    tile = _series(before, [after])['tiles'][0]
    change = tile['values'][1]['change']
    assert change['verdict'] == 'INSUFFICIENT_RUNS'
    assert change['words'] == 'too few runs for a verdict (need 5 per side)' and '%' not in change['words']
    point = _series(before, [after])['charts'][0]['series'][1]['points'][0]
    assert point['whisker'] is None and 'no interval from 2 runs' in point['title']  # 2 runs: no CI of the median


def test_a_chart_no_result_has_is_left_out_and_no_limit_without_a_maximum():
    before, after = _pair()
    for result in (before, after):
        del result['summary']['SEQ_WRITE']
    ids = [c['id'] for c in _series(before, [after], theoretical_max=None)['charts']]
    assert 'throughput' not in ids and 'iops' in ids


SAMPLE = os.path.join(os.path.dirname(__file__), '..', '..', '..', 'ui', 'src', 'app', 'testing', 'compare-sample.ts')
SAMPLE_HEAD = """// Written by tests/unit/report/test_chart_data.py (WRITE_SAMPLE=1 rewrites it) from core/report/chart_data.py:
// and chart_layout.py: what tuning.benchmark.compare sends for three results (6, 6 and 2 runs), as if measured on a
// client (the network line laid out). The panel's chart and tile specs draw it.
import { CompareDrawing } from '../api/models/tuning-benchmark';

export const COMPARE_SAMPLE: CompareDrawing = """


def panel_sample():
    """What the panel's chart and tile specs draw: a comparison of three results (6, 6 and 2 runs)."""
    before, after = _pair(runs=6)
    few = _pair(runs=2)[1]
    few['id'], few['label'] = 3, 'two runs'
    drawing = _series(before, [after, few])
    return {**drawing, 'chart_layouts': panel_layouts(drawing['charts'], client_measured=True)}


def _sample_text(sample):
    """The sample as JSON: the drawing indented, each chart layout on one line (they are long and many)."""
    drawing = json.dumps({k: v for k, v in sample.items() if k != 'chart_layouts'}, indent=2, ensure_ascii=False)
    layouts = ',\n'.join(f'    {json.dumps(chart_id)}: [\n' + ',\n'.join(
        f'      {json.dumps(layout, ensure_ascii=False)}' for layout in widths) + '\n    ]'
        for chart_id, widths in sample['chart_layouts'].items())
    return f'{drawing[:-2]},\n  "chart_layouts": {{\n{layouts}\n  }}\n}}'


def test_the_panel_draws_what_the_server_computes():
    sample = json.loads(json.dumps(panel_sample()))
    if os.environ.get('WRITE_SAMPLE'):
        with open(SAMPLE, 'w') as f:
            f.write(SAMPLE_HEAD + _sample_text(sample) + ';\n')
    with open(SAMPLE) as f:
        text = f.read()
    assert text.startswith(SAMPLE_HEAD)
    assert json.loads(text[len(SAMPLE_HEAD):].rstrip().rstrip(';')) == sample
