// The campaign form's model: what to compare, where, how to measure (the shared benchmark settings), whether it may
// reboot and what stays applied at the end (pure).
import { AbstractControl, FormControl, FormGroup, NonNullableFormBuilder, ValidationErrors, Validators } from '@angular/forms';

import { BenchmarkTest } from '../../api/models/tuning-benchmark';
import { TuningPlan } from '../../api/models/tuning-common';
import { ConfirmEffect, confirmEffects } from '../../shared/confirm-dialog/confirm-effects';
import { CampaignFinishMode, CampaignOrder, CampaignSpec } from '../../api/models/tuning-campaign';
import {
  BenchmarkSettingsForm, atLeastOne, campaignSettingsForm, settingsControls, settingsSpec, wholeNumber,
} from '../../shared/benchmark-settings/benchmark-settings';

export type CampaignClientMode = NonNullable<CampaignSpec['client_mode']>;

/** `client_session`'s value for "several clients at once" (otherwise '' = the box, or one session's id). */
export const SEVERAL_CLIENTS = 'SEVERAL';
/** The server's bounds (TuningCampaignSpec): sessions measuring together, seconds the box waits for them all. */
export const MAX_CLIENTS = 16;
export const CLIENT_READY_SECONDS = { min: 10, max: 3600, default: 600 } as const;

/** One to sixteen sessions, in the words the server's own refusal would use. */
function oneToSixteen(control: AbstractControl<readonly unknown[]>): ValidationErrors | null {
  const n = control.value.length;
  return n < 1 ? { minItems: { min: 1 } } : n > MAX_CLIENTS ? { max: { max: MAX_CLIENTS } } : null;
}

export type CampaignForm = FormGroup<{
  dataset: FormControl<string>;
  presets: FormControl<string[]>;
  /** Keys of the DANGEROUS plan rows the person ticked. */
  acknowledge: FormControl<string[]>;
  settings: BenchmarkSettingsForm;
  order: FormControl<CampaignOrder>;
  allow_reboot: FormControl<boolean>;
  /** '' = measured on the box; otherwise the id of the client session whose agent measures every step. */
  client_session: FormControl<string>;
  /** With `client_session` SEVERAL_CLIENTS: the ids of the sessions measuring together (disabled otherwise). */
  client_sessions: FormControl<string[]>;
  client_mode: FormControl<CampaignClientMode>;
  /** Empty: the server's default. */
  client_ready_seconds: FormControl<number | null>;
  finish: FormGroup<{
    mode: FormControl<CampaignFinishMode>;
    preset: FormControl<string>;
    test: FormControl<BenchmarkTest | ''>;
  }>;
  label: FormControl<string>;
}>;

export type CampaignFormValue = ReturnType<CampaignForm['getRawValue']>;

export function campaignForm(fb: NonNullableFormBuilder): CampaignForm {
  return fb.group({
    dataset: fb.control('', Validators.required),
    presets: fb.control<string[]>([], atLeastOne),
    acknowledge: fb.control<string[]>([]),
    settings: campaignSettingsForm(fb),
    order: fb.control<CampaignOrder>('INTERLEAVED'),
    allow_reboot: fb.control(false),
    client_session: fb.control(''),
    client_sessions: fb.control<string[]>({ value: [], disabled: true }, oneToSixteen),
    client_mode: fb.control<CampaignClientMode>({ value: 'AGENTS', disabled: true }),
    client_ready_seconds: fb.control<number | null>({ value: null, disabled: true },
      [wholeNumber, Validators.min(CLIENT_READY_SECONDS.min), Validators.max(CLIENT_READY_SECONDS.max)]),
    finish: fb.group({
      mode: fb.control<CampaignFinishMode>('ORIGINAL'),
      preset: fb.control(''),
      test: fb.control<BenchmarkTest | ''>(''),
    }),
    label: fb.control('', Validators.maxLength(120)),
  });
}

/** `tuning.campaign.run`'s spec; what is empty or not asked for by the finish mode is left to the server. */
export function campaignSpec(value: CampaignFormValue): CampaignSpec {
  const { finish, settings } = value;
  const label = value.label.trim();
  return {
    dataset: value.dataset,
    presets: value.presets,
    ...(value.acknowledge.length ? { acknowledge: value.acknowledge } : {}),
    benchmark: settingsSpec(settings),
    ...(settings.rounds == null ? {} : { rounds: settings.rounds }),
    allow_reboot: value.allow_reboot,
    order: value.order,
    finish: {
      mode: finish.mode,
      ...(finish.mode === 'PRESET' && finish.preset ? { preset: finish.preset } : {}),
      ...(finish.mode === 'WINNER' && finish.test ? { test: finish.test } : {}),
    },
    ...(label ? { label } : {}),
    ...clientSpec(value),
  };
}

