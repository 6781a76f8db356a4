import { ChangeDetectionStrategy, Component, input, output } from '@angular/core';
import { MatFormField, MatLabel } from '@angular/material/form-field';
import { MatOption, MatSelect } from '@angular/material/select';

import { TranslatePipe } from '../../i18n/translate.pipe';
import { TestIdDirective } from '../../shared/test-id/test-id.directive';

/** One option: `label` is words to translate; without one the value is shown as it is (a pool or dataset name). */
export interface Choice<V extends string | number> {
  value: V;
  label?: string;
}

/**
 * A choice from a short list in an outlined field, the page's one shape of select: the select is `select-<testId>`,
 * each option `option-<testId>-<value>` with its value in `data-value` (the browser tests' `choose()`), and under it
 * the server's refusal of the field, in words, when there is one.
 */
@Component({
  selector: 'tp-choice-field',
  imports: [TestIdDirective, MatFormField, MatLabel, MatSelect, MatOption, TranslatePipe],
  changeDetection: ChangeDetectionStrategy.OnPush,
  host: { class: 'field' },
  styles: `mat-form-field { width: 280px; max-width: 100%; }`,
  template: `
    <mat-form-field appearance="outline" subscriptSizing="dynamic">
      <mat-label>{{ label() | t }}</mat-label>
      <mat-select [tpTest]="testId()" [value]="value()" [disabled]="disabled()" (selectionChange)="picked.emit($event.value)">
        @for (c of choices(); track c.value) {
          <mat-option [value]="c.value" [attr.data-value]="c.value" [tpTest]="[testId(), c.value]">{{ c.label ? (c.label | t) : c.value }}</mat-option>
        } @empty {
          @if (emptyText(); as e) { <mat-option disabled [tpTest]="[testId(), 'none']">{{ e | t }}</mat-option> }
        }
      </mat-select>
    </mat-form-field>
    @if (error(); as e) { <div class="field-error" [tpTest]="['error', testId()]">{{ e }}</div> }
  `,
})
export class ChoiceFieldComponent<V extends string | number> {
  /** Untranslated, as the page names the field. */
  readonly label = input.required<string>();
  readonly testId = input.required<string>();
  readonly choices = input.required<readonly Choice<V>[]>();
  readonly value = input<V | null>(null);
  /** The field's error, already in words ("Dataset: No dataset 'tank/x' on this box."). */
  readonly error = input<string | null | undefined>(null);
  /** Off when no choice could be used (the sandbox's datasets for a measurement of ZFS): the page says why. */
  readonly disabled = input(false);
  /** Said in the list when it has no choice (untranslated): an empty list opens saying nothing. */
  readonly emptyText = input<string | null>(null);
  readonly picked = output<V>();
}
