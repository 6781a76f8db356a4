import { Injectable, signal } from '@angular/core';

export type Theme = 'light' | 'dark';
const KEY = 'tuning.theme';

/** Light or dark via `data-theme` on <html>; remembers the choice. Dark by default, as the TrueNAS web UI. */
@Injectable({ providedIn: 'root' })
export class ThemeService {
  readonly theme = signal<Theme>(this.initial());

  constructor() {
    this.applyTheme(this.theme());
  }

  toggle(): void {
    const next: Theme = this.theme() === 'dark' ? 'light' : 'dark';
    this.theme.set(next);
    localStorage.setItem(KEY, next);
    this.applyTheme(next);
  }

  private initial(): Theme {
    const saved = localStorage.getItem(KEY);
    if (saved === 'light' || saved === 'dark') {
      return saved;
    }
    return 'dark';
  }

  private applyTheme(theme: Theme): void {
    document.documentElement.dataset['theme'] = theme;
  }
}
