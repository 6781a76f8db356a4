import { AfterViewInit, DOCUMENT, Directive, ElementRef, OnDestroy, inject, output } from '@angular/core';

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), '
  + 'a[href], [tabindex]:not([tabindex="-1"])';

/**
 * What makes an element a modal dialog or slide-in, the one way for all of them: `role="dialog"` and `aria-modal`,
 * focus moved in when it opens (to the element marked `data-modal-focus`, else the first control), Tab and Shift+Tab
 * wrapping inside it, Esc reported as `tpModalDismiss`, and focus given back to the control that opened it.
 */
@Directive({
  selector: '[tpModal]',
  // On the document: Esc and Tab are handled even when a click on the page moved focus out of the dialog.
  host: { role: 'dialog', 'aria-modal': 'true', '(document:keydown)': 'keydown($event)' },
})
export class ModalDirective implements AfterViewInit, OnDestroy {
  /** Esc: the host decides what that means (cancel, close, send a job to the background). */
  readonly dismiss = output<void>({ alias: 'tpModalDismiss' });

  private readonly element: HTMLElement = inject(ElementRef).nativeElement;
  private readonly document = inject(DOCUMENT);
  private readonly opener = this.document.activeElement as HTMLElement | null;

  ngAfterViewInit(): void {
    // The marked element, or the control inside it when it is a wrapper (a mat-checkbox around its input).
    const marked = this.element.querySelector<HTMLElement>('[data-modal-focus]');
    const first = (marked?.matches(FOCUSABLE) ? marked : marked?.querySelector<HTMLElement>(FOCUSABLE))
      ?? this.focusable()[0];
    first?.focus();
  }

  ngOnDestroy(): void {
    // Back to the control that opened it, so a keyboard user does not start over at the top of the page.
    if (this.opener && this.opener !== this.document.body && this.document.contains(this.opener)) {
      this.opener.focus();
    }
  }

  protected keydown(event: KeyboardEvent): void {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      this.dismiss.emit();
      return;
    }
    if (event.key !== 'Tab') {
      return;
    }
    const focusable = this.focusable();
    if (!focusable.length) {
      event.preventDefault();
      return;
    }
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    const active = this.document.activeElement;
    const inside = !!active && this.element.contains(active);
    if (event.shiftKey && (active === first || !inside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !inside)) {
      event.preventDefault();
      first.focus();
    }
  }

  private focusable(): HTMLElement[] {
    return [...this.element.querySelectorAll<HTMLElement>(FOCUSABLE)];
  }
}
