import { TestBed } from '@angular/core/testing';
import { provideRouter } from '@angular/router';
import { Subject } from 'rxjs';

import { Job } from '../../api/models/job';
import { Ladder } from '../../api/models/tuning-ladder';
import { BoxStore } from '../../stores/box.store';
import { withDialogs } from '../../testing/dialog';
import { fakeJob, fakeProfile, fakeState } from '../../testing/fixtures';
import { fakeDiskRead, fakeLadder } from '../../testing/ladder-fixtures';
import { MockApiService, mockApi } from '../../testing/mock-api';
import { render } from '../../testing/render';
import { LadderPage } from './ladder.page';
import { READ_ONLY_ROLES, controlState, sessionRoles } from '../../testing/roles';

const profile = () => {
  const p = fakeProfile();
  return { ...p, pools: [...p.pools, { ...p.pools[0], name: 'fast', datasets: ['fast', 'fast/db'] }] };
};

async function renderPage(configure: (api: MockApiService) => void = () => undefined,
  answer: (options: { pool: string; dataset?: string | null }) => Ladder = () => fakeLadder()) {
  const { api, providers } = mockApi((m) => {
    m.mockCall('tuning.profile', profile()).mockCall('tuning.state', fakeState())
      .mockCall('core.get_jobs', [])
      .mockCall('tuning.ladder.get', ([options]) => answer(options));
    configure(m);
  });
  const view = withDialogs(await render(LadderPage, [...providers, provideRouter([])],
    () => TestBed.inject(BoxStore).load()));
  return { api, ...view };
}

