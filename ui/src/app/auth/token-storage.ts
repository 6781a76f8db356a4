import { InjectionToken } from '@angular/core';

/** Where the panel's own session token lives between reloads (localStorage in a browser). */
export interface TokenStorage {
  get(): string | null;
  set(token: string): void;
  clear(): void;
}

const KEY = 'tuning.auth.token';

export const TOKEN_STORAGE = new InjectionToken<TokenStorage>('TOKEN_STORAGE', {
  providedIn: 'root',
  factory: () => ({
    get: () => readStorage(KEY),
    set: (token) => writeStorage(KEY, token),
    clear: () => removeStorage(KEY),
  }),
});

/**
 * The TrueNAS web UI's session token, which it keeps in localStorage through ngx-webstorage (`@LocalStorage() token`
 * in its auth.service.ts, default configuration: prefix `ngx-webstorage`, separator `|`, keys lower-cased) as the
 * JSON text of the string, and re-uses with `auth.login_ex {mechanism: 'TOKEN_PLAIN'}`. The panel served by
 * middlewared under /_plugins/tuning/ is same-origin with the web UI, so it can read it. Read-only: the web UI owns
 * it, the panel never writes or removes it.
 */
export const WEBUI_TOKEN_KEY = 'ngx-webstorage|token';

export interface WebUiTokenSource {
  get(): string | null;
  /**
   * The web UI keeps its session here: this origin serves the TrueNAS web UI (at /ui/), so the panel is a guest in
   * middlewared. The entry stays after the web UI's logout (it holds `null` then).
   */
  present(): boolean;
}

/** The token in the web UI's stored form (`"abc"`); null for a missing, cleared (`null`) or unreadable value. */
export function parseWebUiToken(raw: string | null): string | null {
  if (raw === null) {
    return null;
  }
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  return typeof value === 'string' && value.trim() !== '' && value !== 'null' ? value : null;
}

export const WEBUI_TOKEN = new InjectionToken<WebUiTokenSource>('WEBUI_TOKEN', {
  providedIn: 'root',
  factory: () => ({
    get: () => parseWebUiToken(readStorage(WEBUI_TOKEN_KEY)),
    present: () => readStorage(WEBUI_TOKEN_KEY) !== null,
  }),
});

// localStorage can be missing or throw (storage disabled, sandboxed frame): then there is simply no stored token.
function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Not kept: the next reload asks for the password.
  }
}

function removeStorage(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing stored, nothing to remove.
  }
}
