import { InjectionToken } from '@angular/core';

/** Where the session token lives between reloads (localStorage in a browser). */
export interface TokenStorage {
  get(): string | null;
  set(token: string): void;
  clear(): void;
}

const KEY = 'tuning.auth.token';

export const TOKEN_STORAGE = new InjectionToken<TokenStorage>('TOKEN_STORAGE', {
  providedIn: 'root',
  factory: () => ({
    get: () => localStorage.getItem(KEY),
    set: (token) => localStorage.setItem(KEY, token),
    clear: () => localStorage.removeItem(KEY),
  }),
});
