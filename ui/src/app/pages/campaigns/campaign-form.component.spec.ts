import { Provider } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import { throwError } from 'rxjs';

import { ApiValidationError } from '../../api/api-errors';
import { PlanEstimateSpec } from '../../api/models/tuning-benchmark';
import { ESTIMATE_DEBOUNCE_MS } from '../../shared/plan-estimate/plan-estimate.component';
import { BoxStore } from '../../stores/box.store';
import { PresetsStore } from '../../stores/presets.store';
import { withDialogs } from '../../testing/dialog';
import { fakeClientSession } from '../../testing/client-fixtures';
import { fakeChange, fakePlan, fakePreset, fakeProfile, fakeState } from '../../testing/fixtures';
import { MockApiService, mockApi } from '../../testing/mock-api';
import { optionsOf, render } from '../../testing/render';
import { READ_ONLY_ROLES, controlState, provideRoles } from '../../testing/roles';
import { campaignApplyEffects, campaignReboots } from './campaign-form';
import { CampaignFormComponent } from './campaign-form.component';

async function renderForm(configure: (api: MockApiService) => void = () => undefined, extra: Provider[] = []) {
  const { api, providers } = mockApi((m) => {
    m.mockCall('tuning.profile', fakeProfile()).mockCall('tuning.state', fakeState())
      .mockCall('tuning.preset.query', [fakePreset(), fakePreset({ id: 'max-seq', name: 'Max sequential' })])
      .mockCall('tuning.preset.preview', fakePlan())
      .mockCall('tuning.benchmark.plan_estimate', () => throwError(() => new Error('not asked here')));
    configure(m);
  });
  const view = withDialogs(await render(CampaignFormComponent, [...providers, ...extra], async () => {
    await TestBed.inject(BoxStore).load();
    await TestBed.inject(PresetsStore).load();
  }));
  return { api, ...view };
}

