import { ChangeDetectionStrategy, Component, computed, inject, input } from '@angular/core';

import { TuningState } from '../api/models/tuning-profile';
import { Job } from '../api/models/job';
import { T } from '../i18n/translate-marker';
import { TranslatePipe } from '../i18n/translate.pipe';
import { TestIdDirective } from '../shared/test-id/test-id.directive';
import { jobTime, jobWords } from './job-words';
import { JobsStore } from './jobs.store';

/** What `tuning.state` says keeps the box busy. */
export type Busy = NonNullable<TuningState['busy']>;

export interface BusyWords {
  key: string;
  params: Record<string, string>;
}

/**
 * What keeps the box busy, in words: what runs, since when and how far it is ("Benchmark, running since 27 Nov
 * 2026, 09:31: 40 %, run 2/5 · Sequential write 1 MiB"), from the job when the session sees it; never its job number.
 */
export function busyWords(busy: Pick<Busy, 'method'>, job: Job | undefined, locale?: string): BusyWords {
  const what = jobWords(busy);
  const since = job ? jobTime(job.time_started, locale) : '';
  const percent = job?.progress?.percent;
  const step = job?.progress?.description?.trim() ?? '';
  const progress = [percent != null && percent > 0 ? `${Math.round(percent)} %` : '', step].filter(Boolean).join(', ');
  if (since && progress) {
    return { key: T('The box is busy: {what}, running since {since} ({progress}).'), params: { what, since, progress } };
  }
  if (since) {
    return { key: T('The box is busy: {what}, running since {since}.'), params: { what, since } };
  }
  return { key: T('The box is busy: {what}.'), params: { what } };
}

/** The line a page shows while another job keeps the box busy, followed by what that means for the page (`then`). */
@Component({
  selector: 'tp-busy-notice',
  imports: [TestIdDirective, TranslatePipe],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    @let w = words();
    <p class="banner warn" role="status" [tpTest]="testId()">{{ w.key | t: { what: (w.params['what'] | t), since: w.params['since'], progress: w.params['progress'] } }}@if (then(); as t) { {{ t | t }}}</p>
  `,
})
export class BusyNoticeComponent {
  private readonly jobs = inject(JobsStore);
  readonly busy = input.required<Busy>();
  /** What the page cannot do meanwhile ("Benchmarks and applies exclude each other."). */
  readonly then = input<string | null>(null);
  readonly testId = input('busy');
  protected readonly words = computed(() => {
    const busy = this.busy();
    return busyWords(busy, this.jobs.running().find((j) => j.id === busy.job_id));
  });
}
