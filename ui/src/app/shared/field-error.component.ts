import { ChangeDetectionStrategy, Component, computed, inject, input } from '@angular/core';
import { toObservable, toSignal } from '@angular/core/rxjs-interop';
import { AbstractControl } from '@angular/forms';
import { map, startWith, switchMap } from 'rxjs';

import { T } from '../i18n/translate-marker';
import { TranslateService } from '../i18n/translate.service';
import { shownErrors } from './field-errors';
import { TestIdDirective } from './test-id/test-id.directive';

/**
 * The error line under a reactive form control: "Runs: must be at most 30", from its validators or from the
 * server (see field-errors.ts). Follows the control's events, so it shows whoever changed the control.
 */
@Component({
  selector: 'tp-field-error',
  imports: [TestIdDirective],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `@if (text(); as t) { <div class="field-error" [tpTest]="testId()">{{ t }}</div> }`,
})
export class FieldErrorComponent {
  private readonly translate = inject(TranslateService);
  readonly control = input.required<AbstractControl>();
  /** The field's label, untranslated (the same text as on the form). */
  readonly label = input.required<string>();
  /** The line's test id after its kind: `error-runs` renders `text-error-runs`. */
  readonly testId = input.required<string>();

  private readonly shown = toSignal(toObservable(this.control).pipe(
    switchMap((c) => c.events.pipe(startWith(null), map(() => shownErrors(c)))),
  ), { initialValue: [] });

  protected readonly text = computed(() => {
    const words = this.shown();
    if (!words.length) {
      return null;
    }
    const message = words.map((w) => this.translate.instant(w.key, w.params)).join('; ');
    return this.translate.instant(T('{label}: {message}'), { label: this.translate.instant(this.label()), message });
  });
}
