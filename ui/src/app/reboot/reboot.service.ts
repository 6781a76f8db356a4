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
    this.phase.set('rebooting');
    this.api.job('system.reboot', [REBOOT_REASON, { delay: null }]).subscribe({
      complete: () => this.phase() === 'rebooting' && this.phase.set('waiting'),
      error: (error: unknown) => {
        if (error instanceof ConnectionLostError) {
          return; // the box went down under the call: that is the reboot
        }
        this.error.set(errorMessage(error));
        this.phase.set('failed');
      },
    });
  }

  close(): void {
    this.phase.set('idle');
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
    this.phase.set('done');
  }
}
