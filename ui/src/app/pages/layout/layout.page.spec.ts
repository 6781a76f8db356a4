import { TestBed } from '@angular/core/testing';
import { provideRouter } from '@angular/router';

import { ApiValidationError } from '../../api/api-errors';
import { LayoutAdvice, LayoutOptions, LayoutRow } from '../../api/models/tuning-advice';
import { BoxStore } from '../../stores/box.store';
import { fakeProfile, fakeState } from '../../testing/fixtures';
import { MockApiService, mockApi } from '../../testing/mock-api';
import { render } from '../../testing/render';
import { LayoutPage } from './layout.page';

const TiB = 2 ** 40;

function row(name: string, part: Partial<LayoutRow> = {}): LayoutRow {
  return {
    name, kind: 'RAIDZ', width: 6, parity: 2, vdevs: 2, spares: 0, raw_bytes: 43.66 * TiB, usable_bytes: 28.93 * TiB,
    effective_bytes: 28.96 * TiB, naive_bytes: 32e12, slop_bytes: 2 ** 37, record_sectors: 48, record_data_sectors: 32,
    read_bytes_per_second: 1.6e9, write_bytes_per_second: 1.52e9, read_iops: 300, write_iops: 300, failures_tolerated: 2,
    tolerance: 'Survives 2 failed disks in each vdev (up to 4 in all); one more in the same one loses the pool.', cautions: [],
    reasons: ['Each 128 KiB record takes 48 sectors of 4 KiB on 6 disks: 32 of data and 16 of parity, so 67% of the space holds data.'],
    current: false, ...part,
  };
}

function advice(options: LayoutOptions): LayoutAdvice {
  const pool = options.source === 'POOL';
  return {
    disks: { source: options.source ?? 'UNUSED', count: 12, size_bytes: 4e12, kind: 'HDD', names: [], left_out: pool ? [] : ['nvme0n1 (NVMe drive, 1 TB)'],
      words: '12 × 4 TB hard disks' },
    per_disk: { read_bytes_per_second: 2e8, write_bytes_per_second: 1.9e8, iops: 150, source: 'TYPICAL', words: 'Typical figures for a hard disk.' },
    ashift: 12, recordsize_bytes: options.recordsize_bytes ?? 131072,
    layouts: [row('1 × 12-wide RAIDZ2', { width: 12, vdevs: 1, usable_bytes: 33.12 * TiB, read_iops: 150, write_iops: 150,
      cautions: ['A 12-wide vdev resilvers slowly (every disk is read to rebuild one) and often writes slower than this estimate.'] }),
      row('2 × 6-wide RAIDZ2', { current: pool, spares: pool ? 0 : 1 })],
    notes: ['Throughput and IOPS are first-order estimates from one disk’s figures.'],
  };
}

async function renderPage(configure: (api: MockApiService) => void = () => undefined) {
  const { api, providers } = mockApi((m) => {
    m.mockCall('tuning.profile', fakeProfile()).mockCall('tuning.state', fakeState()).mockCall('core.get_jobs', [])
      .mockCall('tuning.advice.layout', ([options]) => advice(options ?? {}));
    configure(m);
  });
  const view = await render(LayoutPage, [...providers, provideRouter([])], () => TestBed.inject(BoxStore).load());
  return { api, ...view };
}

