import { TestBed } from '@angular/core/testing';

import { BoxStore } from '../../stores/box.store';
import { fakeProfile, fakeState } from '../../testing/fixtures';
import { mockApi } from '../../testing/mock-api';
import { render } from '../../testing/render';
import { BenchmarkFormComponent } from './benchmark-form.component';

/** A TrueNAS box: the fixtures' own is the sandbox. */
const truenas = () => mockApi((m) => m.mockCall('tuning.profile', { ...fakeProfile(), backend: 'truenas' })
  .mockCall('tuning.state', { ...fakeState(), backend: 'truenas' }));

describe('BenchmarkFormComponent: what the run does to the box', () => {
  it('says before Start where it writes, how much of the pool it may take, and that the pool is slower meanwhile', async () => {
    const { providers } = truenas();
    const { q, type, choose } = await render(BenchmarkFormComponent, providers, () => TestBed.inject(BoxStore).load());
    const effects = () => q('section-bench-effects')!.textContent!;
    // the first dataset is chosen; twice this box's 32 GiB ARC maximum, plus the scratch dataset's 10 % margin
    expect(effects()).toContain('a scratch dataset it creates under tank, and removes it when it ends');
    expect(effects()).toContain('up to 70.4 GiB of pool tank (9 TiB free now)');
    expect(effects()).toContain('refuses, writing nothing, when there is not enough');
    expect(effects()).toContain('keeps pool tank busy: other reads and writes on that pool are slower');
    await choose('select-bench-dataset', 'tank/vms');
    expect(effects()).toContain('under tank/vms');
    q('details-bench-advanced')!.querySelector('summary')!.click();
    await type('input-bench-working-set', '2048');
    expect(effects()).toContain('take 2.2 GiB of pool tank');
    // the words come before Start
    expect(q('section-bench-effects')!.compareDocumentPosition(q('button-bench-start')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('on the sandbox says it in the sandbox’s words: a scratch directory on this machine’s disk, no ZFS pool',
    async () => {
      const { providers } = mockApi((m) => m.mockCall('tuning.profile', fakeProfile())
        .mockCall('tuning.state', fakeState()));
      const { q } = await render(BenchmarkFormComponent, providers, () => TestBed.inject(BoxStore).load());
      expect(TestBed.inject(BoxStore).isSandbox()).toBe(true);   // as the sandbox banner decides
      const effects = q('section-bench-effects')!.textContent!;
      expect(effects).toContain('a scratch directory it creates under the sandbox’s stand-in for tank (a plain '
        + 'directory on this machine’s disk, no ZFS pool)');
      expect(effects).toContain('take 282 MiB of this machine’s disk (9 TiB free now)');
      expect(effects).toContain('keeps this machine’s disk busy');
      expect(effects).not.toContain('scratch dataset');
      expect(effects).not.toContain('pool tank');
    });
});
