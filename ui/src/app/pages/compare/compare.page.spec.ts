import { provideRouter } from '@angular/router';

import { BenchmarkComparison, BenchmarkResult } from '../../api/models/tuning-benchmark';
import { fakeBenchmark, fakeComparison, fakeComparisonRow, fakeImportedBenchmark, fakeStats } from '../../testing/fixtures';
import { mockApi } from '../../testing/mock-api';
import { render } from '../../testing/render';
import { headerCell } from '../../testing/tables';
import { fakeQuery } from '../../shared/paging/fake-query';
import { ComparePage, parseIds } from './compare.page';

/** The server's layouts as for results measured on the box: no network line. */
function boxLayouts(): BenchmarkComparison['chart_layouts'] {
  return Object.fromEntries(Object.entries(fakeComparison().chart_layouts)
    .map(([id, layouts]) => [id, layouts.map((l) => ({ ...l, reference: null }))]));
}

async function renderCompare(ids: string, baseline: string, comparison: BenchmarkComparison = fakeComparison()) {
  const { api, providers } = mockApi((m) => m
    .mockCall('tuning.benchmark.query', (params) => fakeQuery([fakeImportedBenchmark({ id: 3 }),
      fakeBenchmark({ id: 2, label: 'tuned' }), fakeBenchmark({ id: 1 })], params) as BenchmarkResult[])
    .mockCall('tuning.benchmark.compare', comparison));
  const view = await render(ComparePage, [...providers, provideRouter([])], async () => undefined);
  view.fixture.componentRef.setInput('ids', ids);
  view.fixture.componentRef.setInput('baseline', baseline);
  await view.settle();
  await view.fixture.whenStable();
  await view.settle();
  return { api, ...view };
}

