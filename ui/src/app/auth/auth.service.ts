import { DestroyRef, Injectable, inject, signal } from '@angular/core';
import { takeUntilDestroyed } from '@angular/core/rxjs-interop';
import { Observable, firstValueFrom } from 'rxjs';

import { ApiService } from '../api/api.service';
import { ConnectionLostError, errorMessage } from '../api/api-errors';
import { LoginRequest, LoginResponse } from '../api/models/auth';
import { RpcConnection } from '../api/rpc-connection.service';
import { T } from '../i18n/translate-marker';
import { RolesStore } from './roles.store';
import { rolesOf } from './roles';
import { TOKEN_STORAGE, WEBUI_TOKEN } from './token-storage';

export type AuthStatus = 'connecting' | 'restoring' | 'logged-out' | 'logging-in' | 'logged-in';

/** How a session token fared: logged in, refused by the server, or unknown because the connection went away. */
type TokenOutcome = 'ok' | 'rejected' | 'lost';

/** Whose session the panel runs in: the TrueNAS web UI's (logged in with its token) or one of its own. */
type SessionSource = 'webui' | 'own';

/** The TrueNAS web UI, on the same origin as the panel served by middlewared. */
export const WEBUI_PATH = '/ui/';

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
 *
 * When the connection opens it tries, in order: the TrueNAS web UI's own session token (same origin when the panel
 * is served by middlewared), then the panel's own stored token, then shows the login form. A web UI token the server
 * refused is not tried again (only a new one the web UI stores later is), so a stale one cannot cause a login loop;
 * the panel never writes or removes the web UI's token, never logs out a session it borrowed with it (auth.logout
 * would revoke that token, and with it the web UI's own session: such a session is left for the web UI instead), and
 * never keeps its connection on that token (see moveOffWebUiToken).
 *
 * At each login it reads the session's roles (the login's `user_info`, else `auth.me`) into the RolesStore, which
 * disables what the session may not do.
 */
@Injectable({ providedIn: 'root' })
export class AuthService {
  private readonly api = inject(ApiService);
  private readonly connection = inject(RpcConnection);
  private readonly tokens = inject(TOKEN_STORAGE);
  private readonly webUiTokens = inject(WEBUI_TOKEN);
  private readonly roles = inject(RolesStore);

  readonly status = signal<AuthStatus>('connecting');
  /** The logged-in user; after a logout or an expired session the last one, which the login form suggests. */
  readonly username = signal<string | null>(null);
  /** Message key for the login screen (wrong credentials, lost connection, reconnected …). */
  readonly message = signal<string | null>(null);
  /** The message says a login failed (shown as an error, not as information). */
  readonly messageIsError = signal(false);
  /** The session is the TrueNAS web UI's own: leaving the panel must keep it, so there is no Log out. */
  readonly borrowed = signal(false);
  /** This origin serves the TrueNAS web UI (the panel is served by middlewared): offer the way back to it. */
  readonly insideTrueNas = signal(this.webUiTokens.present());
  private refreshTimer: ReturnType<typeof setInterval> | null = null;
  private wasLoggedIn = false;
  /** The web UI token the server refused last (not tried again). */
  private refusedWebUiToken: string | null = null;
  /** Set by logout: the web UI's session is not used again until the page is reloaded. */
  private webUiSessionDeclined = false;

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

  /**
   * Log out of the panel's own session. A session borrowed from the web UI is only let go of here (the server's
   * auth.logout would revoke the web UI's token): the header offers Back to TrueNAS instead of Log out for it.
   */
  async logout(): Promise<void> {
    this.tokens.clear();
    this.webUiSessionDeclined = true;
    if (!this.borrowed()) {
      try {
        await firstValueFrom(this.api.call('auth.logout'));
      } catch {
        // Logging out of a dead connection is still logging out.
      }
    }
    this.loggedOut(T('You have logged out.'));
  }

  private async login(request: LoginRequest): Promise<boolean> {
    this.status.set('logging-in');
    this.setMessage(null);
    let response: LoginResponse;
    try {
      response = await firstValueFrom(this.api.call('auth.login_ex', [request]));
    } catch (error) {
      this.status.set('logged-out');
      this.setMessage(errorMessage(error), true);
      return false;
    }
    if (response.response_type !== 'SUCCESS') {
      this.status.set('logged-out');
      this.setMessage(loginFailureMessage(response), true);
      return false;
    }
    await this.loggedIn(request.mechanism === 'TOKEN_PLAIN' ? response.user_info?.pw_name ?? null : request.username,
      response.user_info, 'own');
    return true;
  }

