import { TestBed } from '@angular/core/testing';
import { provideRouter } from '@angular/router';

import { ApiValidationError } from '../../api/api-errors';
import { BenchmarkResult } from '../../api/models/tuning-benchmark';
import { PresetsStore } from '../../stores/presets.store';
import { Job } from '../../api/models/job';
import { fakeBenchmark, fakeImportedBenchmark, fakeJob, fakeMeasuredContext, fakePreset, fakeProfile, fakeState } from '../../testing/fixtures';
import { MockApiService, mockApi } from '../../testing/mock-api';
import { withDialogs } from '../../testing/dialog';
import { render } from '../../testing/render';
import { headerCell } from '../../testing/tables';
import { BenchmarksPage } from './benchmarks.page';
import { READ_ONLY_ROLES, controlState, sessionRoles } from '../../testing/roles';

const tuned = fakeBenchmark({
  id: 2, label: 'tuned',
  context: fakeMeasuredContext({ preset: { id: 'max-iops', restore_point_id: 4, target: { pool: 'tank' } } }),
});

async function renderPage(configure: (api: MockApiService) => void = () => undefined, rows: BenchmarkResult[] = [fakeImportedBenchmark(), tuned, fakeBenchmark()]) {
  let history = rows;
  const { api, providers } = mockApi((m) => {
    m.mockCall('tuning.profile', fakeProfile()).mockCall('tuning.state', fakeState())
      .mockCall('tuning.preset.query', [fakePreset()])
      .mockCall('tuning.benchmark.query', () => history)
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

describe('BenchmarksPage', () => {
  it('lists results with source, the preset they were measured under and headline medians', async () => {
    const { api, q } = await renderPage();
    expect(api.callsOf('tuning.benchmark.query')[0]).toEqual([[['campaign_id', '=', null]], { order_by: ['-id'] }]);
    expect(q('bench-preset-1')!.textContent).toBe('none');
    // one block a result on a phone, each value headed by its column's name
    expect(q('bench-history')!.classList).toContain('stacked');
    expect([...q('bench-row-1')!.querySelectorAll('td[data-label]')].map((td) => td.getAttribute('data-label')))
      .toEqual(['#', 'Label', 'When', 'Source', 'Preset', 'Medians']);
    expect(q('bench-preset-2')!.textContent).toBe('Max IOPS');
    expect(q('bench-preset-3')!.textContent).toBe('imported');
    expect(q('bench-row-3')!.textContent).toContain('bonnie++ import');
    expect(q('bench-row-1')!.textContent).toContain('Sequential write 1 MiB: 400.0 MB/s');
    expect(q('bench-row-1')!.textContent).toContain('Random read 4 KiB: 12,000 IOPS');
    expect(q('bench-row-3')!.textContent).toContain('Random seeks (imported): 10,291 IOPS');
  });

  it('shows what a result was measured under', async () => {
    const { q, settle } = await renderPage();
    q('bench-details-toggle-1')!.click();
    await settle();
    expect(q('details-cache-defeat')!.textContent).toContain('O_DIRECT');
    expect(q('details-cache-defeat')!.textContent).toContain('bypasses the page cache');
    expect(q('details-settings')!.textContent).toContain('zfs_txg_timeout');
    expect(q('details-settings')!.textContent).toContain('ZFS module parameter');
    expect(q('details-settings')!.textContent).not.toContain('ZFS_PARAMETER');
    expect(q('details-jobs')!.querySelector('pre')!.textContent).toContain('rw=write');
    expect(q('details-notes')!.textContent).toContain('3 runs planned');
    expect(q('details-stats')!.textContent).toContain('write latency p99.9');
    // one interval level everywhere: the header says 95 %, the achieved coverage only on hover or when below it
    expect(q('details-stats')!.querySelector('thead')!.textContent).toContain('95 % interval of the median');
    expect(q('details-ci-words')!.textContent).toContain('95 %, as on Compare');
    const ci = q('details-ci')!;
    expect(ci.getAttribute('title')).toContain('covers 75.0 %');
    expect(ci.textContent).toContain('only 75.0 % with');

    q('bench-details-toggle-3')!.click();
    await settle();
    expect(q('details-imported')!.textContent).toContain('2.00a');
    expect(q('details-jobs')).toBeNull();
  });

  it('sorts by date (newest first) and by the preset in words; details open right under their row', async () => {
    const rows = [fakeImportedBenchmark({ created_at: '2025-12-30T10:00:00Z' }),
      fakeBenchmark({ ...tuned, created_at: '2026-01-03T10:00:00Z' }), fakeBenchmark({ created_at: '2026-01-02T10:00:00Z' })];
    const { q, el, settle } = await renderPage(undefined, rows);
    const table = q('bench-history')!;
    const order = () => [...table.querySelectorAll<HTMLElement>('tbody tr')]
      .map((r) => r.dataset['test'] ?? r.className);
    const shown = () => order().filter((o) => o.startsWith('bench-row-'));
    expect(shown()).toEqual(['bench-row-2', 'bench-row-1', 'bench-row-3']);
    headerCell(table, 'Preset').click();   // imported, Max IOPS, none: as read, not as the API spells them
    await settle();
    expect(shown()).toEqual(['bench-row-3', 'bench-row-2', 'bench-row-1']);
    q('bench-details-toggle-2')!.click();
    await settle();
    const open = order().indexOf('bench-row-2') + 1;
    expect(table.querySelectorAll('tbody tr')[open].querySelector('[data-test="bench-details-2"]')).not.toBeNull();
    // one details row a result, hidden while closed: every result row is a table row, nothing else is shown
    expect(el.querySelectorAll('tbody tr.details:not(.closed)').length).toBe(1);
    expect(el.querySelectorAll('tbody tr.details.closed').length).toBe(2);
  });

  it('deletes only after a confirmation', async () => {
    const { api, q, settle } = await renderPage();
    q('bench-delete-2')!.click();
    await settle();
    expect(api.callsOf('tuning.benchmark.delete')).toEqual([]);
    q('bench-delete-confirm-2')!.click();
    await settle();
    expect(api.callsOf('tuning.benchmark.delete')).toEqual([[2]]);
    expect(q('bench-row-2')).toBeNull();
  });

  it('imports a file and shows where the server found it bad', async () => {
    let fail = true;
    const { api, q, type, choose, settle } = await renderPage((m) => m.mockCall('tuning.benchmark.import', () => {
      if (fail) {
        throw new ApiValidationError([{ attribute: 'data', message: "Not a valid BONNIE result: line 3, column put_block: expected a number, found '81x00'.", errno: 22 }]);
      }
      return fakeImportedBenchmark({ id: 8, label: 'old box' });
    }));
    q('import-open')!.click();
    await settle();
    const file = q<HTMLInputElement>('import-file')!;
    // jsdom's File has no text(); the browser's does.
    Object.defineProperty(file, 'files', { value: [{ name: 'runs.csv', text: async () => 'format_version,bonnie_version\n' }] });
    file.dispatchEvent(new Event('change'));
    await settle();
    await choose('import-format', 'BONNIE');
    expect(q<HTMLInputElement>('import-label')!.value).toBe('runs.csv');
    await type('import-label', 'old box');
    q('import-submit')!.click();
    await settle();
    expect(api.callsOf('tuning.benchmark.import')).toEqual([['BONNIE', 'format_version,bonnie_version\n', 'old box']]);
    expect(q('import-data-error')!.textContent).toContain('line 3, column put_block');

    fail = false;
    q('import-submit')!.click();
    await settle();
    expect(q('import-dialog')).toBeNull();
    expect(q('import-done')!.textContent).toContain('#8 old box');
    expect(api.callsOf('tuning.benchmark.query').length).toBe(2);
  });

  it('refreshes the list when a benchmark ends, whoever started it', async () => {
    const { api, settle } = await renderPage();
    expect(api.callsOf('tuning.benchmark.query').length).toBe(1);
    api.emitEvent('core.get_jobs', fakeJob({ id: 30, method: 'tuning.benchmark.run', state: 'RUNNING' }), 'added');
    api.emitEvent('core.get_jobs', fakeJob({ id: 31, method: 'tuning.preset.apply', state: 'SUCCESS' }), 'added');
    await settle();
    expect(api.callsOf('tuning.benchmark.query').length).toBe(1);
    api.emitEvent('core.get_jobs', { id: 30, state: 'SUCCESS' } as Job);
    await settle();
    expect(api.callsOf('tuning.benchmark.query').length).toBe(2);
  });

  it('a read-only user may not run, import or delete: each control names the role it needs', async () => {
    const { el, q, settle } = await renderPage();
    await sessionRoles(READ_ONLY_ROLES, settle);
    for (const id of ['bench-start', 'import-open', 'bench-delete-1']) {
      expect(controlState(el, id)).toEqual({
        disabled: true, needs: 'SYSTEM_ADVANCED_WRITE', says: 'Needs the System advanced write role',
      });
    }
    q('bench-delete-1')!.click();
    q('import-open')!.click();
    await settle();
    expect(q('bench-delete-confirm-1')).toBeNull();
    expect(q('import-dialog')).toBeNull();
    expect(controlState(el, 'bench-details-toggle-1').disabled).toBe(false);   // reading stays open
  });

  it('leaves campaign runs out of the history unless asked, and links each to its campaign', async () => {
    const campaignRun = fakeBenchmark({ id: 9, label: 'round 1 · max-iops', campaign_id: 4 });
    const { api, q, settle } = await renderPage((m) => m.mockCall('tuning.benchmark.query',
      ([filters]) => (filters?.length ? [tuned] : [campaignRun, tuned])));
    expect(q('bench-row-9')).toBeNull();
    q('bench-show-campaign-runs')!.querySelector('input')!.click();
    await settle();
    expect(api.callsOf('tuning.benchmark.query').at(-1)).toEqual([[], { order_by: ['-id'] }]);
    expect(q('bench-row-9')).not.toBeNull();
    const link = q<HTMLAnchorElement>('bench-campaign-9')!;
    expect(link.textContent).toContain('run of campaign #4');
    expect(link.getAttribute('href')).toBe('/campaigns?campaign=4');
    expect(q('bench-campaign-2')).toBeNull();
  });
});
