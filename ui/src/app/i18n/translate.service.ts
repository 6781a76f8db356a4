import { Injectable, signal } from '@angular/core';

import { EN } from './en';

export type Dictionary = Record<string, string>;

/** Fill `{name}` placeholders; unknown names stay visible so a missing value is noticed. */
export function interpolate(text: string, params: Record<string, unknown> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** English text is the message id (as with ngx-translate); a dictionary maps it to another language. */
@Injectable({ providedIn: 'root' })
export class TranslateService {
  readonly language = signal('en');
  private readonly dictionary = signal<Dictionary>(EN);

  use(language: string, dictionary: Dictionary): void {
    this.dictionary.set(dictionary);
    this.language.set(language);
  }

  instant(key: string, params?: Record<string, unknown>): string {
    return interpolate(this.dictionary()[key] ?? key, params);
  }
}
