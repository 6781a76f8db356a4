import { TestBed } from '@angular/core/testing';

import { BenchmarkResult, MeasuredContext } from '../../api/models/tuning-benchmark';
import { PresetsStore } from '../../stores/presets.store';
import { fakeClientResult } from '../../testing/client-fixtures';
import { fakeBenchmark, fakeMeasuredContext, fakePreset, fakeStats } from '../../testing/fixtures';
import { mockApi } from '../../testing/mock-api';
import { render } from '../../testing/render';
import { declared } from '../../testing/declared-styles';
import { headerCell, phoneStyle } from '../../testing/tables';
import { BenchmarkDetailsComponent } from './benchmark-details.component';

/** A 1 GbE box: its link carries 125 MB/s at most. */
const GIGABIT = {
  bytes_per_second: 125_000_000, basis: 'eno1 link at 1000 Mb/s: the most one network client can move',
};

/** Measured on the box, 1,588 MB/s sequential write: far above what the link could carry, and rightly so. */
function localRun(context = fakeMeasuredContext({ theoretical_max: GIGABIT })): BenchmarkResult {
  const run = fakeBenchmark({ context });
  run.summary.SEQ_WRITE!['write_bw_bytes'] = fakeStats([1.58e9, 1.588e9, 1.6e9]);
  return run;
}

async function renderDetails(result: BenchmarkResult) {
  const { providers } = mockApi((m) => m.mockCall('tuning.preset.query', [fakePreset()]));
  return render(BenchmarkDetailsComponent, providers, () => TestBed.inject(PresetsStore).load(), { result });
}

