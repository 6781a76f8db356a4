import { DestroyRef, Injectable, inject, signal } from '@angular/core';
import { takeUntilDestroyed } from '@angular/core/rxjs-interop';
import { Observable, firstValueFrom } from 'rxjs';

import { ApiService } from '../api/api.service';
import { errorMessage } from '../api/api-errors';
import { LoginRequest, LoginResponse } from '../api/models/auth';
import { RpcConnection } from '../api/rpc-connection.service';
import { T } from '../i18n/translate-marker';
import { TOKEN_STORAGE } from './token-storage';

export type AuthStatus = 'connecting' | 'restoring' | 'logged-out' | 'logging-in' | 'logged-in';

/** Token lifetime asked of the server, and how often it is renewed before it runs out. */
export const TOKEN_TTL_S = 600;
const TOKEN_REFRESH_MS = 240_000;

/** Plain-words message for a login answer that is not SUCCESS. */
export function loginFailureMessage(response: LoginResponse): string {
  switch (response.response_type) {
    case 'AUTH_ERR':
      return T('Wrong username, password or API key.');
    case 'EXPIRED':
      return T('The credentials have expired.');
    case 'OTP_REQUIRED':
      return T('This account needs a one-time password, which the panel does not support yet.');
    default:
      return T('The server refused the login.');
  }
}

/**
 * Logs in with a password or API key, keeps a session token in storage and logs in again with it after a reload or
 * reconnect (as the TrueNAS UI does). Calls other than auth.* wait until this says the connection is authenticated.
 */
@Injectable({ providedIn: 'root' })
export class AuthService {
  private readonly api = inject(ApiService);
  private readonly connection = inject(RpcConnection);
  private readonly tokens = inject(TOKEN_STORAGE);

  readonly status = signal<AuthStatus>('connecting');
  readonly username = signal<string | null>(null);
  /** Message key for the login screen (wrong credentials, lost connection, reconnected …). */
  readonly message = signal<string | null>(null);
  private refreshTimer: ReturnType<typeof setInterval> | null = null;
  private wasLoggedIn = false;

  constructor() {
    const destroyRef = inject(DestroyRef);
    this.connection.opened$.pipe(takeUntilDestroyed(destroyRef)).subscribe(() => void this.onOpened());
    this.connection.closed$.pipe(takeUntilDestroyed(destroyRef)).subscribe(() => this.onClosed());
    this.connection.notAuthenticated$.pipe(takeUntilDestroyed(destroyRef)).subscribe(() => this.loggedOut(
      T('Your session has ended; please log in again.'),
    ));
  }

  start(): void {
    this.connection.connect();
  }

  loginWithPassword(username: string, password: string): Promise<boolean> {
    return this.login({ mechanism: 'PASSWORD_PLAIN', username, password });
  }

  loginWithApiKey(username: string, apiKey: string): Promise<boolean> {
    return this.login({ mechanism: 'API_KEY_PLAIN', username, api_key: apiKey });
  }

  async logout(): Promise<void> {
    this.tokens.clear();
    try {
      await firstValueFrom(this.api.call('auth.logout'));
    } catch {
      // Logging out of a dead connection is still logging out.
    }
    this.loggedOut(T('You have logged out.'));
  }

  private async login(request: LoginRequest): Promise<boolean> {
    this.status.set('logging-in');
    this.message.set(null);
    let response: LoginResponse;
    try {
      response = await firstValueFrom(this.api.call('auth.login_ex', [request]));
    } catch (error) {
      this.status.set('logged-out');
      this.message.set(errorMessage(error));
      return false;
    }
    if (response.response_type !== 'SUCCESS') {
      this.status.set('logged-out');
      this.message.set(loginFailureMessage(response));
      return false;
    }
    const name = request.mechanism === 'TOKEN_PLAIN' ? response.user_info?.pw_name ?? null : request.username;
    await this.loggedIn(name ?? response.user_info?.username ?? null);
    return true;
  }

  private async loggedIn(username: string | null): Promise<void> {
    this.username.set(username);
    this.status.set('logged-in');
    this.wasLoggedIn = true;
    this.connection.setAuthenticated(true);
    await this.renewToken();
    this.stopRefresh();
    this.refreshTimer = setInterval(() => void this.renewToken(), TOKEN_REFRESH_MS);
  }

  private async renewToken(): Promise<void> {
    try {
      const token = await firstValueFrom(this.generateToken());
      this.tokens.set(token);
    } catch {
      // Without a token the session still works; only a reload will ask for the password again.
    }
  }

  private generateToken(): Observable<string> {
    return this.api.call('auth.generate_token', [TOKEN_TTL_S, {}, false, false]);
  }

  private async onOpened(): Promise<void> {
    const token = this.tokens.get();
    if (!token) {
      this.status.set('logged-out');
      this.message.set(this.wasLoggedIn ? T('Reconnected. Please log in again.') : null);
      return;
    }
    this.status.set('restoring');
    const ok = await this.login({ mechanism: 'TOKEN_PLAIN', token });
    if (ok) {
      this.message.set(this.wasLoggedIn ? T('Reconnected.') : null);
    } else {
      this.tokens.clear();
      this.message.set(this.wasLoggedIn ? T('Reconnected, but the session has expired. Please log in again.') : null);
    }
  }

  private onClosed(): void {
    this.stopRefresh();
    if (this.status() === 'logged-in' || this.status() === 'restoring') {
      this.status.set('connecting');
    }
    this.message.set(T('Connection lost. Reconnecting…'));
  }

  private loggedOut(message: string): void {
    this.stopRefresh();
    this.connection.setAuthenticated(false);
    this.username.set(null);
    this.status.set('logged-out');
    this.message.set(message);
  }

  private stopRefresh(): void {
    if (this.refreshTimer) {
      clearInterval(this.refreshTimer);
      this.refreshTimer = null;
    }
  }
}
