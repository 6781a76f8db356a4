import { TestBed } from '@angular/core/testing';
import { Subject } from 'rxjs';
import { Router, provideRouter } from '@angular/router';

import { ApiValidationError } from '../../api/api-errors';
import { BenchmarkResult } from '../../api/models/tuning-benchmark';
import { PresetsStore } from '../../stores/presets.store';
import { Job } from '../../api/models/job';
import { fakeBenchmark, fakeImportedBenchmark, fakeJob, fakeMeasuredContext, fakePreset, fakeProfile, fakeState, fakeStats } from '../../testing/fixtures';
import { MockApiService, mockApi } from '../../testing/mock-api';
import { withDialogs } from '../../testing/dialog';
import { render } from '../../testing/render';
import { declared } from '../../testing/declared-styles';
import { headerCell } from '../../testing/tables';
import { fakeQuery } from '../../shared/paging/fake-query';
import { BenchmarksPage } from './benchmarks.page';
import { READ_ONLY_ROLES, controlState, sessionRoles } from '../../testing/roles';

const tuned = fakeBenchmark({
  id: 2, label: 'tuned',
  context: fakeMeasuredContext({ preset: { id: 'max-iops', restore_point_id: 4, target: { pool: 'tank' } } }),
});
tuned.summary.MIXED_70_30 = { read_iops: fakeStats([18_000, 18_741, 19_000]), write_iops: fakeStats([8_000, 8_084, 8_100]) };

async function renderPage(configure: (api: MockApiService) => void = () => undefined, rows: BenchmarkResult[] = [fakeImportedBenchmark(), tuned, fakeBenchmark()]) {
  let history = rows;
  const { api, providers } = mockApi((m) => {
    m.mockCall('tuning.profile', fakeProfile()).mockCall('tuning.state', fakeState())
      .mockCall('tuning.preset.query', [fakePreset()])
      .mockCall('tuning.benchmark.query', (params) => fakeQuery(history, params) as BenchmarkResult[])
      .mockCall('tuning.benchmark.get', ([id]) => {
        const found = history.find((r) => r.id === id);
        if (!found) {
          throw new ApiValidationError([{ attribute: 'id', message: `No result #${id}.`, errno: 22 }]);
        }
        return found;
      })
      .mockCall('tuning.benchmark.delete', ([id]) => {
        history = history.filter((r) => r.id !== id);
        return true;
      });
    configure(m);
  });
  // the import dialog opens in the CDK's overlay, outside the page's fixture
  const view = withDialogs(await render(BenchmarksPage, [...providers, provideRouter([])], () => TestBed.inject(PresetsStore).load()));
  return { api, ...view };
}

/** What the history asks of each row: no runs, no settings, profile or plan. */
const ROW_FIELDS = ['id', 'label', 'created_at', 'source', 'campaign_id', 'summary', 'context.preset', 'context.pending_reboot',
  'context.imported'];

