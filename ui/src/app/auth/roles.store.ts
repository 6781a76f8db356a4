import { Injectable, computed, signal } from '@angular/core';

import { ROLE, Role, holdsRole } from './roles';

/** The logged-in session's roles (set at each login, cleared at logout), and what a control needs that it lacks. */
@Injectable({ providedIn: 'root' })
export class RolesStore {
  /** Null until known: nothing is held back then, the server still checks every call. */
  readonly roles = signal<ReadonlySet<string> | null>(null);
  /** The session may change nothing: one line says so once, above every page. */
  readonly readOnly = computed(() => this.lacks(ROLE.write) !== null);

  set(roles: readonly string[] | null): void {
    this.roles.set(roles ? new Set(roles) : null);
  }

  /** `role` when the session does not hold it; null when it does, when nothing is needed or the roles are not known. */
  lacks(role: Role | null): Role | null {
    const roles = this.roles();
    return role !== null && roles !== null && !holdsRole(roles, role) ? role : null;
  }
}
