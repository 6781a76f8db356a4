import { DestroyRef, Injectable, computed, inject, signal } from '@angular/core';
import { takeUntilDestroyed } from '@angular/core/rxjs-interop';
import { Subscription, firstValueFrom } from 'rxjs';

import { ApiService } from '../api/api.service';
import { errorMessage } from '../api/api-errors';
import { TuningProfile, TuningState } from '../api/models/tuning-profile';

/** The box (`tuning.profile`) and its tuning state (`tuning.state`, kept live by its event). */
@Injectable({ providedIn: 'root' })
export class BoxStore {
  private readonly api = inject(ApiService);
  private readonly destroyRef = inject(DestroyRef);

  readonly profile = signal<TuningProfile | null>(null);
  readonly state = signal<TuningState | null>(null);
  readonly error = signal<string | null>(null);
  readonly loading = signal(false);

  readonly isSandbox = computed(() => (this.profile()?.backend ?? this.state()?.backend) === 'sandbox');
  readonly pendingReboot = computed(() => this.state()?.pending_reboot ?? []);
  readonly drift = computed(() => this.state()?.drift ?? []);
  readonly busy = computed(() => this.state()?.busy ?? null);
  /** What each setting tuning holds is, in words (from in_effect), by its key: for lists that carry only the key. */
  private readonly summaries = computed(() => new Map((this.state()?.in_effect ?? []).map((r) => [r.key, r.summary])));

  /** A setting in words when tuning holds it; null for one it does not (e.g. a pending item a revert gave back). */
  settingWords(key: string): string | null {
    return this.summaries().get(key) ?? null;
  }

  private events: Subscription | null = null;

  async load(): Promise<void> {
    this.loading.set(true);
    this.error.set(null);
    this.listen();
    // Each half shows on its own: a failing profile must not hide the state (or the sandbox banner).
    const [profile, state] = await Promise.allSettled([
      firstValueFrom(this.api.call('tuning.profile')),
      firstValueFrom(this.api.call('tuning.state')),
    ]);
    if (profile.status === 'fulfilled') {
      this.profile.set(profile.value);
    }
    if (state.status === 'fulfilled') {
      this.state.set(state.value);
    }
    const failed = [profile, state].find((r): r is PromiseRejectedResult => r.status === 'rejected');
    this.error.set(failed ? errorMessage(failed.reason) : null);
    this.loading.set(false);
  }

  async refreshState(): Promise<TuningState | null> {
    try {
      const state = await firstValueFrom(this.api.call('tuning.state'));
      this.state.set(state);
      return state;
    } catch (error) {
      this.error.set(errorMessage(error));
      return null;
    }
  }

  async refreshProfile(): Promise<void> {
    try {
      this.profile.set(await firstValueFrom(this.api.call('tuning.profile')));
    } catch (error) {
      this.error.set(errorMessage(error));
    }
  }

  private listen(): void {
    if (this.events) {
      return;
    }
    this.events = this.api
      .subscribe('tuning.state')
      .pipe(takeUntilDestroyed(this.destroyRef))
      .subscribe((event) => {
        if (event.fields) {
          this.state.update((old) => ({ ...(old ?? ({} as TuningState)), ...event.fields }));
        }
      });
  }
}
