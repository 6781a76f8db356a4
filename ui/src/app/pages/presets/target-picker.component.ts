import { ChangeDetectionStrategy, Component, computed, input, output } from '@angular/core';
import { MatFormField, MatLabel } from '@angular/material/form-field';
import { MatOption, MatSelect } from '@angular/material/select';

import { TuningTarget } from '../../api/models/tuning-common';
import { TuningDeviceChoice, TuningDeviceChoices } from '../../api/models/tuning-devices';
import { TuningProfile } from '../../api/models/tuning-profile';
import { T } from '../../i18n/translate-marker';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { formatBytes } from '../../shared/format';
import { DISK_KIND_WORDS } from '../../shared/state-words';
import { TestIdDirective } from '../../shared/test-id/test-id.directive';

type DiskField = 'cache_disks' | 'log_disks';

interface RoleChoices {
  field: DiskField;
  title: string;
  /** Unused disks: offered, or shown disabled with the server's reason. */
  unused: TuningDeviceChoice[];
  /** Disks pools already use: never offered, listed folded with their reasons. */
  inUse: TuningDeviceChoice[];
}

/**
 * Pool, dataset and, when the plan asks for them, disks for L2ARC (cache) and SLOG (log): every unused disk is listed,
 * the ones that cannot serve the pool disabled with the reason the preview gives ("is already chosen as the log
 * device", "is a hard disk: ...").
 */
@Component({
  selector: 'tp-target-picker',
  imports: [TestIdDirective, MatFormField, MatLabel, MatSelect, MatOption, TranslatePipe],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styles: `
    fieldset { border: 1px solid var(--line); border-radius: var(--radius); padding: 8px 12px; }
    .disk { display: flex; gap: 6px; align-items: baseline; flex-wrap: wrap; }
    .disk.unavailable { color: var(--muted); }
    .reason { font-size: 0.9em; }
    details ul { margin: 4px 0; padding-left: 18px; }
    /* a select shows its chosen words whole, never cut */
    .select { width: 20rem; max-width: 100%; }
  `,
  template: `
    <div class="row">
      <div>
        <mat-form-field appearance="outline" subscriptSizing="dynamic" class="select">
          <mat-label>{{ 'Pool' | t }}</mat-label>
          <mat-select tpTest="target-pool" [value]="target().pool" (selectionChange)="setPool($event.value)">
            @for (p of profile().pools; track p.name) {
              <mat-option [value]="p.name" [attr.data-value]="p.name">{{ p.name }} ({{ p.layout }})</mat-option>
            }
          </mat-select>
        </mat-form-field>
        @if (errors()['pool']; as e) { <div class="field-error" tpTest="error-pool">{{ e }}</div> }
      </div>
      <div>
        <mat-form-field appearance="outline" subscriptSizing="dynamic" floatLabel="always" class="select">
          <mat-label>{{ 'Dataset' | t }}</mat-label>
          <!-- No default: dataset properties land where the admin says, never on the pool's root unasked. -->
          <mat-select tpTest="target-dataset" [value]="target().dataset ?? ''" [placeholder]="'Choose a dataset…' | t"
                      (selectionChange)="patch({ dataset: $event.value || null })">
            @for (d of datasets(); track d) { <mat-option [value]="d" [attr.data-value]="d">{{ d }}</mat-option> }
          </mat-select>
        </mat-form-field>
        @if (errors()['dataset']; as e) { <div class="field-error" tpTest="error-dataset">{{ e }}</div> }
      </div>
    </div>
    @for (role of roles(); track role.field) {
      <fieldset [tpTest]="['target', role.field]">
        <legend>{{ role.title | t }}</legend>
        @if (devices()) {
          @for (d of role.unused; track d.name) {
            <label class="disk" [class.unavailable]="!d.eligible">
              <input type="checkbox" [checked]="selected(role.field).includes(d.name)"
                     [disabled]="!d.eligible && !selected(role.field).includes(d.name)"
                     (change)="toggleDisk(role.field, d.name)" [tpTest]="['disk', role.field, d.name]"
                     [attr.aria-describedby]="d.reason ? 'reason-' + role.field + '-' + d.name : null" />
              <span>{{ d.name }} · {{ kindWords(d) | t }} · {{ bytes(d.size_bytes) }} {{ d.model ?? '' }}</span>
              @if (d.reason) {
                <span class="reason" [id]="'reason-' + role.field + '-' + d.name"
                      [tpTest]="['disk-reason', role.field, d.name]">{{ 'Not offered:' | t }} {{ d.reason }}</span>
              }
            </label>
          } @empty { <p class="muted">{{ 'No unused disks on this box.' | t }}</p> }
          @if (role.inUse.length) {
            <details [tpTest]="['disks-in-use', role.field]">
              <summary>{{ 'Disks already in use, not offered ({n})' | t: { n: role.inUse.length } }}</summary>
              <ul>@for (d of role.inUse; track d.name) { <li>{{ d.name }} {{ d.reason }}</li> }</ul>
            </details>
          }
        } @else {
          <p class="muted" [tpTest]="['disks-pending', role.field]">{{ 'The disks that can serve this pool are listed with the plan.' | t }}</p>
        }
        @if (errors()[role.field]; as e) { <div class="field-error" [tpTest]="['error', role.field]">{{ e }}</div> }
      </fieldset>
    }
  `,
})
export class TargetPickerComponent {
  readonly profile = input.required<TuningProfile>();
  readonly target = input.required<TuningTarget>();
  /** Which device roles the plan asks the admin to pick disks for. */
  readonly needs = input<{ cache: boolean; log: boolean }>({ cache: false, log: false });
  /** Every disk as a cache/log choice for this target, from the latest preview (null before the first one). */
  readonly devices = input<TuningDeviceChoices | null>(null);
  readonly errors = input<Record<string, string | undefined>>({});
  readonly targetChange = output<TuningTarget>();
  protected readonly bytes = formatBytes;

