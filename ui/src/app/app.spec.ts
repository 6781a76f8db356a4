import { signal } from '@angular/core';
import { provideRouter } from '@angular/router';

import { App } from './app';
import { AuthService, AuthStatus } from './auth/auth.service';
import { fakePreset, fakeProfile, fakeState } from './testing/fixtures';
import { mockApi } from './testing/mock-api';
import { inDialog } from './testing/dialog';
import { render } from './testing/render';
import { READ_ONLY_ROLES, controlState, provideRoles } from './testing/roles';

/** The session as the header sees it. */
function fakeAuth(session: { borrowed: boolean; insideTrueNas: boolean; user?: string }) {
  return {
    status: signal<AuthStatus>('logged-in'), username: signal(session.user ?? 'truenas_admin'),
    borrowed: signal(session.borrowed), insideTrueNas: signal(session.insideTrueNas),
    message: signal<string | null>(null), messageIsError: signal(false),
    start: vi.fn(), logout: vi.fn(async () => undefined),
  };
}

async function renderApp(session: Parameters<typeof fakeAuth>[0], roles: string[] = ['FULL_ADMIN'],
  state = fakeState()) {
  const auth = fakeAuth(session);
  const { providers } = mockApi((m) => m
    .mockCall('tuning.profile', fakeProfile()).mockCall('tuning.state', state)
    .mockCall('tuning.preset.query', [fakePreset()]).mockCall('core.get_jobs', []));
  const view = await render(App, [...providers, provideRouter([]), { provide: AuthService, useValue: auth },
    provideRoles(roles)]);
  return { auth, ...view };
}

describe('App header: a guest in TrueNAS, at home on the standalone host', () => {
  it('inside TrueNAS with the web UI session: Back to TrueNAS (/ui/) and no Log out, which would revoke it', async () => {
    const { q, auth } = await renderApp({ borrowed: true, insideTrueNas: true });
    expect(q<HTMLAnchorElement>('link-back-to-truenas')!.getAttribute('href')).toBe('/ui/');
    expect(q('link-back-to-truenas')!.textContent).toContain('Back to TrueNAS');
    // a phone hides the full label (kept for screen readers): a short word stays visible, not a bare arrow
    const short = q('text-back-to-truenas-short')!;
    expect(short.textContent!.trim()).toBe('TrueNAS');
    expect(short.getAttribute('aria-hidden')).toBe('true');
    expect(q('button-logout')).toBeNull();
    expect(auth.logout).not.toHaveBeenCalled();
  });

  it('inside TrueNAS with a session of its own (a password typed here): both the way back and Log out', async () => {
    const { q } = await renderApp({ borrowed: false, insideTrueNas: true });
    expect(q('link-back-to-truenas')).not.toBeNull();
    expect(q('button-logout')).not.toBeNull();
  });

  it('on the standalone host: Log out, nothing about TrueNAS', async () => {
    const { q, auth, settle } = await renderApp({ borrowed: false, insideTrueNas: false, user: 'admin' });
    expect(q('link-back-to-truenas')).toBeNull();
    expect(q('text-current-user')!.textContent).toContain('admin');
    q('button-logout')!.click();
    await settle();
    expect(auth.logout).toHaveBeenCalled();
  });

  it('a read-only session is told once, and may not reboot', async () => {
    const state = fakeState({ pending_reboot: [{ key: 'ZFS_MODULE_PARAM:global:zfs_arc_max', setting: 'zfs_arc_max',
      proposed: '8589934592', since: '2026-11-01T00:00:00Z', restore_point_id: 1 }] });
    const session = { borrowed: false, insideTrueNas: false, user: 'readonly' };
    const { q, el } = await renderApp(session, READ_ONLY_ROLES, state);
    expect(q('text-readonly-banner')!.textContent!.replace(/\s+/g, ' ').trim()).toBe('Read-only: you can see everything '
      + 'here; changing anything needs the System advanced write role, rebooting the Full admin role.');
    expect(controlState(el, 'button-reboot-open')).toEqual({
      disabled: true, needs: 'FULL_ADMIN', says: 'Needs the Full admin role',
    });
  });

  it('names a setting waiting for a reboot in words and its value in units', async () => {
    const state = fakeState({ pending_reboot: [{ key: 'ZFS_PARAMETER:global:zfs_arc_max', setting: 'zfs_arc_max',
      proposed: '8589934592', since: '2026-11-01T00:00:00Z', restore_point_id: 1, name: 'Maximum ARC size',
      unit: 'BYTES', zero_is_default: true }] });
    const { q } = await renderApp({ borrowed: false, insideTrueNas: false, user: 'admin' }, undefined, state);
    expect(q('text-pending-reboot-item')!.textContent!.replace(/\s+/g, ' ').trim())
      .toBe('Maximum ARC size (zfs_arc_max) → 8 GiB');
  });

  it('the reboot dialog spells each waiting value as the banner does, unit and all', async () => {
    const state = fakeState({ pending_reboot: [{ key: 'ZFS_PARAMETER:global:zfs_dirty_data_max_percent',
      setting: 'zfs_dirty_data_max_percent', proposed: '20', since: '2026-11-01T00:00:00Z', restore_point_id: 2,
      name: 'Write buffer, % of RAM', unit: 'PERCENT', zero_is_default: false }] });
    const { q, settle } = await renderApp({ borrowed: false, insideTrueNas: false, user: 'admin' }, undefined, state);
    q('button-reboot-open')!.click();
    await settle();
    expect(inDialog('item-reboot-pending')!.textContent!.replace(/\s+/g, ' ').trim())
      .toBe('Write buffer, % of RAM → 20 %');   // its id only on hover
    inDialog('button-reboot-cancel')!.click();
    await settle();
  });

  it('a full admin sees no read-only line', async () => {
    const { q } = await renderApp({ borrowed: false, insideTrueNas: false, user: 'admin' });
    expect(q('text-readonly-banner')).toBeNull();
  });
});
