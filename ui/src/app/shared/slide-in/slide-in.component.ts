import { ChangeDetectionStrategy, Component, input, output } from '@angular/core';
import { MatIconButton } from '@angular/material/button';

import { TranslatePipe } from '../../i18n/translate.pipe';
import { DialogDirective } from '../dialog/dialog.directive';
import { TestIdDirective } from '../test-id/test-id.directive';

/**
 * A form in a panel that slides in from the right, as the TrueNAS web UI opens its forms: a title, a close button,
 * the projected form. A CDK dialog (tpDialog, shape slide-in: focus on the `cdkFocusInitial` field or the first one);
 * Esc, the close button and a click beside the panel all emit `closed`. The parent shows it with @if and hides it on
 * `closed`.
 */
@Component({
  selector: 'tp-slide-in',
  imports: [TestIdDirective, MatIconButton, TranslatePipe, DialogDirective],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styles: `
    /* the pane (tpDialog) is 640 px wide, the whole screen on a phone, and as tall as the screen */
    .panel { background: var(--bg1); width: 100%; height: 100%; overflow: auto;
      border-left: 1px solid var(--line); display: flex; flex-direction: column; animation: slide 120ms ease-out; }
    header { display: flex; align-items: center; gap: 8px; padding: 10px 16px; background: var(--bg2);
      border-bottom: 1px solid var(--line); position: sticky; top: 0; z-index: 1; }
    h2 { margin: 0; flex: 1; }
    .body { padding: 16px; }
    @keyframes slide { from { transform: translateX(40px); opacity: 0.6; } to { transform: none; opacity: 1; } }
    @media (prefers-reduced-motion: reduce) { .panel { animation: none; } }
  `,
  template: `
    <ng-template tpDialog="slide-in" tpDialogLabelledBy="slide-in-title" (tpDialogDismiss)="closed.emit()">
      <section class="panel" [tpTest]="testId()">
        <header>
          <h2 id="slide-in-title">{{ title() | t: titleParams() }}</h2>
          <button matIconButton type="button" [tpTest]="[testId(), 'close']" [attr.aria-label]="'Close' | t"
                  (click)="closed.emit()">✕</button>
        </header>
        <div class="body"><ng-content /></div>
      </section>
    </ng-template>
  `,
})
export class SlideInComponent {
  readonly title = input.required<string>();
  readonly titleParams = input<Record<string, unknown>>({});
  /** The panel's test id after its kind (`section-<id>`; its close button `button-<id>-close`). */
  readonly testId = input('slide-in');
  readonly closed = output<void>();
}
