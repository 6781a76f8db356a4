import { ChangeDetectionStrategy, Component, input, output, signal } from '@angular/core';
import { MatButton } from '@angular/material/button';
import { MatCheckbox } from '@angular/material/checkbox';

import { TranslatePipe } from '../../i18n/translate.pipe';
import { DialogDirective } from '../dialog/dialog.directive';
import { ConfirmEffect } from './confirm-effects';
import { TestIdDirective } from '../test-id/test-id.directive';

/**
 * TrueNAS-style confirmation: a title, what exactly will happen to the box, a "Confirm" tick that must be checked
 * before the action button works. A CDK dialog (tpDialog: focus starts on the tick and stays inside, Esc and a click
 * beside it cancel, focus goes back to the opener). The parent shows it with @if and hides it on either output.
 */
@Component({
  selector: 'tp-confirm-dialog',
  imports: [TestIdDirective, MatButton, MatCheckbox, TranslatePipe, DialogDirective],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styles: `
    .effects { padding-left: 18px; }
    .effects li { margin: 4px 0; }
    .tick { display: block; font-weight: 600; margin-top: 12px; }
    /* as wide as its pane: tpDialog sizes that (960 px when wide, the screen on a phone) */
    .dialog { width: 100%; }
  `,
  template: `
    <ng-template tpDialog tpDialogLabelledBy="confirm-title" [tpDialogWidth]="wide() ? '960px' : null"
                 tpDialogFocus=".tick input" (tpDialogDismiss)="cancelled.emit()">
      <div class="dialog" tpTest="confirm-dialog">
        <h2 id="confirm-title" tpTest="confirm-title">{{ title() | t: titleParams() }}</h2>
        @if (message(); as m) { <p>{{ m | t }}</p> }
        <!-- What the action changes, when the opener shows it (e.g. a one-row plan). -->
        <ng-content />
        @if (effects().length) {
          <ul class="effects" tpTest="confirm-effects">
            @for (e of effects(); track $index) {
              <li [tpTest]="['confirm-effect', e.kind]">{{ e.text | t: e.params }}</li>
            }
          </ul>
        }
        <mat-checkbox class="tick" [checked]="ticked()" (change)="ticked.set($event.checked)"
                      tpTest="confirm-checkbox">{{ 'Confirm' | t }}</mat-checkbox>
        <div class="actions">
          <button matButton="outlined" type="button" tpTest="confirm-cancel" (click)="cancelled.emit()">{{ 'Cancel' | t }}</button>
          <button matButton="filled" type="button" [class]="danger() ? 'danger' : 'primary'" tpTest="confirm-continue"
                  [disabled]="!ticked()" (click)="confirm()">{{ action() | t }}</button>
        </div>
      </div>
    </ng-template>
  `,
})
export class ConfirmDialogComponent {
  readonly title = input.required<string>();
  readonly titleParams = input<Record<string, unknown>>({});
  readonly message = input<string | null>(null);
  readonly effects = input<ConfirmEffect[]>([]);
  /** Words on the button that goes ahead (e.g. Apply, Revert). */
  readonly action = input('Continue');
  readonly danger = input(false);
  /** Room for what the opener shows inside (a plan table) beside the usual sentences. */
  readonly wide = input(false);
  readonly confirmed = output<void>();
  readonly cancelled = output<void>();

  protected readonly ticked = signal(false);

  protected confirm(): void {
    if (this.ticked()) {
      this.confirmed.emit();
    }
  }
}
