import { ChangeDetectionStrategy, Component, inject, input } from '@angular/core';
import { toObservable, toSignal } from '@angular/core/rxjs-interop';
import { catchError, debounce, distinctUntilChanged, map, of, switchMap, timer } from 'rxjs';

import { ApiService } from '../../api/api.service';
import { PlanEstimate, PlanEstimateSpec } from '../../api/models/tuning-benchmark';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { keepUnitsWithFigures } from '../format';
import { TestIdDirective } from '../test-id/test-id.directive';

/** Choices typed into a form are asked about once they settle (a keystroke is not a question). */
export const ESTIMATE_DEBOUNCE_MS = 250;

/**
 * What a benchmark's or campaign's choices take and can prove, as the server computes it
 * (`tuning.benchmark.plan_estimate`): the duration, the change it can detect, and a warning when no verdict is
 * possible with so few runs or when one round cannot be trusted alone. Part of the benchmark settings sub-form.
 */
@Component({
  selector: 'tp-plan-estimate',
  imports: [TestIdDirective, TranslatePipe],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    @if (estimate(); as e) {
      <p class="muted" role="status" tpTest="plan-estimate">{{ glue(e.summary) }}</p>
      @if (!e.can_reach_verdict) {
        <p class="banner warn" tpTest="plan-estimate-too-few">
          {{ 'Too few runs for a verdict: no comparison can be significant with fewer than {min} runs a side.' | t: { min: e.min_runs } }}
        </p>
      }
      @if (e.single_round) {
        <p class="banner warn" tpTest="plan-estimate-single-round">
          {{ 'One round only: a slow drift of the box (temperature, background work) is not spread over the configurations.' | t }}
        </p>
      }
    }
  `,
})
export class PlanEstimateComponent {
  private readonly api = inject(ApiService);
  /** Null while the form holds choices it would refuse: nothing is asked then. */
  readonly spec = input.required<PlanEstimateSpec | null>();
  protected readonly glue = keepUnitsWithFigures;

  protected readonly estimate = toSignal(
    toObservable(this.spec).pipe(
      map((spec) => JSON.stringify(spec)),
      distinctUntilChanged(),
      // an estimate of choices the form now refuses goes at once; a new question waits for the typing to settle
      debounce((json) => (json === 'null' ? of(0) : timer(ESTIMATE_DEBOUNCE_MS))),
      // choices the server refuses (a field half typed) show no estimate; the form says why when it is sent
      switchMap((json) => {
        const spec = JSON.parse(json) as PlanEstimateSpec | null;
        return spec === null ? of(null) : this.api.call('tuning.benchmark.plan_estimate', [spec]).pipe(catchError(() => of(null)));
      }),
    ),
    { initialValue: null as PlanEstimate | null },
  );
}
