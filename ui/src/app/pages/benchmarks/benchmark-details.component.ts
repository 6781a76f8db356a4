import { ChangeDetectionStrategy, Component, computed, inject, input } from '@angular/core';

import { BenchmarkResult, MetricStats, ResultTest, isImported } from '../../api/models/tuning-benchmark';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { TEST_WORDS, compareMetrics, formatMetric, metricLabel, orderedTests } from '../../shared/benchmark-metrics';
import { formatBytes, formatNumber } from '../../shared/format';
import { PROFILE_NAMES } from '../../shared/benchmark-settings/benchmark-settings';
import { SETTING_KIND_WORDS } from '../../shared/state-words';
import { PresetsStore } from '../../stores/presets.store';
import { resultTiles } from '../../shared/charts/result-tiles';
import { TileGridComponent } from '../../shared/charts/tile-grid.component';

interface StatsRow {
  test: ResultTest;
  metric: string;
  stats: MetricStats;
}

/** A stored result at a glance (tiles), then everything it was measured under: settings, cache defeat, fio job files,
 *  notes, statistics. */
@Component({
  selector: 'tp-benchmark-details',
  imports: [TranslatePipe, TileGridComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styles: `
    :host { display: block; }
    dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 4px 0 8px; }
    dt { color: var(--fg2); }
    dd { margin: 0; }
    pre { background: var(--bg3); padding: 8px; border-radius: var(--radius); overflow-x: auto; font-size: 0.85em; }
    table { font-size: 0.9em; }
    .cols { display: grid; grid-template-columns: repeat(auto-fit, minmax(320px, 1fr)); gap: 12px; }
  `,
  template: `
    @let r = result();
    <tp-tile-grid [tiles]="tiles()" data-test="details-tiles" />
    <div class="cols">
      <section>
        @if (measured(); as c) {
          <h3>{{ 'Measured under' | t }}</h3>
          <dl data-test="details-context">
            <dt>{{ 'Target' | t }}</dt><dd>{{ c.target.dataset }} ({{ c.target.filesystem }}, {{ c.target.mountpoint }})</dd>
            <dt>{{ 'Pool' | t }}</dt><dd>{{ c.pool?.layout ?? '—' }}</dd>
            <dt>{{ 'Preset' | t }}</dt><dd>{{ c.preset ? presets.nameOf(c.preset.id) + ' (' + ('restore point #{id}' | t: { id: c.preset.restore_point_id }) + ')' : ('none' | t) }}</dd>
            @if (c.pending_reboot.length) { <dt>{{ 'Waiting for a reboot' | t }}</dt><dd>{{ c.pending_reboot.join(', ') }}</dd> }
            @if (c.drift.length) { <dt>{{ 'Drifted' | t }}</dt><dd>{{ c.drift.join(', ') }}</dd> }
            <dt>{{ 'Box' | t }}</dt><dd>{{ c.backend }} · {{ c.platform.version }} · OpenZFS {{ c.openzfs_version ?? '—' }} · {{ c.fio_version }}</dd>
            <dt>{{ 'Memory' | t }}</dt><dd>{{ bytes(c.memory.physical_bytes) }}, ARC max {{ bytes(c.memory.arc_max_bytes) }}</dd>
            <dt>{{ 'Plan' | t }}</dt>
            <dd>{{ (profileNames[c.plan.profile] ?? c.plan.profile) | t }}: {{ '{runs} runs (at most {max})' | t: { runs: c.plan.runs, max: c.plan.max_runs } }},
              {{ '{s} s measured after {r} s warm-up' | t: { s: c.plan.runtime_seconds, r: c.plan.ramp_seconds } }}</dd>
          </dl>
          <h3>{{ 'Cache defeat' | t }}</h3>
          <p data-test="details-cache-defeat"><span class="badge">{{ c.cache_defeat.method }}</span> {{ c.cache_defeat.explanation }}</p>
          @if (c.theoretical_max; as m) {
            <p class="muted">{{ 'Theoretical maximum' | t }}: {{ metric('write_bw_bytes', m.bytes_per_second) }} ({{ m.basis }})</p>
          }
        } @else if (imported(); as i) {
          <h3>{{ 'Imported' | t }}</h3>
          <dl data-test="details-imported">
            <dt>{{ 'Format' | t }}</dt><dd>{{ i.format }}</dd>
            <dt>{{ 'Tool version' | t }}</dt><dd>{{ i.tool_version ?? '—' }}</dd>
          </dl>
        }
        @if (r.notes.length) {
          <h3>{{ 'Notes' | t }}</h3>
          <ul data-test="details-notes">@for (n of r.notes; track $index) { <li>{{ n }}</li> }</ul>
        }
      </section>
      <section>
        <h3>{{ 'Statistics per metric' | t }}</h3>
        <div class="table-wrap" tabindex="0">
          <p class="muted small" data-test="details-ci-words">{{ 'Intervals are 95 %, as on Compare: here the range between two runs that holds the true median at least 95 % of the time; runs are few, so that range usually covers a little more (hover for the exact figure).' | t }}</p>
          <table data-test="details-stats">
            <thead><tr><th>{{ 'Test' | t }}</th><th>{{ 'Metric' | t }}</th><th>{{ 'Median' | t }}</th><th>{{ '95 % interval of the median' | t }}</th>
              <th>CV</th><th>n</th><th>{{ 'Outlier runs' | t }}</th></tr></thead>
            <tbody>
              @for (s of stats(); track s.test + s.metric) {
                <tr>
                  <td>{{ testWords[s.test] | t }}</td><td>{{ label(s.metric) }}</td><td>{{ metric(s.metric, s.stats.median) }}</td>
                  @if (s.stats.ci_low !== null && s.stats.ci_high !== null) {
                    <td data-test="details-ci" [attr.title]="'With {n} runs the nearest interval between two runs covers {p} % (at least 95 % where it can).' | t: { n: s.stats.n, p: num((s.stats.ci_confidence ?? 0) * 100) }">{{ metric(s.metric, s.stats.ci_low) }} … {{ metric(s.metric, s.stats.ci_high) }}
                      @if ((s.stats.ci_confidence ?? 1) < 0.95) { <span class="muted">({{ 'only {p} % with {n} runs' | t: { p: num((s.stats.ci_confidence ?? 0) * 100), n: s.stats.n } }})</span> }</td>
                  } @else {
                    <td class="muted" data-test="details-no-ci">{{ 'no interval from fewer than 3 runs' | t }}</td>
                  }
                  <td>{{ s.stats.cv_percent === null ? '—' : num(s.stats.cv_percent) + ' %' }}</td><td>{{ s.stats.n }}</td>
                  <td>{{ outliers(s.stats) }}</td>
                </tr>
              }
            </tbody>
          </table>
        </div>
      </section>
    </div>
    @if (measured(); as c) {
      <details data-test="details-settings">
        <summary>{{ 'Settings snapshot ({n})' | t: { n: c.settings.length } }}</summary>
        <div class="table-wrap" tabindex="0">
          <table>
            <thead><tr><th>{{ 'Kind' | t }}</th><th>{{ 'Scope' | t }}</th><th>{{ 'Setting' | t }}</th><th>{{ 'Value' | t }}</th><th>{{ 'Source' | t }}</th></tr></thead>
            <tbody>
              @for (s of c.settings; track s.kind + s.scope + s.setting) {
                <tr><td>{{ (kindWords[s.kind] ?? s.kind) | t }}</td><td>{{ s.scope }}</td><td>{{ s.setting }}</td>
                  <td>{{ s.exists ? (s.value ?? '—') : ('not on this box' | t) }}</td><td>{{ s.source ?? '—' }}</td></tr>
              }
            </tbody>
          </table>
        </div>
      </details>
    }
    @if (r.jobs.length) {
      <details data-test="details-jobs">
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
  protected readonly presets = inject(PresetsStore);
  protected readonly metric = formatMetric;
  protected readonly label = metricLabel;
  protected readonly bytes = formatBytes;
  protected readonly num = formatNumber;

  protected readonly tiles = computed(() => resultTiles(this.result()));
  protected readonly measured = computed(() => {
    const c = this.result().context;
    return isImported(c) ? null : c;
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

  protected outliers(stats: MetricStats): string {
    return stats.outliers.length ? stats.outliers.map((i) => i + 1).join(', ') : '—';
  }
}
