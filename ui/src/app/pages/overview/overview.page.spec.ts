import { TestBed } from '@angular/core/testing';
import { provideRouter } from '@angular/router';

import { TuningStateInEffect } from '../../api/models/tuning-profile';
import { BoxStore } from '../../stores/box.store';
import { PresetsStore } from '../../stores/presets.store';
import { withDialogs } from '../../testing/dialog';
import { fakeChange, fakePlan, fakePreset, fakeProfile, fakeRestorePoint, fakeState } from '../../testing/fixtures';
import { MockApiService, fakeSuccessfulJob, mockApi } from '../../testing/mock-api';
import { render } from '../../testing/render';
import { headerCell } from '../../testing/tables';
import { READ_ONLY_ROLES, controlState, sessionRoles } from '../../testing/roles';
import { OverviewPage } from './overview.page';
import { dangerLead, dangerReason, undoWords } from './in-effect-words';
import { OVERVIEW_REREAD_MS } from './reread-while-visible';

function row(partial: Partial<TuningStateInEffect>): TuningStateInEffect {
  return {
    key: 'DATASET_PROPERTY:tank/media:recordsize', kind: 'DATASET_PROPERTY', setting: 'recordsize',
    summary: 'maximum block size', scope: 'tank/media', value: '1M', inherited: false, apply_mode: 'NEW_DATA',
    risk: 'SAFE', risk_reason: null, preset: 'max-seq-write', restore_point_id: 2, applied_at: '2026-01-02T10:00:00Z',
    pending_reboot: false, ...partial,
  };
}

const sync = row({
  key: 'DATASET_PROPERTY:tank/media:sync', setting: 'sync', summary: 'handling of synchronous writes', value: 'DISABLED',
  apply_mode: 'LIVE', risk: 'DANGEROUS', risk_reason: 'on a power cut or crash, writes the clients were told are safe can be lost',
  preset: 'loose', restore_point_id: 1, restore_point_changes: 5,
});

const putBackPlan = fakePlan([fakeChange({ key: 'DATASET_PROPERTY:tank/media:sync', setting: 'sync', scope: 'tank/media',
  current: 'STANDARD', proposed: 'DISABLED', apply_mode: 'LIVE', risk: 'DANGEROUS' })]);
const putBackOutcome = { restore_point_id: 5, preset: 'loose', target: { pool: 'tank' }, applied: [], pending_reboot: [], verified: [] };

async function open(state = fakeState(), profile = fakeProfile(), more: (m: MockApiService) => MockApiService = (m) => m) {
  const { api, providers } = mockApi((m) => more(m)
    .mockCall('tuning.profile', profile).mockCall('tuning.state', state)
    .mockCall('tuning.preset.query', [fakePreset({ id: 'max-seq-write', name: 'Max sequential write' }),
      fakePreset({ id: 'loose', name: 'Loose', builtin: false })])
    .mockCall('tuning.drift.preview', putBackPlan)
    .mockJob('tuning.drift.put_back', fakeSuccessfulJob(putBackOutcome))
    .mockJob('tuning.drift.accept', fakeSuccessfulJob({ key: 'k', kind: 'DATASET_PROPERTY', setting: 'recordsize',
      summary: 'maximum block size', scope: 'tank/media', expected: '1M', value: '128K', restore_point_id: 2,
      accepted_at: 't' })));
  const rendered = withDialogs(await render(OverviewPage, [...providers, provideRouter([])], async () => {
    await TestBed.inject(BoxStore).load();
    await TestBed.inject(PresetsStore).load();
  }));
  return { ...rendered, api };
}

const text = (el: HTMLElement | null) => el!.textContent!.replace(/\s+/g, ' ').trim();

