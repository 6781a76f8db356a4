import { signal } from '@angular/core';

import { render } from '../testing/render';
import { AuthService, AuthStatus } from './auth.service';
import { LoginComponent, SERVED_BY_TRUENAS } from './login.component';

function fakeAuth(state: { insideTrueNas: boolean; lastUser?: string | null; message?: string; error?: boolean }) {
  return {
    status: signal<AuthStatus>('logged-out'), username: signal(state.lastUser ?? null),
    insideTrueNas: signal(state.insideTrueNas), message: signal(state.message ?? null),
    messageIsError: signal(state.error ?? false),
    loginWithPassword: vi.fn(async () => true), loginWithApiKey: vi.fn(async () => true),
  };
}

async function renderLogin(state: Parameters<typeof fakeAuth>[0], truenas: boolean | null = false) {
  const auth = fakeAuth(state);
  const view = await render(LoginComponent, [{ provide: AuthService, useValue: auth },
    { provide: SERVED_BY_TRUENAS, useValue: async () => truenas }]);
  await view.settle();
  return { auth, ...view };
}

describe('LoginComponent', () => {
  it('inside TrueNAS fills in no name (a box has no admin account) and suggests the box administrator', async () => {
    const { q } = await renderLogin({ insideTrueNas: true });
    expect(q<HTMLInputElement>('input-login-username')!.value).toBe('');
    expect(q('hint-login-username-hint')!.textContent).toContain('truenas_admin');
    expect(q<HTMLAnchorElement>('link-login-back-to-truenas')!.getAttribute('href')).toBe('/ui/');
  });

  it('on the standalone host says its user is admin, as a hint, without filling it in', async () => {
    const { q } = await renderLogin({ insideTrueNas: false });
    expect(q<HTMLInputElement>('input-login-username')!.value).toBe('');
    expect(q('hint-login-username-hint')!.textContent).toContain('On the standalone host: admin');
    expect(q('link-login-back-to-truenas')).toBeNull();
  });

  it('on a TrueNAS box reached by its address (no web UI session) names the box administrator, not the standalone host', async () => {
    const { q } = await renderLogin({ insideTrueNas: false }, true);
    expect(q('hint-login-username-hint')!.textContent).toContain('truenas_admin');
    expect(q('hint-login-username-hint')!.textContent).not.toContain('standalone');
  });

  it('names neither place while it cannot tell where it is served from', async () => {
    const { q } = await renderLogin({ insideTrueNas: false }, null);
    expect(q('hint-login-username-hint')!.textContent).toBe('The administrator account of this box.');
  });

  it('suggests the user who was logged in last, and logs in as whoever is typed', async () => {
    const { q, auth, type, settle } = await renderLogin({ insideTrueNas: true, lastUser: 'truenas_admin' });
    expect(q<HTMLInputElement>('input-login-username')!.value).toBe('truenas_admin');
    await type('input-login-username', 'root');
    await type('input-login-password', 'secret');
    q('button-login-submit')!.click();
    await settle();
    expect(auth.loginWithPassword).toHaveBeenCalledWith('root', 'secret');
  });

  it('shows a refused login as an error, not as information', async () => {
    const { q } = await renderLogin({ insideTrueNas: false, message: 'Wrong username, password or API key.', error: true });
    expect(q('text-login-message')!.classList).toContain('danger');
    expect(q('text-login-message')!.getAttribute('role')).toBe('alert');
  });
});