describe('BenchmarksPage', () => {
  it('lists results with source, the preset they were measured under and headline medians', async () => {
    const { api, q } = await renderPage();
    // one page, newest first, each row with only what the table shows, and how many there are in all under the
    // same filters
    expect(api.callsOf('tuning.benchmark.query')).toEqual([
      [[['campaign_id', '=', null]], { order_by: ['-created_at'], limit: 25, offset: 0, select: ROW_FIELDS }],
      [[['campaign_id', '=', null]], { count: true }],
    ]);
    expect(api.callsOf('tuning.benchmark.get')).toEqual([]);
    expect(q('cell-bench-preset-1')!.textContent).toBe('None');
    // one block a result on a phone, each value headed by its column's name
    expect(q('table-bench-history')!.classList).toContain('stacked');
    expect([...q('row-bench-row-1')!.querySelectorAll('td[data-label]')].map((td) => td.getAttribute('data-label')))
      .toEqual(['#', 'Label', 'When', 'Source', 'Preset', 'Medians']);
    expect(q('cell-bench-preset-2')!.textContent).toBe('Max IOPS');
    expect(q('cell-bench-preset-3')!.textContent).toBe('imported');
    expect(q('row-bench-row-3')!.textContent).toContain('bonnie++ import');
    expect(q('row-bench-row-1')!.textContent).toContain('Sequential write 1 MiB: 400 MB/s');
    expect(q('row-bench-row-1')!.textContent).toContain('Random read 4 KiB: 12,000 IOPS');
    expect(q('row-bench-row-3')!.textContent).toContain('Random seeks (imported): 10,291 IOPS');
    // the mixed test's two figures, each named by its direction
    expect(q('row-bench-row-2')!.textContent).toContain('Mixed 70/30 8 KiB · read: 18,741 IOPS');
    expect(q('row-bench-row-2')!.textContent).toContain('Mixed 70/30 8 KiB · write: 8,084 IOPS');
    // a figure and its unit on one line in a narrow column ("44,070" over "IOPS" no more)
    const figures = [...q('row-bench-row-2')!.querySelectorAll('strong')];
    expect(figures.map((f) => f.textContent)).toEqual(['400 MB/s', '12,000 IOPS', '18,741 IOPS', '8,084 IOPS']);
    expect(figures.every((f) => declared(f, 'white-space').includes('nowrap'))).toBe(true);
  });

  it('does not credit a preset that was still waiting for a reboot when the result was measured', async () => {
    const pending = fakeBenchmark({
      id: 4, label: 'before the reboot',
      context: fakeMeasuredContext({
        preset: { id: 'max-iops', restore_point_id: 5, target: { pool: 'tank' }, changed: 1, pending_reboot: ['zfs_dirty_data_max_max'] },
        pending_reboot: ['zfs_dirty_data_max_max'],
      }),
    });
    const { q } = await renderPage(undefined, [pending, tuned]);
    expect(q('cell-bench-preset-4')!.textContent).toBe('Max IOPS (not yet in effect: waiting for a reboot)');
    expect(q('cell-bench-preset-2')!.textContent).toBe('Max IOPS');
  });

  it('shows what a result was measured under, fetched whole for the opened row only', async () => {
    const { api, q, settle } = await renderPage();
    q('button-bench-details-toggle-1')!.click();
    await settle();
    expect(api.callsOf('tuning.benchmark.get')).toEqual([[1]]);
    expect(q('text-details-cache-defeat')!.textContent).toContain('Direct I/O past the page cache');
    expect(q('text-details-cache-defeat')!.textContent).toContain('bypasses the page cache');
    expect(q('details-settings')!.textContent).toContain('zfs_txg_timeout');
    expect(q('details-settings')!.textContent).toContain('ZFS module parameter');
    expect(q('details-settings')!.textContent).not.toContain('ZFS_PARAMETER');
    expect(q('details-jobs')!.querySelector('pre')!.textContent).toContain('rw=write');
    expect(q('list-details-notes')!.textContent).toContain('3 runs planned');
    expect(q('table-details-stats')!.textContent).toContain('write latency p99.9');
    // one interval level everywhere: the header says 95 %, the achieved coverage only on hover or when below it
    expect(q('table-details-stats')!.querySelector('thead')!.textContent).toContain('95 % interval of the median');
    expect(q('text-details-ci-words')!.textContent).toContain('95 %, as on Compare');
    const ci = q('cell-details-ci')!;
    expect(ci.getAttribute('title')).toContain('covers 75.0 %');
    expect(ci.textContent).toContain('only 75.0 % with');

    q('button-bench-details-toggle-3')!.click();
    await settle();
    expect(api.callsOf('tuning.benchmark.get')).toEqual([[1], [3]]);
    expect(q('details-bench-details-1')).toBeNull();
    expect(q('list-details-imported')!.textContent).toContain('2.00a');
    expect(q('details-jobs')).toBeNull();
  });

  it('says the details are loading until the whole result comes, and why when it does not', async () => {
    const answer = new Subject<BenchmarkResult>();
    const { q, settle } = await renderPage((m) => m.mockCall('tuning.benchmark.get', ([id]) => {
      if (id === 2) {
        throw new ApiValidationError([{ attribute: 'id', message: 'No result #2.', errno: 22 }]);
      }
      return answer;
    }));
    q('button-bench-details-toggle-1')!.click();
    await settle();
    expect(q('text-bench-details-loading-1')!.textContent).toContain('Loading the result’s runs and what it was measured under…');
    expect(q('details-bench-details-1')).toBeNull();
    answer.next(fakeBenchmark());
    answer.complete();
    await settle();
    expect(q('text-bench-details-loading-1')).toBeNull();
    expect(q('details-bench-details-1')).not.toBeNull();
    q('button-bench-details-toggle-2')!.click();
    await settle();
    expect(q('text-bench-details-error-2')!.textContent).toContain('No result #2.');
    expect(q('details-bench-details-1')).toBeNull();
  });

  it('drops a whole result that comes after its row was closed', async () => {
    const answer = new Subject<BenchmarkResult>();
    const { q, settle } = await renderPage((m) => m.mockCall('tuning.benchmark.get', () => answer));
    q('button-bench-details-toggle-1')!.click();
    await settle();
    q('button-bench-details-toggle-1')!.click();
    await settle();
    answer.next(fakeBenchmark());
    answer.complete();
    await settle();
    expect(q('details-bench-details-1')).toBeNull();
    expect(q('text-bench-details-loading-1')).toBeNull();
  });

  it('the server sorts the whole history by date, number or label; details open under their row', async () => {
    const rows = [fakeImportedBenchmark({ created_at: '2025-12-30T10:00:00Z' }),
      fakeBenchmark({ ...tuned, created_at: '2026-01-03T10:00:00Z' }), fakeBenchmark({ created_at: '2026-01-02T10:00:00Z' })];
    const { api, q, el, settle } = await renderPage(undefined, rows);
    const table = q('table-bench-history')!;
    const order = () => [...table.querySelectorAll<HTMLElement>('tbody tr')]
      .map((r) => r.dataset['test'] ?? r.className);
    const shown = () => order().filter((o) => o.startsWith('row-bench-row-'));
    const asked = () => (api.callsOf('tuning.benchmark.query').filter(([, o]) => !(o as { count?: boolean }).count)
      .at(-1)![1]);
    expect(shown()).toEqual(['row-bench-row-2', 'row-bench-row-1', 'row-bench-row-3']);
    headerCell(table, 'Label').click();
    await settle();
    expect(asked()).toEqual({ order_by: ['label'], limit: 25, offset: 0, select: ROW_FIELDS });
    expect(shown()).toEqual(['row-bench-row-1', 'row-bench-row-3', 'row-bench-row-2']);
    headerCell(table, '#').click();
    await settle();
    expect(asked()).toEqual({ order_by: ['-id'], limit: 25, offset: 0, select: ROW_FIELDS });
    // words the server does not know (the source, the preset's name) would sort only the page shown: no sort there
    expect(headerCell(table, 'Preset').querySelector('.mat-sort-header-container')).toBeNull();
    expect(headerCell(table, 'Source').querySelector('.mat-sort-header-container')).toBeNull();
    q('button-bench-details-toggle-2')!.click();
    await settle();
    const open = order().indexOf('row-bench-row-2') + 1;
    expect(table.querySelectorAll('tbody tr')[open].querySelector('[data-test="details-bench-details-2"]')).not.toBeNull();
    // one details row a result, hidden while closed: every result row is a table row, nothing else is shown
    expect(el.querySelectorAll('tbody tr.details:not(.closed)').length).toBe(1);
    expect(el.querySelectorAll('tbody tr.details.closed').length).toBe(2);
  });

  it('deletes only after a confirmation', async () => {
    const { api, q, settle } = await renderPage();
    q('button-bench-delete-2')!.click();
    await settle();
    expect(api.callsOf('tuning.benchmark.delete')).toEqual([]);
    q('button-bench-delete-confirm-2')!.click();
    await settle();
    expect(api.callsOf('tuning.benchmark.delete')).toEqual([[2]]);
    expect(q('row-bench-row-2')).toBeNull();
  });

  it('imports a file and shows where the server found it bad', async () => {
    let fail = true;
    const { api, q, type, choose, settle } = await renderPage((m) => m.mockCall('tuning.benchmark.import', () => {
      if (fail) {
        throw new ApiValidationError([{ attribute: 'data', message: "Not a valid BONNIE result: line 3, column put_block: expected a number, found '81x00'.", errno: 22 }]);
      }
      return fakeImportedBenchmark({ id: 8, label: 'old box' });
    }));
    q('button-import-open')!.click();
    await settle();
    const file = q<HTMLInputElement>('input-import-file')!;
    // jsdom's File has no text(); the browser's does.
    Object.defineProperty(file, 'files', { value: [{ name: 'runs.csv', text: async () => 'format_version,bonnie_version\n' }] });
    file.dispatchEvent(new Event('change'));
    await settle();
    await choose('select-import-format', 'BONNIE');
    expect(q<HTMLInputElement>('input-import-label')!.value).toBe('runs.csv');
    await type('input-import-label', 'old box');
    q('button-import-submit')!.click();
    await settle();
    expect(api.callsOf('tuning.benchmark.import')).toEqual([['BONNIE', 'format_version,bonnie_version\n', 'old box']]);
    expect(q('text-import-data-error')!.textContent).toContain('line 3, column put_block');

    fail = false;
    q('button-import-submit')!.click();
    await settle();
    expect(q('form-import-dialog')).toBeNull();
    expect(q('text-import-done')!.textContent).toContain('#8 old box');
    expect(api.callsOf('tuning.benchmark.query').length).toBe(4);   // a page and the count, twice
  });

  it('refreshes the list when a benchmark ends, whoever started it', async () => {
    const { api, settle } = await renderPage();
    expect(api.callsOf('tuning.benchmark.query').length).toBe(2);
    api.emitEvent('core.get_jobs', fakeJob({ id: 30, method: 'tuning.benchmark.run', state: 'RUNNING' }), 'added');
    api.emitEvent('core.get_jobs', fakeJob({ id: 31, method: 'tuning.preset.apply', state: 'SUCCESS' }), 'added');
    await settle();
    expect(api.callsOf('tuning.benchmark.query').length).toBe(2);
    api.emitEvent('core.get_jobs', { id: 30, state: 'SUCCESS' } as Job);
    await settle();
    expect(api.callsOf('tuning.benchmark.query').length).toBe(4);
  });

  it('a read-only user may not run, import or delete: each control names the role it needs', async () => {
    const { el, q, settle } = await renderPage();
    await sessionRoles(READ_ONLY_ROLES, settle);
    for (const id of ['button-bench-start', 'button-import-open', 'button-bench-delete-1']) {
      expect(controlState(el, id)).toEqual({
        disabled: true, needs: 'SYSTEM_ADVANCED_WRITE', says: 'Needs the System advanced write role',
      });
    }
    q('button-bench-delete-1')!.click();
    q('button-import-open')!.click();
    await settle();
    expect(q('button-bench-delete-confirm-1')).toBeNull();
    expect(q('form-import-dialog')).toBeNull();
    expect(controlState(el, 'button-bench-details-toggle-1').disabled).toBe(false);   // reading stays open
  });

  it('leaves campaign runs out of the history unless asked, and links each to its campaign', async () => {
    const campaignRun = fakeBenchmark({ id: 9, label: 'round 1 · max-iops', campaign_id: 4 });
    const { api, q, settle } = await renderPage(undefined, [campaignRun, tuned]);
    expect(q('row-bench-row-9')).toBeNull();
    q('checkbox-bench-show-campaign-runs')!.querySelector('input')!.click();
    await settle();
    expect(api.callsOf('tuning.benchmark.query').slice(-2)).toEqual([
      [[], { order_by: ['-created_at'], limit: 25, offset: 0, select: ROW_FIELDS }], [[], { count: true }]]);
    expect(q('row-bench-row-9')).not.toBeNull();
    const link = q<HTMLAnchorElement>('link-bench-campaign-9')!;
    expect(link.textContent).toContain('run of campaign #4');
    expect(link.getAttribute('href')).toBe('/campaigns?campaign=4');
    expect(q('link-bench-campaign-2')).toBeNull();
  });

  describe('pages', () => {
    /** Sixty results, #60 the newest. */
    const many = (n = 60) => Array.from({ length: n }, (_, i) => fakeBenchmark({
      id: i + 1, label: `run ${i + 1}`, created_at: new Date(Date.UTC(2026, 0, 1, 0, i + 1)).toISOString(),
    }));
    const shownIds = (all: (prefix: string) => HTMLElement[]) =>
      all('row-bench-row-').map((r) => Number(r.dataset['test']!.slice('row-bench-row-'.length)));
    const pageAsks = (api: MockApiService) => api.callsOf('tuning.benchmark.query')
      .map(([, o]) => o as { count?: boolean; limit?: number; offset?: number })
      .filter((o) => !o.count).map((o) => [o.offset, o.limit]);
    const range = (q: (id: string) => HTMLElement | null) =>
      q('paginator-bench-history')!.querySelector('.mat-mdc-paginator-range-label')!.textContent!.trim();

    it('asks for one page of 25 at a time and moves between pages', async () => {
      const { api, q, all, settle } = await renderPage(undefined, many());
      expect(shownIds(all)).toEqual(Array.from({ length: 25 }, (_, i) => 60 - i));
      expect(range(q)).toBe('1–25 of 60');
      q('button-bench-history-next')!.click();
      await settle();
      expect(pageAsks(api).at(-1)).toEqual([25, 25]);
      expect(shownIds(all)[0]).toBe(35);
      expect(range(q)).toBe('26–50 of 60');
      q('button-bench-history-last')!.click();
      await settle();
      expect(pageAsks(api).at(-1)).toEqual([50, 25]);
      expect(shownIds(all)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
      expect(q<HTMLButtonElement>('button-bench-history-next')!.getAttribute('aria-disabled')).toBe('true');
      q('button-bench-history-first')!.click();
      await settle();
      expect(shownIds(all)[0]).toBe(60);
      expect(q('button-bench-history-previous')!.getAttribute('aria-label')).toBe('Previous page');
    });

    it('offers 10, 25, 50 and 100 a page; another size keeps the first row shown on its page', async () => {
      const { api, q, all, options, choose, settle } = await renderPage(undefined, many());
      q('button-bench-history-next')!.click();
      await settle();
      expect(options('select-bench-history-size').map((o) => o.value)).toEqual(['10', '25', '50', '100']);
      await choose('select-bench-history-size', '10');
      // Material keeps the first row shown on screen: row 26 is on the third page of ten
      expect(pageAsks(api).at(-1)).toEqual([20, 10]);
      expect(shownIds(all)).toEqual([40, 39, 38, 37, 36, 35, 34, 33, 32, 31]);
      expect(range(q)).toBe('21–30 of 60');
    });

    it('a sort starts again at the first page and sorts the whole history', async () => {
      const { api, q, settle } = await renderPage(undefined, many());
      q('button-bench-history-next')!.click();
      await settle();
      headerCell(q('table-bench-history')!, '#').click();
      await settle();
      expect(api.callsOf('tuning.benchmark.query').at(-2)![1]).toEqual({ order_by: ['-id'], limit: 25, offset: 0, select: ROW_FIELDS });
    });

    it('keeps the results picked to compare while moving between pages', async () => {
      const { q, settle } = await renderPage(undefined, many());
      q('checkbox-bench-pick-60')!.querySelector('input')!.click();
      q('button-bench-history-next')!.click();
      await settle();
      q('checkbox-bench-pick-30')!.querySelector('input')!.click();
      await settle();
      expect(q('button-bench-compare')!.textContent).toContain('Compare selected (2)');
      q('button-bench-history-previous')!.click();
      await settle();
      expect(q('checkbox-bench-pick-60')!.querySelector('input')!.checked).toBe(true);
      const router = TestBed.inject(Router);
      const navigate = vi.spyOn(router, 'navigate').mockResolvedValue(true);
      q('button-bench-compare')!.click();
      expect(navigate).toHaveBeenCalledWith(['/compare'], { queryParams: { ids: '30,60', baseline: 30 } });
    });

    it('a delete reloads the same page; the last row of the last page deleted, the page before is shown', async () => {
      const { api, q, all, settle } = await renderPage(undefined, many(27));
      const remove = async (id: number) => {
        q(`button-bench-delete-${id}`)!.click();
        await settle();
        q(`button-bench-delete-confirm-${id}`)!.click();
        await settle();
      };
      await remove(27);
      expect(pageAsks(api).at(-1)).toEqual([0, 25]);
      expect(shownIds(all)).toEqual(Array.from({ length: 25 }, (_, i) => 26 - i));
      expect(range(q)).toBe('1–25 of 26');

      q('button-bench-history-next')!.click();
      await settle();
      expect(shownIds(all)).toEqual([1]);
      q('checkbox-bench-pick-1')!.querySelector('input')!.click();
      await settle();
      await remove(1);
      // page 2 has no rows now: page 1 is asked for and shown, not an empty page
      expect(pageAsks(api).slice(-2)).toEqual([[25, 25], [0, 25]]);
      expect(shownIds(all)).toEqual(Array.from({ length: 25 }, (_, i) => 26 - i));
      expect(range(q)).toBe('1–25 of 25');
      expect(q('cell-bench-empty')).toBeNull();
      expect(q('button-bench-compare')!.textContent).toContain('Compare selected (0)');   // a deleted result is not picked
    });

    it('the campaign-runs switch counts under its own filters and starts again at the first page', async () => {
      const rows = [...many(30), ...Array.from({ length: 5 }, (_, i) => fakeBenchmark({
        id: 100 + i, label: `round ${i}`, campaign_id: 7, created_at: `2026-02-0${i + 1}T00:00:00.000Z` }))];
      const { api, q, all, settle } = await renderPage(undefined, rows);
      expect(range(q)).toBe('1–25 of 30');
      q('button-bench-history-next')!.click();
      await settle();
      expect(shownIds(all)).toEqual([5, 4, 3, 2, 1]);
      q('checkbox-bench-show-campaign-runs')!.querySelector('input')!.click();
      await settle();
      expect(api.callsOf('tuning.benchmark.query').slice(-2)).toEqual([
        [[], { order_by: ['-created_at'], limit: 25, offset: 0, select: ROW_FIELDS }], [[], { count: true }]]);
      expect(range(q)).toBe('1–25 of 35');
      expect(shownIds(all).slice(0, 6)).toEqual([104, 103, 102, 101, 100, 30]);
      q('checkbox-bench-show-campaign-runs')!.querySelector('input')!.click();
      await settle();
      expect(range(q)).toBe('1–25 of 30');
    });
  });
});