describe('CampaignFormComponent', () => {
  it('sends today\'s spec shape: the settings as the campaign\'s benchmark, rounds beside them', async () => {
    const { api, q, type, choose, settle } = await renderForm((m) => m.mockJob('tuning.campaign.run', () => throwError(() => new Error('stop'))));
    await choose('select-camp-dataset', 'tank/vms');
    q('checkbox-camp-preset-max-seq')!.querySelector('input')!.click();
    q('checkbox-camp-test-rand-read-4k')!.querySelector('input')!.click();
    await choose('select-camp-profile', 'STANDARD');
    await type('input-camp-runs', '3');
    await type('input-camp-rounds', '4');
    await type('input-camp-runtime', '5');
    await type('input-camp-ramp', '0');
    await choose('select-camp-order', 'SEQUENTIAL');
    await type('input-camp-label', ' night ');
    await choose('select-camp-finish-mode', 'WINNER');
    await choose('select-camp-finish-test', 'SEQ_READ');
    q('button-camp-start')!.click();
    await settle();
    expect(api.callsOf('tuning.campaign.run')).toEqual([[{
      dataset: 'tank/vms', presets: ['max-seq'],
      benchmark: { tests: ['SEQ_WRITE', 'SEQ_READ'], profile: 'STANDARD', runs: 3, runtime_seconds: 5, ramp_seconds: 0 },
      rounds: 4, allow_reboot: false, order: 'SEQUENTIAL', finish: { mode: 'WINNER', test: 'SEQ_READ' }, label: 'night',
    }]]);
    expect(q('text-camp-error')!.textContent).toContain('stop');
  });

  it('measures on a client agent when a client session is chosen, and says what that means', async () => {
    const { api, q, choose, settle } = await renderForm((m) => m
      .mockCall('tuning.client.session.query', [fakeClientSession({ id: 7, label: 'office ws', protocol: 'SMB' })])
      .mockJob('tuning.campaign.run', () => throwError(() => new Error('stop'))));
    expect(api.callsOf('tuning.client.session.query')).toEqual([[[['state', '=', 'ACTIVE']]]]);
    expect(q('text-camp-client-words')).toBeNull();
    await choose('select-camp-dataset', 'tank/vms');
    q('checkbox-camp-preset-max-seq')!.querySelector('input')!.click();
    await choose('select-camp-client-session', '7');
    expect(q('select-camp-client-session')!.textContent).toContain('SMB client agent · session 7 · office ws');
    expect(q('text-camp-client-words')!.textContent).toContain('waits for the client agent');
    q('button-camp-start')!.click();
    await settle();
    expect(api.callsOf('tuning.campaign.run')[0][0]).toEqual(expect.objectContaining({ client_session_id: 7 }));
  });

  it('sends nothing the form can already refuse, and says why under each field', async () => {
    const { api, q, type, settle } = await renderForm();
    await type('input-camp-rounds', '0');
    q('button-camp-start')!.click();
    await settle();
    expect(api.callsOf('tuning.campaign.run')).toEqual([]);
    expect(q('text-error-presets')!.textContent).toBe('Presets: choose at least one');
    expect(q('text-error-dataset')).not.toBeNull();
    expect(q('text-error-rounds')!.textContent).toBe('Rounds: must be at least 1');
    expect(q('text-camp-error')).toBeNull();
  });

  it('puts the server\'s refusal on the settings\' fields and its own, in words', async () => {
    const { q, type, choose, settle } = await renderForm((m) => m.mockJob('tuning.campaign.run', () => throwError(() => new ApiValidationError([
      { attribute: 'tuning.campaign.run.spec.benchmark.runtime_seconds', message: 'Input should be less than or equal to 3600', errno: 22 },
      { attribute: 'tuning.campaign.run.spec.benchmark.tests', message: 'List should have at least 1 item after validation, not 0', errno: 22 },
      { attribute: 'tuning.campaign.run.spec.label', message: 'String should have at most 120 characters', errno: 22 },
      { attribute: 'tuning.campaign.run.spec.pool_wait_seconds', message: 'Input should be greater than or equal to 0', errno: 22 },
    ]))));
    await choose('select-camp-dataset', 'tank/vms');
    q('checkbox-camp-preset-max-iops')!.querySelector('input')!.click();
    await type('input-camp-runtime', '100000');
    q('button-camp-start')!.click();
    await settle();
    expect(q('text-error-runtime-seconds')!.textContent).toBe('Measured seconds per run: must be at most 3600');
    expect(q('text-error-tests')!.textContent).toBe('Tests: choose at least one');
    expect(q('text-error-label')!.textContent).toBe('Label: must be at most 120 characters');
    expect(q('text-camp-error')!.textContent).toBe('Pool wait seconds: must be at least 0');

    await type('input-camp-runtime', '60');
    expect(q('text-error-runtime-seconds')).toBeNull();
    expect(q('text-error-tests')).not.toBeNull();
  });

  it('says a refusal on a field beside Start too, where the press was (the field may be off-screen on a phone)', async () => {
    const skipped = 'Every preset is skipped: Max sequential read changes nothing on this box';
    const { q, choose, settle } = await renderForm((m) => m.mockJob('tuning.campaign.run', () => throwError(() => new ApiValidationError([
      { attribute: 'tuning.campaign.run.spec.presets', message: `Value error, ${skipped}`, errno: 22 },
    ]))));
    await choose('select-camp-dataset', 'tank/vms');
    q('checkbox-camp-preset-max-iops')!.querySelector('input')!.click();
    q('button-camp-start')!.click();
    await settle();
    const refused = q('text-camp-refused')!;
    expect(refused.textContent).toBe(`Not started: ${skipped}`);
    expect(refused.getAttribute('role')).toBe('alert');
    // right above the Start button
    expect(refused.nextElementSibling!.contains(q('button-camp-start'))).toBe(true);
    expect(q('text-camp-error')).toBeNull();
  });

  it('estimates every configuration in every round', async () => {
    const { api, q, settle } = await renderForm();
    q('checkbox-camp-preset-max-iops')!.querySelector('input')!.click();
    q('checkbox-camp-preset-max-seq')!.querySelector('input')!.click();
    await settle();
    await new Promise((r) => setTimeout(r, ESTIMATE_DEBOUNCE_MS + 20));
    await settle();
    expect(api.callsOf('tuning.benchmark.plan_estimate').map(([s]) => s as PlanEstimateSpec).at(-1)).toEqual(expect.objectContaining({
      runs: 2, rounds: 3, configurations: 3, adaptive: false,
    }));
  });

  it('a campaign allowed to reboot says how many restarts it may take and starts only after the Confirm tick', async () => {
    const { api, q, choose, settle } = await renderForm((m) => m
      .mockCall('tuning.preset.preview', ([id]) => fakePlan(undefined, { needs_reboot: id === 'max-seq' }))
      .mockJob('tuning.campaign.run', () => throwError(() => new Error('stop'))));
    await choose('select-camp-dataset', 'tank/vms');
    q('checkbox-camp-preset-max-seq')!.querySelector('input')!.click();
    await settle();
    expect(q('text-camp-reboot-count')).toBeNull();
    q('checkbox-camp-allow-reboot')!.querySelector('input')!.click();
    await settle();
    expect(q('text-camp-reboot-count')!.textContent).toContain('up to 6 times');

    q('button-camp-start')!.click();
    await settle();
    expect(api.callsOf('tuning.campaign.run')).toEqual([]);
    expect(q('item-confirm-effect-reboot')!.textContent).toContain('up to 6 times');
    q<HTMLButtonElement>('button-confirm-cancel')!.click();
    await settle();
    expect(q('text-confirm-dialog')).toBeNull();
    expect(api.callsOf('tuning.campaign.run')).toEqual([]);

    q('button-camp-start')!.click();
    await settle();
    q('checkbox-confirm-checkbox')!.querySelector('input')!.click();
    await settle();
    q<HTMLButtonElement>('button-confirm-continue')!.click();
    await settle();
    expect(api.callsOf('tuning.campaign.run')[0][0]).toMatchObject({ allow_reboot: true, presets: ['max-seq'] });
  });
});