describe('OverviewPage', () => {
  it('keeps a dangerous setting of an earlier preset in sight, first, in words, with the restore point that undoes it', async () => {
    const { q, all } = await open(fakeState({
      active: { preset: 'max-seq-write', target: { pool: 'tank', dataset: 'tank/media' }, restore_point_id: 2, applied_at: '2026-01-02T10:00:00Z' },
      in_effect: [sync, row({}), row({ key: 'k2', setting: 'zfs_dirty_data_max', risk: 'CAUTION', scope: 'global' })],
    }));
    expect(q('text-active-preset-name')!.textContent).toContain('Max sequential write');
    expect(q('text-latest-preset')!.textContent).toContain('Latest preset applied');
    const banner = q('text-dangerous-in-effect')!;
    expect(banner.getAttribute('role')).toBe('alert');
    expect(banner.textContent).toContain('A dangerous setting is in effect');
    // words first, what it does to the data; the setting's name and value after them
    // one sentence: what changed, the setting and its value in brackets, what is at stake; nothing said twice
    expect(text(q('text-dangerous-sync'))).toMatch(/^Synchronous writes are off on tank\/media \(sync = Disabled\): on a power cut or crash, writes the clients were told are safe can be lost\. Revert/);
    expect(q('text-dangerous-lead-sync')!.tagName).toBe('STRONG');
    expect(text(q('text-dangerous-sync')).match(/tank\/media/g)).toHaveLength(1);
    expect(text(q('text-dangerous-sync'))).not.toContain('handling of synchronous writes');
    expect(q('text-dangerous-sync')!.textContent).toContain('set by Loose');
    const undo = q<HTMLAnchorElement>('link-dangerous-undo-sync')!;
    expect(undo.textContent).toContain('Revert restore point #1 to undo it');
    expect(undo.getAttribute('href')).toBe('/restore-points?revert=1');
    // the link reverts the whole restore point: what else it puts back is said beside it, words apart
    expect(text(q('text-dangerous-sync'))).toContain('to undo it (it also puts back 4 other settings) (set by Loose)');

    expect(all('row-in-effect-').filter((el) => el.tagName === 'TR').map((el) => el.dataset['test']))
      .toEqual(['row-in-effect-sync', 'row-in-effect-recordsize', 'row-in-effect-zfs-dirty-data-max']);
    expect(text(q('text-in-effect-intro'))).toBe('3 settings tuning changed are in effect now. They come from 2 restore points (earlier presets still count).');
    expect(q<HTMLAnchorElement>('link-in-effect-undo-recordsize')!.getAttribute('href')).toBe('/restore-points?revert=2');
    expect(q('row-in-effect-sync')!.textContent).toContain('Dangerous');
    expect(q('text-no-drift')).not.toBeNull();
  });

  it('sorts what is in effect by risk and by when it was set; unused disks by name and by size in bytes', async () => {
    const profile = fakeProfile();
    const disk = profile.unused_disks[0];
    profile.unused_disks = [{ ...disk, name: 'sdb10', kind: 'HDD', size_bytes: 512 * 1024 ** 3 },
      { ...disk, name: 'sdb2', kind: 'SSD', size_bytes: 2 * 1024 ** 4 },
      { ...disk, name: 'nvme0n1', size_bytes: 900 * 1024 ** 3 }];
    const { q, all, settle } = await open(fakeState({
      active: { preset: 'max-seq-write', target: { pool: 'tank' }, restore_point_id: 2, applied_at: '2026-01-02T10:00:00Z' },
      in_effect: [sync, row({ applied_at: '2026-01-05T10:00:00Z' }),
        row({ key: 'k2', setting: 'zfs_dirty_data_max', risk: 'CAUTION', scope: 'global',
          applied_at: '2026-01-03T10:00:00Z' })],
    }), profile);
    const rows = () => all('row-in-effect-').filter((el) => el.tagName === 'TR').map((el) => el.dataset['test']);
    const table = q('table-in-effect-table')!;
    headerCell(table, 'Risk').click();   // the most dangerous first
    await settle();
    expect(rows()).toEqual(['row-in-effect-sync', 'row-in-effect-zfs-dirty-data-max', 'row-in-effect-recordsize']);
    expect(q('row-in-effect-sync')!.classList).toContain('DANGEROUS');
    expect(q('row-in-effect-sync')!.classList).toContain('mat-mdc-row');
    headerCell(table, 'Set by').click();   // the latest change first
    await settle();
    expect(rows()).toEqual(['row-in-effect-recordsize', 'row-in-effect-zfs-dirty-data-max', 'row-in-effect-sync']);

    const disks = () => all('row-unused-disk-').map((el) => el.dataset['test']);
    expect(disks()).toEqual(['row-unused-disk-nvme0n1', 'row-unused-disk-sdb2', 'row-unused-disk-sdb10']);
    headerCell(q('table-unused-disks')!, 'Size').click();   // 2.0 TiB above 900 GiB above 512 GiB, whatever the text
    await settle();
    expect(disks()).toEqual(['row-unused-disk-sdb2', 'row-unused-disk-nvme0n1', 'row-unused-disk-sdb10']);
  });

  it('says a link speed with thousands separated', async () => {
    const { q } = await open(fakeState());
    expect(text(q('card-box-nics'))).toContain('eno1: 10,000 Mb/s');
  });

  it('says nothing is in effect when tuning changed nothing', async () => {
    const { q } = await open();
    expect(q('text-no-active-preset')!.textContent).toContain('Nothing tuning changed is in effect');
    expect(q('text-dangerous-in-effect')).toBeNull();
    expect(q('table-in-effect-table')).toBeNull();
  });

  it('shows a setting waiting for a reboot as such', async () => {
    const { q } = await open(fakeState({
      active: { preset: 'max-seq-write', target: { pool: 'tank' }, restore_point_id: 2, applied_at: 't' },
      in_effect: [row({ setting: 'zfs_dirty_data_max_percent', pending_reboot: true, scope: 'global' })],
    }));
    expect(q('row-in-effect-zfs-dirty-data-max-percent')!.textContent).toContain('after the next reboot');
    // a value set for the next boot is not in effect now: counted apart
    expect(text(q('text-in-effect-intro'))).toBe('1 setting tuning changed waits for the next reboot. Nothing tuning changed is in effect now.');
  });

  it('counts what is in effect now, what waits for a reboot and what drifted apart', async () => {
    const { q } = await open(fakeState({
      in_effect: [
        row({ key: 'a', setting: 'logbias', restore_point_id: 3 }),
        row({ key: 'b', setting: 'zfs_dirty_data_max', scope: 'global', restore_point_id: 3 }),
        row({ key: 'c', setting: 'zfs_dirty_data_max_max', scope: 'global', pending_reboot: true, restore_point_id: 3 }),
        row({ key: 'd', setting: 'recordsize', actual: '128K', drifted: true, restore_point_id: 3 }),
      ],
    }));
    expect(text(q('text-in-effect-intro'))).toBe('2 settings tuning changed are in effect now. '
      + '1 setting tuning changed waits for the next reboot. '
      + '1 setting tuning set was changed outside tuning (drifted): the box holds its own value.');
    expect(text(q('cell-in-effect-value-recordsize'))).toContain('1 MiB (drifted: the box has 128 KiB)');
  });

  it('merges notices said more than once into one with a count, and a dismissed one stays dismissed', async () => {
    localStorage.clear();
    const said = 'Campaign 3 is waiting for the box to restart.';
    const state = fakeState({ recovered: [said, said, said, 'Scratch of job 9 was removed.', said] });
    const first = await open(state);
    const notices = first.all('text-recovered').filter((e) => e.dataset['test'] === 'text-recovered');
    expect(notices.map((n) => n.querySelector('span')!.textContent)).toEqual([`${said}4 times`, 'Scratch of job 9 was removed.']);
    expect(notices[0].querySelector('[data-test="text-recovered-count"]')!.textContent).toBe('4 times');
    expect(notices[1].querySelector('[data-test="text-recovered-count"]')).toBeNull();
    notices[0].querySelector<HTMLButtonElement>('[data-test="button-recovered-dismiss"]')!.click();
    await first.settle();
    expect(first.all('text-recovered').filter((e) => e.dataset['test'] === 'text-recovered').length).toBe(1);

    TestBed.resetTestingModule();
    const again = await open(state);
    expect(again.all('text-recovered').filter((e) => e.dataset['test'] === 'text-recovered').map((n) => n.textContent))
      .toEqual([expect.stringContaining('Scratch of job 9')]);
    localStorage.clear();
  });

  it('says which write buffer setting wins where both are in effect', async () => {
    const { q } = await open(fakeState({ in_effect: [
      row({ setting: 'zfs_dirty_data_max', scope: 'global', restore_point_id: 1 }),
      row({ setting: 'zfs_dirty_data_max_percent', pending_reboot: true, scope: 'global', restore_point_id: 2 }),
    ] }));
    expect(q('text-write-buffer-note')!.textContent).toContain('the size (zfs_dirty_data_max) is what applies while the box runs');
  });

  it('shows a value verified after a reboot as a success, a mismatch as a warning', async () => {
    localStorage.clear();
    const verified = 'Write buffer, % of RAM 20 % verified after reboot.';
    const mismatch = 'Write buffer, % of RAM is 10 % after reboot, expected 20 %; it stays listed as waiting for a reboot.';
    const { all } = await open(fakeState({ recovered: [verified, mismatch] }));
    const notices = all('text-recovered').filter((e) => e.dataset['test'] === 'text-recovered');
    expect(notices.map((n) => [n.classList.contains('ok'), n.classList.contains('warn')])).toEqual([[true, false], [false, true]]);
    localStorage.clear();
  });

  it('shows one truth per setting: the tuned value and what the box has, with Put back and Keep the box\'s value', async () => {
    const recordsize = row({ actual: '128K', drifted: true, restore_point_changes: 3 });
    const { q, api, settle } = await open(fakeState({
      in_effect: [{ ...sync, actual: 'STANDARD', drifted: true, restore_point_changes: 1 }, recordsize],
      drift: [
        { key: sync.key, kind: 'DATASET_PROPERTY', setting: 'sync', summary: sync.summary, scope: 'tank/media',
          expected: 'DISABLED', inherited: false, actual: 'STANDARD', risk: 'DANGEROUS', restore_point_id: 1 },
        { key: recordsize.key, kind: 'DATASET_PROPERTY', setting: 'recordsize', summary: recordsize.summary,
          scope: 'tank/media', expected: '1M', inherited: false, actual: '128K', risk: 'SAFE', restore_point_id: 2 },
      ],
    }));
    expect(text(q('cell-in-effect-value-recordsize'))).toContain('1 MiB (drifted: the box has 128 KiB)');
    // Both drifted settings are in the in-effect table: no second table saying the opposite.
    expect(q('table-drift-table')).toBeNull();
    expect(q('text-drift-intro')!.textContent).toContain('2 settings tuning set were changed outside tuning');
    // A revert undoes the whole restore point: the row says how much, and offers no "Revert #2" of its own.
    expect(q('link-in-effect-undo-recordsize')).toBeNull();
    expect(text(q('link-in-effect-restore-point-recordsize'))).toBe('Restore point #2');
    expect(q('row-in-effect-recordsize')!.textContent).toContain('its revert puts back 3 settings');
    expect(q('link-in-effect-undo-sync')!.textContent).toContain('Revert #1');

    q<HTMLButtonElement>('button-put-back-sync')!.click();
    await settle();
    expect(api.callsOf('tuning.drift.preview')).toEqual([[sync.key]]);
    // the setting in words, as the table names it, not its ZFS name
    expect(q('heading-confirm-title')!.textContent).toContain('Put back handling of synchronous writes?');
    expect(q('text-confirm-dialog')!.textContent).toContain('ticking Confirm acknowledges');
    expect(q('text-confirm-dialog')!.querySelector('[data-test="table-plan-table"]')).not.toBeNull();
    expect(q<HTMLButtonElement>('button-confirm-continue')!.disabled).toBe(true);
    q('checkbox-confirm-checkbox')!.querySelector('input')!.click();
    await settle();
    q<HTMLButtonElement>('button-confirm-continue')!.click();
    await settle();
    expect(api.callsOf('tuning.drift.put_back')).toEqual([[sync.key, [sync.key]]]);
    expect(q('text-put-back-outcome')).not.toBeNull();
    q<HTMLButtonElement>('button-job-close')!.click();
    await settle();

    q<HTMLButtonElement>('button-keep-recordsize')!.click();
    await settle();
    expect(q('text-confirm-dialog')!.textContent).toContain('Nothing on the box changes');
    expect(api.callsOf('tuning.drift.accept')).toEqual([]);
    q('checkbox-confirm-checkbox')!.querySelector('input')!.click();
    await settle();
    q<HTMLButtonElement>('button-confirm-continue')!.click();
    await settle();
    expect(api.callsOf('tuning.drift.accept')).toEqual([[recordsize.key]]);
    expect(q('text-keep-outcome')).not.toBeNull();
  });

  it('lists drift of a setting no longer in effect and accepted settings apart, each with Put back', async () => {
    const { q, api, settle } = await open(fakeState({
      drift: [{ key: 'ZFS_PARAMETER:global:zfs_arc_max', kind: 'ZFS_PARAMETER', setting: 'zfs_arc_max',
        summary: 'largest ARC size', scope: 'global', expected: '0', inherited: false, actual: '25769803776',
        risk: 'CAUTION', restore_point_id: 1, unit: 'BYTES', zero_is_default: true }],
      accepted: [{ key: 'DATASET_PROPERTY:tank:atime', kind: 'DATASET_PROPERTY', setting: 'atime', summary: 'access times',
        scope: 'tank', expected: 'off', value: 'on', restore_point_id: 1, accepted_at: '2026-01-02T10:00:00Z' }],
    }));
    expect(q('row-drift-zfs-arc-max')!.textContent).toContain('largest ARC size');
    expect(q('row-drift-zfs-arc-max')!.textContent).toMatch(/24(\.0)? GiB/);
    expect(q('row-drift-zfs-arc-max')!.textContent).toContain('0 (OpenZFS default)');
    expect(q('item-accepted-atime')!.textContent).toContain('access times');
    expect(q('item-accepted-atime')!.textContent!.replace(/\s+/g, ' ')).toContain('on · tuning had set off');   // spaced
    q<HTMLButtonElement>('button-accepted-put-back-atime')!.click();
    await settle();
    expect(api.callsOf('tuning.drift.preview')).toEqual([['DATASET_PROPERTY:tank:atime']]);
  });

  it('a read-only user sees the drift actions disabled with the role named, and no confirmation', async () => {
    const { el, q, api, settle } = await open(fakeState({
      in_effect: [row({ actual: '128K', drifted: true })],
      drift: [{ key: row({}).key, kind: 'DATASET_PROPERTY', setting: 'recordsize', summary: row({}).summary,
        scope: 'tank/media', expected: '1M', inherited: false, actual: '128K', risk: 'SAFE', restore_point_id: 2 }],
    }));
    await sessionRoles(READ_ONLY_ROLES, settle);
    expect(controlState(el, 'button-put-back-recordsize')).toMatchObject({ disabled: true, needs: 'SYSTEM_ADVANCED_WRITE' });
    expect(controlState(el, 'button-keep-recordsize')).toMatchObject({ disabled: true, needs: 'SYSTEM_ADVANCED_WRITE' });
    q<HTMLButtonElement>('button-keep-recordsize')!.click();
    q<HTMLButtonElement>('button-put-back-recordsize')!.click();
    await settle();
    expect(q('text-confirm-dialog')).toBeNull();
    expect(api.callsOf('tuning.drift.preview')).toEqual([]);
  });

  it('reads the state again on arrival, when the tab is shown again and while it is shown: a change outside tuning shows', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      let actual = '1M';
      const { q, api, settle } = await open(fakeState({ in_effect: [row({ restore_point_changes: 1 })] }));
      // the state as the box has it now: a second outside change after the first
      api.mockCall('tuning.state', () => fakeState({ in_effect: [row({ actual, drifted: actual !== '1M', restore_point_changes: 1 })] }));
      await settle();
      const reads = () => api.callsOf('tuning.state').length;
      const onArrival = reads();
      expect(onArrival).toBe(2);   // the app's load, then the page's own on arrival

      actual = '512K';
      vi.advanceTimersByTime(OVERVIEW_REREAD_MS);
      await settle();
      expect(reads()).toBe(onArrival + 1);
      expect(text(q('cell-in-effect-value-recordsize'))).toContain('1 MiB (drifted: the box has 512 KiB)');

      actual = '256K';
      const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
      vi.advanceTimersByTime(OVERVIEW_REREAD_MS);
      await settle();
      expect(reads()).toBe(onArrival + 1);   // nothing while the tab is hidden
      visibility.mockReturnValue('visible');
      document.dispatchEvent(new Event('visibilitychange'));
      await settle();
      expect(reads()).toBe(onArrival + 2);
      expect(text(q('cell-in-effect-value-recordsize'))).toContain('1 MiB (drifted: the box has 256 KiB)');
      visibility.mockRestore();
    } finally {
      vi.useRealTimers();
    }
  });

  it('offers a row\'s own Revert when its restore point\'s revert would put back nothing else (the rest kept or back as before)', async () => {
    const { q } = await open(fakeState({ in_effect: [row({ restore_point_id: 3, restore_point_changes: 0 })] }));
    expect(q('link-in-effect-undo-recordsize')!.textContent).toContain('Revert #3');
    expect(q('link-in-effect-restore-point-recordsize')).toBeNull();
  });

  it('says one setting in effect in the singular', async () => {
    const { q } = await open(fakeState({ in_effect: [row({ restore_point_changes: 1 })] }));
    expect(text(q('text-in-effect-intro'))).toBe('1 setting tuning changed is in effect now.');
  });

  it('an Undo link on a put back says what its revert gives back: the value set outside tuning', async () => {
    const putBack = row({ restore_point_id: 2, restore_point_changes: 1, preset: 'max-seq-write' });
    const { q, api } = await open(fakeState({ in_effect: [putBack, { ...sync, restore_point_changes: 1 }] }), undefined,
      (m) => m.mockCall('tuning.restore_point.query', [fakeRestorePoint({ id: 2, kind: 'PUT_BACK', entries: [{
        key: putBack.key, kind: 'DATASET_PROPERTY', scope: 'tank/media', setting: 'recordsize', value: '64K', exists: true,
        source: 'LOCAL' }] })]));
    expect(api.callsOf('tuning.restore_point.query')).toEqual([[[['id', 'in', [1, 2]], ['kind', '=', 'PUT_BACK']],
      { select: ['id', 'entries'] }]]);
    expect(text(q('link-in-effect-undo-recordsize'))).toBe('Revert #2: back to 64 KiB, set outside tuning');
    expect(text(q('link-in-effect-undo-sync'))).toBe('Revert #1');   // an apply's revert: the value before tuning
  });

  it('leads a dangerous setting with words of its own, or with what it changes and where; what is at stake said once', () => {
    expect(dangerLead(sync).key).toBe('Synchronous writes are off on {scope}');
    expect(dangerReason(sync)).toBe('on a power cut or crash, writes the clients were told are safe can be lost');
    expect(dangerLead(row({ kind: 'ZFS_PARAMETER', setting: 'zil_nocacheflush', value: '1', scope: 'global' })).key)
      .toBe('ZFS no longer flushes the log device’s cache');
    const other = row({ summary: 'something risky', risk_reason: 'it can lose data.' });
    expect(dangerLead(other)).toEqual({ key: '{what} on {scope}', params: { what: 'Something risky', scope: 'tank/media' } });
    expect(dangerLead({ ...other, scope: 'global' })).toEqual({ key: '{what}', params: { what: 'Something risky' } });
    expect(dangerReason(other)).toBe('it can lose data');   // the banner adds the full stop
    expect(dangerReason({ ...other, risk_reason: null })).toContain('writes the system already confirmed can be lost');
    expect(undoWords(row({}), undefined)).toEqual({ key: 'Revert #{id}', params: { id: 2 } });
  });

  it('names the datasets below that inherit a data-loss setting, counts the rest, and says when they could not be read', () => {
    const below = (names: string[], count: number) => ({ ...sync, children_inheriting: names, children_inheriting_count: count });
    expect(dangerLead(below([], 0))).toEqual({ key: 'Synchronous writes are off on {scope}', params: { scope: 'tank/media' } });
    expect(dangerLead(below(['tank/media/a', 'tank/media/b'], 2))).toEqual({
      key: 'Synchronous writes are off on {scope} and the datasets below it that inherit it ({names})',
      params: { scope: 'tank/media', names: 'tank/media/a, tank/media/b' } });
    expect(dangerLead(below(['tank/media/a', 'tank/media/b', 'tank/media/c', 'tank/media/d'], 60))).toEqual({
      key: 'Synchronous writes are off on {scope} and the datasets below it that inherit it ({names} and {more} more)',
      params: { scope: 'tank/media', names: 'tank/media/a, tank/media/b, tank/media/c', more: 57 } });
    expect(dangerLead({ ...sync, children_inheriting: null, children_unknown: true }).key)
      .toBe('Synchronous writes are off on {scope} and on any dataset below it that inherits it (which ones could not be read)');
    const other = row({ summary: 'something risky', children_inheriting: ['tank/media/a'], children_inheriting_count: 1 });
    expect(dangerLead(other)).toEqual({ key: '{what} on {scope} and the datasets below it that inherit it ({names})',
      params: { what: 'Something risky', scope: 'tank/media', names: 'tank/media/a' } });
  });
});
