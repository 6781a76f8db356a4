import { Signal, computed, signal } from '@angular/core';
import { Observable, Subscription } from 'rxjs';

import { errorMessage } from '../api/api-errors';
import { Job } from '../api/models/job';

export type JobRunPhase = 'idle' | 'running' | 'done' | 'failed';

/** One job as a dialog shows it: latest row, phase, result or error in words. */
export class JobRun<R> {
  readonly job = signal<Job<R> | null>(null);
  readonly phase = signal<JobRunPhase>('idle');
  readonly error = signal<unknown>(null);
  readonly result = signal<R | null>(null);
  /** Sent to the background: the dialog is hidden, the job goes on and the header's jobs panel shows it. */
  readonly minimized = signal(false);
  readonly percent: Signal<number | null> = computed(() => this.job()?.progress?.percent ?? null);
  readonly description: Signal<string | null> = computed(() => this.job()?.progress?.description ?? null);
  readonly errorText = computed(() => (this.error() ? errorMessage(this.error()) : null));
  private subscription: Subscription | null = null;

  constructor(readonly title: string) {}

  start(job$: Observable<Job<R>>, onDone?: (result: R) => void, onError?: (error: unknown) => void): void {
    this.stop();
    this.phase.set('running');
    this.minimized.set(false);
    this.error.set(null);
    this.result.set(null);
    this.job.set(null);
    this.subscription = job$.subscribe({
      next: (job) => {
        this.job.set(job);
        if (job.state === 'SUCCESS') {
          this.result.set(job.result);
        }
      },
      error: (error: unknown) => {
        this.error.set(error);
        this.phase.set('failed');
        onError?.(error);
      },
      complete: () => {
        this.phase.set('done');
        onDone?.(this.result() as R);
      },
    });
  }

  stop(): void {
    this.subscription?.unsubscribe();
    this.subscription = null;
  }

  /** Hide the dialog while the job runs on (callbacks still fire when it ends). */
  minimize(): void {
    this.minimized.set(true);
  }

  close(): void {
    this.stop();
    this.phase.set('idle');
    this.minimized.set(false);
  }
}
