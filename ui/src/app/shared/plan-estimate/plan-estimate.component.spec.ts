import { Component, signal } from '@angular/core';
import { TestBed } from '@angular/core/testing';

import { PlanEstimate, PlanEstimateSpec } from '../../api/models/tuning-benchmark';
import { mockApi } from '../../testing/mock-api';
import { ESTIMATE_DEBOUNCE_MS, PlanEstimateComponent } from './plan-estimate.component';

@Component({
  selector: 'tp-host',
  imports: [PlanEstimateComponent],
  template: '<tp-plan-estimate [spec]="spec()" />',
})
class Host {
  readonly spec = signal<PlanEstimateSpec | null>({ tests: ['SEQ_WRITE'], profile: 'STANDARD', runs: 5 });
}

function estimate(spec: PlanEstimateSpec): PlanEstimate {
  const runs = (spec.runs ?? 5) * (spec.rounds ?? 1);
  return {
    duration_seconds: 600, duration_max_seconds: 600, runs_per_side: runs, min_runs: 5, can_reach_verdict: runs >= 5,
    detectable_change_percent: runs >= 5 ? 10 : null, assumed_cv_percent: 5, single_round: spec.rounds === 1,
    summary: `${runs} runs × 1 tests × 70 s ≈ 10 min`,
  };
}

describe('PlanEstimateComponent', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function setup() {
    const { api, providers } = mockApi((m) => m.mockCall('tuning.benchmark.plan_estimate', ([spec]) => estimate(spec as PlanEstimateSpec)));
    TestBed.configureTestingModule({ imports: [Host], providers });
    const fixture = TestBed.createComponent(Host);
    const q = (id: string) => (fixture.nativeElement as HTMLElement).querySelector(`[data-test="${id}"]`);
    const settle = async () => {
      fixture.detectChanges();
      await vi.advanceTimersByTimeAsync(ESTIMATE_DEBOUNCE_MS + 1);
      fixture.detectChanges();
    };
    await settle();
    return { api, fixture, q, settle };
  }

  it('says what the choices take and can prove, asking once the typing settles', async () => {
    const { api, fixture, q, settle } = await setup();
    expect(q('text-plan-estimate')!.textContent).toContain('5 runs × 1 tests');
    expect(q('text-plan-estimate-too-few')).toBeNull();
    fixture.componentInstance.spec.set({ tests: ['SEQ_WRITE'], profile: 'STANDARD', runs: 2 });
    fixture.detectChanges();
    fixture.componentInstance.spec.set({ tests: ['SEQ_WRITE'], profile: 'STANDARD', runs: 3 });
    await settle();
    expect(api.callsOf('tuning.benchmark.plan_estimate').map(([s]) => (s as PlanEstimateSpec).runs)).toEqual([5, 3]);
    expect(q('text-plan-estimate-too-few')!.textContent).toContain('fewer than 5 runs a side');
  });

  it('keeps each figure of the server’s sentence on one line with its unit', async () => {
    const { q } = await setup();
    // "(5" at a line's end and "% run-to-run variation)" on the next, as at 1280 px, cannot happen
    expect(q('text-plan-estimate')!.textContent).toContain('× 70\u00a0s ≈ 10\u00a0min');
    expect(q('text-plan-estimate')!.textContent).toContain('5 runs');   // a count and its noun may part
  });

  it('asks nothing and shows nothing while the form refuses its choices', async () => {
    const { api, fixture, q, settle } = await setup();
    fixture.componentInstance.spec.set(null);
    fixture.detectChanges();
    await vi.advanceTimersByTimeAsync(0);
    fixture.detectChanges();
    expect(q('text-plan-estimate')).toBeNull();   // at once: the old estimate was of other choices
    expect(api.callsOf('tuning.benchmark.plan_estimate').length).toBe(1);
  });

  it('warns that one round cannot be trusted alone', async () => {
    const { fixture, q, settle } = await setup();
    fixture.componentInstance.spec.set({ tests: ['SEQ_WRITE'], runs: 5, rounds: 1, configurations: 2 });
    await settle();
    expect(q('text-plan-estimate-single-round')).not.toBeNull();
    expect(q('text-plan-estimate-too-few')).toBeNull();
  });
});