describe('BenchmarkDetailsComponent', () => {
  it('a run on the sandbox says it ran on a plain directory, with no pool and no network limit beside it', async () => {
    const { q, el } = await renderDetails(localRun(fakeMeasuredContext({
      backend: 'sandbox', theoretical_max: GIGABIT,
      target: { dataset: 'tank/media', pool: 'tank', mountpoint: '/srv/tuning/tank/media', filesystem: 'ext4' },
    })));
    expect(q('value-details-where')!.textContent).toBe(
      'a plain directory on ext4 (/srv/tuning/tank/media), the sandbox’s stand-in for tank/media: no ZFS pool');
    expect(q('value-details-pool')).toBeNull();   // the sandbox's RAIDZ2 6×HDD never held this directory
    expect(q('list-details-context')!.textContent).not.toContain('RAIDZ2');
    // measured on the box: 1,588 MB/s beside a 125 MB/s link means nothing, so the link is not shown as a limit
    expect(q('text-details-link-limit')).toBeNull();
    expect(q('text-details-link-not-applicable')!.textContent)
      .toContain('does not apply: this was measured on the box itself');
    expect(el.textContent).not.toContain('Theoretical maximum');
    expect(q('text-details-above-link')).toBeNull();
    expect(q('table-details-stats')!.textContent).toContain('1,588 MB/s');
  });

  it('a run on a ZFS dataset names the dataset, its pool and the pool layout', async () => {
    const { q } = await renderDetails(localRun(fakeMeasuredContext({
      backend: 'truenas',
      target: { dataset: 'tank/media', pool: 'tank', mountpoint: '/mnt/tank/media', filesystem: 'zfs' },
    })));
    expect(q('value-details-where')!.textContent).toBe('dataset tank/media of pool tank, mounted at /mnt/tank/media');
    expect(q('value-details-pool')!.textContent).toBe('RAIDZ2 6×HDD');
  });

  it('a client result is read against the link: a figure above its maximum is flagged, in the table too', async () => {
    const result = fakeClientResult();
    (result.context as { theoretical_max: unknown }).theoretical_max = GIGABIT;
    const { q, el } = await renderDetails(result);
    expect(q('value-details-where')!.textContent)
      .toBe('/mnt/tank on the client ws1, over NFS 4.2, of the box’s dataset tank/share');
    expect(q('value-details-pool')).toBeNull();   // the fixture's box is the sandbox: its pools are stand-ins
    expect(q('text-details-link-limit')!.textContent).toContain('Theoretical maximum: 125 MB/s (eno1 link at 1000 Mb/s');
    // 400 MB/s written over a 125 MB/s link: flagged; the 49 MB/s read is not
    expect(q('text-details-above-link')!.textContent).toContain('Sequential write 1 MiB, write bandwidth 400 MB/s');
    expect(q('text-details-above-link')!.textContent).not.toContain('read bandwidth');
    expect(q('text-details-above-seq-write-write-bw-bytes')!.textContent).toBe('above the link’s maximum');
    expect(el.querySelectorAll('[data-test^="text-details-above-"][class*="badge"]').length).toBe(1);
    expect(q('text-details-link-not-applicable')).toBeNull();
    // the kit's plan has no profile or maximum of runs: said without them
    expect(q('list-details-context')!.textContent).not.toContain('undefined');
    // the kit's cache defeat in words, never its key
    expect(q('text-details-cache-defeat')!.querySelector('.badge')!.textContent).toBe('Direct I/O on the client');
    expect(q('text-details-cache-defeat')!.textContent).not.toContain('CLIENT_');
  });

  it('figures measured with writes not safe on power loss say so, in the server’s words, one line a setting', async () => {
    const words = [
      'Synchronous writes Disabled on tank/media: not safe on power loss',
      'Skip disk cache flushes on: not safe on power loss',
    ];
    const { q, all } = await renderDetails(localRun(fakeMeasuredContext({
      data_loss_settings: [
        { kind: 'DATASET_PROPERTY', setting: 'sync', name: 'Synchronous writes', scope: 'tank/media',
          value: 'DISABLED', words: words[0] },
        { kind: 'ZFS_PARAMETER', setting: 'zfs_nocacheflush', name: 'Skip disk cache flushes', scope: 'global',
          value: '1', words: words[1] },
      ],
    })));
    const lines = all('text-details-data-loss');
    expect(lines.map((p) => p.textContent!.trim())).toEqual(words);
    expect(lines.every((p) => p.classList.contains('danger') && p.getAttribute('role') === 'note')).toBe(true);
    expect(q('list-details-context')).not.toBeNull();
  });

  // none recorded, the result does not tell, an older server
  it.each([[[]], [null], [undefined]])('says nothing of data loss when data_loss_settings is %j', async (settings) => {
    const { q } = await renderDetails(localRun(fakeMeasuredContext({ data_loss_settings: settings })));
    expect(q('text-details-data-loss')).toBeNull();
    expect(q('list-details-context')).not.toBeNull();
  });

  it('shows the settings snapshot by name, in units and words, never a byte count or a source id', async () => {
    const { q } = await renderDetails(localRun(fakeMeasuredContext({ settings: [
      { kind: 'ZFS_PARAMETER', scope: 'global', setting: 'zfs_dirty_data_max', value: '3435973836', source: null,
        exists: true, name: 'Write buffer size', unit: 'BYTES', zero_is_default: false },
      { kind: 'DATASET_PROPERTY', scope: 'tank/media', setting: 'sync', value: 'STANDARD', source: 'INHERITED',
        exists: true, name: 'Synchronous writes', unit: null, zero_is_default: false },
    ] })));
    const table = q('details-settings')!;
    const text = (id: string) => q(id)!.textContent!.replace(/\s+/g, ' ').trim();
    expect(text('cell-details-setting-value-zfs-dirty-data-max')).toBe('3.2 GiB');
    expect(text('cell-details-setting-value-sync')).toBe('Standard');
    expect(table.textContent).toContain('Write buffer size');
    expect(table.textContent).toContain('inherited');
    expect(table.textContent).not.toMatch(/3435973836|INHERITED|STANDARD/);
  });

  it('names the settings that waited for a reboot, never their keys', async () => {
    const { q } = await renderDetails(localRun(fakeMeasuredContext({
      pending_reboot: ['ZFS_PARAMETER:global:zfs_dirty_data_max', 'ZFS_PARAMETER:global:zfs_unknown_knob'],
      settings: [{ kind: 'ZFS_PARAMETER', scope: 'global', setting: 'zfs_dirty_data_max', value: '1', source: null,
        exists: true, name: 'Write buffer size', unit: 'BYTES', zero_is_default: false }],
    })));
    expect(q('value-details-pending-reboot')!.textContent).toBe('Write buffer size, zfs_unknown_knob');
  });

  it.each([[1, 5, ': 1 run (at most 5), '], [3, 3, ': 3 runs (at most 3), ']])('says %i run(s) of at most %i in words', async (runs, max, words) => {
    const context = fakeMeasuredContext();
    const { q } = await renderDetails(localRun({ ...context, plan: { ...context.plan, runs, max_runs: max } }));
    expect(q('value-details-plan')!.textContent!.replace(/\s+/g, ' ')).toContain(words);
  });

  describe('names a preset whose settings waited for a reboot as not (all) in effect, as Compare and the report do', () => {
    const key = 'ZFS_PARAMETER:global:zfs_dirty_data_max_max';
    const preset = { id: 'max-iops', name: 'Max IOPS', restore_point_id: 3, target: {}, changed: 1, pending_reboot: [key] };
    const cases: [string, Partial<MeasuredContext>, string][] = [
      ['all of it waiting', { preset, pending_reboot: [key] },
        'Max IOPS (not yet in effect: waiting for a reboot), restore point #3'],
      ['part of it waiting', { preset: { ...preset, changed: 4 }, pending_reboot: [key] },
        'Max IOPS (partly: 1 setting waiting for a reboot), restore point #3'],
      ['none of it waiting', { preset: { ...preset, pending_reboot: [] } }, 'Max IOPS, restore point #3'],
      ['no preset', { preset: null }, 'None'],
    ];
    it.each(cases)('%s', async (_, context, words) => {
      const { q } = await renderDetails(localRun(fakeMeasuredContext(context)));
      expect(q('value-details-preset')!.textContent!.replace(/\s+/g, ' ').trim()).toBe(words);
    });
  });

  it('says for each read what the ARC answered from RAM, in words and whole percent, tests in catalog order', async () => {
    const { q, all, el } = await renderDetails(localRun(fakeMeasuredContext({ arc: {
      SEQ_READ: { asked_blocks: 81920, disk_blocks: 81101, ram_share: 0.01, from_ram: false },
      RAND_READ_4K: { asked_blocks: 262144, disk_blocks: 136315, ram_share: 0.48, from_ram: true },
      MIXED_70_30: { asked_blocks: 0, disk_blocks: 0, ram_share: null, from_ram: false },
    } })));
    expect(all('item-details-arc-').map((li) => li.textContent)).toEqual([
      'Sequential read 1 MiB: 1 % from RAM: a disk figure',
      'Random read 4 KiB: 48 % of its blocks came from RAM (the ARC): left out of verdicts and the bottleneck ladder',
      'Mixed 70/30 8 KiB: no read went through the ARC (Direct I/O)',
    ]);
    expect(q('list-details-arc')!.textContent).not.toMatch(/ram_share|from_ram|asked_blocks|0\.48|RAND_READ|[0-9]%/);
    expect(el.textContent).toContain('Reads and the ARC');
  });

  // an older result, one measured off ZFS, or nothing that read
  it.each([[undefined], [{}]])('says nothing of the ARC when context.arc is %j', async (arc) => {
    const { q, el } = await renderDetails(localRun(fakeMeasuredContext({ arc })));
    expect(q('list-details-arc')).toBeNull();
    expect(el.textContent).not.toContain('Reads and the ARC');
  });

  it('heads each statistic and setting by its column on a phone, and says what CV and runs are', async () => {
    const { q } = await renderDetails(localRun());
    const stats = q('table-details-stats')!;
    const settings = q('table-details-settings-table')!;
    // `stacked`: the global phone layout's one block a row, each cell headed by its data-label
    for (const table of [stats, settings]) {
      expect(table.classList).toContain('stacked');
      expect(table.querySelector('thead tr')!.getAttribute('data-label')).toBe('Sort by');
    }
    const labels = (table: Element) => [...table.querySelector('tbody tr')!.querySelectorAll('td')]
      .map((td) => td.getAttribute('data-label'));
    expect(labels(stats)).toEqual(['Test', 'Metric', 'Median', '95 % interval', 'Variation (CV)', 'Runs', 'Outlier runs']);
    expect(labels(settings)).toEqual(['Kind', 'Scope', 'Setting', 'Value', 'Source']);
    expect(phoneStyle(headerCell(stats, 'Runs'))['display']).toBe('block');   // a sort header, kept on a phone
    expect(headerCell(stats, 'Variation (CV)').title).toBe(
      'Run-to-run variation: the runs’ standard deviation as a percentage of their mean (coefficient of variation)');
    expect(headerCell(stats, 'Runs').title).toBe('How many runs the figures come from');
  });

  it('keeps each figure of the statistics on one line with its unit, the cell free to wrap around it', async () => {
    const { q } = await renderDetails(localRun());
    const row = q('table-details-stats')!.querySelector('tbody tr')!;
    const figures = [...row.querySelectorAll('span.nowrap')];
    expect(figures.map((f) => f.textContent)).toEqual(['1,588 MB/s', '1,580 MB/s', '1,600 MB/s', '2.00 %']);
    expect(figures.every((f) => declared(f, 'white-space').includes('nowrap'))).toBe(true);
    expect([...row.querySelectorAll('td')].every((td) => !declared(td, 'white-space').includes('nowrap'))).toBe(true);
    // the unbroken figures make the table wider: beside the context only where it has 600 px, else below it
    expect(declared(q('table-details-stats')!.closest('.cols')!, 'grid-template-columns'))
      .toEqual(['repeat(auto-fit, minmax(min(100%, 600px), 1fr))']);
  });

  it('sorts the statistics by CV and runs as numbers, in the catalog order of tests until then', async () => {
    const run = localRun();
    run.summary.SEQ_WRITE!['write_iops'] = { ...fakeStats([1, 2, 3]), cv_percent: 12 };
    run.summary.RAND_READ_4K!['read_iops'] = { ...fakeStats([1, 2, 3]), cv_percent: 9.5 };
    const { q, settle } = await renderDetails(run);
    const table = q('table-details-stats')!;
    const rows = () => [...table.querySelectorAll('tbody tr')]
      .map((tr) => tr.querySelector('td:nth-child(2)')!.textContent!.trim());
    expect(rows().slice(0, 3)).toEqual(['write bandwidth', 'write IOPS', 'write latency p50']);
    headerCell(table, 'Variation (CV)').click();   // the noisiest first: 12 % above 9.5 % above 2 %
    await settle();
    expect(rows().slice(0, 2)).toEqual(['write IOPS', 'read IOPS']);
    expect(table.tagName).toBe('TABLE');
  });
});
