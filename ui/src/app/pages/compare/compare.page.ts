import { ChangeDetectionStrategy, Component, computed, effect, inject, input, signal, untracked } from '@angular/core';
import { Router } from '@angular/router';
import { MatCheckbox } from '@angular/material/checkbox';
import { firstValueFrom } from 'rxjs';

import { ApiService } from '../../api/api.service';
import { errorMessage } from '../../api/api-errors';
import { BenchmarkComparison, BenchmarkResult } from '../../api/models/tuning-benchmark';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { TEST_WORDS, formatMetric } from '../../shared/benchmark-metrics';
import { formatDateTime, formatP, formatRatioPercent } from '../../shared/format';
import { ReportSelection } from '../../api/models/tuning-campaign';
import { ReportButtonsComponent } from '../../shared/report-buttons.component';
import { TileGridComponent } from '../../shared/charts/tile-grid.component';
import { CompareChartsComponent } from './compare-charts.component';
import { TOO_FEW_RUNS, VERDICT_WORDS, baselineFirst, deltaRows, seriesName } from './compare-data';

export function parseIds(text: string | undefined): number[] {
  return [...new Set((text ?? '').split(',').map((s) => Number(s.trim())).filter((n) => Number.isInteger(n) && n > 0))];
}

/** Results against a baseline: tiles, then the server's charts (MB/s bars, IOPS and latency dots on log axes) and
 *  the deltas with their verdicts. */
@Component({
  selector: 'tp-compare-page',
  imports: [MatCheckbox, TranslatePipe, CompareChartsComponent, ReportButtonsComponent, TileGridComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  templateUrl: './compare.page.html',
  styles: `
    .legend { display: flex; gap: 12px; flex-wrap: wrap; margin: 12px 0; }
    .swatch { display: inline-block; width: 12px; height: 12px; border-radius: 2px; margin-right: 4px; vertical-align: middle; }
    .badge.INCONCLUSIVE { background: var(--bg3); color: var(--fg2); }
    .num { text-align: right; white-space: nowrap; }
  `,
})
export class ComparePage {
  private readonly api = inject(ApiService);
  private readonly router = inject(Router);
  /** Query parameters (router input binding): `?ids=1,2,3&baseline=1`. */
  readonly ids = input<string>();
  readonly baseline = input<string>();

  protected readonly all = signal<BenchmarkResult[]>([]);
  protected readonly picked = signal<number[]>([]);
  protected readonly baselineId = signal<number | null>(null);
  protected readonly comparison = signal<BenchmarkComparison | null>(null);
  protected readonly clientMeasured = computed(() => {
    const c = this.comparison();
    return !!c && [c.baseline, ...c.comparisons].some((r) => r.source === 'CLIENT');
  });
  protected readonly error = signal<string | null>(null);
  protected readonly loading = signal(false);
  protected readonly verdictWords = VERDICT_WORDS;
  protected readonly tooFewRuns = TOO_FEW_RUNS;
  protected readonly testWords = TEST_WORDS;
  protected readonly metric = formatMetric;
  protected readonly pct = formatRatioPercent;
  protected readonly p = formatP;
  protected readonly date = formatDateTime;

  protected readonly chosen = computed(() => baselineFirst(
    this.all().filter((r) => this.picked().includes(r.id)), this.baselineId()));
  /** The server's series (its colours), named as the table names them. */
  protected readonly legend = computed(() => (this.comparison()?.series ?? []).map((s) => ({
    name: seriesName({ id: s.configuration_id, label: s.label }), colour: s.colour, baseline: s.baseline,
  })));
  /** The report covers what is on screen: the chosen results against the chosen baseline. */
  protected readonly reportSelection = computed<ReportSelection | null>(() => {
    const ids = this.chosen().map((r) => r.id);
    const baseline = this.baselineId();
    return ids.length >= 2 && baseline !== null ? { results: ids, baseline } : null;
  });
  protected readonly deltas = computed(() => deltaRows(this.comparison()));

  constructor() {
    void this.loadAll();
    effect(() => {
      const ids = parseIds(this.ids());
      const wanted = Number(this.baseline());
      const base = ids.includes(wanted) ? wanted : ids[0] ?? null;
      untracked(() => {
        this.picked.set(ids);
        this.baselineId.set(base);
        void this.compare();
      });
    });
  }

  protected toggle(id: number): void {
    const now = this.picked();
    const next = now.includes(id) ? now.filter((x) => x !== id) : [...now, id];
    const base = next.includes(this.baselineId() ?? -1) ? this.baselineId() : next[0] ?? null;
    this.navigate(next, base);
  }

  protected setBaseline(id: number): void {
    this.navigate(this.picked(), id);
  }

  private navigate(ids: number[], baseline: number | null): void {
    void this.router.navigate([], { queryParams: { ids: ids.join(',') || null, baseline } });
  }

  private async loadAll(): Promise<void> {
    try {
      this.all.set(await firstValueFrom(this.api.call('tuning.benchmark.query', [[], { order_by: ['-id'] }])));
    } catch (error) {
      this.error.set(errorMessage(error));
    }
  }

  private async compare(): Promise<void> {
    this.comparison.set(null);
    this.error.set(null);
    const ids = this.picked();
    const base = this.baselineId();
    if (ids.length < 2 || base === null) {
      return;
    }
    this.loading.set(true);
    try {
      this.comparison.set(await firstValueFrom(this.api.call('tuning.benchmark.compare', [ids, base])));
    } catch (error) {
      this.error.set(errorMessage(error));
    } finally {
      this.loading.set(false);
    }
  }
}
