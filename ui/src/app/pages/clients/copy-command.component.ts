import { ChangeDetectionStrategy, Component, input, signal } from '@angular/core';
import { MatButton } from '@angular/material/button';

import { TranslatePipe } from '../../i18n/translate.pipe';
import { TestIdDirective } from '../../shared/test-id/test-id.directive';

/** A command to paste elsewhere: the text, selectable whole, and Copy where the browser allows the clipboard. */
@Component({
  selector: 'tp-copy-command',
  imports: [TestIdDirective, MatButton, TranslatePipe],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styles: `
    :host { display: flex; gap: 8px; align-items: flex-start; margin: 4px 0 12px; }
    pre { flex: 1; margin: 0; padding: 6px 8px; background: var(--bg1); border: 1px solid var(--line); border-radius: 4px;
          white-space: pre-wrap; overflow-wrap: anywhere; user-select: all; font-size: 0.9em; }
  `,
  template: `
    <pre [tpTest]="testId()" tabindex="0" [attr.aria-label]="label() | t">{{ text() }}</pre>
    @if (canCopy) {
      <button matButton="outlined" type="button" [tpTest]="[testId(), 'copy']" (click)="copy()">
        {{ (copied() ? 'Copied' : 'Copy') | t }}</button>
    }
  `,
})
export class CopyCommandComponent {
  readonly text = input.required<string>();
  /** The text's test id after its kind (`text-<id>`; its copy button `button-<id>-copy`). */
  readonly testId = input.required<string>();
  /** What the text is, for a screen reader (untranslated). */
  readonly label = input.required<string>();
  protected readonly copied = signal(false);
  protected readonly canCopy = typeof navigator !== 'undefined' && !!navigator.clipboard;

  protected async copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(this.text());
      this.copied.set(true);
    } catch {
      this.copied.set(false);   // the text stays selectable by hand
    }
  }
}
