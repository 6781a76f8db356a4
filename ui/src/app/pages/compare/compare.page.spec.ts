import { provideRouter } from '@angular/router';
import { Observable, Subject } from 'rxjs';

import { BenchmarkComparison, BenchmarkResult, ChartWidth } from '../../api/models/tuning-benchmark';
import {
  fakeBenchmark, fakeComparison, fakeComparisonRow, fakeImportedBenchmark, fakeMeasuredContext, fakeStats,
} from '../../testing/fixtures';
import { mockApi } from '../../testing/mock-api';
import { render } from '../../testing/render';
import { READ_ONLY_ROLES, provideRoles } from '../../testing/roles';
import { URL_FETCH } from '../../shared/report-download';
import { headerCell } from '../../testing/tables';
import { fakeQuery } from '../../shared/paging/fake-query';
import { ComparePage, parseIds } from './compare.page';

/** The server's layouts as for results measured on the box: no network line. */
function boxLayouts(): BenchmarkComparison['chart_layouts'] {
  return Object.fromEntries(Object.entries(fakeComparison().chart_layouts)
    .map(([id, layouts]) => [id, layouts.map((l) => ({ ...l, reference: null }))]));
}

type CompareAnswer = BenchmarkComparison | Observable<BenchmarkComparison>;

async function renderCompare(ids: string, baseline: string,
  comparison: BenchmarkComparison | ((params: unknown[]) => CompareAnswer) = fakeComparison(), roles?: string[]) {
  const { api, providers } = mockApi((m) => m
    .mockCall('tuning.benchmark.query', (params) => fakeQuery([fakeImportedBenchmark({ id: 3 }),
      fakeBenchmark({ id: 2, label: 'tuned' }), fakeBenchmark({ id: 1 })], params) as BenchmarkResult[])
    .mockCall('tuning.benchmark.compare', typeof comparison === 'function' ? comparison : () => comparison)
    .mockCall('core.download', [5, '/_download/5?auth_token=t']));
  const view = await render(ComparePage, [...providers, provideRouter([]),
    { provide: URL_FETCH, useValue: async () => new Response('<h1>Report</h1>') },
    ...(roles ? [provideRoles(roles)] : [])], async () => undefined);
  view.fixture.componentRef.setInput('ids', ids);
  view.fixture.componentRef.setInput('baseline', baseline);
  await view.settle();
  await view.fixture.whenStable();
  await view.settle();
  return { api, ...view };
}

/** The sample's layouts at the widths asked for, as the server lays them out (null: every one). */
function atWidths(comparison: BenchmarkComparison, asked: unknown): BenchmarkComparison {
  const widths = asked as ChartWidth[] | null | undefined;
  return widths ? {
    ...comparison,
    chart_layouts: Object.fromEntries(Object.entries(comparison.chart_layouts)
      .map(([id, layouts]) => [id, layouts.filter((l) => widths.includes(l.width as ChartWidth))])),
  } : comparison;
}

/** A page of this width in a viewport of this width on a screen of these sides; `resize` tells the page's observer. */
function screenOf(view: Window) {
  const saved = ['innerWidth', 'screen'].map((k) => [k, Object.getOwnPropertyDescriptor(view, k)] as const);
  const observers: (() => void)[] = [];
  let page = 0;
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockImplementation(function (this: Element) {
    return this.hasAttribute('ng-version') ? page : 0;   // the page's host (TestBed's root element)
  });
  // Material's fields observe their own elements: only the page's host is told of a resize here
  vi.stubGlobal('ResizeObserver', class {
    constructor(private readonly seen: () => void) {}
    observe(target: Element): void {
      if (target.hasAttribute('ng-version')) {
        observers.push(() => this.seen());
      }
    }
    unobserve(): void { /* nothing to stop */ }
    disconnect(): void { /* nothing to stop */ }
  });
  const set = (pagePx: number, viewportPx: number, screen: [number, number]) => {
    page = pagePx;
    Object.defineProperty(view, 'innerWidth', { configurable: true, value: viewportPx });
    Object.defineProperty(view, 'screen', { configurable: true, value: { width: screen[0], height: screen[1] } });
  };
  return {
    set,
    /** The page's observer sees each of these sizes in turn, then the resize rests. */
    resize(...sizes: Parameters<typeof set>[]) {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      for (const size of sizes) {
        set(...size);
        observers.forEach((seen) => seen());
      }
      vi.runOnlyPendingTimers();
      vi.useRealTimers();
    },
    restore() {
      for (const [key, descriptor] of saved) {
        if (descriptor) {
          Object.defineProperty(view, key, descriptor);
        } else {
          delete (view as unknown as Record<string, unknown>)[key];
        }
      }
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
    },
  };
}

