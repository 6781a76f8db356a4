import { ChangeDetectionStrategy, Component, signal } from '@angular/core';
import { MatButton } from '@angular/material/button';

import { ROLE } from '../roles';
import { RolesStore } from '../roles.store';
import { render } from '../../testing/render';
import { READ_ONLY_ROLES, controlState, provideRoles } from '../../testing/roles';
import { RequiresRoleDirective } from './requires-role.directive';

/** A page with a write control (that is also disabled by its own condition), a reboot and a control needing nothing. */
@Component({
  imports: [MatButton, RequiresRoleDirective],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <button *tpRequiresRole="role.write" matButton="filled" type="button" data-test="button-apply" [disabled]="notReady()"
            (click)="clicks.push('button-apply')">Apply</button>
    <button *tpRequiresRole="role.fullAdmin" matButton="filled" type="button" data-test="reboot"
            (click)="clicks.push('reboot')">Reboot…</button>
    <button *tpRequiresRole="null" matButton="outlined" type="button" data-test="refresh"
            (click)="clicks.push('refresh')">Refresh</button>
  `,
})
class Host {
  protected readonly role = ROLE;
  readonly notReady = signal(false);
  readonly clicks: string[] = [];
}

describe('*tpRequiresRole', () => {
  it('shows the controls as written to a session holding the roles', async () => {
    const { el, q, fixture } = await render(Host, [provideRoles(['FULL_ADMIN'])]);
    expect(controlState(el, 'button-apply')).toEqual({ disabled: false, needs: null, says: null });
    expect(controlState(el, 'reboot')).toEqual({ disabled: false, needs: null, says: null });
    q('button-apply')!.click();
    q('reboot')!.click();
    expect(fixture.componentInstance.clicks).toEqual(['button-apply', 'reboot']);
  });

  it('disables for a read-only session whatever the control says, naming the role in words; nothing runs', async () => {
    const { el, q, fixture, settle } = await render(Host, [provideRoles(READ_ONLY_ROLES)]);
    expect(controlState(el, 'button-apply')).toEqual({
      disabled: true, needs: 'SYSTEM_ADVANCED_WRITE', says: 'Needs the System advanced write role',
    });
    expect(controlState(el, 'reboot')).toEqual({
      disabled: true, needs: 'FULL_ADMIN', says: 'Needs the Full admin role',
    });
    expect(controlState(el, 'refresh')).toEqual({ disabled: false, needs: null, says: null });
    // the control's own condition turning it on does not enable it
    fixture.componentInstance.notReady.set(true);
    await settle();
    fixture.componentInstance.notReady.set(false);
    await settle();
    expect(controlState(el, 'button-apply').disabled).toBe(true);
    q('button-apply')!.click();
    q('reboot')!.click();
    q('refresh')!.click();
    expect(fixture.componentInstance.clicks).toEqual(['refresh']);
  });

  it('a session with the write role but not FULL_ADMIN may apply but not reboot', async () => {
    const { el } = await render(Host, [provideRoles([ROLE.write])]);
    expect(controlState(el, 'button-apply').disabled).toBe(false);
    expect(controlState(el, 'reboot')).toMatchObject({ disabled: true, needs: 'FULL_ADMIN' });
  });

  it('follows the session: roles known later, or changed by another login, redraw the controls', async () => {
    const { el, settle, fixture } = await render(Host, []);
    expect(controlState(el, 'button-apply').disabled).toBe(false);   // unknown: the server still checks every call
    fixture.debugElement.injector.get(RolesStore).set(['READONLY_ADMIN']);
    await settle();
    expect(controlState(el, 'button-apply')).toMatchObject({ disabled: true, needs: 'SYSTEM_ADVANCED_WRITE' });
    fixture.debugElement.injector.get(RolesStore).set(['FULL_ADMIN']);
    await settle();
    expect(controlState(el, 'button-apply')).toMatchObject({ disabled: false, needs: null });
    expect(el.querySelectorAll('[data-test="button-apply"]')).toHaveLength(1);
  });
});
