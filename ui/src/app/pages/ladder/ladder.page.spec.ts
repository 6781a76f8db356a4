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
    expect(q('ladder-verdict')!.textContent).toContain('limited by the 1 GbE link');
    expect(q('ladder-bottleneck-read')!.textContent!.trim()).toBe('Network (iperf3)');
    expect(q('ladder-bottleneck-write')!.textContent!.trim()).toBe('the protocol (NFS) or the client');
    expect(all('ladder-row-').map((r) => r.dataset['test']))
      .toEqual(['ladder-row-DISKS', 'ladder-row-POOL', 'ladder-row-NETWORK', 'ladder-row-PROTOCOL-NFS']);
    expect(q('ladder-read-0')!.textContent).toContain('1,200 MB/s');
    expect(q('ladder-write-0')!.textContent).toContain('not measured');
    expect(q('ladder-write-0')!.querySelector('.bar')).toBeNull();
    expect((q('ladder-read-0')!.querySelector('.bar') as HTMLElement).style.width).toBe('100%');
    expect((q('ladder-read-1')!.querySelector('.bar') as HTMLElement).style.width).toBe('50%');
    expect(q('ladder-row-NETWORK')!.textContent).toContain('limits');
    expect(q('ladder-row-POOL')!.textContent).not.toContain('limits');
    expect(q('ladder-row-PROTOCOL-NFS')!.textContent).toContain('sync=standard');
    expect(q('ladder-missing')).toBeNull();
    // a Material table whose rows stay table rows, one block each on a phone, in the ladder's order: no sort headers
    const table = q('ladder-table')!;
    expect(table.classList).toContain('stacked');
    expect(q('ladder-row-NETWORK')!.tagName).toBe('TR');
    expect(q('ladder-row-NETWORK')!.classList).toContain('limits');
    expect(table.querySelectorAll('.mat-sort-header').length).toBe(0);
    expect([...q('ladder-row-POOL')!.querySelectorAll('td')].map((td) => td.getAttribute('data-label')))
      .toEqual(['Layer', 'Read', 'Write', 'Measured', 'Note']);
  });

  it('asks again for another pool or one dataset', async () => {
    const { api, choose } = await renderPage();
    await choose('ladder-pool', 'fast');
    await choose('ladder-dataset', 'fast/db');
    await choose('ladder-dataset', '');
    expect(api.callsOf('tuning.ladder.get').slice(1)).toEqual([[{ pool: 'fast' }], [{ pool: 'fast', dataset: 'fast/db' }], [{ pool: 'fast' }]]);
  });

  it('lists what is missing as next steps that lead to the page taking them', async () => {
    const missing = ['Read the disks (tuning.ladder.read_disks)',
      'Benchmark the pool locally (tuning.benchmark.run with SEQ_READ and SEQ_WRITE)',
      'Measure the network ceiling (tuning.network.measure)', 'Run the client kit (tuning.client.session.create)'];
    const { q, settle } = await renderPage(() => undefined, () => fakeLadder({
      layers: [], bottleneck: { read: null, write: null }, verdict: 'Nothing is measured for pool tank yet.', missing,
    }));
    expect(q('ladder-empty')).not.toBeNull();
    expect(q('ladder-bottleneck-read')!.textContent).toContain('not named yet');
    expect(q('ladder-step-0')!.textContent).toContain('Read the disks');
    expect(q('ladder-step-1')!.textContent).toContain('tuning.benchmark.run');
    expect(q('ladder-step-link-1')!.getAttribute('href')).toBe('/benchmarks');
    expect(q('ladder-step-link-2')!.getAttribute('href')).toBe('/network');
    expect(q('ladder-step-link-3')!.getAttribute('href')).toBe('/clients');
    q('ladder-step-link-0')!.click();   // this page's own step: focus moves to its form
    await settle();
    expect(document.activeElement).toBe(q('ladder-seconds'));
  });

  it('reads the disks as a job with its progress, then shows the ladder again', async () => {
    const rows = new Subject<Job>();
    let ladders = 0;
    const { api, q, type, settle } = await renderPage((m) => m.mockJob('tuning.ladder.read_disks', () => rows),
      () => fakeLadder({ verdict: `ladder ${++ladders}` }));
    await type('ladder-seconds', '3');
    q('ladder-read')!.click();
    await settle();
    expect(api.callsOf('tuning.ladder.read_disks')).toEqual([[{ pool: 'tank', seconds_per_disk: 3 }]]);
    rows.next(fakeJob({ id: 4, method: 'tuning.ladder.read_disks', progress: { percent: 50, description: 'Reading sdb (2 of 6)', extra: null } }));
    await settle();
    expect(q('job-description')!.textContent).toBe('Reading sdb (2 of 6)');
    expect(q<HTMLButtonElement>('ladder-read')!.disabled).toBe(true);
    rows.next(fakeJob({ id: 4, method: 'tuning.ladder.read_disks', state: 'SUCCESS', result: fakeDiskRead() }));
    rows.complete();
    await settle();
    expect(q('ladder-read-done')!.textContent).toContain('The disks of tank read 400.0 MB/s together.');
    expect(q('ladder-read-disks')!.textContent).toContain('sda: 400.0 MB/s');
    expect(q('ladder-read-disks')!.textContent).toContain('sdb: fio: read failed');
    expect(q('ladder-read-done')!.textContent).toContain('Read 2 data disks of tank for 3 s each.');
    expect(q('ladder-read-done')!.textContent).toContain('files stood in for the disks');
    expect(q('ladder-verdict')!.textContent).toBe('ladder 2');
  });

  it('names a refused seconds value on its field', async () => {
    const { api, q, type, settle } = await renderPage((m) => m.mockJob('tuning.ladder.read_disks', () => new Subject<Job>()));
    await type('ladder-seconds', '61');
    q('ladder-read')!.click();
    await settle();
    expect(api.callsOf('tuning.ladder.read_disks')).toEqual([]);
    expect(q('error-seconds_per_disk')!.textContent).toContain('Seconds per disk');
  });

  it('a read-only user reads the ladder but may not read the disks', async () => {
    const { el, settle } = await renderPage();
    await sessionRoles(READ_ONLY_ROLES, settle);
    expect(controlState(el, 'ladder-read')).toMatchObject({ disabled: true, needs: 'SYSTEM_ADVANCED_WRITE' });
  });
});
