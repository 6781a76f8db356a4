import { ChangeDetectionStrategy, Component, input } from '@angular/core';
import { FormControl, ReactiveFormsModule } from '@angular/forms';
import { MatFormField, MatLabel } from '@angular/material/form-field';
import { MatInput } from '@angular/material/input';

import { TranslatePipe } from '../../i18n/translate.pipe';
import { FieldErrorComponent } from '../field-error.component';
import { TestIdDirective } from '../test-id/test-id.directive';

/**
 * A whole-number setting: an outlined field with its label and, under it, its error line (from the control's
 * validators or from the server). The width comes from `--tp-number-width` so a dense form can narrow it.
 */
@Component({
  selector: 'tp-number-field',
  imports: [TestIdDirective, MatFormField, MatLabel, MatInput, ReactiveFormsModule, TranslatePipe, FieldErrorComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  host: { class: 'field' },
  // the field fills a width its host is given (a form whose labels are long); otherwise its own
  styles: `input { width: var(--tp-number-width, 120px); } mat-form-field { width: 100%; }`,
  template: `
    <mat-form-field appearance="outline" subscriptSizing="dynamic">
      <mat-label>{{ label() | t }}</mat-label>
      <input matInput type="number" inputmode="numeric" [formControl]="control()" [tpTest]="testId()" />
    </mat-form-field>
    <tp-field-error [control]="control()" [label]="label()" [testId]="errorTestId()" />
  `,
})
export class NumberFieldComponent {
  readonly control = input.required<FormControl<number> | FormControl<number | null>>();
  /** Untranslated, as on the form and in the error line. */
  readonly label = input.required<string>();
  /** The input's test id after its kind: `bench-runs` renders `input-bench-runs`. */
  readonly testId = input.required<string>();
  /** `error-<the server's field name>`, so a server error lands under it. */
  readonly errorTestId = input.required<string>();
}