  protected readonly datasets = computed(() => {
    const pool = this.profile().pools.find((p) => p.name === this.target().pool);
    return pool?.datasets.length ? pool.datasets : [this.target().pool];
  });

  protected readonly roles = computed(() => {
    const t = this.target();
    const roles: RoleChoices[] = [];
    if (this.needs().cache || t.cache_disks?.length) {
      roles.push(this.choices('cache_disks', 'L2ARC (read cache) disks', this.devices()?.cache ?? []));
    }
    if (this.needs().log || t.log_disks?.length) {
      roles.push(this.choices('log_disks', 'SLOG (sync write log) disks', this.devices()?.log ?? []));
    }
    return roles;
  });

  private choices(field: DiskField, title: string, disks: TuningDeviceChoice[]): RoleChoices {
    const unused = new Set(this.profile().unused_disks.map((d) => d.name));
    return {
      field, title,
      unused: disks.filter((d) => d.eligible || unused.has(d.name)),
      inUse: disks.filter((d) => !d.eligible && !unused.has(d.name)),
    };
  }

  protected kindWords(disk: TuningDeviceChoice): string {
    return disk.kind ? DISK_KIND_WORDS[disk.kind] : T('kind unknown');
  }

  protected selected(field: DiskField): string[] {
    return this.target()[field] ?? [];
  }

  protected setPool(pool: string): void {
    this.targetChange.emit({ pool, dataset: null, cache_disks: [], log_disks: [] });
  }

  protected patch(part: Partial<TuningTarget>): void {
    this.targetChange.emit({ ...this.target(), ...part });
  }

  protected toggleDisk(field: DiskField, disk: string): void {
    const now = this.selected(field);
    this.patch({ [field]: now.includes(disk) ? now.filter((d) => d !== disk) : [...now, disk] });
  }
}