describe('ComparePage', () => {
  it('reads ids from the address, once each', () => {
    expect(parseIds('2, 1,x,2,-4')).toEqual([2, 1]);
    expect(parseIds(undefined)).toEqual([]);
  });

  it('asks for the fields the picker shows, not each result whole', async () => {
    const { api, q } = await renderCompare('1,2', '1');
    expect(api.callsOf('tuning.benchmark.query')).toEqual([
      [[], { order_by: ['-id'], select: ['id', 'label', 'created_at', 'source', 'context.preset', 'context.pending_reboot',
        'context.imported'] }]]);
    expect(q('table-compare-list')!.textContent).toContain('tuned');
    expect(q('table-compare-list')!.textContent).toContain('bonnie++ import');
    expect(q<HTMLInputElement>('input-compare-baseline-1')!.checked).toBe(true);
  });

  it('names each result’s preset, and one measured while its settings waited for a reboot as not yet in effect', async () => {
    // walk s9: a result measured before the reboot was credited to the preset ('Boot buffer') in the history
    const key = 'ZFS_PARAMETER:global:zfs_dirty_data_max_max';
    const preset = (pending: string[]) => ({ id: 'boot-buffer', name: 'Boot buffer', restore_point_id: 3, target: {},
      changed: 1, pending_reboot: pending });
    const results = [
      fakeBenchmark({ id: 2, label: 'tuned', context: fakeMeasuredContext({ preset: preset([key]), pending_reboot: [key] }) }),
      fakeBenchmark({ id: 1, label: 'after the reboot', context: fakeMeasuredContext({ preset: preset([]) }) }),
    ];
    const comparison = fakeComparison({
      comparisons: [{ id: 2, label: 'tuned', source: 'FIO', metrics: [fakeComparisonRow()] }],
      series: [{ configuration_id: 1, label: 'after the reboot', baseline: true, colour: '#858585' },
        { configuration_id: 2, label: 'tuned', baseline: false, colour: '#2f80c0' }],
    });
    const { api, providers } = mockApi((m) => m
      .mockCall('tuning.benchmark.query', (params) => fakeQuery(results, params) as BenchmarkResult[])
      .mockCall('tuning.benchmark.compare', () => comparison));
    const view = await render(ComparePage, [...providers, provideRouter([])], async () => undefined);
    view.fixture.componentRef.setInput('ids', '1,2');
    view.fixture.componentRef.setInput('baseline', '1');
    await view.settle();
    await view.fixture.whenStable();
    await view.settle();
    const { q } = view;
    const pending = 'Boot buffer (not yet in effect: waiting for a reboot)';
    expect(q('cell-compare-preset-2')!.textContent!.trim()).toBe(pending);
    expect(q('cell-compare-preset-1')!.textContent!.trim()).toBe('Boot buffer');
    // in the legend, once a result, beside its colour: no verdict reads as the preset's
    expect(q('text-compare-legend-2')!.textContent!.replace(/\s+/g, ' ').trim()).toBe(`#2 tuned · ${pending}`);
    expect(q('text-compare-legend-1')!.textContent!.replace(/\s+/g, ' ').trim())
      .toBe('#1 after the reboot (baseline) · Boot buffer');
    expect(api.callsOf('tuning.benchmark.compare').length).toBe(1);
  });

  it('lays both tables out one block a row on a phone, each cell headed by its column', async () => {
    const { q } = await renderCompare('1,2', '1');
    const labels = (table: HTMLElement) => [...table.querySelector('tbody tr')!.querySelectorAll('td')]
      .map((td) => td.getAttribute('data-label'));
    expect(q('table-compare-list')!.classList).toContain('stacked');
    expect(labels(q('table-compare-list')!)).toEqual(['Compare', 'Baseline', '#', 'Label', 'When', 'Source', 'Preset']);
    expect(q('table-delta-table')!.classList).toContain('stacked');
    expect(labels(q('table-delta-table')!)).toEqual(
      ['Result', 'Test', 'Metric', 'Baseline', 'This result', 'Change', '95 % interval', 'p (adjusted)', 'Verdict']);
  });

  it('asks the server to compare against the baseline and shows its verdicts and warnings', async () => {
    const { api, q, all } = await renderCompare('1,2', '1');
    expect(api.callsOf('tuning.benchmark.compare')).toEqual([[[1, 2], 1, false, null]]);
    expect(q('text-compare-legend')!.textContent).toContain('#1 before (baseline)'); // the server's series
    const row = q('row-delta-2-seq-write-write-bw-bytes')!;
    expect(row.textContent).toContain('400 MB/s');
    expect(row.textContent).toContain('480 MB/s');
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

  it('writes changes, intervals and p by the figure rule, and says why a verdict is inconclusive', async () => {
    // walk s9: '+309.9 %', '+1639.1 %', '0.43' beside the report's 0.429, 'inconclusive' with no words
    const judged = fakeComparison({
      comparisons: [{
        id: 2, label: 'tuned', source: 'FIO',
        metrics: [
          fakeComparisonRow({ ratio: 4.099, ratio_ci_low: 1.34, ratio_ci_high: 17.391, p_value: 0.017,
            p_adjusted: 0.0693, verdict: 'INCONCLUSIVE' }),
          fakeComparisonRow({ metric: 'write_lat_p99_ns', direction: 'LOWER', ratio: 0.837, ratio_ci_low: 0.619,
            ratio_ci_high: 1.124, p_value: 0.2, p_adjusted: 0.4286, verdict: 'INCONCLUSIVE' }),
        ],
      }],
    });
    const { q, all } = await renderCompare('1,2', '1', judged);
    const rise = q('row-delta-2-seq-write-write-bw-bytes')!;
    expect(rise.textContent).toContain('+310 %');
    expect(rise.textContent).toContain('+34.0 % … +1,639 %');
    expect(rise.textContent).toContain('0.0693');
    const fall = q('row-delta-2-seq-write-write-lat-p99-ns')!;
    expect(fall.textContent).toContain('−16.3 %');
    expect(fall.textContent).toContain('−38.1 % … +12.4 %');
    expect(fall.textContent).toContain('0.429');
    expect(all('text-delta-reason').map((r) => r.textContent!.trim())).toEqual([
      "the interval is wholly above no change, but adjusted for the test's other metrics p is 0.0693, not below 0.05",
      'the interval spans no change',
    ]);
    expect(q('table-delta-table')!.querySelector('th')!.closest('table')!.textContent).toContain('95 % interval');
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

  describe('reads the ARC answered from RAM', () => {
    const FROM_RAM_WARNING = "#2 'after': Random read 4 KiB: 48 % of the blocks it read came from RAM (the ARC), not "
      + 'from the disks; no verdict is given on it.';
    /** #2's random read: 30 % more IOPS, half of it from RAM; unjudged unless asked. */
    const answer = (judged: boolean) => fakeComparison({
      comparisons: [{
        id: 2, label: 'after', source: 'FIO',
        metrics: [
          fakeComparisonRow(),
          fakeComparisonRow({
            test: 'RAND_READ_4K', metric: 'read_iops', baseline: fakeStats([11000, 12000, 13000]),
            other: fakeStats([15000, 15600, 16000]), ratio: 1.3,
            ...(judged ? { ratio_ci_low: 1.25, ratio_ci_high: 1.35, p_value: 0.01, p_adjusted: 0.02, verdict: 'BETTER' }
              : { ratio_ci_low: null, ratio_ci_high: null, p_value: null, p_adjusted: null, verdict: 'FROM_RAM' }),
          }),
        ],
      }],
      warnings: [judged ? FROM_RAM_WARNING.replace('no verdict is given on it', 'its verdicts judge the ARC, not the disks')
        : FROM_RAM_WARNING],
    });
    const byChoice = (params: unknown[]) => answer(params[2] === true);
    const box = (q: (id: string) => HTMLElement | null) => q('checkbox-compare-judge-from-ram')!.querySelector('input')!;

    it('are left unjudged by default: the change stays, no interval or p, the verdict and the warning say why', async () => {
      const { api, q, all } = await renderCompare('1,2', '1', byChoice);
      expect(api.callsOf('tuning.benchmark.compare')).toEqual([[[1, 2], 1, false, null]]);
      const row = q('row-delta-2-rand-read-4k-read-iops')!;
      expect(row.textContent).toContain('+30.0 %');
      expect(row.textContent).not.toContain('…');
      expect(q('cell-delta-from-ram')!.textContent!.trim())
        .toBe('answered from RAM (the ARC), not the disks: no interval or p');
      expect(q('cell-delta-from-ram')!.getAttribute('colspan')).toBe('2');
      expect(row.querySelector('td.merged')!.textContent!.trim()).toBe('');
      expect(all('text-delta-verdict').map((b) => b.textContent)).toEqual(['better', 'from RAM, not judged']);
      expect(q('section-compare-warnings')!.textContent).toContain(FROM_RAM_WARNING);
      // the choice, in words, with what it means beside it for screen readers too
      const checkbox = q('checkbox-compare-judge-from-ram')!;
      expect(box(q).checked).toBe(false);
      expect(checkbox.textContent!.trim()).toBe('Judge reads the ARC answered from RAM');
      const hint = q('text-compare-judge-from-ram-hint')!;
      expect(hint.textContent).toBe('Left out by default: their figures are the ARC’s (RAM), not the disks’.');
      expect(box(q).getAttribute('aria-describedby')).toContain(hint.id);
    });

    it('are judged when asked: the comparison is asked again and the report follows the choice', async () => {
      const { api, q, all, settle } = await renderCompare('1,2', '1', byChoice);
      box(q).click();
      await settle();
      expect(api.callsOf('tuning.benchmark.compare')).toEqual([[[1, 2], 1, false, null], [[1, 2], 1, true, null]]);
      expect(all('text-delta-verdict').map((b) => b.textContent)).toEqual(['better', 'better']);
      expect(q('cell-delta-from-ram')).toBeNull();
      expect(q('row-delta-2-rand-read-4k-read-iops')!.textContent).toContain('+25.0 % … +35.0 %');
      expect(q('section-compare-warnings')!.textContent).toContain('its verdicts judge the ARC, not the disks');
      // the browser's save, without jsdom's navigation
      const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
      q('button-report-download-html')!.click();
      await settle();
      expect(api.callsOf('core.download')).toEqual([['tuning.report.generate',
        [{ results: [1, 2], baseline: 1, judge_from_ram: true }, 'HTML'], 'report-results-1-2.html', false]]);
      expect(saved).toHaveBeenCalledTimes(1);
      saved.mockRestore();
    });

    it('shows only the latest answer when the choice changes before the server answers', async () => {
      const pending: Subject<BenchmarkComparison>[] = [];
      let asked = 0;
      const { api, q, all, settle } = await renderCompare('1,2', '1', () => {
        if (asked++ === 0) {
          return answer(false);   // the first question, asked as the page opens, answered at once
        }
        pending.push(new Subject<BenchmarkComparison>());
        return pending.at(-1)!;
      });
      box(q).click();   // judged...
      await settle();
      box(q).click();   // ...then not, before either answer came
      await settle();
      expect(api.callsOf('tuning.benchmark.compare').map((p) => p[2])).toEqual([false, true, false]);
      pending[1].next(answer(false));   // the latest comes first,
      pending[1].complete();
      await settle();
      pending[0].next(answer(true));    // the one asked before it last: not shown
      pending[0].complete();
      await settle();
      expect(all('text-delta-verdict').map((b) => b.textContent)).toEqual(['better', 'from RAM, not judged']);
      expect(q('text-compare-error')).toBeNull();
    });

    it('may be judged by a read-only user: it only reads', async () => {
      const { api, q, settle } = await renderCompare('1,2', '1', byChoice, READ_ONLY_ROLES);
      expect(box(q).disabled).toBe(false);
      box(q).click();
      await settle();
      expect(api.callsOf('tuning.benchmark.compare').at(-1)).toEqual([[1, 2], 1, true, null]);
    });
  });

  describe('asks only for the chart widths it can show', () => {
    let view: ReturnType<typeof screenOf>;
    beforeEach(() => view = screenOf(document.defaultView!));
    afterEach(() => view.restore());
    const widthOf = (q: (id: string) => HTMLElement | null) =>
      q('card-chart-seq')!.querySelector('svg')!.getAttribute('width');

    it('the widest that fits now, the widest that fits turned, and the narrowest', async () => {
      view.set(788, 820, [820, 1180]);      // a tablet upright: charts 758 px (700); turned, 1180 − 62 = 1118 (900)
      const { api } = await renderCompare('1,2', '1', (params) => atWidths(fakeComparison(), params[3]));
      expect(api.callsOf('tuning.benchmark.compare')).toEqual([[[1, 2], 1, false, [300, 700, 900]]]);
    });

    it('a resize needing another width asks again once it rests; the charts shown stay until the answer', async () => {
      view.set(358, 390, [390, 844]);       // a phone upright: charts 328 px (300); turned, 844 − 62 = 782 (700)
      const pending: Subject<BenchmarkComparison>[] = [];
      let asked = 0;
      const { api, q, settle } = await renderCompare('1,2', '1', (params) => {
        if (asked++ === 0) {
          return atWidths(fakeComparison(), params[3]);
        }
        pending.push(new Subject<BenchmarkComparison>());
        return pending.at(-1)!;
      });
      const calls = () => api.callsOf('tuning.benchmark.compare').map((p) => p[3]);
      expect(calls()).toEqual([[300, 700]]);
      expect(widthOf(q)).toBe('300');       // the widest asked for that fits (640 px before a measure)

      view.resize([812, 844, [390, 844]]);  // turned on its side: 700 and 300, both there already
      await settle();
      expect(calls()).toEqual([[300, 700]]);

      // on a desktop, a window dragged wider, step by step: asked once, when it rests, for what fits then
      view.resize([400, 450, [1920, 1080]], [480, 530, [1920, 1080]], [560, 592, [1920, 1080]]);
      await settle();
      expect(calls()).toEqual([[300, 700], [300, 530]]);
      expect(widthOf(q)).toBe('300');       // no flicker: the charts shown stay while the box lays them out
      expect(q('text-compare-error')).toBeNull();

      pending[0].next(atWidths(fakeComparison(), [300, 530]));
      pending[0].complete();
      await settle();
      expect(widthOf(q)).toBe('530');
      expect(q('row-delta-2-seq-write-write-bw-bytes')).not.toBeNull();
    });

    it('a resize asks nothing before two results are chosen', async () => {
      view.set(358, 390, [390, 844]);
      const { api, settle } = await renderCompare('1', '1');
      view.resize([900, 930, [1920, 1080]]);
      await settle();
      expect(api.callsOf('tuning.benchmark.compare')).toEqual([]);
    });
  });
});
