import { Component, inject, signal } from '@angular/core';
import { NonNullableFormBuilder } from '@angular/forms';

import { PlanEstimateSpec } from '../../api/models/tuning-benchmark';
import { mockApi } from '../../testing/mock-api';
import { render } from '../../testing/render';
import { ESTIMATE_DEBOUNCE_MS } from '../plan-estimate/plan-estimate.component';
import { setServerErrors } from '../field-errors';
import { ApiValidationError } from '../../api/api-errors';
import { BenchmarkSettingsComponent } from './benchmark-settings.component';
import { benchmarkSettingsForm, campaignSettingsForm } from './benchmark-settings';

@Component({
  selector: 'tp-host',
  imports: [BenchmarkSettingsComponent],
  template: `
    <tp-benchmark-settings [form]="bench" prefix="bench" />
    <tp-benchmark-settings [form]="camp" prefix="camp" [configurations]="configurations()" />
  `,
})
class Host {
  readonly bench = benchmarkSettingsForm(inject(NonNullableFormBuilder));
  readonly camp = campaignSettingsForm(inject(NonNullableFormBuilder));
  readonly configurations = signal(2);
}

async function renderHost() {
  const { api, providers } = mockApi((m) => m.mockCall('tuning.benchmark.plan_estimate', ([spec]) => ({
    duration_seconds: 60, duration_max_seconds: 60, runs_per_side: 5, min_runs: 5, can_reach_verdict: true,
    detectable_change_percent: 10, assumed_cv_percent: 5, single_round: false,
    summary: `${(spec as PlanEstimateSpec).runs} runs × ${(spec as PlanEstimateSpec).tests!.length} tests`,
  })));
  const view = await render(Host, providers);
  const wait = async () => {
    await new Promise((r) => setTimeout(r, ESTIMATE_DEBOUNCE_MS + 20));
    await view.settle();
  };
  await wait();
  return { api, wait, ...view };
}

describe('BenchmarkSettingsComponent', () => {
  it('gives each form\'s controls their own test ids, tests and profiles in words', async () => {
    const { q, all, options } = await renderHost();
    expect(all('checkbox-bench-test-').map((e) => e.getAttribute('data-test'))).toEqual([
      'checkbox-bench-test-seq-write', 'checkbox-bench-test-seq-read', 'checkbox-bench-test-rand-read-4k',
      'checkbox-bench-test-rand-write-4k', 'checkbox-bench-test-sync-write-4k', 'checkbox-bench-test-mixed-70-30',
    ]);
    for (const id of ['select-{p}-profile', 'input-{p}-runs', 'input-{p}-runtime', 'input-{p}-ramp', 'details-{p}-advanced']) {
      expect(q(id.replace('{p}', 'bench'))).not.toBeNull();
      expect(q(id.replace('{p}', 'camp'))).not.toBeNull();
    }
    expect(q('checkbox-bench-adaptive')).not.toBeNull();
    expect(q('input-bench-working-set')).not.toBeNull();
    expect(q('input-bench-rounds')).toBeNull();
    expect(q('input-camp-rounds')).not.toBeNull();
    expect(q('checkbox-camp-adaptive')).toBeNull();
    expect(q('input-camp-working-set')).toBeNull();
    expect(q('checkbox-camp-test-seq-read')!.textContent!.trim()).toBe('Sequential read 1 MiB');
    expect(options('select-camp-profile').map((o) => o.text)).toEqual([
      'Quick (3 s per run)', 'Standard (60 s per run)', 'Thorough (180 s per run)',
    ]);
    const words = q('details-camp-advanced')!.closest('tp-benchmark-settings')!.textContent!;
    expect(words).toContain('Runs per round');
    expect(words).not.toMatch(/SEQ_|RAND_|QUICK|STANDARD|THOROUGH/);
  });

  it('writes what is chosen into the host\'s form', async () => {
    const { fixture, q, type, choose, settle } = await renderHost();
    q('checkbox-camp-test-rand-read-4k')!.querySelector('input')!.click();
    q('checkbox-camp-test-mixed-70-30')!.querySelector('input')!.click();
    await choose('select-camp-profile', 'STANDARD');
    await type('input-camp-runs', '4');
    await type('input-camp-rounds', '2');
    await type('input-camp-runtime', '30');
    await type('input-camp-ramp', '');
    q('checkbox-bench-adaptive')!.querySelector('input')!.click();
    await type('input-bench-working-set', '512');
    await settle();
    expect(fixture.componentInstance.camp.getRawValue()).toEqual({
      tests: ['SEQ_WRITE', 'SEQ_READ', 'MIXED_70_30'], profile: 'STANDARD', runs: 4, rounds: 2, runtime_seconds: 30, ramp_seconds: null,
    });
    expect(fixture.componentInstance.bench.getRawValue()).toEqual(expect.objectContaining({ adaptive: false, working_set_mib: 512 }));
  });

  it('says what is wrong under the field once the person was there, and asks no estimate for it', async () => {
    const { api, q, type, wait, settle } = await renderHost();
    const asked = () => api.callsOf('tuning.benchmark.plan_estimate').map(([s]) => s as PlanEstimateSpec);
    expect(asked()).toContainEqual(expect.objectContaining({ runs: 2, rounds: 3, configurations: 2, adaptive: false }));
    expect(q('text-error-runs')).toBeNull();

    q('checkbox-bench-test-seq-write')!.querySelector('input')!.click();
    q('checkbox-bench-test-seq-read')!.querySelector('input')!.click();
    await settle();
    expect(q('text-error-tests')!.textContent).toBe('Tests: choose at least one');
    await type('input-bench-runs', '31');
    expect(q('text-error-runs')!.textContent).toBe('Runs: must be at most 30');
    const before = asked().length;
    await wait();
    expect(asked().length).toBe(before);
    expect(q('details-bench-advanced')!.parentElement!.querySelectorAll('[data-test="text-plan-estimate"]').length).toBe(0);

    await type('input-camp-rounds', '1.5');
    expect(q('text-error-rounds')!.textContent).toBe('Rounds: must be a whole number');
  });

  it('shows the server\'s refusal under its field until the value changes', async () => {
    const { fixture, q, type, settle } = await renderHost();
    const camp = fixture.componentInstance.camp;
    await type('input-camp-runtime', '100000');
    setServerErrors(new ApiValidationError([
      { attribute: 'spec.benchmark.runtime_seconds', message: 'Input should be less than or equal to 3600', errno: 22 },
    ]), { runtime_seconds: camp.controls.runtime_seconds });
    await settle();
    expect(q('text-error-runtime-seconds')!.textContent).toBe('Measured seconds per run: must be at most 3600');
    await type('input-camp-runtime', '600');
    expect(q('text-error-runtime-seconds')).toBeNull();
  });
});