describe('ComparePage', () => {
  it('reads ids from the address, once each', () => {
    expect(parseIds('2, 1,x,2,-4')).toEqual([2, 1]);
    expect(parseIds(undefined)).toEqual([]);
  });

  it('asks for the fields the picker shows, not each result whole', async () => {
    const { api, q } = await renderCompare('1,2', '1');
    expect(api.callsOf('tuning.benchmark.query')).toEqual([
      [[], { order_by: ['-id'], select: ['id', 'label', 'created_at', 'source'] }]]);
    expect(q('table-compare-list')!.textContent).toContain('tuned');
    expect(q('table-compare-list')!.textContent).toContain('bonnie++ import');
    expect(q<HTMLInputElement>('input-compare-baseline-1')!.checked).toBe(true);
  });

  it('asks the server to compare against the baseline and shows its verdicts and warnings', async () => {
    const { api, q, all } = await renderCompare('1,2', '1');
    expect(api.callsOf('tuning.benchmark.compare')).toEqual([[[1, 2], 1]]);
    expect(q('text-compare-legend')!.textContent).toContain('#1 before (baseline)'); // the server's series
    const row = q('row-delta-2-seq-write-write-bw-bytes')!;
    expect(row.textContent).toContain('400.0 MB/s');
    expect(row.textContent).toContain('480.0 MB/s');
    expect(row.textContent).toContain('+20.0 %');
    expect(row.textContent).toContain('+15.0 % … +25.0 %');
    expect(row.textContent).toContain('0.020');
    expect(all('text-delta-verdict').map((b) => b.textContent)).toEqual(['better', 'no meaningful change']);
    expect(q('row-delta-2-seq-write-write-lat-p99-ns')!.textContent).toContain('3.50 ms');
    expect(q('section-compare-warnings')!.textContent).toContain('noisy');
  });

  it('shows the tiles and draws the charts the server computed: MB/s bars with the maximum, IOPS and latency dots', async () => {
    const fromClient = fakeComparison();
    fromClient.comparisons = fromClient.comparisons.map((r) => ({ ...r, source: 'CLIENT' as const }));
    const { q, options } = await renderCompare('1,2,3', '1', fromClient);
    expect(q('section-tile-seq-write-write-bw-bytes')!.textContent).toContain('+20.0 % · better');
    expect(q('card-chart-seq')!.querySelectorAll('rect[data-test="shape-chart-mark"]').length).toBe(3);
    expect(q('card-chart-seq')!.textContent).toContain('480 MB/s');
    expect(q('group-chart-max-line')!.textContent).toContain('1,250 MB/s');
    expect(q('text-chart-max-basis')!.textContent).toContain('eno1 link at 10000 Mb/s');
    expect(q('card-chart-iops')!.querySelectorAll('rect').length).toBe(0);
    expect(q('card-chart-iops')!.textContent).toContain('IOPS, logarithmic axis');
    expect(q('card-chart-latency')!.querySelectorAll('circle[data-test="shape-chart-mark"]').length).toBeGreaterThan(0);
    expect(options('select-latency-test').map((o) => o.text)).toContain('Sequential write 1 MiB: write latency');
  });

  it('leaves the network line out where the server laid it out without (results measured on the box), and says why', async () => {
    const { q } = await renderCompare('1,2', '1', fakeComparison({ chart_layouts: boxLayouts() }));
    expect(q('card-chart-seq')).not.toBeNull();
    expect(q('group-chart-max-line')).toBeNull();
    // the sentence itself, never the template's source ('{{ ... | t }}' when a quote breaks the interpolation)
    expect(q('text-chart-max-left-out')!.textContent!.trim()).toBe('No network line: the link’s theoretical maximum bounds only '
      + 'results measured on a client, and these were measured on the box.');
  });

  it('draws no maximum line when the server gives none', async () => {
    const charts = fakeComparison().charts.map((c) => ({ ...c, reference: null }));
    const { q } = await renderCompare('1,2', '2', fakeComparison({ theoretical_max: null, charts, chart_layouts: boxLayouts() }));
    expect(q('card-chart-seq')).not.toBeNull();
    expect(q('group-chart-max-line')).toBeNull();
    expect(q('text-chart-max-left-out')).toBeNull();
  });

  it('says too few runs for a verdict, with the runs needed, instead of an interval and a p', async () => {
    const few = fakeComparison({
      comparisons: [{
        id: 2, label: 'tuned', source: 'FIO',
        metrics: [fakeComparisonRow({
          baseline: fakeStats([400e6]), other: fakeStats([480e6]), ratio: 1.2, ratio_ci_low: null, ratio_ci_high: null,
          p_value: null, p_adjusted: null, verdict: 'INSUFFICIENT_RUNS', min_runs: 5,
        })],
      }],
    });
    const { q, all } = await renderCompare('1,2', '1', few);
    const row = q('row-delta-2-seq-write-write-bw-bytes')!;
    expect(q('cell-delta-too-few')!.textContent).toContain('too few runs for a verdict (need 5 per side)');
    expect(row.textContent).not.toContain('…');
    expect(all('text-delta-verdict').map((b) => b.textContent)).toEqual(['too few runs']);
  });

  it('sorts differences by change and p as numbers, a too-few row in one cell, results listed in words', async () => {
    const rows = fakeComparison({
      comparisons: [{
        id: 2, label: 'tuned', source: 'FIO',
        metrics: [
          fakeComparisonRow({ ratio: 0.95, ratio_ci_low: 0.9, ratio_ci_high: 1.0, p_adjusted: 0.3,
            verdict: 'INCONCLUSIVE' }),
          fakeComparisonRow({ metric: 'write_iops', ratio: 10.5, p_adjusted: 0.002, verdict: 'BETTER' }),
          fakeComparisonRow({ test: 'RAND_READ_4K', metric: 'read_iops', ratio: 2, ratio_ci_low: null,
            ratio_ci_high: null, p_value: null, p_adjusted: null, verdict: 'INSUFFICIENT_RUNS', min_runs: 5 }),
        ],
      }],
    });
    const { q, all, el, settle } = await renderCompare('1,2', '1', rows);
    const table = q('table-delta-table')!;
    const order = () => [...table.querySelectorAll<HTMLElement>('tbody tr')].map((r) => r.dataset['test']!.slice('row-delta-2-'.length));
    // the comparison's order: tests in catalog order, bandwidth before IOPS
    expect(order()).toEqual(['seq-write-write-bw-bytes', 'seq-write-write-iops', 'rand-read-4k-read-iops']);
    headerCell(table, 'Change').click();   // +950 % above +100 % above −5 %, as numbers
    await settle();
    expect(order()).toEqual(['seq-write-write-iops', 'rand-read-4k-read-iops', 'seq-write-write-bw-bytes']);
    headerCell(table, 'p (adjusted)').click();   // smallest p first; none last
    await settle();
    expect(order()).toEqual(['seq-write-write-iops', 'seq-write-write-bw-bytes', 'rand-read-4k-read-iops']);
    const tooFew = q('row-delta-2-rand-read-4k-read-iops')!;
    expect(tooFew.querySelectorAll('td').length).toBe(9);
    expect(q('cell-delta-too-few')!.getAttribute('colspan')).toBe('2');
    expect(tooFew.querySelector('td.merged')!.textContent!.trim()).toBe('');
    expect(all('text-delta-verdict').map((b) => b.textContent)).toEqual(['better', 'inconclusive', 'too few runs']);

    // the list to choose from: where each result comes from in words, newest first, sortable by label
    const list = q('table-compare-list')!;
    expect(list.textContent).toContain('bonnie++ import');
    expect(list.textContent).toContain('fio (measured here)');
    expect(headerCell(list, 'When').getAttribute('aria-sort')).toBe('descending');
    headerCell(list, 'Label').click();
    await settle();
    expect([...el.querySelectorAll<HTMLElement>('[data-test^="checkbox-compare-pick-"]')].map((c) => c.dataset['test']))
      .toEqual(['checkbox-compare-pick-1', 'checkbox-compare-pick-3', 'checkbox-compare-pick-2']);
  });
});
