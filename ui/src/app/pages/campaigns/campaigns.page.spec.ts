import { signal } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import { provideRouter } from '@angular/router';
import { Subject, throwError } from 'rxjs';

import { ApiValidationError } from '../../api/api-errors';
import { AuthStatus, AuthService } from '../../auth/auth.service';
import { URL_FETCH } from '../../shared/report-download';
import { BoxStore } from '../../stores/box.store';
import { withDialogs } from '../../testing/dialog';
import { fakeCampaign, fakeDoneCampaign } from '../../testing/campaign-fixtures';
import { fakeChange, fakePlan, fakePreset, fakeProfile, fakeState } from '../../testing/fixtures';
import { MockApiService, mockApi } from '../../testing/mock-api';
import { render } from '../../testing/render';
import { headerCell } from '../../testing/tables';
import { Campaign } from '../../api/models/tuning-campaign';
import { fakeQuery } from '../../shared/paging/fake-query';
import { CampaignsPage } from './campaigns.page';
import { READ_ONLY_ROLES, controlState, sessionRoles } from '../../testing/roles';

async function renderPage(rows = [fakeDoneCampaign({ id: 1 })], configure: (api: MockApiService) => void = () => undefined) {
  let current = rows;
  const status = signal<AuthStatus>('logged-in');
  const { api, providers } = mockApi((m) => {
    m.mockCall('tuning.profile', fakeProfile()).mockCall('tuning.state', fakeState())
      .mockCall('tuning.preset.query', [fakePreset()])
      .mockCall('tuning.preset.preview', fakePlan())
      .mockCall('tuning.campaign.query', (params) => fakeQuery(current, params) as Campaign[])
      .mockCall('core.get_jobs', [])
      .mockCall('tuning.campaign.abort', true)
      .mockCall('core.download', [5, '/_download/5?auth_token=t']);
    configure(m);
  });
  const view = withDialogs(await render(CampaignsPage, [
    ...providers, provideRouter([]),
    { provide: AuthService, useValue: { status } },
    { provide: URL_FETCH, useValue: async () => new Response('<h1>Report of max-iops</h1>') },
  ], () => TestBed.inject(BoxStore).load()));
  return { api, status, set: (r: typeof rows) => (current = r), ...view };
}

