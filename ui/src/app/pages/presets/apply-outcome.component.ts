import { ChangeDetectionStrategy, Component, computed, input, output } from '@angular/core';
import { MatButton } from '@angular/material/button';

import { TuningApplyOutcome, TuningChange } from '../../api/models/tuning-common';
import { RequiresRoleDirective } from '../../auth/requires-role/requires-role.directive';
import { ROLE } from '../../auth/roles';
import { T } from '../../i18n/translate-marker';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { TestIdDirective } from '../../shared/test-id/test-id.directive';

/** "Checked: …" for `n` changed settings that all read back with their new value: one, both, all n. */
export function checkedWords(n: number): string {
  return n === 1 ? T('Checked: the changed setting, read back from the box, holds its new value.')
    : n === 2 ? T('Checked: both changed settings, read back from the box, hold their new values.')
      : T('Checked: all {n} changed settings, read back from the box, hold their new values.');
}

/** A setting that waits for a reboot, by its name in words as the plan row shows it; its id for the hover title. */
export interface PendingSetting { key: string; name: string; id: string }

export function pendingSettings(keys: readonly string[], changes: readonly TuningChange[]): PendingSetting[] {
  return keys.map((key) => {
    const change = changes.find((c) => c.key === key);
    return { key, name: change?.summary ?? change?.setting ?? key, id: change?.setting ?? key };
  });
}

/** What an apply did, in its finished dialog: the restore point, what read back, what waits for a reboot. */
@Component({
  selector: 'tp-apply-outcome',
  imports: [TestIdDirective, MatButton, TranslatePipe, RequiresRoleDirective],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    @let o = outcome();
    <div tpTest="apply-outcome">
      @if (o.restore_point_id === null) {
        <p>{{ 'The box already matched this preset; nothing was changed.' | t }}</p>
      } @else {
        <p>{{ 'Applied. Restore point #{id} holds the previous settings.' | t: { id: o.restore_point_id } }}</p>
      }
      <!-- verified: the changed settings read back from the box after the apply that already hold the planned value;
           the others wait for a reboot (listed below) -->
      @if (o.verified.length === o.applied.length && o.applied.length) {
        <p tpTest="apply-verified">{{ checked(o.applied.length) | t: { n: o.applied.length } }}</p>
      } @else if (o.verified.length) {
        <p tpTest="apply-verified">{{ (o.verified.length === 1
          ? '1 of the {total} changed settings, read back from the box, already holds its new value.'
          : '{n} of the {total} changed settings, read back from the box, already hold their new values.')
          | t: { n: o.verified.length, total: o.applied.length } }}</p>
      }
      @if (pending().length) {
        <p class="banner warn" tpTest="apply-pending-reboot">{{ 'Waiting for a reboot:' | t }}
          @for (p of pending(); track p.key; let last = $last) {<span [attr.title]="p.id">{{ p.name }}</span>@if (!last) {, }}
        </p>
        <button *tpRequiresRole="role.fullAdmin" matButton="filled" type="button" class="danger"
                tpTest="apply-reboot" (click)="rebootAsked.emit()">{{ 'Reboot…' | t }}</button>
      }
    </div>
  `,
})
export class ApplyOutcomeComponent {
  readonly outcome = input.required<TuningApplyOutcome>();
  /** The plan's rows, to name a waiting setting the outcome's `applied` does not hold. */
  readonly changes = input<readonly TuningChange[]>([]);
  readonly rebootAsked = output<void>();

  protected readonly role = ROLE;
  protected readonly checked = checkedWords;
  protected readonly pending = computed(() =>
    pendingSettings(this.outcome().pending_reboot, [...this.outcome().applied, ...this.changes()]));
}
