// The campaign form's model: what to compare, where, how to measure (the shared benchmark settings), whether it may
// reboot and what stays applied at the end (pure).
import { AbstractControl, FormControl, FormGroup, NonNullableFormBuilder, Validators } from '@angular/forms';

import { BenchmarkTest } from '../../api/models/tuning-benchmark';
import { TuningPlan } from '../../api/models/tuning-common';
import { ConfirmEffect, confirmEffects } from '../../shared/confirm-dialog/confirm-effects';
import { CampaignFinishMode, CampaignOrder, CampaignSpec } from '../../api/models/tuning-campaign';
import {
  BenchmarkSettingsForm, atLeastOne, campaignSettingsForm, settingsControls, settingsSpec,
} from '../../shared/benchmark-settings/benchmark-settings';

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
    ...(value.client_session ? { client_session_id: Number(value.client_session) } : {}),
  };
}

/** The spec's field names → the controls their server errors go on. */
export function campaignControls(form: CampaignForm): Record<string, AbstractControl> {
  const c = form.controls;
  return {
    dataset: c.dataset, presets: c.presets, acknowledge: c.acknowledge, order: c.order, allow_reboot: c.allow_reboot,
    'finish.mode': c.finish.controls.mode, 'finish.preset': c.finish.controls.preset, 'finish.test': c.finish.controls.test,
    label: c.label, client_session_id: c.client_session, ...settingsControls(c.settings),
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