describe('CampaignFormComponent: several clients at once', () => {
  const two = (m: MockApiService) => m
    .mockCall('tuning.client.session.query', [fakeClientSession({ id: 7, label: 'ws1 over NFS' }), fakeClientSession({ id: 8, label: 'ws2 over NFS' })])
    .mockJob('tuning.campaign.run', () => throwError(() => new Error('stop')));

  async function pickTwo(configure: (m: MockApiService) => void = two) {
    const view = await renderForm(configure);
    await view.choose('select-camp-dataset', 'tank/vms');
    view.q('checkbox-camp-preset-max-seq')!.querySelector('input')!.click();
    await view.choose('select-camp-client-session', 'SEVERAL');
    return view;
  }

  it('sends the sessions ticked, the agents behind the start barrier and the ready time, never client_session_id', async () => {
    const { api, q, type, settle } = await pickTwo();
    expect(q('select-camp-client-session')!.textContent).toContain('several clients at once');
    expect(q('text-camp-client-words')).toBeNull();
    expect(q('fieldset-camp-clients')).not.toBeNull();
    expect(q('text-camp-clients-words')!.textContent).toContain('Pick 1 to 16 client sessions');
    expect(q('text-camp-clients-words')!.textContent).toContain('their sum');
    expect(q('text-camp-client-mode-words')!.textContent).toContain('until all agents are ready');
    q('checkbox-camp-client-7')!.querySelector('input')!.click();
    q('checkbox-camp-client-8')!.querySelector('input')!.click();
    expect(q('details-camp-client-limits')!.querySelector('summary')!.textContent).toContain('Limits');
    expect(q('text-camp-client-ready-words')!.textContent)
      .toContain('10 seconds to 3600 seconds (an hour); empty, 600 seconds (10 minutes)');
    await type('input-camp-client-ready', '120');
    q('button-camp-start')!.click();
    await settle();
    const spec = api.callsOf('tuning.campaign.run')[0][0] as Record<string, unknown>;
    expect(spec).toEqual(expect.objectContaining({ client_session_ids: [7, 8], client_mode: 'AGENTS', client_ready_seconds: 120 }));
    expect(spec).not.toHaveProperty('client_session_id');
  });

  it('offers fio\'s own distributed mode in words: the fio-server command on each client, bound to its address', async () => {
    const { api, q, choose, settle } = await pickTwo();
    q('checkbox-camp-client-8')!.querySelector('input')!.click();
    await choose('select-camp-client-mode', 'FIO_SERVERS');
    expect(q('select-camp-client-mode')!.textContent).toContain('fio\'s own distributed mode');
    const words = q('text-camp-client-mode-words')!.textContent!;
    expect(words).toContain('fio-server command');
    expect(q('text-camp-client-mode-warning')!.textContent).toContain('no authentication');
    expect(q('text-camp-client-mode-warning')!.textContent).toContain('address on the box\'s network');
    expect(q('details-camp-client-limits')).toBeNull();
    q('button-camp-start')!.click();
    await settle();
    const spec = api.callsOf('tuning.campaign.run')[0][0] as Record<string, unknown>;
    expect(spec).toEqual(expect.objectContaining({ client_session_ids: [8], client_mode: 'FIO_SERVERS' }));
    expect(spec).not.toHaveProperty('client_ready_seconds');
  });

  it('refuses no client ticked and a ready time out of bounds under their fields, and sends nothing', async () => {
    const { api, q, type, settle } = await pickTwo();
    await type('input-camp-client-ready', '5');
    q('button-camp-start')!.click();
    await settle();
    expect(api.callsOf('tuning.campaign.run')).toEqual([]);
    expect(q('text-error-client-session-ids')!.textContent).toBe('Clients measuring together: choose at least one');
    expect(q('text-error-client-ready-seconds')!.textContent).toBe('Seconds to wait for every client: must be at least 10');
  });

  it('puts the server\'s refusal of one session under the clients, and leaves them out once the box measures', async () => {
    const { api, q, choose, settle } = await pickTwo((m) => m
      .mockCall('tuning.client.session.query', [fakeClientSession({ id: 7 })])
      .mockJob('tuning.campaign.run', () => throwError(() => new ApiValidationError([
        { attribute: 'tuning.campaign.run.spec.client_session_ids.0', message: 'Session 7 (ws1) has expired', errno: 22 },
      ]))));
    q('checkbox-camp-client-7')!.querySelector('input')!.click();
    q('button-camp-start')!.click();
    await settle();
    expect(q('text-error-client-session-ids')!.textContent).toContain('Session 7 (ws1) has expired');
    expect(q('text-camp-error')).toBeNull();

    await choose('select-camp-client-session', '');
    expect(q('fieldset-camp-clients')).toBeNull();
    q('button-camp-start')!.click();
    await settle();
    const spec = api.callsOf('tuning.campaign.run').at(-1)![0] as Record<string, unknown>;
    expect(spec).not.toHaveProperty('client_session_ids');
    expect(spec).not.toHaveProperty('client_mode');
  });

  it('a read-only session sees the choice but Start is locked, the role it needs named', async () => {
    const { q, el } = await renderForm(two, [provideRoles(READ_ONLY_ROLES)]);
    expect(q('select-camp-client-session')).not.toBeNull();
    expect(controlState(el, 'button-camp-start')).toEqual(expect.objectContaining({ disabled: true, needs: expect.any(String) }));
  });
});

