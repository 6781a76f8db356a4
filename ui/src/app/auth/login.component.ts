import { ChangeDetectionStrategy, Component, InjectionToken, computed, inject, signal } from '@angular/core';
import { FormsModule } from '@angular/forms';
import { MatButton } from '@angular/material/button';
import { MatFormField, MatHint, MatLabel } from '@angular/material/form-field';
import { MatInput } from '@angular/material/input';
import { MatCard } from '@angular/material/card';

import { AuthService, WEBUI_PATH } from './auth.service';
import { T } from '../i18n/translate-marker';
import { TranslatePipe } from '../i18n/translate.pipe';
import { TestIdDirective } from '../shared/test-id/test-id.directive';

/** Where the panel is served from, as far as the login page can tell: a TrueNAS box, the standalone host, or not
 *  known (yet). */
export type LoginPlace = 'truenas' | 'standalone' | null;

/**
 * Who to log in as, said rather than typed in: the panel never fills in a name the box may not have. On TrueNAS it
 * is the box's own administrator (`truenas_admin` on installs since 24.04; older ones may have `admin` or `root`);
 * the standalone host's account is `admin`, said only there.
 */
export function usernameHint(place: LoginPlace): string {
  return place === 'truenas' ? T('Your TrueNAS user, as in the TrueNAS web UI (usually truenas_admin).')
    : place === 'standalone' ? T('On the standalone host: admin.')
      : T('The administrator account of this box.');
}

/** Whether a TrueNAS box serves this page: its web UI answers at /ui/, which the standalone host does not serve;
 *  null when the question went unanswered. */
export async function servedByTrueNas(): Promise<boolean | null> {
  try {
    return (await fetch(WEBUI_PATH, { method: 'HEAD', credentials: 'omit', cache: 'no-store' })).ok;
  } catch {
    return null;
  }
}

/** How the login page asks where it is served from (a spec gives its own answer). */
export const SERVED_BY_TRUENAS = new InjectionToken<() => Promise<boolean | null>>('SERVED_BY_TRUENAS', {
  providedIn: 'root', factory: () => servedByTrueNas,
});

/** Password or API key login; shows why a login failed or the connection state. */
@Component({
  selector: 'tp-login',
  imports: [TestIdDirective, MatCard, MatButton, MatFormField, MatLabel, MatHint, MatInput, FormsModule, TranslatePipe],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styles: `
    :host { display: flex; justify-content: center; padding: 48px 12px; }
    form { width: min(380px, 100%); display: grid; gap: 12px; }
    .modes { display: flex; gap: 16px; }
    .modes label { display: flex; gap: 6px; align-items: center; }
  `,
  template: `
    <mat-card appearance="outlined" class="card"><form (ngSubmit)="submit()" tpTest="login-form">
      <h1>{{ 'Workload tuning' | t }}</h1>
      @if (auth.message(); as message) {
        @if (auth.messageIsError()) {
          <div class="banner danger" role="alert" tpTest="login-message">{{ message | t }}</div>
        } @else {
          <div class="banner info" role="status" tpTest="login-message">{{ message | t }}</div>
        }
      }
      @if (auth.status() === 'connecting') {
        <div class="muted" tpTest="login-connecting">{{ 'Connecting to the server…' | t }}</div>
      }
      <div class="modes" role="radiogroup" [attr.aria-label]="'Log in with' | t">
        <label><input type="radio" name="mode" value="password" [(ngModel)]="mode" tpTest="login-mode-password" />
          {{ 'Password' | t }}</label>
        <label><input type="radio" name="mode" value="apikey" [(ngModel)]="mode" tpTest="login-mode-apikey" />
          {{ 'API key' | t }}</label>
      </div>
      <mat-form-field appearance="outline" subscriptSizing="dynamic">
        <mat-label>{{ 'Username' | t }}</mat-label>
        <input matInput type="text" name="username" autocomplete="username" required [(ngModel)]="username" tpTest="login-username" />
        <mat-hint tpTest="login-username-hint">{{ hint() | t }}</mat-hint>
      </mat-form-field>
      @if (mode() === 'password') {
        <mat-form-field appearance="outline" subscriptSizing="dynamic">
          <mat-label>{{ 'Password' | t }}</mat-label>
          <input matInput type="password" name="password" autocomplete="current-password" [(ngModel)]="secret" tpTest="login-password" />
        </mat-form-field>
      } @else {
        <mat-form-field appearance="outline" subscriptSizing="dynamic">
          <mat-label>{{ 'API key' | t }}</mat-label>
          <input matInput type="password" name="apikey" autocomplete="off" [(ngModel)]="secret" tpTest="login-apikey" />
        </mat-form-field>
      }
      <button matButton="filled" type="submit" class="primary" tpTest="login-submit"
              [disabled]="auth.status() === 'logging-in' || auth.status() === 'connecting' || !username() || !secret()">
        {{ 'Log in' | t }}
      </button>
      @if (auth.insideTrueNas()) {
        <a [href]="webUi" tpTest="login-back-to-truenas">{{ 'Back to the TrueNAS web UI' | t }}</a>
      }
    </form></mat-card>
  `,
})
export class LoginComponent {
  protected readonly auth = inject(AuthService);
  protected readonly mode = signal<'password' | 'apikey'>('password');
  protected readonly webUi = WEBUI_PATH;
  /** The user who was logged in last (after a logout or an expired session); never a made-up name. */
  protected readonly username = signal(this.auth.username() ?? '');
  /** The answer of SERVED_BY_TRUENAS: asked once, when the web UI's session does not already say it. */
  private readonly probed = signal<LoginPlace>(null);
  protected readonly hint = computed(() => usernameHint(this.auth.insideTrueNas() ? 'truenas' : this.probed()));
  protected readonly secret = signal('');

  constructor() {
    if (!this.auth.insideTrueNas()) {
      void inject(SERVED_BY_TRUENAS)().then((truenas) => this.probed.set(truenas === null ? null : truenas ? 'truenas' : 'standalone'));
    }
  }

  protected async submit(): Promise<void> {
    const ok = this.mode() === 'password'
      ? await this.auth.loginWithPassword(this.username(), this.secret())
      : await this.auth.loginWithApiKey(this.username(), this.secret());
    if (ok) {
      this.secret.set('');
    }
  }
}
