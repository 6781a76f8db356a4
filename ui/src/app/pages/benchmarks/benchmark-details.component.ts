import { ChangeDetectionStrategy, Component, computed, inject, input } from '@angular/core';
import { MatSort, MatSortHeader } from '@angular/material/sort';
import { MatTableModule } from '@angular/material/table';

import {
  BenchmarkResult, MetricStats, ResultTest, SettingSnapshotRow, isImported,
} from '../../api/models/tuning-benchmark';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { T } from '../../i18n/translate-marker';
import { TranslateService } from '../../i18n/translate.service';
import { TEST_WORDS, compareMetrics, formatMetric, metricLabel, orderedTests } from '../../shared/benchmark-metrics';
import { formatBytes, formatNumber } from '../../shared/format';
import { PROFILE_NAMES } from '../../shared/benchmark-settings/benchmark-settings';
import { SettingValueComponent } from '../../shared/setting-value.component';
import { SETTING_KIND_WORDS, cacheDefeatWords } from '../../shared/state-words';
import { resultPresetWords } from '../../shared/preset-words';
import { PresetsStore } from '../../stores/presets.store';
import { resultTiles } from '../../shared/charts/result-tiles';
import { TileGridComponent } from '../../shared/charts/tile-grid.component';
import { SortedRows, rankOf } from '../../shared/table/sort-rows';
import { TypedCellDef } from '../../shared/table/typed-cell';
import { aboveLinkLimit, figureWords, linkLimit, whereMeasured } from './result-where';
import { arcLines } from './arc-words';
import { TestIdDirective } from '../../shared/test-id/test-id.directive';

interface StatsRow {
  test: ResultTest;
  metric: string;
  stats: MetricStats;
}

const TEST_ORDER = orderedTests(Object.keys(TEST_WORDS));

/** A stored result at a glance (tiles), then everything it was measured under: settings, cache defeat, fio job files,
 *  notes, statistics. */