describe('CampaignsPage', () => {
  it('sends the wizard\'s spec and shows the server\'s errors on their fields', async () => {
    const { api, q, type, choose, settle } = await renderPage([], (m) => m.mockJob('tuning.campaign.run', () => throwError(() => new ApiValidationError([
        { attribute: 'tuning.campaign.run.spec.finish.preset', message: 'Not one of the campaign\'s presets', errno: 22 },
        { attribute: 'tuning.campaign.run.spec.presets.0', message: 'Unknown preset', errno: 22 },
      ]))));
    await choose('select-camp-dataset', 'tank/vms');
    q('checkbox-camp-preset-max-iops')!.querySelector('input')!.click();
    await type('input-camp-rounds', '1');
    await type('input-camp-runs', '1');
    await choose('select-camp-finish-mode', 'PRESET');
    await choose('select-camp-finish-preset', 'max-iops');
    q('checkbox-camp-allow-reboot')!.querySelector('input')!.click();
    await settle();
    expect(q('text-camp-reboot-words')!.textContent).toContain('restart the box by itself');
    q('button-camp-start')!.click();
    await settle();
    // Allowed to reboot: the same Confirm tick as an apply first.
    q('checkbox-confirm-checkbox')!.querySelector('input')!.click();
    await settle();
    q<HTMLButtonElement>('button-confirm-continue')!.click();
    await settle();
    expect(api.callsOf('tuning.campaign.run')[0][0]).toEqual(expect.objectContaining({
      dataset: 'tank/vms', presets: ['max-iops'], rounds: 1, allow_reboot: true, order: 'INTERLEAVED',
      finish: { mode: 'PRESET', preset: 'max-iops' },
      benchmark: { tests: ['SEQ_WRITE', 'SEQ_READ', 'RAND_READ_4K'], profile: 'QUICK', runs: 1 },
    }));
    expect(q('text-error-finish-preset')!.textContent).toContain('Not one of the campaign\'s presets');
    expect(q('text-error-presets')!.textContent).toContain('Unknown preset');
  });

  it('lists the chosen presets\' data-loss settings and starts only once each is ticked', async () => {
    const sync = fakeChange({ key: 'DATASET_PROPERTY:tank:sync', setting: 'sync', current: 'STANDARD', proposed: 'DISABLED',
      apply_mode: 'LIVE', risk: 'DANGEROUS' });
    const { api, q, choose, settle } = await renderPage([], (m) => m
      .mockCall('tuning.preset.query', [fakePreset(), fakePreset({ id: 'yolo', name: 'Yolo', builtin: false })])
      .mockCall('tuning.preset.preview', ([id]) => fakePlan(id === 'yolo' ? [fakeChange(), sync] : [fakeChange()]))
      .mockJob('tuning.campaign.run', () => throwError(() => new Error('stop here'))));
    await choose('select-camp-dataset', 'tank/vms');
    q('checkbox-camp-preset-max-iops')!.querySelector('input')!.click();
    await settle();
    expect(q('section-camp-dangers')).toBeNull();
    expect(q<HTMLButtonElement>('button-camp-start')!.disabled).toBe(false);

    q('checkbox-camp-preset-yolo')!.querySelector('input')!.click();
    await settle();
    expect(api.callsOf('tuning.preset.preview').at(-1)).toEqual(['yolo', { pool: 'tank', dataset: 'tank/vms' }]);
    expect(q('section-camp-dangers')!.textContent).toContain('sync');
    expect(q('section-camp-dangers')!.textContent).toContain('power cut or crash can lose data');
    expect(q<HTMLButtonElement>('button-camp-start')!.disabled).toBe(true);

    q('checkbox-ack-sync')!.querySelector('input')!.click();
    await settle();
    q('button-camp-start')!.click();
    await settle();
    expect(api.callsOf('tuning.campaign.run')[0][0]).toEqual(expect.objectContaining({
      presets: ['max-iops', 'yolo'], acknowledge: ['DATASET_PROPERTY:tank:sync'] }));

    q('checkbox-camp-preset-yolo')!.querySelector('input')!.click();   // the dangerous preset is dropped: so is its acknowledgement
    await settle();
    expect(q('section-camp-dangers')).toBeNull();
    q('checkbox-camp-preset-yolo')!.querySelector('input')!.click();
    await settle();
    expect(q('checkbox-ack-sync')!.querySelector('input')!.checked).toBe(false);
  });

  it('shows live progress, asks before aborting, and shows the results when it ends', async () => {
    const { api, q, settle } = await renderPage([fakeCampaign()]);
    expect(q('text-camp-progress')!.textContent).toContain('round 1/2 · Max IOPS · benchmarking');
    api.emitEvent('core.get_jobs', { id: 40, method: 'tuning.campaign.run', arguments: [], state: 'RUNNING', result: null, error: null,
      progress: { percent: 50, description: 'round 1/2 · Max IOPS · benchmarking · run 1/2 · 412 MB/s',
        extra: { test: 'SEQ_WRITE', mbps: 412, iops: 412, run: 1, runs: 2, phase: 'measure' } } });
    await settle();
    expect(q('text-camp-live-mbps')!.textContent).toBe('412 MB/s');

    q('button-camp-abort')!.click();
    await settle();
    expect(api.callsOf('tuning.campaign.abort')).toEqual([]);
    q('button-camp-abort-confirm')!.click();
    await settle();
    expect(api.callsOf('tuning.campaign.abort')).toEqual([[1]]);

    api.emitEvent('tuning.campaign.query', fakeDoneCampaign());
    await settle();
    expect(q('card-camp-active')).toBeNull();
    expect(q('row-camp-rec-0')!.textContent).toContain('+12.0 %');
    expect(q('row-camp-rec-0')!.textContent).toContain('write bandwidth');
    expect(q('text-camp-verdict-0')!.textContent).toContain('Better');
    expect(q('link-camp-compare-link')!.getAttribute('href')).toContain('ids=21,22');
    expect(api.callsOf('core.download')[0]).toEqual(['tuning.report.generate', [{ campaign: 1 }, 'HTML'], 'report-campaign-1.html', false]);
    const frame = q<HTMLIFrameElement>('frame-camp-report-frame')!;
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('Report of max-iops');
  });

  it('after a reconnect re-queries and follows the campaign\'s new job', async () => {
    const { api, status, set, q, settle } = await renderPage([fakeCampaign({ state: 'REBOOTING', job_id: 40, progress: 'round 1/2 · Max IOPS · rebooting' })]);
    expect(q('text-camp-rebooting')).not.toBeNull();
    status.set('connecting');
    set([fakeCampaign({ job_id: 41 })]);
    await settle();
    status.set('logged-in');
    await settle();
    expect(api.callsOf('tuning.campaign.query').length).toBe(6);   // a page, the count and the one under way, twice
    expect(api.callsOf('core.get_jobs').at(-1)).toEqual([[['id', '=', 41]]]);
    api.emitEvent('core.get_jobs', { id: 41, method: 'tuning.campaign.run', arguments: [], state: 'RUNNING', result: null, error: null,
      progress: { percent: 60, description: 'round 1/2 · Max IOPS · benchmarking', extra: { test: 'SEQ_WRITE', mbps: 300, iops: 300, run: 1, runs: 2, phase: 'measure' } } });
    await settle();
    expect(q('text-camp-rebooting')).toBeNull();
    expect(q('text-camp-live-mbps')!.textContent).toBe('300 MB/s');
  });

  it('a read-only user follows a campaign but may not start or abort one', async () => {
    const { api, el, q, settle } = await renderPage([fakeCampaign()]);
    await sessionRoles(READ_ONLY_ROLES, settle);
    expect(controlState(el, 'button-camp-abort')).toMatchObject({ disabled: true, needs: 'SYSTEM_ADVANCED_WRITE' });
    expect(controlState(el, 'button-camp-start')).toMatchObject({ disabled: true, needs: 'SYSTEM_ADVANCED_WRITE' });
    q('button-camp-abort')!.click();
    await settle();
    expect(q('button-camp-abort-confirm')).toBeNull();
    expect(api.callsOf('tuning.campaign.abort')).toEqual([]);
  });

  it('opens the results of the campaign a link names (?campaign=7, a campaign run in the benchmark history)', async () => {
    const { q, settle, fixture } = await renderPage([fakeDoneCampaign({ id: 7 })]);
    fixture.componentRef.setInput('campaign', '7');
    await settle();
    expect(q('button-camp-open-7')!.getAttribute('aria-expanded')).toBe('true');
    expect(q('table-camp-rec-table')).not.toBeNull();
  });

  it('opens the results of a campaign on no page shown, saying so while they come', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => fakeDoneCampaign({
      id: i + 1, label: `c${i + 1}`, created_at: new Date(Date.UTC(2026, 0, 1, i)).toISOString() }));
    const later = new Subject<Campaign[]>();
    const { api, q, settle, fixture } = await renderPage(rows, (m) => m.mockCall('tuning.campaign.query', (params) =>
      (JSON.stringify(params[0]).startsWith('[["id"') ? later : fakeQuery(rows, params) as Campaign[])));
    await settle();
    expect(q('row-camp-row-2')).toBeNull();
    const asked = api.callsOf('tuning.campaign.query').length;
    fixture.componentRef.setInput('campaign', '2');
    await settle();
    expect(q('text-camp-open-loading')!.textContent).toContain('Loading the results of campaign #2…');
    later.next([rows[1]]);
    later.complete();
    await settle();
    expect(api.callsOf('tuning.campaign.query').slice(asked)).toEqual([[[['id', '=', 2]], { limit: 1 }]]);
    expect(q('text-camp-open-loading')).toBeNull();
    expect(q('table-camp-rec-table')).not.toBeNull();
  });

  it('asks for one page of campaigns at a time, newest first; the server sorts them all', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => fakeDoneCampaign({
      id: i + 1, label: `c${i + 1}`, created_at: new Date(Date.UTC(2026, 0, 1, i)).toISOString() }));
    const { api, q, all, settle } = await renderPage(rows);
    const ids = () => all('row-camp-row-').filter((e) => e.tagName === 'TR')
      .map((r) => Number(r.dataset['test']!.slice('row-camp-row-'.length)));
    const range = () => q('paginator-camp-list')!.querySelector('.mat-mdc-paginator-range-label')!.textContent!.trim();
    expect(ids()).toEqual(Array.from({ length: 25 }, (_, i) => 30 - i));
    expect(range()).toBe('1–25 of 30');
    q('button-camp-list-next')!.click();
    await settle();
    expect(api.callsOf('tuning.campaign.query').at(-2)).toEqual([[], { order_by: ['-created_at'], limit: 25, offset: 25 }]);
    expect(ids()).toEqual([5, 4, 3, 2, 1]);
    headerCell(q('table-camp-list')!, '#').click();
    await settle();
    expect(api.callsOf('tuning.campaign.query').at(-2)).toEqual([[], { order_by: ['-id'], limit: 25, offset: 0 }]);
    expect(range()).toBe('1–25 of 30');
    expect(q('select-camp-list-size')).not.toBeNull();
  });
});