describe('LadderPage', () => {
  it('shows the first pool’s ladder: the verdict, the limit per direction, each rung with its figures and bars', async () => {
    const { api, q, all } = await renderPage();
    expect(api.callsOf('tuning.ladder.get')).toEqual([[{ pool: 'tank' }]]);
    expect(q('text-ladder-verdict')!.textContent).toContain('limited by the 1 GbE link');
    expect(q('value-ladder-bottleneck-read')!.textContent!.trim()).toBe('Network (iperf3)');
    expect(q('value-ladder-bottleneck-write')!.textContent!.trim()).toBe('the protocol (NFS) or the client');
    expect(all('row-ladder-row-').map((r) => r.dataset['test']))
      .toEqual(['row-ladder-row-disks', 'row-ladder-row-pool', 'row-ladder-row-network', 'row-ladder-row-protocol-nfs']);
    expect(q('cell-ladder-read-0')!.textContent).toContain('1,200 MB/s');
    expect(q('cell-ladder-write-0')!.textContent).toContain('not measured');
    expect(q('cell-ladder-write-0')!.querySelector('.bar')).toBeNull();
    expect((q('cell-ladder-read-0')!.querySelector('.bar') as HTMLElement).style.width).toBe('100%');
    expect((q('cell-ladder-read-1')!.querySelector('.bar') as HTMLElement).style.width).toBe('50%');
    expect(q('row-ladder-row-network')!.textContent).toContain('limits');
    expect(q('row-ladder-row-pool')!.textContent).not.toContain('limits');
    expect(q('row-ladder-row-protocol-nfs')!.textContent).toContain('sync=standard');
    expect(q('list-ladder-missing')).toBeNull();
    // a Material table whose rows stay table rows, one block each on a phone, in the ladder's order: no sort headers
    const table = q('table-ladder-table')!;
    expect(table.classList).toContain('stacked');
    expect(q('row-ladder-row-network')!.tagName).toBe('TR');
    expect(q('row-ladder-row-network')!.classList).toContain('limits');
    expect(table.querySelectorAll('.mat-sort-header').length).toBe(0);
    expect([...q('row-ladder-row-pool')!.querySelectorAll('td')].map((td) => td.getAttribute('data-label')))
      .toEqual(['Layer', 'Read', 'Write', 'Measured', 'Note']);
  });

  it('asks again for another pool or one dataset', async () => {
    const { api, choose } = await renderPage();
    await choose('select-ladder-pool', 'fast');
    await choose('select-ladder-dataset', 'fast/db');
    await choose('select-ladder-dataset', '');
    expect(api.callsOf('tuning.ladder.get').slice(1)).toEqual([[{ pool: 'fast' }], [{ pool: 'fast', dataset: 'fast/db' }], [{ pool: 'fast' }]]);
  });

  it('lists what is missing as next steps that lead to the page taking them', async () => {
    const missing = ['Read the disks (tuning.ladder.read_disks)',
      'Benchmark the pool locally (tuning.benchmark.run with SEQ_READ and SEQ_WRITE)',
      'Measure the network ceiling (tuning.network.measure)', 'Run the client kit (tuning.client.session.create)'];
    const { q, settle } = await renderPage(() => undefined, () => fakeLadder({
      layers: [], bottleneck: { read: null, write: null }, verdict: 'Nothing is measured for pool tank yet.', missing,
    }));
    expect(q('cell-ladder-empty')).not.toBeNull();
    expect(q('value-ladder-bottleneck-read')!.textContent).toContain('not named yet');
    expect(q('item-ladder-step-0')!.textContent).toContain('Read the disks');
    expect(q('item-ladder-step-1')!.textContent).toContain('tuning.benchmark.run');
    expect(q('link-ladder-step-link-1')!.getAttribute('href')).toBe('/benchmarks');
    expect(q('link-ladder-step-link-2')!.getAttribute('href')).toBe('/network');
    expect(q('link-ladder-step-link-3')!.getAttribute('href')).toBe('/clients');
    q('button-ladder-step-link-0')!.click();   // this page's own step: focus moves to its form
    await settle();
    expect(document.activeElement).toBe(q('input-ladder-seconds'));
  });

  it('reads the disks as a job with its progress, then shows the ladder again', async () => {
    const rows = new Subject<Job>();
    let ladders = 0;
    const { api, q, type, settle } = await renderPage((m) => m.mockJob('tuning.ladder.read_disks', () => rows),
      () => fakeLadder({ verdict: `ladder ${++ladders}` }));
    await type('input-ladder-seconds', '3');
    q('button-ladder-read')!.click();
    await settle();
    expect(api.callsOf('tuning.ladder.read_disks')).toEqual([[{ pool: 'tank', seconds_per_disk: 3 }]]);
    rows.next(fakeJob({ id: 4, method: 'tuning.ladder.read_disks', progress: { percent: 50, description: 'Reading sdb (2 of 6)', extra: null } }));
    await settle();
    expect(q('text-job-description')!.textContent).toBe('Reading sdb (2 of 6)');
    expect(q<HTMLButtonElement>('button-ladder-read')!.disabled).toBe(true);
    rows.next(fakeJob({ id: 4, method: 'tuning.ladder.read_disks', state: 'SUCCESS', result: fakeDiskRead() }));
    rows.complete();
    await settle();
    expect(q('text-ladder-read-done')!.textContent).toContain('The disks of tank read 400 MB/s together.');
    expect(q('list-ladder-read-disks')!.textContent).toContain('sda: 400 MB/s');
    expect(q('list-ladder-read-disks')!.textContent).toContain('sdb: fio: read failed');
    expect(q('text-ladder-read-done')!.textContent).toContain('Read 2 data disks of tank for 3 s each.');
    expect(q('text-ladder-read-done')!.textContent).toContain('files stood in for the disks');
    expect(q('text-ladder-verdict')!.textContent).toBe('ladder 2');
  });

  it('names a refused seconds value on its field', async () => {
    const { api, q, type, settle } = await renderPage((m) => m.mockJob('tuning.ladder.read_disks', () => new Subject<Job>()));
    await type('input-ladder-seconds', '61');
    q('button-ladder-read')!.click();
    await settle();
    expect(api.callsOf('tuning.ladder.read_disks')).toEqual([]);
    expect(q('text-error-seconds-per-disk')!.textContent).toContain('Seconds per disk');
  });

  it('a read-only user reads the ladder but may not read the disks', async () => {
    const { el, settle } = await renderPage();
    await sessionRoles(READ_ONLY_ROLES, settle);
    expect(controlState(el, 'button-ladder-read')).toMatchObject({ disabled: true, needs: 'SYSTEM_ADVANCED_WRITE' });
  });
});