describe('LayoutPage', () => {
  it('compares the layouts of the box’s unused disks first: space in units, estimates, what each can lose and why', async () => {
    const { api, q, all } = await renderPage();
    expect(api.callsOf('tuning.advice.layout')[0]).toEqual([{ source: 'UNUSED', recordsize_bytes: 131072 }]);
    expect(q('text-layout-disks')!.textContent).toContain('12 × 4 TB hard disks');
    expect(q('text-layout-disks')!.textContent).toContain('Left out: nvme0n1 (NVMe drive, 1 TB)');
    expect(all('row-layout-row-').map((r) => r.dataset['test'])).toEqual(['row-layout-row-1-12-wide-raidz2', 'row-layout-row-2-6-wide-raidz2']);
    const wide = q('row-layout-row-1-12-wide-raidz2')!;
    expect(wide.textContent).toContain('33.1 TiB');
    expect(wide.textContent).toContain('data disks add up to 29.1 TiB');
    expect(wide.textContent).toContain('1,600 MB/s / 1,520 MB/s');
    expect(wide.textContent).toContain('150 IOPS / 150 IOPS');
    expect(wide.textContent).not.toMatch(/\d{9,}/);   // no byte counts
    expect(q('row-layout-row-2-6-wide-raidz2')!.textContent).toContain('Spare disks: 1');
    expect(q('text-layout-caution-1-12-wide-raidz2-0')!.textContent).toContain('A 12-wide vdev resilvers slowly');   // not only under Why
    expect(q('details-layout-why-1-12-wide-raidz2')!.contains(q('text-layout-caution-1-12-wide-raidz2-0'))).toBe(false);
    expect(all('text-layout-caution-2-6-wide')).toEqual([]);
    expect(q('details-layout-why-2-6-wide-raidz2')!.textContent).toContain('48 sectors');
    expect(q('table-layout-table')!.classList).toContain('stacked');
    // a phone lays each labelled cell out as label beside value (a grid of the ::before and one value element): a
    // label that wraps makes its row taller, never runs over the figures; figures keep to one line in spans of their
    // own, as a nowrap cell would stop its label wrapping
    const cells = Array.from(wide.querySelectorAll('td[data-label]'));
    expect(cells.length).toBe(6);
    expect(cells.filter((td) => td.classList.contains('nowrap') || td.children.length !== 1
      || !td.firstElementChild!.classList.contains('value'))).toEqual([]);
    expect(wide.querySelectorAll('.nowrap').length).toBeGreaterThanOrEqual(4);
    expect(q('list-layout-notes')!.textContent).toContain('first-order estimates');
  });

  it('lays out a pool’s disks again with its own layout marked, and asks again for another record size', async () => {
    const { api, q, choose } = await renderPage();
    await choose('select-layout-source', 'POOL');
    expect(api.callsOf('tuning.advice.layout').at(-1)).toEqual([{ source: 'POOL', pool: 'tank', recordsize_bytes: 131072 }]);
    expect(q('row-layout-row-2-6-wide-raidz2')!.classList).toContain('current');
    expect(q('row-layout-row-2-6-wide-raidz2')!.textContent).toContain('this pool');
    await choose('select-layout-record', '1024');
    expect(api.callsOf('tuning.advice.layout').at(-1)).toEqual([{ source: 'POOL', pool: 'tank', recordsize_bytes: 1048576 }]);
  });

  it('describes disks not bought yet: typed figures wait for the button, sizes in decimal TB', async () => {
    const { api, q, type, choose, settle } = await renderPage();
    await choose('select-layout-source', 'GIVEN');
    expect(api.callsOf('tuning.advice.layout').at(-1))
      .toEqual([{ source: 'GIVEN', count: 12, size_bytes: 4e12, kind: 'HDD', recordsize_bytes: 131072 }]);
    const before = api.callsOf('tuning.advice.layout').length;
    await type('input-layout-count', '8');
    await type('input-layout-size', '3.84');
    expect(api.callsOf('tuning.advice.layout').length).toBe(before);
    q('button-layout-show')!.click();
    await settle();
    expect(api.callsOf('tuning.advice.layout').at(-1))
      .toEqual([{ source: 'GIVEN', count: 8, size_bytes: 3.84e12, kind: 'HDD', recordsize_bytes: 131072 }]);
  });

  it('says what the box answered when the question names nothing usable, under the page’s name for the field', async () => {
    const { q } = await renderPage((m) => m.mockCall('tuning.advice.layout', () => {
      throw new ApiValidationError([{ attribute: 'options.count', message: 'Input should be greater than or equal to 1', errno: 22 }]);
    }));
    expect(q('text-layout-error')!.textContent!.trim()).toBe('How many: must be at least 1');
    expect(q('table-layout-table')).toBeNull();
  });

  it('checks typed disks before asking: a size beyond 100 TB or below 1 GB said under the field in TB, never a byte count', async () => {
    const { api, q, type, choose, settle } = await renderPage();
    await choose('select-layout-source', 'GIVEN');
    const before = api.callsOf('tuning.advice.layout').length;
    for (const [typed, words] of [['100000', 'must be at most 100 TB (the largest disks sold are about 30 TB)'],
      ['1e9', 'must be at most 100 TB'], ['2000', 'must be at most 100 TB'], ['0', 'must be at least 0.001 TB (1 GB)'],
      ['-3', 'must be at least 0.001 TB'], ['', 'is required']]) {
      await type('input-layout-size', typed);
      expect(q('text-error-layout-size')).toBeNull();   // the old error goes as soon as the field changes
      q('button-layout-show')!.click();
      await settle();
      expect(q('text-error-layout-size')!.textContent).toContain(`Size of each (TB): ${words}`);
      expect(q('text-error-layout-size')!.textContent).not.toMatch(/\d{7,}/);
    }
    await type('input-layout-count', '2.5');
    q('button-layout-show')!.click();
    await settle();
    expect(q('text-error-layout-count')!.textContent).toContain('How many: must be a whole number');
    expect(api.callsOf('tuning.advice.layout').length).toBe(before);   // nothing out of bounds was sent
    await type('input-layout-count', '6');
    await type('input-layout-size', '0.05');   // 50 GB: a small disk, but a disk
    q('button-layout-show')!.click();
    await settle();
    expect(api.callsOf('tuning.advice.layout').at(-1)![0]).toMatchObject({ count: 6, size_bytes: 5e10 });
    expect(q('text-error-layout-size')).toBeNull();
    expect(q('text-error-layout-count')).toBeNull();
  });

  it('says the server’s refusal of a typed field under it, and drops it as soon as the field changes', async () => {
    let refuse = false;
    const { q, type, choose, settle } = await renderPage((m) => m.mockCall('tuning.advice.layout', ([options]) => {
      if (refuse) {
        throw new ApiValidationError([{ attribute: 'options.size_bytes', message: 'Value error, must be at most 100 TB', errno: 22 }]);
      }
      return advice(options ?? {});
    }));
    await choose('select-layout-source', 'GIVEN');
    refuse = true;
    await type('input-layout-size', '50');
    q('button-layout-show')!.click();
    await settle();
    expect(q('text-error-layout-size')!.textContent!.trim()).toBe('Size of each (TB): must be at most 100 TB');
    expect(q('text-layout-error')).toBeNull();   // said once, under its field
    await type('input-layout-size', '5');
    expect(q('text-error-layout-size')).toBeNull();
  });

  it('marks the figures of an earlier input as out of date once the input changes, until the new one is answered', async () => {
    const { q, type, choose, settle } = await renderPage();
    await choose('select-layout-source', 'GIVEN');
    expect(q('text-layout-stale')).toBeNull();
    expect(q('section-layout-results')!.classList).not.toContain('stale');
    await type('input-layout-size', '0');   // refused: the 12 × 4 TB figures stay, said to be the previous input's
    q('button-layout-show')!.click();
    await settle();
    expect(q('text-layout-stale')!.textContent).toContain('These figures are for the previous input: press Compare layouts to update.');
    expect(q('section-layout-results')!.classList).toContain('stale');
    expect(q('text-layout-disks')!.textContent).toContain('12 × 4 TB hard disks');
    await type('input-layout-size', '4');   // back to what they answer
    expect(q('text-layout-stale')).toBeNull();
    await type('input-layout-size', '8');
    expect(q('text-layout-stale')).not.toBeNull();
    q('button-layout-show')!.click();
    await settle();
    expect(q('text-layout-stale')).toBeNull();
    expect(q('section-layout-results')!.classList).not.toContain('stale');
  });

  it('asks below the layouts what record size a dataset’s files call for, with the box’s datasets to choose from', async () => {
    const { q, options } = await renderPage();
    expect(q('form-recordsize-form')).not.toBeNull();
    expect(options('select-recordsize-dataset').map((o) => o.value)).toEqual(['tank', 'tank/vms']);
    expect(q('button-recordsize-start')!.textContent).toContain('Look at the files');
  });
});
