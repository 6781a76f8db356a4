import { Directive, TemplateRef, ViewContainerRef, computed, effect, inject, input, untracked } from '@angular/core';

import { Role } from '../roles';
import { RolesStore } from '../roles.store';
import { MissingRoleComponent } from './missing-role.component';

/**
 * `<button *tpRequiresRole="role.write" ...>`: the control as written when the session holds the role (or `null`: it
 * needs none); otherwise the same control disabled, with a lock and the role it needs in words (MissingRoleComponent),
 * as the TrueNAS web UI's `*ixRequiresRoles` does. Nothing the control would start can run or open a confirmation.
 * Follows the session: a login with other roles shows the controls again as they should be.
 */
@Directive({ selector: '[tpRequiresRole]' })
export class RequiresRoleDirective {
  private readonly template = inject(TemplateRef<unknown>);
  private readonly container = inject(ViewContainerRef);
  private readonly roles = inject(RolesStore);
  readonly tpRequiresRole = input.required<Role | null>();
  private readonly missing = computed(() => this.roles.lacks(this.tpRequiresRole()));

  constructor() {
    effect(() => {
      const missing = this.missing();
      untracked(() => {
        this.container.clear();
        if (missing === null) {
          this.container.createEmbeddedView(this.template);
        } else {
          const wrapper = this.container.createComponent(MissingRoleComponent);
          wrapper.setInput('template', this.template);
          wrapper.setInput('role', missing);
        }
      });
    });
  }
}
