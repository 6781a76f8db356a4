import { TestBed } from '@angular/core/testing';

import { BoxStore } from '../../stores/box.store';
import { fakeProfile, fakeState } from '../../testing/fixtures';
import { mockApi } from '../../testing/mock-api';
import { render } from '../../testing/render';
import { ESTIMATE_DEBOUNCE_MS } from '../../shared/plan-estimate/plan-estimate.component';
import { BenchmarkFormComponent } from './benchmark-form.component';

const GIB = 1024 ** 3;

/** A TrueNAS box: the fixtures' own is the sandbox. */
const truenas = () => mockApi((m) => m.mockCall('tuning.profile', { ...fakeProfile(), backend: 'truenas' })
  .mockCall('tuning.state', { ...fakeState(), backend: 'truenas' })
  .mockCall('tuning.benchmark.space', ([dataset]) => ({ on_zfs: true, free_bytes: dataset === 'tank' ? 73.5 * GIB : 50 * GIB,
    room_bytes: 72 * GIB })));

describe('BenchmarkFormComponent: what the run does to the box', () => {
  it('says before Start where it writes, how much of the pool it may take, and that the pool is slower meanwhile', async () => {
    const { api, providers } = truenas();
    const { q, type, choose, settle } = await render(BenchmarkFormComponent, providers, () => TestBed.inject(BoxStore).load());
    // the server is asked once the choices settle (as the plan estimate is)
    const answered = async () => { await new Promise((resolve) => setTimeout(resolve, ESTIMATE_DEBOUNCE_MS + 50)); await settle(); };
    await answered();
    const effects = () => q('section-bench-effects')!.textContent!;
    // the first dataset is chosen; twice this box's 32 GiB ARC maximum, plus the scratch dataset's 10 % margin
    expect(effects()).toContain('a scratch dataset it creates under tank, and removes it when it ends');
    // the dataset's free space as the space check reads it, not the pool's 9 TiB; why that much, beside it
    expect(effects()).toContain('up to 70.4 GiB of pool tank (73.5 GiB free now). That is twice the ARC’s maximum '
      + '(32 GiB) plus 10 %, so reads come from the disks, not RAM');
    expect(effects()).toContain('refuses, writing nothing, when there is not enough');
    expect(effects()).toContain('keeps pool tank busy: other reads and writes on that pool are slower');
    await choose('select-bench-dataset', 'tank/vms');
    await answered();
    expect(effects()).toContain('under tank/vms');
    expect(effects()).toContain('(50 GiB free now)');
    q('details-bench-advanced')!.querySelector('summary')!.click();
    expect(q('text-bench-working-set-hint')!.textContent).toContain('Working set: empty = up to 64 GiB (twice the ARC’s '
      + 'maximum, so reads come from the disks, not RAM; 1 GiB where ZFS Direct I/O bypasses the ARC)');
    await type('input-bench-working-set', '2048');
    expect(effects()).toContain('take 2.2 GiB of pool tank');
    // the server is asked what this run would take: the dataset with the tests, profile and working set chosen
    await answered();
    expect(api.callsOf('tuning.benchmark.space').at(-1)).toEqual(['tank/vms',
      { tests: ['SEQ_WRITE', 'SEQ_READ'], profile: 'QUICK', working_set_bytes: 2048 * 1024 ** 2 }]);
    // the words come before Start
    expect(q('section-bench-effects')!.compareDocumentPosition(q('button-bench-start')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('on the sandbox says it in the sandbox’s words: a scratch directory on this machine’s disk, no ZFS pool',
    async () => {
      const { providers } = mockApi((m) => m.mockCall('tuning.profile', fakeProfile())
        .mockCall('tuning.state', fakeState())
        .mockCall('tuning.benchmark.space', { on_zfs: false, free_bytes: 74 * GIB, room_bytes: 73 * GIB }));
      const { q, settle } = await render(BenchmarkFormComponent, providers, () => TestBed.inject(BoxStore).load());
      await new Promise((resolve) => setTimeout(resolve, ESTIMATE_DEBOUNCE_MS + 50));
      await settle();
      expect(TestBed.inject(BoxStore).isSandbox()).toBe(true);   // as the sandbox banner decides
      const effects = q('section-bench-effects')!.textContent!;
      expect(effects).toContain('a scratch directory it creates under the sandbox’s stand-in for tank (a plain '
        + 'directory on this machine’s disk, no ZFS pool)');
      // this machine's real free space (the server's statvfs), not the simulated pool's 9 TiB
      expect(effects).toContain('take 282 MiB of this machine’s disk (74 GiB free now)');
      expect(effects).toContain('keeps this machine’s disk busy');
      expect(effects).not.toContain('scratch dataset');
      expect(effects).not.toContain('pool tank');
    });
});
