import { ChangeDetectionStrategy, Component, computed, effect, inject, signal } from '@angular/core';
import { MatButton } from '@angular/material/button';
import { MatCheckbox } from '@angular/material/checkbox';
import { MatProgressBar } from '@angular/material/progress-bar';

import { AuthService } from '../auth/auth.service';
import { RequiresRoleDirective } from '../auth/requires-role/requires-role.directive';
import { ROLE } from '../auth/roles';
import { TranslatePipe } from '../i18n/translate.pipe';
import { DialogDirective } from '../shared/dialog/dialog.directive';
import { SettingValueComponent } from '../shared/setting-value.component';
import { formatSeconds } from '../shared/format';
import { BoxStore } from '../stores/box.store';
import { REBOOT_SLOW_SECONDS, RebootService } from './reboot.service';
import { TestIdDirective } from '../shared/test-id/test-id.directive';

/**
 * Confirm → rebooting → waiting for the box → verified items, in a CDK dialog (tpDialog; a click beside it does
 * nothing, Esc is `dismiss()`). The wait counts the time since the reboot, says after REBOOT_SLOW_SECONDS what to
 * look at, and may be closed to a notice while the panel keeps checking. Becomes a banner while the login form is
 * needed.
 */
@Component({
  selector: 'tp-reboot-dialog',
  imports: [TestIdDirective, MatProgressBar, MatButton, MatCheckbox, TranslatePipe, DialogDirective, RequiresRoleDirective,
    SettingValueComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styles: `
    /* as wide as its pane: tpDialog sizes that */
    .dialog { width: 100%; }
  `,
  template: `
    @if (reboot.active()) {
      @if (needsLogin()) {
        <div class="banner warn" role="status" tpTest="reboot-login-needed">
          {{ 'The box is back after the reboot. Log in again to see what was verified.' | t }}
        </div>
      } @else if (reboot.inBackground()) {
        <div class="banner warn" role="status" tpTest="reboot-background-notice">
          {{ 'Rebooting: the box has not come back yet ({elapsed} since the reboot). The panel keeps checking and shows what was verified when it is back.' | t: { elapsed: elapsedWords() } }}
          <button matButton="outlined" type="button" tpTest="reboot-show" (click)="reboot.showWait()">{{ 'Show' | t }}</button>
        </div>
      } @else {
        <ng-template tpDialog [tpDialogLabel]="'Reboot' | t" tpDialogBackdropDismisses="false"
                     (tpDialogDismiss)="dismiss()">
          <div class="dialog" tpTest="reboot-dialog">
            <h2>{{ 'Reboot' | t }}</h2>
            @switch (reboot.phase()) {
              @case ('confirm') {
                <p>{{ 'These settings take effect after a reboot:' | t }}</p>
                <ul tpTest="reboot-pending-list">
                  @for (item of box.pendingReboot(); track item.key) {
                    <li tpTest="reboot-pending"><span class="what" [attr.title]="item.setting">{{ item.name ?? box.settingWords(item.key) ?? item.setting }}</span> → <tp-setting-value [value]="item.proposed" [unit]="item.unit" [zeroIsDefault]="item.zero_is_default" /></li>
                  }
                </ul>
                @if (box.isSandbox()) {
                  <p class="muted">{{ 'Sandbox: the reboot restarts the host process; nothing else is affected.' | t }}</p>
                } @else {
                  <p>{{ 'Everything served by this box (shares, VMs, apps) stops until it has restarted.' | t }}</p>
                }
                <mat-checkbox [checked]="confirmed()" (change)="confirmed.set($event.checked)"
                              tpTest="reboot-confirm-checkbox">{{ 'I want to reboot now' | t }}</mat-checkbox>
                <div class="actions">
                  <button matButton="outlined" type="button" tpTest="reboot-cancel" (click)="reboot.cancel()">{{ 'Cancel' | t }}</button>
                  <button *tpRequiresRole="role.fullAdmin" matButton="filled" type="button" class="danger"
                          tpTest="reboot-confirm" [disabled]="!confirmed()"
                          (click)="reboot.reboot(); confirmed.set(false)">{{ 'Reboot' | t }}</button>
                </div>
              }
              @case ('rebooting') {
                <mat-progress-bar mode="indeterminate" [attr.aria-label]="'Reboot' | t" />
                <p role="status" tpTest="reboot-status">{{ 'Asking the box to reboot…' | t }}</p>
              }
              @case ('waiting') {
                <mat-progress-bar mode="indeterminate" [attr.aria-label]="'Reboot' | t" />
                <p role="status" tpTest="reboot-status">{{ 'Waiting for the box to come back… {elapsed} since the reboot.' | t: { elapsed: elapsedWords() } }}</p>
                @if (slow()) {
                  <p class="banner warn" role="alert" tpTest="reboot-slow">{{ 'The box has not come back after {limit}. Look at its console (a screen attached to it, or its IPMI or BMC remote console): it may still be starting, or be stopped at an error or a boot menu.' | t: { limit: limitWords } }}</p>
                }
                <div class="actions">
                  <button matButton="outlined" type="button" tpTest="reboot-background" (click)="reboot.keepCheckingInBackground()">{{ 'Keep checking in the background' | t }}</button>
                </div>
              }
              @case ('failed') {
                <p class="banner danger" role="alert" tpTest="reboot-error">{{ reboot.error() }}</p>
                <div class="actions">
                  <button matButton="outlined" type="button" tpTest="reboot-close" (click)="reboot.close()">{{ 'Close' | t }}</button>
                </div>
              }
              @case ('done') {
                @if (reboot.outcome(); as outcome) {
                  <p class="banner ok" role="status" tpTest="reboot-done">{{ 'The box is back.' | t }}</p>
                  @if (outcome.verified.length) {
                    <h3>{{ 'Verified' | t }}</h3>
                    <ul tpTest="reboot-verified">
                      @for (s of outcome.verified; track s) { <li>{{ s }} ✓</li> }
                    </ul>
                  }
                  @if (outcome.stillPending.length) {
                    <h3>{{ 'Still waiting' | t }}</h3>
                    <ul tpTest="reboot-still-pending">@for (s of outcome.stillPending; track s) { <li>{{ s }}</li> }</ul>
                  }
                  @if (outcome.drifted.length) {
                    <h3>{{ 'Came back with another value' | t }}</h3>
                    <ul tpTest="reboot-drifted">@for (s of outcome.drifted; track s) { <li>{{ s }}</li> }</ul>
                  }
                }
                <div class="actions">
                  <button matButton="filled" type="button" class="primary" tpTest="reboot-close" (click)="reboot.close()">{{ 'Close' | t }}</button>
                </div>
              }
            }
          </div>
        </ng-template>
      }
    }
  `,
})
export class RebootDialogComponent {
  protected readonly role = ROLE;
  protected readonly reboot = inject(RebootService);
  protected readonly box = inject(BoxStore);
  private readonly auth = inject(AuthService);
  protected readonly confirmed = signal(false);
  protected readonly needsLogin = computed(() => this.reboot.phase() === 'waiting' && this.auth.status() === 'logged-out');
  /** Ticks each second while the box restarts, for the time waited. */
  private readonly now = signal(Date.now());
  private readonly elapsed = computed(() => Math.max(0, Math.floor((this.now() - (this.reboot.since() ?? this.now())) / 1000)));
  protected readonly elapsedWords = computed(() => formatSeconds(this.elapsed()));
  protected readonly slow = computed(() => this.elapsed() >= REBOOT_SLOW_SECONDS);
  protected readonly limitWords = formatSeconds(REBOOT_SLOW_SECONDS);

  constructor() {
    effect((onCleanup) => {
      const phase = this.reboot.phase();
      if (phase === 'rebooting' || phase === 'waiting') {
        this.now.set(Date.now());
        const timer = setInterval(() => this.now.set(Date.now()), 1000);
        onCleanup(() => clearInterval(timer));
      }
    });
  }

  /** Esc cancels before the reboot and closes after it; while the box restarts it closes the wait to its notice
   *  (the check goes on). */
  protected dismiss(): void {
    const phase = this.reboot.phase();
    if (phase === 'confirm') {
      this.confirmed.set(false);
      this.reboot.cancel();
    } else if (phase === 'waiting') {
      this.reboot.keepCheckingInBackground();
    } else if (phase === 'failed' || phase === 'done') {
      this.reboot.close();
    }
  }
}
