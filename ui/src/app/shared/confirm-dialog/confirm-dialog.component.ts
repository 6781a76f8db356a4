import {
  AfterViewInit, ChangeDetectionStrategy, Component, DOCUMENT, ElementRef, OnDestroy, inject, input, output, signal,
  viewChild,
} from '@angular/core';

import { TranslatePipe } from '../../i18n/translate.pipe';
import { ConfirmEffect } from './confirm-effects';

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), '
  + 'a[href], [tabindex]:not([tabindex="-1"])';

/**
 * TrueNAS-style confirmation: a title, what exactly will happen to the box, a "Confirm" tick that must be checked
 * before the action button works. Focus stays inside (Tab and Shift+Tab wrap), Esc cancels, and focus goes back to
 * where it was when the dialog closes. The parent shows it with @if and hides it on either output.
 */
@Component({
  selector: 'tp-confirm-dialog',
  imports: [TranslatePipe],
  changeDetection: ChangeDetectionStrategy.OnPush,
  // On the document: Esc and Tab are handled even when a click on the page moved focus out of the dialog.
  host: { '(document:keydown)': 'keydown($event)' },
  styles: `
    .effects { padding-left: 18px; }
    .effects li { margin: 4px 0; }
    .tick { display: flex; gap: 8px; align-items: center; font-weight: 600; margin-top: 12px; }
  `,
  template: `
    <div class="overlay" (click)="backdrop($event)">
      <div #dialog class="dialog" role="dialog" aria-modal="true" aria-labelledby="confirm-title"
           data-test="confirm-dialog">
        <h2 id="confirm-title" data-test="confirm-title">{{ title() | t: titleParams() }}</h2>
        @if (message(); as m) { <p>{{ m | t }}</p> }
        @if (effects().length) {
          <ul class="effects" data-test="confirm-effects">
            @for (e of effects(); track $index) {
              <li [attr.data-test]="'confirm-effect-' + e.kind">{{ e.text | t: e.params }}</li>
            }
          </ul>
        }
        <label class="tick">
          <input #tick type="checkbox" [checked]="ticked()" (change)="ticked.set(!ticked())"
                 data-test="confirm-checkbox" />
          {{ 'Confirm' | t }}
        </label>
        <div class="actions">
          <button type="button" data-test="confirm-cancel" (click)="cancelled.emit()">{{ 'Cancel' | t }}</button>
          <button type="button" [class]="danger() ? 'danger' : 'primary'" data-test="confirm-continue"
                  [disabled]="!ticked()" (click)="confirm()">{{ action() | t }}</button>
        </div>
      </div>
    </div>
  `,
})
export class ConfirmDialogComponent implements AfterViewInit, OnDestroy {
  readonly title = input.required<string>();
  readonly titleParams = input<Record<string, unknown>>({});
  readonly message = input<string | null>(null);
  readonly effects = input<ConfirmEffect[]>([]);
  /** Words on the button that goes ahead (e.g. Apply, Revert). */
  readonly action = input('Continue');
  readonly danger = input(false);
  readonly confirmed = output<void>();
  readonly cancelled = output<void>();

  protected readonly ticked = signal(false);
  private readonly dialog = viewChild.required<ElementRef<HTMLElement>>('dialog');
  private readonly tick = viewChild.required<ElementRef<HTMLInputElement>>('tick');
  private readonly document = inject(DOCUMENT);
  private readonly opener = this.document.activeElement as HTMLElement | null;

  ngAfterViewInit(): void {
    this.tick().nativeElement.focus();
  }

  ngOnDestroy(): void {
    // Back to the button that opened the dialog, so a keyboard user does not start over at the top of the page.
    if (this.opener && this.document.contains(this.opener)) {
      this.opener.focus();
    }
  }

  protected confirm(): void {
    if (this.ticked()) {
      this.confirmed.emit();
    }
  }

  protected backdrop(event: MouseEvent): void {
    if (event.target === event.currentTarget) {
      this.cancelled.emit();
    }
  }

  protected keydown(event: KeyboardEvent): void {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      this.cancelled.emit();
      return;
    }
    if (event.key !== 'Tab') {
      return;
    }
    const focusable = [...this.dialog().nativeElement.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (!focusable.length) {
      return;
    }
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    const active = this.document.activeElement;
    const inside = !!active && this.dialog().nativeElement.contains(active);
    if (event.shiftKey && (active === first || !inside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !inside)) {
      event.preventDefault();
      first.focus();
    }
  }
}
