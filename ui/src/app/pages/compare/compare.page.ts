import { ChangeDetectionStrategy, Component, computed, effect, inject, input, signal, untracked } from '@angular/core';
import { Router } from '@angular/router';
import { firstValueFrom } from 'rxjs';

import { ApiService } from '../../api/api.service';
import { errorMessage } from '../../api/api-errors';
import { BenchmarkResult } from '../../api/models/tuning-benchmark';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { MetricPoint, summaryPoints } from '../../shared/benchmark-summary';
import { formatNumber, formatRatioPercent } from '../../shared/format';
import { BoxStore } from '../../stores/box.store';
import { DeltaRow, VERDICT_WORDS, localDeltaRows, percentileOf, serverDeltaRows } from './comparison-rows';
import { BarGroup, GroupedBarChartComponent, SERIES_COLOURS } from './grouped-bar-chart.component';
import { LatencyChartComponent, LatencySeries } from './latency-chart.component';

function parseIds(text: string | undefined): number[] {
  return (text ?? '').split(',').map((s) => Number(s.trim())).filter((n) => Number.isInteger(n) && n > 0);
}

function theoreticalMax(result: unknown): number | null {
  if (!result || typeof result !== 'object') {
    return null;
  }
  for (const [key, value] of Object.entries(result as Record<string, unknown>)) {
    if (key.includes('theoretical')) {
      if (typeof value === 'number') {
        return value;
      }
      if (value && typeof value === 'object') {
        const v = value as Record<string, unknown>;
        const n = v['mbps'] ?? v['value'] ?? v['bandwidth_mbps'];
        return typeof n === 'number' ? n : null;
      }
    }
  }
  return null;
}

/** Runs against a baseline: sequential MB/s (linear), IOPS (log), latency percentiles, deltas with verdicts. */
@Component({
  selector: 'tp-compare-page',
  imports: [TranslatePipe, GroupedBarChartComponent, LatencyChartComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  templateUrl: './compare.page.html',
  styles: `
    .legend { display: flex; gap: 12px; flex-wrap: wrap; }
    .swatch { display: inline-block; width: 12px; height: 12px; border-radius: 2px; margin-right: 4px; vertical-align: middle; }
    .charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(420px, 1fr)); gap: 12px; }
    @media (max-width: 700px) { .charts { grid-template-columns: 1fr; } }
  `,
})
export class ComparePage {
  private readonly api = inject(ApiService);
  private readonly router = inject(Router);
  private readonly box = inject(BoxStore);
  /** Query parameters (router input binding): `?ids=1,2,3&baseline=1`. */
  readonly ids = input<string>();
  readonly baseline = input<string>();

  protected readonly all = signal<BenchmarkResult[]>([]);
  protected readonly picked = signal<number[]>([]);
  protected readonly baselineId = signal<number | null>(null);
  protected readonly serverResult = signal<unknown>(null);
  protected readonly error = signal<string | null>(null);
  protected readonly latencyTest = signal<string>('');
  protected readonly verdictWords = VERDICT_WORDS;
  protected readonly colours = SERIES_COLOURS;
  protected readonly num = formatNumber;
  protected readonly pct = formatRatioPercent;

  protected readonly chosen = computed(() => {
    const byId = new Map(this.all().map((r) => [r.id, r]));
    const base = this.baselineId();
    const ids = [...this.picked()].sort((a, b) => (a === base ? -1 : b === base ? 1 : a - b));
    return ids.map((id) => byId.get(id)).filter((r): r is BenchmarkResult => !!r);
  });
  protected readonly seriesNames = computed(() => this.chosen().map((r) => this.name(r)));
  private readonly points = computed(() => new Map(this.chosen().map((r) => [r.id, summaryPoints(r)])));

  protected readonly seqGroups = computed(() => this.groups((p) => p.kind === 'THROUGHPUT' && p.test.startsWith('SEQ')));
  protected readonly iopsGroups = computed(() => this.groups((p) => p.kind === 'IOPS' && !p.test.startsWith('SEQ')));
  protected readonly maxLine = computed(() => {
    const server = theoreticalMax(this.serverResult());
    if (server) {
      return { value: server, label: 'theoretical max' };
    }
    const nic = Math.max(0, ...(this.box.profile()?.nics ?? []).filter((n) => n.link_up).map((n) => n.speed_mbps ?? 0));
    return nic ? { value: nic / 8, label: `${nic} Mb/s link` } : null;
  });
  protected readonly latencyTests = computed(() =>
    [...new Set([...this.points().values()].flat().filter((p) => p.kind === 'LATENCY').map((p) => p.test))]);
  protected readonly latencySeries = computed((): LatencySeries[] => {
    const test = this.latencyTest() || this.latencyTests()[0];
    return this.chosen().map((r) => ({
      series: this.name(r),
      points: (this.points().get(r.id) ?? [])
        .filter((p) => p.test === test && p.kind === 'LATENCY' && percentileOf(p.metric) !== null)
        .sort((a, b) => percentileOf(a.metric)! - percentileOf(b.metric)!)
        .map((p): [string, number] => [`p${percentileOf(p.metric)}`, p.median]),
    })).filter((s) => s.points.length);
  });
  protected readonly deltas = computed((): DeltaRow[] => {
    const server = serverDeltaRows(this.serverResult());
    if (server.length) {
      return server;
    }
    const [base, ...rest] = this.chosen();
    if (!base) {
      return [];
    }
    return rest.flatMap((r) => localDeltaRows(this.points().get(base.id) ?? [], this.points().get(r.id) ?? [], r.id));
  });

  constructor() {
    void this.loadAll();
    effect(() => {
      const ids = parseIds(this.ids());
      const base = Number(this.baseline()) || ids[0] || null;
      untracked(() => {
        this.picked.set(ids);
        this.baselineId.set(base);
        void this.compare();
      });
    });
  }

  protected name(result: BenchmarkResult): string {
    return `#${result.id} ${result.label ?? ''}`.trim();
  }

  protected nameOf(id: number): string {
    const r = this.all().find((x) => x.id === id);
    return r ? this.name(r) : `#${id}`;
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

  private groups(keep: (p: MetricPoint) => boolean): BarGroup[] {
    const groups = new Map<string, BarGroup>();
    for (const r of this.chosen()) {
      for (const p of (this.points().get(r.id) ?? []).filter(keep)) {
        const label = `${p.test}${p.metric.includes('read') || p.metric.includes('write') ? ' ' + p.metric : ''}`;
        const group = groups.get(label) ?? { label, bars: [] };
        if (!group.bars.some((b) => b.series === this.name(r))) {
          group.bars.push({ series: this.name(r), value: p.median, ciLow: p.ciLow, ciHigh: p.ciHigh });
        }
        groups.set(label, group);
      }
    }
    return [...groups.values()];
  }

  private async loadAll(): Promise<void> {
    try {
      this.all.set(await firstValueFrom(this.api.call('tuning.benchmark.query', [[], { order_by: ['-id'] }])));
    } catch (error) {
      this.error.set(errorMessage(error));
    }
  }

  private async compare(): Promise<void> {
    this.serverResult.set(null);
    const ids = this.picked();
    const base = this.baselineId();
    if (ids.length < 2 || base === null) {
      return;
    }
    try {
      this.serverResult.set(await firstValueFrom(this.api.call('tuning.benchmark.compare', [ids, base])));
      this.error.set(null);
    } catch (error) {
      this.error.set(errorMessage(error));
    }
  }
}
