import { ChangeDetectionStrategy, Component, inject, input, output } from '@angular/core';
import { MatCheckbox } from '@angular/material/checkbox';
import { MatSort, MatSortHeader } from '@angular/material/sort';
import { MatTableModule } from '@angular/material/table';

import { TuningChange } from '../../api/models/tuning-common';
import { RequiresRoleDirective } from '../../auth/requires-role/requires-role.directive';
import { ROLE } from '../../auth/roles';
import { T } from '../../i18n/translate-marker';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { TranslateService } from '../../i18n/translate.service';
import { SettingValueComponent } from '../../shared/setting-value.component';
import { APPLY_MODE_WORDS, RISK_WORDS, riskReason } from '../../shared/plan-words';
import { SETTING_KIND_WORDS } from '../../shared/state-words';
import { SortedRows, rankOf } from '../../shared/table/sort-rows';
import { TypedCellDef } from '../../shared/table/typed-cell';
import { TestIdDirective } from '../../shared/test-id/test-id.directive';

/** A Risk sort from the least to the most dangerous (it starts descending: DANGEROUS first). */
const RISK_ORDER = ['SAFE', 'CAUTION', 'DANGEROUS'];

/** Plan rows: setting, current → proposed, how it applies, risk with a reason, source; DANGEROUS rows get a checkbox. */
@Component({
  selector: 'tp-plan-table',
  imports: [TestIdDirective, MatCheckbox, MatTableModule, MatSort, MatSortHeader, TypedCellDef, TranslatePipe, SettingValueComponent,
    RequiresRoleDirective],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styleUrls: ['../../shared/table/data-table.scss'],
  styles: `
    .arrow { white-space: nowrap; }
    .ack { display: block; margin-top: 6px; font-weight: 600; }
    tr.DANGEROUS td { background: var(--danger-bg); }
    .small { font-size: 0.9em; }
    /* On a phone each row is one block as wide as the screen (long URLs wrap); this table's headings are long, so each sits above its value
       instead of beside it (beside, 'Current → proposed' ran into the values), and the values may wrap. */
    @media (max-width: 600px) {
      table, tbody, tr, td { display: block; width: auto; }
      td { overflow-wrap: anywhere; }
      .arrow { white-space: normal; }
      td[data-label] { padding-left: 8px; }
      td[data-label]::before { position: static; display: block; width: auto; }
    }
  `,
  template: `
    <div class="table-wrap" tabindex="0">
      <table mat-table class="stacked" tpTest="plan-table" [dataSource]="table.rows()" [trackBy]="byKey"
             matSort [matSortActive]="table.sort().active" [matSortDirection]="table.sort().direction"
             (matSortChange)="table.sort.set($event)">
        <ng-container matColumnDef="setting">
          <th mat-header-cell *matHeaderCellDef mat-sort-header>{{ 'Setting' | t }}</th>
          <td mat-cell *matCellDef="let c; of: table.rows" [attr.data-label]="'Setting' | t">
            <strong class="what">{{ c.summary ?? c.setting }}</strong>
            <div class="muted small"><code>{{ c.setting }}</code> · {{ kindWords[c.kind] | t }} · {{ c.scope }}</div>
          </td>
        </ng-container>
        <ng-container matColumnDef="values">
          <th mat-header-cell *matHeaderCellDef>{{ 'Current → proposed' | t }}</th>
          <td mat-cell *matCellDef="let c; of: table.rows" class="arrow" [attr.data-label]="'Current → proposed' | t" tpTest="plan-values">
            @if (c.same_value) {
              <!-- Only where the value comes from changes: never "128K → 128K". -->
              {{ 'already' | t }} <strong><tp-setting-value [value]="c.proposed" [unit]="c.unit" [zeroIsDefault]="c.zero_is_default" /></strong>
              @if (c.proposed_source === 'INHERIT') { <span class="muted"> ({{ 'inherits again' | t }})</span> }
            } @else {
              <tp-setting-value [value]="c.current" [unit]="c.unit" [zeroIsDefault]="c.zero_is_default" /> →
              <strong><tp-setting-value [value]="c.proposed" [unit]="c.unit" [zeroIsDefault]="c.zero_is_default" /></strong>
            }
          </td>
        </ng-container>
        <ng-container matColumnDef="mode">
          <th mat-header-cell *matHeaderCellDef mat-sort-header>{{ 'How it applies' | t }}</th>
          <td mat-cell *matCellDef="let c; of: table.rows" [attr.data-label]="'How it applies' | t" tpTest="plan-mode">{{ modeOf(c) | t }}</td>
        </ng-container>
        <ng-container matColumnDef="risk">
          <th mat-header-cell *matHeaderCellDef mat-sort-header start="desc">{{ 'Risk' | t }}</th>
          <td mat-cell *matCellDef="let c; of: table.rows" [attr.data-label]="'Risk' | t">
            <span class="badge" [class]="c.risk" tpTest="plan-risk">{{ riskWords[c.risk] | t }}</span>
            <div class="small">{{ reason(c) | t }}</div>
            @if (c.risk === 'DANGEROUS' && acknowledgeable()) {
              <mat-checkbox *tpRequiresRole="role.write" class="ack" [checked]="acknowledged().has(c.key)" (change)="toggled.emit(c.key)"
                            [tpTest]="['ack', c.setting]">{{ 'I understand: with this setting a power cut or crash can lose data the system already reported as written.' | t }}</mat-checkbox>
            }
          </td>
        </ng-container>
        <ng-container matColumnDef="why">
          <th mat-header-cell *matHeaderCellDef>{{ 'Why and source' | t }}</th>
          <td mat-cell *matCellDef="let c; of: table.rows" class="small" [attr.data-label]="'Why and source' | t">{{ c.rationale }}<div class="muted">{{ c.source }}</div></td>
        </ng-container>
        <tr mat-header-row *matHeaderRowDef="columns" [attr.data-label]="'Sort by' | t"></tr>
        <tr mat-row *matRowDef="let c; columns: columns" [class.DANGEROUS]="c.risk === 'DANGEROUS'" [tpTest]="['plan-row', c.setting]"></tr>
        <tr class="mat-mdc-row" *matNoDataRow>
          <td [attr.colspan]="columns.length" class="muted" tpTest="plan-empty">{{ 'Nothing to change: the box already matches.' | t }}</td>
        </tr>
      </table>
    </div>
  `,
})
export class PlanTableComponent {
  readonly changes = input.required<TuningChange[]>();
  readonly acknowledged = input<ReadonlySet<string>>(new Set());
  readonly acknowledgeable = input(true);
  readonly toggled = output<string>();
  protected readonly role = ROLE;
  protected readonly modeWords = APPLY_MODE_WORDS;
  protected readonly riskWords = RISK_WORDS;
  protected readonly kindWords = SETTING_KIND_WORDS;
  protected readonly reason = riskReason;
  private readonly translate = inject(TranslateService);
  /** The plan's own order until a header is picked. */
  protected readonly table = new SortedRows(this.changes, {
    setting: (c) => c.summary ?? c.setting,
    mode: (c) => this.translate.instant(this.modeOf(c)),
    risk: (c) => rankOf(RISK_ORDER, c.risk),
  });
  protected readonly columns = ['setting', 'values', 'mode', 'risk', 'why'];
  protected readonly byKey = (_: number, c: TuningChange) => c.key;

  /** How a row applies, in words. A kernel setting already at its value changes only what is set at boot (a
   *  revert cancelling a change that waits for a reboot, say): nothing "takes effect" now. */
  protected modeOf(c: TuningChange): string {
    return c.same_value && (c.kind === 'ZFS_PARAMETER' || c.kind === 'SYSCTL')
      ? T('Nothing changes now: only the value set at boot') : APPLY_MODE_WORDS[c.apply_mode];
  }
}
