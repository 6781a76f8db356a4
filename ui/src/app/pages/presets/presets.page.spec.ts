import { Provider } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import { Router, provideRouter } from '@angular/router';
import { throwError } from 'rxjs';

import { ApiCallError, ApiValidationError } from '../../api/api-errors';
import { TuningChange, TuningTarget } from '../../api/models/tuning-common';
import { BoxStore } from '../../stores/box.store';
import { PresetsStore } from '../../stores/presets.store';
import { inDialog } from '../../testing/dialog';
import { fakeChange, fakePlan, fakePreset, fakeProfile, fakeState } from '../../testing/fixtures';
import { fakeSuccessfulJob, mockApi } from '../../testing/mock-api';
import { chooseIn, selectedIn } from '../../testing/render';
import { READ_ONLY_ROLES, controlState, provideRoles } from '../../testing/roles';
import { fakeSettingInfos, SYNC_DISABLED_REASON } from '../../testing/setting-fixtures';
import { SettingCatalog } from '../custom-presets/setting-catalog';
import { PresetsPage } from './presets.page';
import { kebab } from '../../shared/test-id/test-id';

const dangerous = fakeChange({
  key: 'DATASET_PROPERTY:tank:sync', setting: 'sync', current: 'STANDARD', proposed: 'DISABLED', risk: 'DANGEROUS',
});

/** The pool and dataset picked earlier in this browser session, the dataset in `preset`'s preview (null: none picked yet). */
function picked(place: { pool: string; dataset: string | null; preset?: string } | null) {
  sessionStorage.clear();
  if (place) {
    sessionStorage.setItem('tuning.plan.place', JSON.stringify({ preset: 'max-iops', ...place }));
  }
}

async function render(configure: Parameters<typeof mockApi>[0], extra: Provider[] = [], url = '/', before?: () => Promise<void>) {
  const { api, providers } = mockApi((m) => {
    m.mockCall('tuning.profile', fakeProfile()).mockCall('tuning.state', fakeState())
      .mockCall('tuning.preset.query', [fakePreset()]);
    configure?.(m);
  });
  TestBed.configureTestingModule({ imports: [PresetsPage], providers: [...providers, provideRouter([]), ...extra] });
  await TestBed.inject(Router).navigateByUrl(url);
  await TestBed.inject(BoxStore).load();
  await TestBed.inject(PresetsStore).load();
  await before?.();
  const fixture = TestBed.createComponent(PresetsPage);
  await fixture.whenStable();
  const el = fixture.nativeElement as HTMLElement;
  // The page, then its dialogs (the confirmation, the job's progress) in the CDK's overlay container.
  const q = <T extends Element = HTMLElement>(id: string) =>
    el.querySelector<T & Element>(`[data-test="${id}"]`) ?? inDialog<T & HTMLElement>(id);
  const settle = async () => {
    fixture.detectChanges();
    await fixture.whenStable();
    await new Promise((r) => setTimeout(r));
    fixture.detectChanges();
    await fixture.whenStable();
  };
  return { api, el, q, settle };
}

