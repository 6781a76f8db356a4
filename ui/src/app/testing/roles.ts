import { Provider } from '@angular/core';
import { TestBed } from '@angular/core/testing';

import { RolesStore } from '../auth/roles.store';

/** A session holding exactly these roles (as auth.me lists them), for a component test. */
export function provideRoles(roles: readonly string[]): Provider {
  return {
    provide: RolesStore,
    useFactory: () => {
      const store = new RolesStore();
      store.set(roles);
      return store;
    },
  };
}

/** Switch the rendered page's session to these roles (as a new login would) and let it redraw. */
export async function sessionRoles(roles: readonly string[], settle: () => Promise<void>): Promise<void> {
  TestBed.inject(RolesStore).set(roles);
  await settle();
}

/** A READONLY_ADMIN session as TrueNAS expands it in auth.me: the admin role and the `*_READ` roles. */
export const READ_ONLY_ROLES = ['READONLY_ADMIN', 'SYSTEM_ADVANCED_READ', 'SYSTEM_GENERAL_READ'];

export interface ControlState {
  disabled: boolean;
  /** The role its lock names. */
  needs: string | null;
  /** What the lock says (its tooltip and accessible name). */
  says: string | null;
}

/**
 * How a control looks to the user: whether the browser disables it (its own `disabled`, or a disabled fieldset
 * around it, which jsdom's `:disabled` does not follow), and the role its lock names (null when it has none).
 */
export function controlState(el: HTMLElement, testId: string): ControlState {
  const control = el.querySelector<HTMLElement>(`[data-test="${testId}"]`);
  if (!control) {
    throw new Error(`no element [data-test="${testId}"]`);
  }
  const lock = control.closest<HTMLElement>('[data-test="text-needs-role"]');
  const disabled = (control as HTMLButtonElement).disabled === true || !!control.closest('fieldset[disabled]');
  return { disabled, needs: lock?.getAttribute('data-role') ?? null, says: lock?.getAttribute('aria-label') ?? null };
}
