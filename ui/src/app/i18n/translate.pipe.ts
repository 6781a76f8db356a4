import { Pipe, PipeTransform, inject } from '@angular/core';

import { TranslateService } from './translate.service';

/** `{{ 'Apply' | t }}`, `{{ 'Run {n} of {total}' | t: { n, total } }}`. Impure so a language switch shows at once. */
@Pipe({ name: 't', pure: false })
export class TranslatePipe implements PipeTransform {
  private readonly translate = inject(TranslateService);

  transform(key: string | null | undefined, params?: Record<string, unknown>): string {
    return key ? this.translate.instant(key, params) : '';
  }
}
