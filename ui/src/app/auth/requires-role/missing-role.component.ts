import { ChangeDetectionStrategy, Component, TemplateRef, computed, inject, input } from '@angular/core';
import { NgTemplateOutlet } from '@angular/common';
import { MatTooltip } from '@angular/material/tooltip';

import { T } from '../../i18n/translate-marker';
import { TranslateService } from '../../i18n/translate.service';
import { IconComponent } from '../../shared/icon/icon.component';
import { Role, roleWords } from '../roles';
import { TestIdDirective } from '../../shared/test-id/test-id.directive';

/** "Needs the System advanced write role": what a control the session lacks a role for says, in words. */
export const NEEDS_ROLE = T('Needs the {role} role');

/**
 * A control the session may not use, as `*tpRequiresRole` shows it: inside a disabled fieldset (the browser disables
 * every button, input and select in it, whatever their own bindings say, so no click and no Enter reaches them), with
 * a lock and the role it needs as the tooltip and the group's accessible name. The group is focusable so a keyboard
 * user reaches the tooltip too. The fieldset's class `tp-role-locked` draws the controls in Material's disabled look
 * (styles.scss): the browser's disabling through a fieldset is not what Material's own disabled styles key on.
 */
@Component({
  selector: 'tp-missing-role',
  imports: [TestIdDirective, NgTemplateOutlet, MatTooltip, IconComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styles: `
    :host { display: inline-flex; max-width: 100%; }
    .lacks { display: inline-flex; align-items: center; gap: 4px; max-width: 100%; border-radius: var(--radius); }
    fieldset { display: contents; }
    .lock { color: var(--fg2); font-size: 0.95em; }
  `,
  template: `
    <span class="lacks" role="group" tabindex="0" [attr.aria-label]="text()" [matTooltip]="text()"
          tpTest="needs-role" [attr.data-role]="role()">
      <fieldset disabled class="tp-role-locked"><ng-container [ngTemplateOutlet]="template()" /></fieldset>
      <tp-icon class="lock" name="lock" />
    </span>
  `,
})
export class MissingRoleComponent {
  private readonly translate = inject(TranslateService);
  readonly template = input.required<TemplateRef<unknown>>();
  readonly role = input.required<Role>();
  protected readonly text = computed(() =>
    this.translate.instant(NEEDS_ROLE, { role: this.translate.instant(roleWords(this.role())) }));
}
