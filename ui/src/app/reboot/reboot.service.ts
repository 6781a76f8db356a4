import { DestroyRef, Injectable, computed, inject, signal } from '@angular/core';
import { takeUntilDestroyed } from '@angular/core/rxjs-interop';
import { filter } from 'rxjs';

import { ApiService } from '../api/api.service';
import { ConnectionLostError, errorMessage } from '../api/api-errors';
import { TuningStatePending } from '../api/models/tuning-profile';
import { RpcConnection } from '../api/rpc-connection.service';
import { T } from '../i18n/translate-marker';
import { BoxStore } from '../stores/box.store';
import { RebootOutcome, rebootOutcome } from './reboot-outcome';

export type RebootPhase = 'idle' | 'confirm' | 'rebooting' | 'waiting' | 'done' | 'failed';

export const REBOOT_REASON = T('Apply tuning settings that wait for a reboot');

/** How long a box may take to come back before the wait says so and what to look at: a TrueNAS box with many disks
 *  or a slow firmware takes minutes; ten is well past a normal boot. */
export const REBOOT_SLOW_SECONDS = 600;

/**
 * Reboot flow: confirm, `system.reboot` job, wait for the socket to drop and come back, log in again (token or the
 * login form), then compare the state with what waited for the reboot.
 */
@Injectable({ providedIn: 'root' })
export class RebootService {
  private readonly api = inject(ApiService);
  private readonly connection = inject(RpcConnection);
  private readonly box = inject(BoxStore);

  readonly phase = signal<RebootPhase>('idle');
  readonly waitedFor = signal<TuningStatePending[]>([]);
  readonly outcome = signal<RebootOutcome | null>(null);
  readonly error = signal<string | null>(null);
  readonly active = computed(() => this.phase() !== 'idle');
  /** When the reboot was asked for (ms since the epoch): the wait counts from there. */
  readonly since = signal<number | null>(null);
  /** The admin closed the wait: the panel keeps checking, says so in a notice, and opens the dialog again when the
   *  box is back (or the reboot failed). */
  readonly inBackground = signal(false);
  private bootIdBefore: string | null = null;
  private sawDisconnect = false;

  constructor() {
    const destroyRef = inject(DestroyRef);
    this.connection.closed$.pipe(takeUntilDestroyed(destroyRef)).subscribe(() => {
      if (this.phase() === 'rebooting' || this.phase() === 'waiting') {
        this.sawDisconnect = true;
        this.phase.set('waiting');
      }
    });
    this.connection.authenticated$.pipe(filter(Boolean), takeUntilDestroyed(destroyRef)).subscribe(() => {
      if (this.phase() === 'waiting' && this.sawDisconnect) {
        void this.verify();
      }
    });
  }

  ask(): void {
    this.inBackground.set(false);
    this.error.set(null);
    this.outcome.set(null);
    this.phase.set('confirm');
  }

  cancel(): void {
    this.phase.set('idle');
  }

  reboot(): void {
    const state = this.box.state();
    this.waitedFor.set(state?.pending_reboot ?? []);
    this.bootIdBefore = state?.boot_id ?? null;
    this.sawDisconnect = false;
    this.since.set(Date.now());
    this.phase.set('rebooting');
    this.api.job('system.reboot', [REBOOT_REASON, { delay: null }]).subscribe({
      complete: () => this.phase() === 'rebooting' && this.phase.set('waiting'),
      error: (error: unknown) => {
        if (error instanceof ConnectionLostError) {
          return; // the box went down under the call: that is the reboot
        }
        this.error.set(errorMessage(error));
        this.inBackground.set(false);
        this.phase.set('failed');
      },
    });
  }

  close(): void {
    this.inBackground.set(false);
    this.phase.set('idle');
  }

  /** Close the wait, not the check: it goes on, and the dialog comes back with what was verified. */
  keepCheckingInBackground(): void {
    this.inBackground.set(true);
  }

  /** The wait's dialog again, from the notice. */
  showWait(): void {
    this.inBackground.set(false);
  }

  private async verify(): Promise<void> {
    const state = await this.box.refreshState();
    if (!state) {
      return;
    }
    if (this.bootIdBefore !== null && state.boot_id === this.bootIdBefore) {
      return; // reconnected before the reboot happened; the next drop brings us back here
    }
    await this.box.refreshProfile();
    this.outcome.set(rebootOutcome(this.waitedFor(), state));
    this.inBackground.set(false);
    this.phase.set('done');
  }
}