@Component({
  selector: 'tp-benchmark-details',
  imports: [TestIdDirective, MatTableModule, MatSort, MatSortHeader, TypedCellDef, TranslatePipe, TileGridComponent, SettingValueComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styleUrls: ['../../shared/table/data-table.scss'],
  styles: `
    :host { display: block; }
    dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 4px 0 8px; }
    dt { color: var(--fg2); }
    dd { margin: 0; }
    pre { background: var(--bg3); padding: 8px; border-radius: var(--radius); overflow-x: auto; font-size: 0.85em; }
    table { font-size: 0.9em; }
    /* side by side only where the statistics get 600 px: their seven columns, figures unbroken, need it (at 1280 px
       beside the context they ran off the side) */
    .cols { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 600px), 1fr)); gap: 12px; }
    .badge.above { background: var(--warn-bg); color: var(--warn); white-space: nowrap; }
    /* a figure and its unit on one line ("12.8 %", not "12.8" over "%"); on the figures, never on a cell: a phone's
       stacked cell draws its label (::before) with the cell's white-space */
    .nowrap { white-space: nowrap; }
  `,
  template: `
    @let r = result();
    <tp-tile-grid [tiles]="tiles()" tpTest="details-tiles" />
    <div class="cols">
      <section>
        @if (measured(); as c) {
          <h3>{{ 'Measured under' | t }}</h3>
          <!-- The server's words: writes that can be lost on power loss made these figures faster than safe ones. -->
          @for (d of c.data_loss_settings ?? []; track d.kind + d.scope + d.setting) {
            <p class="banner danger" role="note" tpTest="details-data-loss">{{ d.words }}</p>
          }
          <dl tpTest="details-context">
            <dt>{{ 'Where' | t }}</dt><dd tpTest="details-where">{{ where()?.where }}</dd>
            @if (where()?.pool; as layout) { <dt>{{ 'Pool' | t }}</dt><dd tpTest="details-pool">{{ layout }}</dd> }
            <dt>{{ 'Preset' | t }}</dt><dd tpTest="details-preset">{{ presetWords() }}@if (c.preset) {, {{ 'restore point #{id}' | t: { id: c.preset.restore_point_id } }} }</dd>
            @if (c.pending_reboot.length) { <dt>{{ 'Waiting for a reboot' | t }}</dt><dd tpTest="details-pending-reboot">{{ pendingWords() }}</dd> }
            @if (c.drift.length) { <dt>{{ 'Drifted' | t }}</dt><dd>{{ c.drift.join(', ') }}</dd> }
            <dt>{{ 'Box' | t }}</dt><dd>{{ c.backend }} · {{ c.platform.version }} · OpenZFS {{ c.openzfs_version ?? '—' }} · {{ c.fio_version }}</dd>
            <dt>{{ 'Memory' | t }}</dt><dd>{{ bytes(c.memory.physical_bytes) }}, ARC max {{ bytes(c.memory.arc_max_bytes) }}</dd>
            <dt>{{ 'Plan' | t }}</dt>
            <dd tpTest="details-plan">@if (c.plan.profile) { {{ (profileNames[c.plan.profile] ?? c.plan.profile) | t }}: }
              @if (c.plan.max_runs != null && c.plan.runs === 1) { {{ '1 run (at most {max})' | t: { max: c.plan.max_runs } }}, }
              @else if (c.plan.max_runs != null) { {{ '{runs} runs (at most {max})' | t: { runs: c.plan.runs, max: c.plan.max_runs } }}, }
              @else if (c.plan.runs === 1) { {{ '1 run' | t }}, }
              @else { {{ '{n} runs' | t: { n: c.plan.runs } }}, }
              {{ '{s} s measured after {r} s warm-up' | t: { s: c.plan.runtime_seconds, r: c.plan.ramp_seconds } }}</dd>
          </dl>
          <h3>{{ 'Cache defeat' | t }}</h3>
          <p tpTest="details-cache-defeat"><span class="badge">{{ defeatWords(c.cache_defeat.method) | t }}</span> {{ c.cache_defeat.explanation }}</p>
          <!-- Whether the reads reached the disks, from the ARC's counters: what the cache defeat could not prove. -->
          @if (arc().length) {
            <h3>{{ 'Reads and the ARC' | t }}</h3>
            <ul tpTest="details-arc">@for (a of arc(); track a.test) { <li [tpTest]="['details-arc', a.test]">{{ a.words }}</li> }</ul>
          }
          @if (link(); as m) {
            <p class="muted" tpTest="details-link-limit">{{ 'Theoretical maximum' | t }}: {{ metric('write_bw_bytes', m.bytes_per_second) }} ({{ m.basis }})</p>
            @if (above().size) {
              <p class="banner warn" role="note" tpTest="details-above-link">{{ 'Above the link’s theoretical maximum: {figures}. A client cannot move more than its link carries, so part of this was served from a cache, not over the network.' | t: { figures: aboveWords() } }}</p>
            }
          } @else if (c.theoretical_max) {
            <!-- Measured on the box: the link's maximum bounds only what crosses the network. -->
            <p class="muted" tpTest="details-link-not-applicable">{{ 'The network link’s maximum does not apply: this was measured on the box itself, so nothing crossed the network.' | t }}</p>
          }
        } @else if (imported(); as i) {
          <h3>{{ 'Imported' | t }}</h3>
          <dl tpTest="details-imported">
            <dt>{{ 'Format' | t }}</dt><dd>{{ i.format }}</dd>
            <dt>{{ 'Tool version' | t }}</dt><dd>{{ i.tool_version ?? '—' }}</dd>
          </dl>
        }
        @if (r.notes.length) {
          <h3>{{ 'Notes' | t }}</h3>
          <ul tpTest="details-notes">@for (n of r.notes; track $index) { <li>{{ n }}</li> }</ul>
        }
      </section>
      <section>
        <h3>{{ 'Statistics per metric' | t }}</h3>
        <div class="table-wrap" tabindex="0">
          <p class="muted small" tpTest="details-ci-words">{{ 'Intervals are 95 %, as on Compare: here the range between two runs that holds the true median at least 95 % of the time; runs are few, so that range usually covers a little more (hover for the exact figure).' | t }}</p>
          <table mat-table class="stacked" tpTest="details-stats" [dataSource]="statsTable.rows()"
                 matSort [matSortActive]="statsTable.sort().active" [matSortDirection]="statsTable.sort().direction"
                 (matSortChange)="statsTable.sort.set($event)">
            <ng-container matColumnDef="test">
              <th mat-header-cell *matHeaderCellDef mat-sort-header>{{ 'Test' | t }}</th>
              <td mat-cell *matCellDef="let s; of: statsTable.rows" [attr.data-label]="'Test' | t">{{ testWords[s.test] | t }}</td>
            </ng-container>
            <ng-container matColumnDef="metric">
              <th mat-header-cell *matHeaderCellDef mat-sort-header>{{ 'Metric' | t }}</th>
              <td mat-cell *matCellDef="let s; of: statsTable.rows" [attr.data-label]="'Metric' | t">{{ label(s.metric) }}</td>
            </ng-container>
            <ng-container matColumnDef="median">
              <th mat-header-cell *matHeaderCellDef>{{ 'Median' | t }}</th>
              <td mat-cell *matCellDef="let s; of: statsTable.rows" [attr.data-label]="'Median' | t"><span class="nowrap">{{ metric(s.metric, s.stats.median) }}</span>
                @if (above().has(s.test + ':' + s.metric)) {
                  <span class="badge above" [tpTest]="['details-above', s.test, s.metric]">{{ 'above the link’s maximum' | t }}</span>
                }</td>
            </ng-container>
            <ng-container matColumnDef="interval">
              <th mat-header-cell *matHeaderCellDef>{{ '95 % interval of the median' | t }}</th>
              <!-- on a phone the shorter label, as Compare's: a label longer than its cell's figures runs into the next row -->
              <td mat-cell *matCellDef="let s; of: statsTable.rows" [attr.data-label]="'95 % interval' | t"
                  [class.muted]="s.stats.ci_low === null || s.stats.ci_high === null"
                  [tpTest]="s.stats.ci_low !== null && s.stats.ci_high !== null ? 'details-ci' : 'details-no-ci'"
                  [attr.title]="s.stats.ci_low !== null && s.stats.ci_high !== null ? ('With {n} runs the nearest interval between two runs covers {p} % (at least 95 % where it can).' | t: { n: s.stats.n, p: num((s.stats.ci_confidence ?? 0) * 100) }) : null">
                @if (s.stats.ci_low !== null && s.stats.ci_high !== null) {
                  <span class="nowrap">{{ metric(s.metric, s.stats.ci_low) }}</span> … <span class="nowrap">{{ metric(s.metric, s.stats.ci_high) }}</span>
                  @if ((s.stats.ci_confidence ?? 1) < 0.95) { <span class="muted">({{ 'only {p} % with {n} runs' | t: { p: num((s.stats.ci_confidence ?? 0) * 100), n: s.stats.n } }})</span> }
                } @else {
                  {{ 'no interval from fewer than 3 runs' | t }}
                }</td>
            </ng-container>
            <ng-container matColumnDef="cv">
              <th mat-header-cell *matHeaderCellDef mat-sort-header start="desc" [attr.title]="cvTitle | t">{{ 'Variation (CV)' | t }}</th>
              <td mat-cell *matCellDef="let s; of: statsTable.rows" [attr.data-label]="'Variation (CV)' | t"><span class="nowrap">{{ s.stats.cv_percent === null ? '—' : num(s.stats.cv_percent) + ' %' }}</span></td>
            </ng-container>
            <ng-container matColumnDef="n">
              <th mat-header-cell *matHeaderCellDef mat-sort-header start="desc" [attr.title]="runsTitle | t">{{ 'Runs' | t }}</th>
              <td mat-cell *matCellDef="let s; of: statsTable.rows" [attr.data-label]="'Runs' | t">{{ s.stats.n }}</td>
            </ng-container>
            <ng-container matColumnDef="outliers">
              <th mat-header-cell *matHeaderCellDef>{{ 'Outlier runs' | t }}</th>
              <td mat-cell *matCellDef="let s; of: statsTable.rows" [attr.data-label]="'Outlier runs' | t">{{ outliers(s.stats) }}</td>
            </ng-container>
            <tr mat-header-row *matHeaderRowDef="statsColumns" [attr.data-label]="'Sort by' | t"></tr>
            <tr mat-row *matRowDef="let s; columns: statsColumns"></tr>
          </table>
        </div>
      </section>
    </div>
    @if (measured(); as c) {
      <details tpTest="settings">
        <summary>{{ 'Settings snapshot ({n})' | t: { n: c.settings.length } }}</summary>
        <div class="table-wrap" tabindex="0">
          <table mat-table class="stacked" tpTest="details-settings-table" [dataSource]="settingsTable.rows()"
                 matSort [matSortActive]="settingsTable.sort().active" [matSortDirection]="settingsTable.sort().direction"
                 (matSortChange)="settingsTable.sort.set($event)">
            <ng-container matColumnDef="kind">
              <th mat-header-cell *matHeaderCellDef mat-sort-header>{{ 'Kind' | t }}</th>
              <td mat-cell *matCellDef="let s; of: settingsTable.rows" [attr.data-label]="'Kind' | t">{{ (kindWords[s.kind] ?? s.kind) | t }}</td>
            </ng-container>
            <ng-container matColumnDef="scope">
              <th mat-header-cell *matHeaderCellDef mat-sort-header>{{ 'Scope' | t }}</th>
              <td mat-cell *matCellDef="let s; of: settingsTable.rows" [attr.data-label]="'Scope' | t">{{ s.scope }}</td>
            </ng-container>
            <ng-container matColumnDef="setting">
              <th mat-header-cell *matHeaderCellDef mat-sort-header>{{ 'Setting' | t }}</th>
              <td mat-cell *matCellDef="let s; of: settingsTable.rows" [attr.data-label]="'Setting' | t">{{ s.name ?? s.setting }}
                @if (s.name && s.name !== s.setting) { <div class="muted small">{{ s.setting }}</div> }</td>
            </ng-container>
            <ng-container matColumnDef="value">
              <th mat-header-cell *matHeaderCellDef>{{ 'Value' | t }}</th>
              <td mat-cell *matCellDef="let s; of: settingsTable.rows" [attr.data-label]="'Value' | t" [tpTest]="['details-setting-value', s.setting]">
                @if (s.exists) { <tp-setting-value [value]="s.value" [unit]="s.unit" [zeroIsDefault]="s.zero_is_default" /> }
                @else { {{ 'not on this box' | t }} }</td>
            </ng-container>
            <ng-container matColumnDef="source">
              <th mat-header-cell *matHeaderCellDef mat-sort-header>{{ 'Source' | t }}</th>
              <td mat-cell *matCellDef="let s; of: settingsTable.rows" [attr.data-label]="'Source' | t">{{ (s.source ? (valueSourceWords[s.source] ?? s.source) : '—') | t }}</td>
            </ng-container>
            <tr mat-header-row *matHeaderRowDef="settingsColumns" [attr.data-label]="'Sort by' | t"></tr>
            <tr mat-row *matRowDef="let s; columns: settingsColumns"></tr>
          </table>
        </div>
      </details>
    }
    @if (r.jobs.length) {
      <details tpTest="jobs">
        <summary>{{ 'fio job files ({n})' | t: { n: r.jobs.length } }}</summary>
        @for (job of r.jobs; track $index) { <pre>{{ job }}</pre> }
      </details>
    }
  `,
})
export class BenchmarkDetailsComponent {
  readonly result = input.required<BenchmarkResult>();
  protected readonly testWords = TEST_WORDS;
  protected readonly kindWords: Partial<Record<string, string>> = SETTING_KIND_WORDS;  // a newer server may send more
  protected readonly profileNames: Partial<Record<string, string>> = PROFILE_NAMES;
  protected readonly defeatWords = cacheDefeatWords;
  protected readonly presets = inject(PresetsStore);
  private readonly translate = inject(TranslateService);
  protected readonly metric = formatMetric;
  protected readonly label = metricLabel;
  protected readonly bytes = formatBytes;
  protected readonly num = formatNumber;

  protected readonly tiles = computed(() => resultTiles(this.result()));
  protected readonly measured = computed(() => {
    const c = this.result().context;
    return isImported(c) ? null : c;
  });
  /** Its preset, and whether it was in effect yet (settings of it waiting for a reboot): as Compare and the report
   *  name it. */
  protected readonly presetWords = computed(() => resultPresetWords(this.measured(), (id) => this.presets.nameOf(id), this.say));
  /** The settings that waited for a reboot, by name: the result records their keys ("KIND:scope:setting"), its
   *  settings snapshot their names. */
  protected readonly pendingWords = computed(() => {
    const c = this.measured();
    return (c?.pending_reboot ?? []).map((key) => {
      const [kind, ...rest] = key.split(':');
      const setting = rest.at(-1) ?? key;
      return c?.settings.find((s) => s.kind === kind && s.setting === setting)?.name ?? setting;
    }).join(', ');
  });
  protected readonly imported = computed(() => {
    const c = this.result().context;
    return isImported(c) ? c.imported : null;
  });
  protected readonly stats = computed((): StatsRow[] => {
    const summary = this.result().summary;
    return orderedTests(Object.keys(summary) as ResultTest[]).flatMap((test) =>
      Object.entries(summary[test] ?? {}).sort(([a], [b]) => compareMetrics(a, b))
        .map(([metric, stats]) => ({ test, metric, stats })));
  });

  /** Where it ran, in words: a dataset of a pool, a plain directory (no pool), or a path on a client. */
  private readonly say = (key: string, params?: Record<string, unknown>) => this.translate.instant(key, params);
  protected readonly where = computed(() => whereMeasured(this.result(), this.say));
  /** What the ARC answered from RAM of each test's reads. */
  protected readonly arc = computed(() => arcLines(this.result(), this.say));
  /** The link's maximum, for a client-measured result only: what is measured on the box never crossed it. */
  protected readonly link = computed(() => linkLimit(this.result()));
  protected readonly above = computed(() => aboveLinkLimit(this.result()));
  protected readonly aboveWords = computed(() => [...this.above()]
    .map((key) => figureWords(this.result(), key, this.say)).join('; '));

  private readonly metricOrder = computed(() => [...new Set(this.stats().map((s) => s.metric))].sort(compareMetrics));
  /** Tests in catalog order, metrics as people read them, until a header is picked. */
  protected readonly statsTable = new SortedRows(this.stats, {
    test: (s) => rankOf(TEST_ORDER, s.test),
    metric: (s) => rankOf(this.metricOrder(), s.metric),
    cv: (s) => s.stats.cv_percent,
    n: (s) => s.stats.n,
  });
  protected readonly statsColumns = ['test', 'metric', 'median', 'interval', 'cv', 'n', 'outliers'];
  protected readonly cvTitle = T('Run-to-run variation: the runs’ standard deviation as a percentage of their mean (coefficient of variation)');
  protected readonly runsTitle = T('How many runs the figures come from');
  /** As recorded until a header is picked. */
  protected readonly settingsTable = new SortedRows(computed(() => this.measured()?.settings ?? []), {
    kind: (s: SettingSnapshotRow) => this.translate.instant(this.kindWords[s.kind] ?? s.kind),
    scope: (s: SettingSnapshotRow) => s.scope,
    setting: (s: SettingSnapshotRow) => s.setting,
    source: (s: SettingSnapshotRow) => s.source,
  });
  protected readonly settingsColumns = ['kind', 'scope', 'setting', 'value', 'source'];
  /** Where a dataset property's value came from, in words (a source this panel does not know shows as sent). */
  protected readonly valueSourceWords: Partial<Record<string, string>> = {
    LOCAL: T('set on this dataset'), INHERITED: T('inherited'), INHERIT: T('inherited'), DEFAULT: T('default'),
  };

  protected outliers(stats: MetricStats): string {
    return stats.outliers.length ? stats.outliers.map((i) => i + 1).join(', ') : '—';
  }
}
