import { ChangeDetectionStrategy, Component, computed, input, output } from '@angular/core';

import { TuningTarget } from '../../api/models/tuning-common';
import { TuningProfile } from '../../api/models/tuning-profile';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { formatBytes } from '../../shared/format';

/** Pool, dataset and, when the plan asks for them, unused disks for L2ARC (cache) and SLOG (log). */
@Component({
  selector: 'tp-target-picker',
  imports: [TranslatePipe],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styles: `
    fieldset { border: 1px solid var(--line); border-radius: var(--radius); padding: 8px 12px; }
    .disk { display: flex; gap: 6px; align-items: center; }
  `,
  template: `
    <div class="row">
      <label>{{ 'Pool' | t }}<br />
        <select data-test="target-pool" [value]="target().pool" (change)="setPool($any($event.target).value)">
          @for (p of profile().pools; track p.name) { <option [value]="p.name">{{ p.name }} ({{ p.layout }})</option> }
        </select>
        @if (errors()['pool']; as e) { <div class="field-error" data-test="error-pool">{{ e }}</div> }
      </label>
      <label>{{ 'Dataset' | t }}<br />
        <select data-test="target-dataset" [value]="target().dataset ?? target().pool"
                (change)="patch({ dataset: $any($event.target).value })">
          @for (d of datasets(); track d) { <option [value]="d">{{ d }}</option> }
        </select>
        @if (errors()['dataset']; as e) { <div class="field-error" data-test="error-dataset">{{ e }}</div> }
      </label>
    </div>
    @for (role of roles(); track role.field) {
      <fieldset [attr.data-test]="'target-' + role.field">
        <legend>{{ role.title | t }}</legend>
        @for (d of profile().unused_disks; track d.name) {
          <label class="disk">
            <input type="checkbox" [checked]="selected(role.field).includes(d.name)"
                   [disabled]="otherRoleUses(role.field, d.name)" (change)="toggleDisk(role.field, d.name)"
                   [attr.data-test]="'disk-' + role.field + '-' + d.name" />
            {{ d.name }} · {{ d.kind }} · {{ bytes(d.size_bytes) }} {{ d.model ?? '' }}
          </label>
        } @empty { <p class="muted">{{ 'No unused disks on this box.' | t }}</p> }
        @if (errors()[role.field]; as e) { <div class="field-error" [attr.data-test]="'error-' + role.field">{{ e }}</div> }
      </fieldset>
    }
  `,
})
export class TargetPickerComponent {
  readonly profile = input.required<TuningProfile>();
  readonly target = input.required<TuningTarget>();
  /** Which device roles the plan asks the admin to pick disks for. */
  readonly needs = input<{ cache: boolean; log: boolean }>({ cache: false, log: false });
  readonly errors = input<Record<string, string | undefined>>({});
  readonly targetChange = output<TuningTarget>();
  protected readonly bytes = formatBytes;

  protected readonly datasets = computed(() => {
    const pool = this.profile().pools.find((p) => p.name === this.target().pool);
    return pool?.datasets.length ? pool.datasets : [this.target().pool];
  });

  protected readonly roles = computed(() => {
    const t = this.target();
    const roles: { field: 'cache_disks' | 'log_disks'; title: string }[] = [];
    if (this.needs().cache || t.cache_disks?.length) {
      roles.push({ field: 'cache_disks', title: 'L2ARC (read cache) disks' });
    }
    if (this.needs().log || t.log_disks?.length) {
      roles.push({ field: 'log_disks', title: 'SLOG (sync write log) disks' });
    }
    return roles;
  });

  protected selected(field: 'cache_disks' | 'log_disks'): string[] {
    return this.target()[field] ?? [];
  }

  protected otherRoleUses(field: 'cache_disks' | 'log_disks', disk: string): boolean {
    return this.selected(field === 'cache_disks' ? 'log_disks' : 'cache_disks').includes(disk);
  }

  protected setPool(pool: string): void {
    this.targetChange.emit({ pool, dataset: pool, cache_disks: [], log_disks: [] });
  }

  protected patch(part: Partial<TuningTarget>): void {
    this.targetChange.emit({ ...this.target(), ...part });
  }

  protected toggleDisk(field: 'cache_disks' | 'log_disks', disk: string): void {
    const now = this.selected(field);
    this.patch({ [field]: now.includes(disk) ? now.filter((d) => d !== disk) : [...now, disk] });
  }
}