describe('CampaignFormComponent: the dataset and what applying does', () => {
  it('picks no dataset (least of all the pool root) and previews nothing until the admin picks one', async () => {
    const { api, q, choose, settle, selected } = await renderForm();
    expect(selected('select-camp-dataset')).toBe('');
    expect(q('select-camp-dataset')!.textContent).toContain('Pick a dataset');
    expect(q('text-camp-dataset-words')!.textContent).toContain('Pick the dataset');
    q('checkbox-camp-preset-max-seq')!.querySelector('input')!.click();
    await settle();
    expect(api.callsOf('tuning.preset.preview')).toEqual([]);
    await choose('select-camp-dataset', 'tank/vms');
    expect(api.callsOf('tuning.preset.preview').at(-1)).toEqual(['max-seq', { pool: 'tank', dataset: 'tank/vms' }]);
    expect(q('text-camp-dataset-words')).toBeNull();
  });

  it('asks for the Confirm tick when a preset restarts a sharing service or changes the pool, in the apply\'s words', async () => {
    const smb = fakeChange({ key: 'SERVICE:smb:aio', setting: 'aio_enable', kind: 'SERVICE', scope: 'smb', current: 'false',
      proposed: 'true', apply_mode: 'SERVICE_RESTART', unit: null });
    const log = fakeChange({ key: 'POOL_DEVICE:tank:log', setting: 'log', kind: 'POOL_DEVICE', scope: 'tank', current: '',
      proposed: 'sdc', apply_mode: 'LIVE', unit: null });
    const { api, q, choose, settle } = await renderForm((m) => m
      .mockCall('tuning.preset.preview', () => fakePlan([smb, log]))
      .mockJob('tuning.campaign.run', () => throwError(() => new Error('stop'))));
    await choose('select-camp-dataset', 'tank/vms');
    q('checkbox-camp-preset-max-seq')!.querySelector('input')!.click();
    q('checkbox-camp-preset-max-iops')!.querySelector('input')!.click();
    await settle();
    q('button-camp-start')!.click();
    await settle();
    expect(api.callsOf('tuning.campaign.run')).toEqual([]);
    expect(q('heading-confirm-title')!.textContent).toContain('restarts services or changes the pool');
    expect(q('list-confirm-effects')!.querySelectorAll('li').length).toBe(2);
    expect(q('item-confirm-effect-service-restart')!.textContent).toContain('Restarts the SMB service');
    expect(q('item-confirm-effect-pool-device')!.textContent).toContain('Adds sdc to pool tank as SLOG');
    expect(q('item-confirm-effect-reboot')).toBeNull();
    q('checkbox-confirm-checkbox')!.querySelector('input')!.click();
    await settle();
    q<HTMLButtonElement>('button-confirm-continue')!.click();
    await settle();
    expect(api.callsOf('tuning.campaign.run')[0][0]).toMatchObject({ allow_reboot: false, dataset: 'tank/vms' });
  });
});