  private async loggedIn(username: string | null, userInfo: unknown, source: SessionSource): Promise<void> {
    // The roles before the pages show, so no control is offered that the session may not use.
    this.roles.set(rolesOf(userInfo) ?? await this.askRoles());
    this.borrowed.set(source === 'webui');
    this.insideTrueNas.set(source === 'webui' || this.webUiTokens.present());
    this.username.set(username);
    this.status.set('logged-in');
    this.wasLoggedIn = true;
    this.connection.setAuthenticated(true);
    await this.renewToken();
    this.stopRefresh();
    this.refreshTimer = setInterval(() => void this.renewToken(), TOKEN_REFRESH_MS);
  }

  /** The session's roles from auth.me; null (nothing held back, the server still checks) when it cannot say. */
  private async askRoles(): Promise<string[] | null> {
    try {
      return rolesOf(await firstValueFrom(this.api.call('auth.me')));
    } catch {
      return null;
    }
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
    const webUiToken = this.webUiSessionDeclined ? null : this.webUiTokens.get();
    const ownToken = this.tokens.get();
    let webUiRefused = false;
    if (webUiToken && webUiToken !== this.refusedWebUiToken) {
      this.status.set('restoring');
      const outcome = await this.loginWithToken(webUiToken, 'webui');
      if (outcome === 'ok' || outcome === 'lost') {
        return;
      }
      this.refusedWebUiToken = webUiToken;
      webUiRefused = true;
    }
    if (ownToken && ownToken !== webUiToken) {
      this.status.set('restoring');
      const outcome = await this.loginWithToken(ownToken, 'own');
      if (outcome === 'ok' || outcome === 'lost') {
        return;
      }
      this.tokens.clear();
      this.showLogin(this.wasLoggedIn
        ? T('Reconnected, but the session has expired. Please log in again.')
        : webUiRefused ? T('Your TrueNAS session could not be used here. Please log in.') : null);
      return;
    }
    this.showLogin(this.wasLoggedIn
      ? T('Reconnected. Please log in again.')
      : webUiRefused ? T('Your TrueNAS session could not be used here. Please log in.') : null);
  }

  /** One TOKEN_PLAIN login; on success the session is set up as after a password login. */
  private async loginWithToken(token: string, source: SessionSource): Promise<TokenOutcome> {
    let response: LoginResponse;
    try {
      response = await firstValueFrom(this.api.call('auth.login_ex', [{ mechanism: 'TOKEN_PLAIN', token }]));
    } catch (error) {
      return error instanceof ConnectionLostError ? 'lost' : 'rejected';
    }
    if (response.response_type !== 'SUCCESS') {
      return 'rejected';
    }
    if (source === 'webui') {
      await this.moveOffWebUiToken();
    }
    const reconnected = this.wasLoggedIn;
    const username = response.user_info?.pw_name ?? response.user_info?.username ?? null;
    await this.loggedIn(username, response.user_info, source);
    this.setMessage(reconnected ? T('Reconnected.') : null);
    return 'ok';
  }

  /**
   * middlewared logs a session out when its connection closes, and logging out a session that logged in with a token
   * destroys that token: the web UI's own, as soon as the panel's tab is closed, reloaded or left for the web UI. So
   * the panel moves its connection at once onto a token of its own (made from the same login, same user and roles):
   * logging in again on a logged-in connection swaps the session's credentials without logging the first ones out.
   * Should that fail the session goes on as it is (the server still has the last word on the web UI's token).
   */
  private async moveOffWebUiToken(): Promise<void> {
    try {
      const own = await firstValueFrom(this.generateToken());
      await firstValueFrom(this.api.call('auth.login_ex', [{ mechanism: 'TOKEN_PLAIN', token: own }]));
    } catch {
      // Still logged in with the web UI's token.
    }
  }

  private showLogin(message: string | null): void {
    this.status.set('logged-out');
    this.setMessage(message);
  }

  private setMessage(message: string | null, isError = false): void {
    this.message.set(message);
    this.messageIsError.set(isError);
  }

  private onClosed(): void {
    this.stopRefresh();
    if (this.status() === 'logged-in' || this.status() === 'restoring') {
      this.status.set('connecting');
    }
    this.setMessage(T('Connection lost. Reconnecting…'));
  }

  private loggedOut(message: string): void {
    this.stopRefresh();
    this.connection.setAuthenticated(false);
    this.roles.set(null);
    this.borrowed.set(false);
    this.status.set('logged-out');
    this.setMessage(message);
  }

  private stopRefresh(): void {
    if (this.refreshTimer) {
      clearInterval(this.refreshTimer);
      this.refreshTimer = null;
    }
  }
}