/** Where the steps are measured: the box (nothing), one client's agent, or several clients together. */
function clientSpec(value: CampaignFormValue): Partial<CampaignSpec> {
  if (value.client_session !== SEVERAL_CLIENTS) {
    return value.client_session ? { client_session_id: Number(value.client_session) } : {};
  }
  // fio's servers start at once when the box calls them: no agent to wait for, so no ready time
  const waits = value.client_mode === 'AGENTS' && value.client_ready_seconds != null;
  return {
    client_session_ids: value.client_sessions.map(Number),
    client_mode: value.client_mode,
    ...(waits ? { client_ready_seconds: value.client_ready_seconds! } : {}),
  };
}

/** The controls only "several clients at once" asks for are enabled (checked and sent) only then. */
export function followClientChoice(form: CampaignForm): void {
  const c = form.controls;
  const several = c.client_session.value === SEVERAL_CLIENTS;
  for (const control of [c.client_sessions, c.client_mode]) {
    if (several) { control.enable({ emitEvent: false }); } else { control.disable({ emitEvent: false }); }
  }
  if (several && c.client_mode.value === 'AGENTS') {
    c.client_ready_seconds.enable({ emitEvent: false });
  } else {
    c.client_ready_seconds.disable({ emitEvent: false });
  }
}

/** The spec's field names → the controls their server errors go on. */
export function campaignControls(form: CampaignForm): Record<string, AbstractControl> {
  const c = form.controls;
  return {
    dataset: c.dataset, presets: c.presets, acknowledge: c.acknowledge, order: c.order, allow_reboot: c.allow_reboot,
    'finish.mode': c.finish.controls.mode, 'finish.preset': c.finish.controls.preset, 'finish.test': c.finish.controls.test,
    label: c.label, client_session_id: c.client_session, client_session_ids: c.client_sessions, client_mode: c.client_mode,
    client_ready_seconds: c.client_ready_seconds, ...settingsControls(c.settings),
  };
}

/**
 * At most how many times a campaign restarts the box, as the server drives it: a step reboots when it leaves settings
 * waiting for a reboot, that is when it moves into or out of a configuration that needs one (reverting a load-time
 * setting waits for a reboot too); the end may take one more to get back to the original configuration or the kept
 * one (the winner is not known before, so counted as possibly one that needs a reboot).
 */
export function campaignReboots(presets: readonly string[], needsReboot: ReadonlySet<string>, rounds: number,
  order: CampaignOrder, finish: { mode: CampaignFinishMode; preset?: string }): number {
  const baseline = '';
  const configurations = [baseline, ...presets];
  const steps = order === 'SEQUENTIAL'
    ? configurations.flatMap((c) => Array<string>(rounds).fill(c))
    : Array.from({ length: rounds }, () => configurations).flat();
  const heavy = (c: string) => needsReboot.has(c);
  let count = 0;
  let now = baseline;
  for (const c of steps) {
    if (c !== now && (heavy(c) || heavy(now))) {
      count++;
    }
    now = c;
  }
  const end = finish.mode === 'PRESET' ? finish.preset ?? baseline : finish.mode === 'WINNER' ? null : baseline;
  if (end === null ? presets.some(heavy) || heavy(now) : end !== now && (heavy(end) || heavy(now))) {
    count++;
  }
  return count;
}

/**
 * What applying the chosen presets' plans does beyond changing values, in the apply confirmation's words, each
 * effect once: a service restart or a pool vdev change. Reboots are left out: the campaign counts those itself
 * (and skips such presets unless reboots are allowed).
 */
export function campaignApplyEffects(plans: readonly Pick<TuningPlan, 'changes'>[]): ConfirmEffect[] {
  const seen = new Set<string>();
  return plans.flatMap((plan) => confirmEffects(plan)).filter((e) => {
    const id = JSON.stringify([e.kind, e.text, e.params]);
    if (e.kind === 'REBOOT' || seen.has(id)) {
      return false;
    }
    seen.add(id);
    return true;
  });
}
