import { ChangeDetectionStrategy, Component, input, output } from '@angular/core';
import { MatIconButton } from '@angular/material/button';

import { TranslatePipe } from '../../i18n/translate.pipe';
import { ModalDirective } from '../modal/modal.directive';

/**
 * A form in a panel that slides in from the right, as the TrueNAS web UI opens its forms: a title, a close button,
 * the projected form. Modal (tpModal); Esc, the close button and a click beside the panel all emit `closed`. The
 * parent shows it with @if and hides it on `closed`.
 */
@Component({
  selector: 'tp-slide-in',
  imports: [MatIconButton, TranslatePipe, ModalDirective],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styles: `
    .backdrop { position: fixed; inset: 0; background: rgba(0, 0, 0, 0.45); z-index: 10; display: flex;
      justify-content: flex-end; }
    .panel { background: var(--bg1); width: min(640px, 100%); height: 100%; overflow: auto;
      border-left: 1px solid var(--line); display: flex; flex-direction: column; animation: slide 120ms ease-out; }
    header { display: flex; align-items: center; gap: 8px; padding: 10px 16px; background: var(--bg2);
      border-bottom: 1px solid var(--line); position: sticky; top: 0; z-index: 1; }
    h2 { margin: 0; flex: 1; }
    .body { padding: 16px; }
    @keyframes slide { from { transform: translateX(40px); opacity: 0.6; } to { transform: none; opacity: 1; } }
    @media (prefers-reduced-motion: reduce) { .panel { animation: none; } }
  `,
  template: `
    <div class="backdrop" (click)="beside($event)">
      <section class="panel" tpModal (tpModalDismiss)="closed.emit()" aria-labelledby="slide-in-title"
               [attr.data-test]="testId()">
        <header>
          <h2 id="slide-in-title">{{ title() | t: titleParams() }}</h2>
          <button matIconButton type="button" [attr.data-test]="testId() + '-close'" [attr.aria-label]="'Close' | t"
                  (click)="closed.emit()">✕</button>
        </header>
        <div class="body"><ng-content /></div>
      </section>
    </div>
  `,
})
export class SlideInComponent {
  readonly title = input.required<string>();
  readonly titleParams = input<Record<string, unknown>>({});
  readonly testId = input('slide-in');
  readonly closed = output<void>();

  protected beside(event: MouseEvent): void {
    if (event.target === event.currentTarget) {
      this.closed.emit();
    }
  }
}