describe('CampaignFormComponent: selects show whole words', () => {
  it('gives every select a wide field and option texts that fit it', async () => {
    const { q, el, choose } = await renderForm();
    await choose('select-camp-finish-mode', 'PRESET');
    const selects = [...el.querySelectorAll<HTMLElement>('mat-select')].filter((s) => !s.closest('tp-benchmark-settings'));
    expect(selects.length).toBeGreaterThanOrEqual(5);
    for (const select of selects) {
      expect(select.closest('.field')!.classList).toContain('wide');
      // 34rem at the select's 16 px font holds about 55 characters beside the arrow
      for (const option of optionsOf(select)) {
        expect(option.text.length).toBeLessThanOrEqual(50);
      }
    }
    // a phone's field (about 350 px) shows the order whole, not 'Interleaved (round by round, every co…'
    expect(optionsOf(q('select-camp-order')!).map((o) => o.text.length)).toEqual([27, 25]);
    expect(q('select-camp-order')!.textContent).toContain('Interleaved, round by round');
  });
});

describe('campaignApplyEffects', () => {
  it('lists service restarts and pool changes once each, and leaves reboots to the campaign\'s count', () => {
    const smb = fakeChange({ setting: 'aio', kind: 'SERVICE', scope: 'smb', apply_mode: 'SERVICE_RESTART', unit: null,
      current: 'a', proposed: 'b' });
    const reboot = fakeChange({ setting: 'zfs_arc_max', kind: 'ZFS_PARAMETER', apply_mode: 'REBOOT' });
    expect(campaignApplyEffects([fakePlan([smb, reboot]), fakePlan([smb])]).map((e) => e.kind)).toEqual(['SERVICE_RESTART']);
    expect(campaignApplyEffects([fakePlan()])).toEqual([]);
  });
});

describe('campaignReboots', () => {
  const heavy = new Set(['max-seq']);
  it('counts a restart into and out of each configuration that needs one, and one at the end', () => {
    expect(campaignReboots(['max-seq'], heavy, 3, 'INTERLEAVED', { mode: 'ORIGINAL' })).toBe(6);
    expect(campaignReboots(['max-seq'], heavy, 3, 'SEQUENTIAL', { mode: 'ORIGINAL' })).toBe(2);
    expect(campaignReboots(['max-seq'], heavy, 3, 'SEQUENTIAL', { mode: 'PRESET', preset: 'max-seq' })).toBe(1);
    expect(campaignReboots(['max-seq', 'light'], heavy, 1, 'INTERLEAVED', { mode: 'WINNER' })).toBe(3);
    expect(campaignReboots(['light'], heavy, 3, 'INTERLEAVED', { mode: 'ORIGINAL' })).toBe(0);
  });
});