describe('PresetsPage', () => {
  beforeEach(() => picked({ pool: 'tank', dataset: 'tank' }));

  it('enables Apply only once every dangerous row is acknowledged, then applies with those keys', async () => {
    const { api, q, settle } = await render((m) => m
      .mockCall('tuning.preset.preview', fakePlan([fakeChange(), dangerous]))
      .mockJob('tuning.preset.apply', fakeSuccessfulJob({
        restore_point_id: 4, preset: 'max-iops', target: { pool: 'tank' }, applied: [dangerous], pending_reboot: [], verified: ['x'],
      })));
    q<HTMLButtonElement>('button-preset-card-max-iops')!.click();
    await settle();
    expect(api.callsOf('tuning.preset.preview')[0]).toEqual(['max-iops', { pool: 'tank', dataset: 'tank', cache_disks: [], log_disks: [] }]);
    expect(q('row-plan-row-sync')!.textContent).toContain('STANDARD → DISABLED');
    expect(q<HTMLButtonElement>('button-apply')!.disabled).toBe(true);

    q('checkbox-ack-sync')!.querySelector('input')!.click();
    await settle();
    expect(q<HTMLButtonElement>('button-apply')!.disabled).toBe(false);
    q<HTMLButtonElement>('button-apply')!.click();
    await settle();
    expect(api.callsOf('tuning.preset.apply')[0][2]).toEqual({ acknowledge: ['DATASET_PROPERTY:tank:sync'] });
    expect(q('text-apply-outcome')!.textContent).toContain('Restore point #4');
    expect(q('text-apply-verified')!.textContent).toBe('Checked: the changed setting, read back from the box, holds its new value.');
  });

  it('says how many changed settings read back from the box hold their new value, the others waiting for a reboot', async () => {
    const { q, settle } = await render((m) => m
      .mockCall('tuning.preset.preview', fakePlan([fakeChange(), dangerous]))
      .mockJob('tuning.preset.apply', fakeSuccessfulJob({
        restore_point_id: 5, preset: 'max-iops', target: { pool: 'tank' }, applied: [fakeChange(), dangerous],
        pending_reboot: [dangerous.key], verified: [fakeChange().key],
      })));
    q<HTMLButtonElement>('button-preset-card-max-iops')!.click();
    await settle();
    q('checkbox-ack-sync')!.querySelector('input')!.click();
    await settle();
    q<HTMLButtonElement>('button-apply')!.click();
    await settle();
    expect(q('text-apply-verified')!.textContent!.replace(/\s+/g, ' '))
      .toBe('1 of the 2 changed settings, read back from the box, already holds its new value.');
    expect(q('text-apply-pending-reboot')).not.toBeNull();
  });

  it('names tests and settings in words: what a preset optimizes, and each plan row by what it is', async () => {
    const { q, settle } = await render((m) => m
      .mockCall('tuning.preset.query', [fakePreset({ optimizes: ['RAND_READ_4K', 'SYNC_WRITE_4K'] })])
      .mockCall('tuning.preset.preview', fakePlan([{ ...dangerous, summary: 'handling of synchronous writes' }])));
    await TestBed.inject(PresetsStore).load();
    await settle();
    const card = q('button-preset-card-max-iops')!;
    expect(card.textContent).toContain('Random read 4 KiB');
    expect(card.textContent).not.toContain('RAND_READ_4K');
    card.click();
    await settle();
    expect(q('row-plan-row-sync')!.querySelector('strong')!.textContent).toBe('handling of synchronous writes');
  });

  it('offers the disks of the preview and says why one is not offered', async () => {
    const ssd = { name: 'nvme0n1', kind: 'NVME' as const, size_bytes: 512 * 1024 ** 3, model: 'Fast' };
    const { q, settle } = await render((m) => m.mockCall('tuning.preset.preview', fakePlan([fakeChange()], {
      prerequisites: [{ id: 'cache', met: false, message: 'select nvme0n1 as cache disk' }],
      devices: {
        cache: [{ ...ssd, eligible: false, reason: 'is already chosen as the log device' }],
        log: [{ ...ssd, eligible: true, reason: null }],
      },
    })));
    q<HTMLButtonElement>('button-preset-card-max-iops')!.click();
    await settle();
    expect(q<HTMLInputElement>('input-disk-cache-disks-nvme0n1')!.disabled).toBe(true);
    expect(q('text-disk-reason-cache-disks-nvme0n1')!.textContent).toContain('is already chosen as the log device');
  });

  it('shows a preview validation error on the field the server names', async () => {
    const { q, settle } = await render((m) => m.mockCall('tuning.preset.preview', () => {
      throw new ApiValidationError([{ attribute: 'target.pool', message: 'pool tank is exported', errno: 22 }]);
    }));
    q<HTMLButtonElement>('button-preset-card-max-iops')!.click();
    await settle();
    expect(q('text-error-pool')!.textContent).toContain('pool tank is exported');
  });

  it('a read-only user reads the plan; Apply stays disabled, naming the role; no confirmation opens', async () => {
    const smb = fakeChange({
      key: 'SERVICE:smb:multichannel', kind: 'SERVICE', scope: 'smb', setting: 'multichannel', current: 'false',
      proposed: 'true', apply_mode: 'SERVICE_RESTART', risk: 'SAFE',
    });
    const { api, el, q, settle } = await render((m) => m.mockCall('tuning.preset.preview', fakePlan([smb, dangerous])),
      [provideRoles(READ_ONLY_ROLES)]);
    q<HTMLButtonElement>('button-preset-card-max-iops')!.click();
    await settle();
    expect(q('row-plan-row-multichannel')).not.toBeNull();
    expect(q('text-ack-needed')).toBeNull();    // acknowledging would enable nothing: the lock says why instead
    expect(controlState(el, 'button-apply')).toEqual({
      disabled: true, needs: 'SYSTEM_ADVANCED_WRITE', says: 'Needs the System advanced write role',
    });
    q<HTMLButtonElement>('button-apply')!.click();
    await settle();
    expect(q('text-confirm-dialog')).toBeNull();
    expect(api.callsOf('tuning.preset.apply')).toEqual([]);
  });

  it('says nothing changed when the server refused the apply, never that it rolled something back', async () => {
    const refused = new ApiCallError('Not authorized', 'EACCES', 13, -32001);
    const { q, settle } = await render((m) => m
      .mockCall('tuning.preset.preview', fakePlan([fakeChange()]))
      .mockJob('tuning.preset.apply', () => throwError(() => refused)));
    q<HTMLButtonElement>('button-preset-card-max-iops')!.click();
    await settle();
    q<HTMLButtonElement>('button-apply')!.click();
    await settle();
    expect(q('text-job-error')!.textContent).toContain('Not authorized');
    expect(q('text-apply-failure-note')!.textContent).toContain('Nothing on the box was changed.');
    expect(q('text-job-dialog')!.textContent).not.toMatch(/rolled back/i);
  });

  it('shows the job failure in words', async () => {
    const { q, settle } = await render((m) => m
      .mockCall('tuning.preset.preview', fakePlan([fakeChange()]))
      .mockJob('tuning.preset.apply', () => throwError(() => new Error('rolled back recordsize'))));
    q<HTMLButtonElement>('button-preset-card-max-iops')!.click();
    await settle();
    q<HTMLButtonElement>('button-apply')!.click();
    await settle();
    expect(q('text-job-error')!.textContent).toContain('rolled back recordsize');
  });

  it('asks for a confirmation listing the SMB restart and the SLOG before applying, and applies only once confirmed', async () => {
    const smb = fakeChange({
      key: 'SERVICE:smb:multichannel', kind: 'SERVICE', scope: 'smb', setting: 'multichannel', current: 'false',
      proposed: 'true', apply_mode: 'SERVICE_RESTART', risk: 'SAFE',
    });
    const slog = fakeChange({
      key: 'POOL_DEVICE:tank:log', kind: 'POOL_DEVICE', scope: 'tank', setting: 'log', current: '', proposed: 'nvme0n1',
      apply_mode: 'LIVE', risk: 'CAUTION',
    });
    const { api, q, settle } = await render((m) => m
      .mockCall('tuning.preset.preview', fakePlan([fakeChange(), smb, slog]))
      .mockJob('tuning.preset.apply', fakeSuccessfulJob({
        restore_point_id: 7, preset: 'max-iops', target: { pool: 'tank' }, applied: [smb, slog], pending_reboot: [], verified: [],
      })));
    q<HTMLButtonElement>('button-preset-card-max-iops')!.click();
    await settle();
    q<HTMLButtonElement>('button-apply')!.click();
    await settle();
    expect(api.callsOf('tuning.preset.apply')).toEqual([]);
    expect(q('heading-confirm-title')!.textContent).toContain('Apply Max IOPS?');
    expect(q('item-confirm-effect-service-restart')!.textContent).toContain('Restarts the SMB service');
    expect(q('item-confirm-effect-pool-device')!.textContent).toContain('Adds nvme0n1 to pool tank as SLOG');
    expect(q('list-confirm-effects')!.querySelectorAll('li').length).toBe(2);

    q<HTMLButtonElement>('button-confirm-cancel')!.click();
    await settle();
    expect(q('text-confirm-dialog')).toBeNull();
    expect(api.callsOf('tuning.preset.apply')).toEqual([]);

    q<HTMLButtonElement>('button-apply')!.click();
    await settle();
    expect(q<HTMLButtonElement>('button-confirm-continue')!.disabled).toBe(true);
    q('checkbox-confirm-checkbox')!.querySelector('input')!.click();
    await settle();
    q<HTMLButtonElement>('button-confirm-continue')!.click();
    await settle();
    expect(q('text-confirm-dialog')).toBeNull();
    expect(api.callsOf('tuning.preset.apply').length).toBe(1);
    expect(q('text-apply-outcome')!.textContent).toContain('Restore point #7');
    expect(q('text-apply-verified')).toBeNull();   // nothing read back yet holds its value: no line, not 'Verified now: 0'
  });

  it('marks every preset that still has settings in effect, not only the latest', async () => {
    const { q } = await render((m) => m
      .mockCall('tuning.state', fakeState({
        active: { preset: 'max-iops', target: { pool: 'tank' }, restore_point_id: 2, applied_at: 't' },
        in_effect: [{
          key: 'DATASET_PROPERTY:tank:sync', kind: 'DATASET_PROPERTY', setting: 'sync', summary: 'handling of synchronous writes',
          scope: 'tank', value: 'DISABLED', inherited: false, apply_mode: 'LIVE', risk: 'DANGEROUS', risk_reason: 'power cut',
          preset: 'loose', restore_point_id: 1, applied_at: 't', pending_reboot: false,
        }],
      }))
      .mockCall('tuning.preset.query', [fakePreset(), fakePreset({ id: 'loose', name: 'Loose', builtin: false })]));
    expect(q('button-preset-card-max-iops')!.textContent).toContain('latest applied');
    expect(q('button-preset-card-loose')!.textContent).toContain('in effect');
  });

  it('gives an custom preset with a value that can lose data a badge in words; built-ins and safe ones get none', async () => {
    const { q } = await render((m) => m.mockCall('tuning.preset.query', [
      fakePreset(),
      fakePreset({ id: 'loose', name: 'Loose', builtin: false, settings: [{ kind: 'DATASET_PROPERTY', setting: 'sync', value: 'DISABLED' }] }),
      fakePreset({ id: 'tidy', name: 'Tidy', builtin: false, settings: [{ kind: 'DATASET_PROPERTY', setting: 'sync', value: 'ALWAYS' }] }),
    ]));
    expect(q('text-preset-danger-loose')!.textContent).toContain('Can lose data');
    expect(q('text-preset-danger-loose')!.title).toContain('lost on power failure');
    expect(q('text-preset-danger-tidy')).toBeNull();
    expect(q('text-preset-danger-max-iops')).toBeNull();
  });

  it("says the server's reason on the badge once the settings list has been read (the preset editor reads it)", async () => {
    const { q } = await render((m) => m.mockCall('tuning.preset.settings', fakeSettingInfos()).mockCall('tuning.preset.query', [
      fakePreset({ id: 'loose', name: 'Loose', builtin: false, settings: [{ kind: 'DATASET_PROPERTY', setting: 'sync', value: 'disabled' }] }),
    ]), [], '/', () => TestBed.inject(SettingCatalog).load());
    expect(q('text-preset-danger-loose')!.textContent).toContain('Can lose data');
    expect(q('text-preset-danger-loose')!.title).toBe(SYNC_DISABLED_REASON);
  });

  it("an custom preset's card says what it sets, in words, reading the settings list itself", async () => {
    const { api, q } = await render((m) => m.mockCall('tuning.preset.settings', fakeSettingInfos()).mockCall('tuning.preset.query', [
      fakePreset(),
      fakePreset({ id: 'loose', name: 'Loose', builtin: false, base: 'max-iops', settings: [
        { kind: 'DATASET_PROPERTY', setting: 'sync', value: 'DISABLED' },
        { kind: 'ZFS_PARAMETER', setting: 'zfs_arc_max', value: String(8 * 2 ** 30) },
      ] }),
    ]));
    expect(api.callsOf('tuning.preset.settings').length).toBe(1);
    expect(q('text-custom-base')!.textContent).toContain('Starts from Max IOPS');
    const sets = [...q('list-custom-settings-loose')!.querySelectorAll('li')].map((li) => li.textContent!.trim());
    expect(sets).toEqual(['Synchronous writes: Disabled', 'Maximum ARC size: 8 GiB']);
  });

  it('brings the plan into view on a card click, focuses its heading and puts the preset in the URL', async () => {
    // each scroll with whether the plan's table was there: the page grows when the plan comes, so the last scroll
    // must come after it, or the table stays below the fold
    const scrolled: [Element, boolean][] = [];
    const scroll = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push([this, !!document.querySelector('[data-test="table-plan-table"]')]);
    };
    try {
      const { q, settle } = await render((m) => m.mockCall('tuning.preset.preview', fakePlan([fakeChange()])));
      q<HTMLButtonElement>('button-preset-card-max-iops')!.click();
      await settle();
      const heading = q('heading-plan-heading')!;
      expect(scrolled.at(-1)).toEqual([heading, true]);
      expect(scrolled.every(([element]) => element === heading)).toBe(true);
      expect(document.activeElement).toBe(heading);
      expect(TestBed.inject(Router).url).toBe('/?preset=max-iops&pool=tank&dataset=tank');
    } finally {
      Element.prototype.scrollIntoView = scroll;
    }
  });

  it('shows the plan a URL names after a reload or from a shared link', async () => {
    const { api, q, settle } = await render((m) => m.mockCall('tuning.preset.preview', fakePlan([fakeChange()])), [],
      '/?preset=max-iops&pool=tank&dataset=tank%2Fvms');
    await settle();
    expect(api.callsOf('tuning.preset.preview')).toEqual([
      ['max-iops', { pool: 'tank', dataset: 'tank/vms', cache_disks: [], log_disks: [] }],
    ]);
    expect(q('heading-plan-heading')!.textContent).toContain('Max IOPS');
    expect(q('button-preset-card-max-iops')!.getAttribute('aria-pressed')).toBe('true');
  });

  it('keeps disks ticked in one preview out of another preset\'s preview and apply', async () => {
    const ssd = { name: 'nvme0n1', kind: 'NVME' as const, size_bytes: 512 * 1024 ** 3, model: 'Fast' };
    const { api, q, settle } = await render((m) => m
      .mockCall('tuning.preset.query', [fakePreset(), fakePreset({ id: 'max-seq-write', name: 'Max sequential write' })])
      .mockCall('tuning.preset.preview', fakePlan([fakeChange()], {
        prerequisites: [{ id: 'cache', met: false, message: 'choose a cache disk' }],
        devices: { cache: [{ ...ssd, eligible: true, reason: null }], log: [] },
      })));
    q<HTMLButtonElement>('button-preset-card-max-iops')!.click();
    await settle();
    q<HTMLInputElement>('input-disk-cache-disks-nvme0n1')!.click();
    await settle();
    expect(api.callsOf('tuning.preset.preview')[1][1]).toMatchObject({ cache_disks: ['nvme0n1'] });

    q<HTMLButtonElement>('button-preset-card-max-seq-write')!.click();
    await settle();
    // the dataset picked in Max IOPS's preview is not this one's either
    expect(api.callsOf('tuning.preset.preview').at(-1)).toEqual([
      'max-seq-write', { pool: 'tank', dataset: null, cache_disks: [], log_disks: [] },
    ]);
  });

  it('a dataset picked in one preview is not another preset\'s: that one starts with none (never the pool root)', async () => {
    picked(null);
    const { api, q, settle, choose } = await renderWithChoose(() => ({}), [fakePreset(),
      fakePreset({ id: 'no-sync', name: 'No sync' })]);
    q<HTMLButtonElement>('button-preset-card-max-iops')!.click();
    await settle();
    await choose('select-target-dataset', 'tank');
    expect(api.callsOf('tuning.preset.preview').at(-1)![1]).toMatchObject({ dataset: 'tank' });

    q<HTMLButtonElement>('button-preset-card-no-sync')!.click();
    await settle();
    expect(api.callsOf('tuning.preset.preview').at(-1)).toEqual(['no-sync', { pool: 'tank', dataset: null, cache_disks: [], log_disks: [] }]);
    expect(q('text-plan-needs-dataset')!.textContent).toContain('choose the dataset');
    expect(q<HTMLButtonElement>('button-apply')!.disabled).toBe(true);
    expect(new URL(TestBed.inject(Router).url, 'http://x').searchParams.get('dataset')).toBeNull();
  });

  it('sets dataset properties only on a dataset the admin picked, names the children the plan says inherit, keeps the choice', async () => {
    picked(null);
    const { api, q, settle, choose } = await renderWithChoose((target) => target?.dataset === 'tank'
      ? { children_inheriting: ['tank/vms'], children_inheriting_count: 1, children_overriding: [], children_overriding_count: 0 }
      : { children_inheriting: [], children_inheriting_count: 0, children_overriding: [], children_overriding_count: 0 });
    q<HTMLButtonElement>('button-preset-card-max-iops')!.click();
    await settle();
    expect(api.callsOf('tuning.preset.preview')[0][1]).toEqual({ pool: 'tank', dataset: null, cache_disks: [], log_disks: [] });
    expect(q('text-plan-needs-dataset')!.textContent).toContain('choose the dataset');
    expect(q<HTMLButtonElement>('button-apply')!.disabled).toBe(true);
    // the hint beside Apply asks for what is missing, not for acknowledging rows that are not shown yet
    expect(q('text-ack-needed')!.textContent).toContain('Pick a dataset above');
    expect(q('text-plan-children')).toBeNull();
    // no row reads as set on the pool's root: the dataset property waits for a dataset, named in words
    expect(q('row-plan-row-recordsize')).toBeNull();
    expect(q('text-plan-dataset-pending')!.textContent).toContain('Pick a dataset to see these changes');
    expect(q('text-plan-dataset-pending')!.textContent).toContain('recordsize');

    await choose('select-target-dataset', 'tank');
    expect(api.callsOf('tuning.preset.preview').at(-1)![1]).toMatchObject({ dataset: 'tank' });
    expect(q('text-plan-needs-dataset')).toBeNull();
    expect(q<HTMLButtonElement>('button-apply')!.disabled).toBe(false);
    expect(q('text-plan-dataset-pending')).toBeNull();
    expect(q('row-plan-row-recordsize')).not.toBeNull();
    expect(q('text-children-inheriting-recordsize')!.textContent).toContain('tank/vms');
    expect(q('text-children-overriding-recordsize')).toBeNull();
    expect(q('text-plan-children')!.textContent).not.toContain('cannot tell');
    expect(JSON.parse(sessionStorage.getItem('tuning.plan.place')!)).toEqual({ pool: 'tank', dataset: 'tank', preset: 'max-iops' });

    await choose('select-target-dataset', 'tank/vms');
    expect(q('text-plan-children-recordsize')!.textContent).toContain('no dataset lies below tank/vms');
  });

  it('names per dataset property the children that inherit it and those that keep their own value, with the rest counted', async () => {
    picked({ pool: 'tank', dataset: 'tank' });
    const inheriting = Array.from({ length: 50 }, (_, i) => `tank/c${i}`);
    const recordsize = fakeChange({ summary: 'Record size', children_inheriting: inheriting, children_inheriting_count: 53,
      children_overriding: ['tank/vms'], children_overriding_count: 1 });
    const atime = fakeChange({ key: 'DATASET_PROPERTY:tank:atime', setting: 'atime', unit: null, current: 'on',
      proposed: 'off', children_inheriting: [], children_inheriting_count: 0, children_overriding: ['tank/vms', 'tank/db'],
      children_overriding_count: 2 });
    const arc = fakeChange({ key: 'ZFS_PARAMETER:global:zfs_arc_max', kind: 'ZFS_PARAMETER', scope: 'global',
      setting: 'zfs_arc_max', current: '0', proposed: '4294967296', zero_is_default: true });
    const { q, settle } = await render((m) => m.mockCall('tuning.preset.preview', fakePlan([recordsize, atime, arc])));
    q<HTMLButtonElement>('button-preset-card-max-iops')!.click();
    await settle();
    const text = (id: string) => q(id)!.textContent!.replace(/\s+/g, ' ').trim();
    expect(text('text-children-inheriting-recordsize')).toContain('tank/c0, tank/c1');
    expect(text('text-children-inheriting-recordsize')).toContain('tank/c49 and 3 more');
    expect(text('text-children-overriding-recordsize')).toBe('not reached, these keep their own value: tank/vms');
    expect(q('text-children-inheriting-atime')).toBeNull();
    expect(text('text-children-overriding-atime')).toContain('tank/vms, tank/db');
    expect(q('text-plan-children-zfs-arc-max')).toBeNull();
    // each note leads with the setting's words, not its key ("recordsize: …")
    expect(text('text-plan-children-recordsize')).toMatch(/^Record size: inherited by tank\/c0/);
  });

  it('counts the settings already at the proposed value in words, one setting or several', async () => {
    const one = await render((m) => m.mockCall('tuning.preset.preview', fakePlan([fakeChange()], { unchanged: [fakeChange({ key: 'u1' })] })));
    one.q<HTMLButtonElement>('button-preset-card-max-iops')!.click();
    await one.settle();
    expect(one.q('details-plan-unchanged')!.querySelector('summary')!.textContent!.trim())
      .toBe('1 setting already at the proposed value');
  });

  it('counts several settings already at the proposed value in the plural', async () => {
    const two = [fakeChange({ key: 'u1' }), fakeChange({ key: 'u2', setting: 'atime' })];
    const many = await render((m) => m.mockCall('tuning.preset.preview', fakePlan([fakeChange()], { unchanged: two })));
    many.q<HTMLButtonElement>('button-preset-card-max-iops')!.click();
    await many.settle();
    expect(many.q('details-plan-unchanged')!.querySelector('summary')!.textContent!.trim())
      .toBe('2 settings already at the proposed value');
  });

  it('a later visit in the same session keeps the dataset picked before for that preset, and only the pool for another', async () => {
    picked({ pool: 'tank', dataset: 'tank/vms' });
    const { api, q, settle } = await render((m) => m.mockCall('tuning.preset.preview', fakePlan([fakeChange()])));
    q<HTMLButtonElement>('button-preset-card-max-iops')!.click();
    await settle();
    expect(api.callsOf('tuning.preset.preview')[0][1]).toMatchObject({ pool: 'tank', dataset: 'tank/vms' });
    expect(selectedIn(q('select-target-dataset')!)).toBe('tank/vms');
  });

  it('a later visit does not bring a dataset picked for another preset', async () => {
    picked({ pool: 'tank', dataset: 'tank', preset: 'max-seq-write' });
    const { api, q, settle } = await render((m) => m.mockCall('tuning.preset.preview', fakePlan([fakeChange()])));
    q<HTMLButtonElement>('button-preset-card-max-iops')!.click();
    await settle();
    expect(api.callsOf('tuning.preset.preview')[0][1]).toEqual({ pool: 'tank', dataset: null, cache_disks: [], log_disks: [] });
  });

  it('shows values in the unit the server gives, the exact value on hover, booleans as off → on, the kind in words', async () => {
    const arc = fakeChange({ key: 'ZFS_PARAMETER:global:zfs_arc_max', kind: 'ZFS_PARAMETER', scope: 'global',
      setting: 'zfs_arc_max', current: '3435973836', proposed: '4294967296', zero_is_default: true });
    const arcMin = fakeChange({ key: 'ZFS_PARAMETER:global:zfs_arc_min', kind: 'ZFS_PARAMETER', scope: 'global',
      setting: 'zfs_arc_min', current: '1073741824', proposed: '0', zero_is_default: true });
    const smb = fakeChange({ key: 'SERVICE:smb:multichannel', kind: 'SERVICE', scope: 'smb', setting: 'multichannel',
      current: 'false', proposed: 'true', unit: null });
    const txg = fakeChange({ key: 'ZFS_PARAMETER:global:zfs_txg_timeout', kind: 'ZFS_PARAMETER', scope: 'global',
      setting: 'zfs_txg_timeout', current: '5', proposed: '90', unit: 'SECONDS' });
    const dirty = fakeChange({ key: 'ZFS_PARAMETER:global:zfs_dirty_data_max_percent', kind: 'ZFS_PARAMETER',
      scope: 'global', setting: 'zfs_dirty_data_max_percent', current: '10', proposed: '25', unit: 'PERCENT' });
    const rate = fakeChange({ key: 'ZFS_PARAMETER:global:l2arc_write_max', kind: 'ZFS_PARAMETER', scope: 'global',
      setting: 'l2arc_write_max', current: '8388608', proposed: '67108864', unit: 'BYTES_PER_SECOND' });
    const count = fakeChange({ key: 'SYSCTL:global:net.core.netdev_max_backlog', kind: 'SYSCTL', scope: 'global',
      setting: 'net.core.netdev_max_backlog', current: '1000', proposed: '2500000', unit: 'COUNT' });
    const mask = fakeChange({ key: 'SYSCTL:global:kernel.some_mask', kind: 'SYSCTL', scope: 'global',
      setting: 'kernel.some_mask', current: '4194304', proposed: '8388608', unit: null });
    const { q, settle } = await render((m) => m.mockCall('tuning.preset.preview',
      fakePlan([arc, arcMin, smb, txg, dirty, rate, count, mask])));
    q<HTMLButtonElement>('button-preset-card-max-iops')!.click();
    await settle();
    const values = q('row-plan-row-zfs-arc-max')!.querySelector('[data-test="cell-plan-values"]')!;
    expect(values.textContent!.replace(/\s+/g, ' ').trim()).toBe('3.2 GiB → 4 GiB');
    expect(values.querySelector('[title]')!.getAttribute('title')).toBe('3,435,973,836 bytes');
    const shown = (setting: string) => q(`row-plan-row-${kebab(setting)}`)!.querySelector('[data-test="cell-plan-values"]')!
      .textContent!.replace(/\s+/g, ' ').trim();
    expect(shown('zfs_arc_min')).toBe('1 GiB → 0 (OpenZFS default)');
    expect(shown('zfs_txg_timeout')).toBe('5 s → 1 min 30 s');
    expect(shown('zfs_dirty_data_max_percent')).toBe('10 % → 25 %');
    expect(shown('l2arc_write_max')).toBe('8 MiB/s → 64 MiB/s');
    expect(shown('net.core.netdev_max_backlog')).toBe('1,000 → 2,500,000');
    // No unit: the number as sent, never guessed to be bytes.
    expect(shown('kernel.some_mask')).toBe('4194304 → 8388608');
    expect(q('row-plan-row-multichannel')!.textContent).toContain('off → on');
    expect(q('row-plan-row-multichannel')!.textContent).toContain('Service setting');
    expect(q('row-plan-row-zfs-arc-max')!.textContent).not.toMatch(/\d{7,}|ZFS_PARAMETER|true|false/);
    expect(q('table-plan-table')!.textContent).not.toMatch(/ZFS_PARAMETER|true|false/);
  });
});


async function renderWithChoose(children: (target: TuningTarget | undefined) => Partial<TuningChange> = () => ({}),
  presets = [fakePreset()]) {
  const rendered = await render((m) => m.mockCall('tuning.preset.query', presets).mockCall('tuning.preset.preview',
    ([, target]) => fakePlan([fakeChange(children(target))])));
  const choose = (id: string, value: string) => chooseIn(rendered.q(id)!, value, rendered.settle);
  return { ...rendered, choose };
}
