import { ChangeDetectionStrategy, Component, signal } from '@angular/core';
import { MatButton } from '@angular/material/button';

import { ROLE } from '../roles';
import { RolesStore } from '../roles.store';
import { render } from '../../testing/render';
import { declared } from '../../testing/declared-styles';
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

/** The few Node calls the look test needs (Vitest runs specs in Node; the project has no @types/node). */
interface NodeModule { createRequire(path: string): (id: string) => unknown }
interface Sass { compile(path: string, options: { loadPaths: string[] }): { css: string } }
declare const process: { cwd(): string; getBuiltinModule(id: 'node:module'): NodeModule };

/** The panel's global stylesheet as the build compiles it (ng test runs in ui/). */
function globalCss(): string {
  const sass = process.getBuiltinModule('node:module').createRequire(`${process.cwd()}/package.json`)('sass') as Sass;
  return sass.compile('src/styles.scss', { loadPaths: ['node_modules'] }).css;
}

@Component({
  imports: [MatButton, RequiresRoleDirective],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <button *tpRequiresRole="role.write" matButton="filled" type="button" data-test="filled">Start</button>
    <button *tpRequiresRole="role.write" matButton="outlined" type="button" class="danger"
            data-test="outlined">Delete</button>
    <button *tpRequiresRole="role.write" matButton type="button" data-test="text">Import older results…</button>
    <button *tpRequiresRole="null" matButton="outlined" type="button" data-test="free">Details</button>
  `,
})
class LookHost {
  protected readonly role = ROLE;
}

describe('a control locked by role', () => {
  let style: HTMLStyleElement;
  beforeAll(() => {
    style = document.createElement('style');
    style.textContent = globalCss();
    document.head.append(style);
  });
  afterAll(() => style.remove());

  it("is drawn in Material's disabled look (label, outline, container), the lock still naming the role", async () => {
    const { el } = await render(LookHost, [provideRoles(READ_ONLY_ROLES)]);
    const button = (id: string) => el.querySelector(`[data-test="${id}"]`)!;
    const token = (name: string) => expect.stringContaining(`--mat-button-${name}`);
    expect(declared(button('filled'), 'color')).toContainEqual(token('filled-disabled-label-text-color'));
    expect(declared(button('filled'), 'background-color')).toContainEqual(token('filled-disabled-container-color'));
    expect(declared(button('outlined'), 'color')).toContainEqual(token('outlined-disabled-label-text-color'));
    expect(declared(button('outlined'), 'border-color')).toContainEqual(token('outlined-disabled-outline-color'));
    expect(declared(button('text'), 'color')).toContainEqual(token('text-disabled-label-text-color'));
    expect(controlState(el, 'outlined')).toEqual({
      disabled: true, needs: 'SYSTEM_ADVANCED_WRITE', says: 'Needs the System advanced write role',
    });
    // a control the session may use keeps its live look
    expect(declared(button('free'), 'color').join()).not.toContain('disabled');
  });
});
