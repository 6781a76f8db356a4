import {
  ChangeDetectionStrategy, Component, DestroyRef, ElementRef, afterNextRender, computed, effect, inject, input, signal,
  untracked,
} from '@angular/core';
import { Router } from '@angular/router';
import { MatCheckbox } from '@angular/material/checkbox';
import { MatSort, MatSortHeader } from '@angular/material/sort';
import { MatTableModule } from '@angular/material/table';
import { firstValueFrom } from 'rxjs';

import { ApiService } from '../../api/api.service';
import { errorMessage } from '../../api/api-errors';
import { BenchmarkComparison, BenchmarkResult, ChartWidth } from '../../api/models/tuning-benchmark';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { TranslateService } from '../../i18n/translate.service';
import { TEST_WORDS, compareMetrics, formatMetric, orderedTests } from '../../shared/benchmark-metrics';
import { formatDateTime, formatP, formatRatioPercent } from '../../shared/format';
import { ReportSelection } from '../../api/models/tuning-campaign';
import { ReportButtonsComponent } from '../../shared/report-buttons.component';
import { TileGridComponent } from '../../shared/charts/tile-grid.component';
import { chartWidthsFor, hasWidths } from '../../shared/charts/chart-widths';
import { SortedRows, rankOf, timeOf } from '../../shared/table/sort-rows';
import { TypedCellDef } from '../../shared/table/typed-cell';
import { SOURCE_WORDS } from '../benchmarks/source-words';
import { CompareChartsComponent } from './compare-charts.component';
import {
  DeltaRow, FROM_RAM_WORDS, TOO_FEW_RUNS, VERDICT_ORDER, VERDICT_WORDS, baselineFirst, deltaRows, seriesName,
  verdictReason,
} from './compare-data';
import { TestIdDirective } from '../../shared/test-id/test-id.directive';
import { PresetContext, resultPresetWords } from '../../shared/preset-words';
import { PresetsStore } from '../../stores/presets.store';

export function parseIds(text: string | undefined): number[] {
  return [...new Set((text ?? '').split(',').map((s) => Number(s.trim())).filter((n) => Number.isInteger(n) && n > 0))];
}

/** What the picker shows of each result: the server leaves out the rest (runs, most of the context, fio jobs: kB
 *  each). The context's preset and what waited for a reboot say whose figures a result's are (resultPresetWords). */
const PICKER_FIELDS = ['id', 'label', 'created_at', 'source', 'context.preset', 'context.pending_reboot',
  'context.imported'] as const;
type PickerRow = Pick<BenchmarkResult, 'id' | 'label' | 'created_at' | 'source'> & { context?: PresetContext };

const TEST_ORDER = orderedTests(Object.keys(TEST_WORDS));

/** The compare page's report: its results against its baseline, judging reads from RAM as the page does. */
type CompareReportSelection = Extract<ReportSelection, { results: number[] }>;

/** How long a resize must rest before the charts are asked for at a width not asked for yet. */
const RELAYOUT_DEBOUNCE_MS = 300;

/** Results against a baseline: tiles, then the server's charts (MB/s bars, IOPS and latency dots on log axes) and
 *  the deltas with their verdicts. */
@Component({
  selector: 'tp-compare-page',
  imports: [TestIdDirective, MatCheckbox, MatTableModule, MatSort, MatSortHeader, TypedCellDef, TranslatePipe, CompareChartsComponent,
    ReportButtonsComponent, TileGridComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  templateUrl: './compare.page.html',
  styleUrls: ['../../shared/table/data-table.scss'],
  styles: `
    /* a block: its width is what the charts' cards share (an inline host measures 0) */
    :host { display: block; }
    .legend { display: flex; gap: 12px; flex-wrap: wrap; margin: 12px 0; }
    .swatch { display: inline-block; width: 12px; height: 12px; border-radius: 2px; margin-right: 4px; vertical-align: middle; }
    .badge.INCONCLUSIVE { background: var(--bg3); color: var(--fg2); }
    .num { text-align: right; white-space: nowrap; }
    /* stacked on a phone: a figure follows its label, and a sentence in a figure's cell wraps */
    @media (max-width: 600px) { table.stacked td.num { text-align: left; white-space: normal; } }
    .reason { font-size: 0.85em; margin-top: 2px; max-width: 22rem; }
    .judge-ram { margin: 4px 0 8px; }
    .judge-ram .hint { margin: 0 0 0 40px; font-size: 0.9em; }
  `,
})
export class ComparePage {
  private readonly api = inject(ApiService);
  private readonly router = inject(Router);
  private readonly translate = inject(TranslateService);
  private readonly presets = inject(PresetsStore);
  /** Query parameters (router input binding): `?ids=1,2,3&baseline=1`. */
  readonly ids = input<string>();
  readonly baseline = input<string>();

  protected readonly all = signal<PickerRow[]>([]);
  protected readonly picked = signal<number[]>([]);
  protected readonly baselineId = signal<number | null>(null);
  protected readonly comparison = signal<BenchmarkComparison | null>(null);
  protected readonly error = signal<string | null>(null);
  protected readonly loading = signal(false);
  /** Give verdicts on reads the ARC answered from RAM too (off: their rows say so and judge nothing). */
  protected readonly judgeFromRam = signal(false);
  /** Only the latest question's answer is shown. */
  private asked = 0;
  /** The chart widths the latest question asked for (null: every one). */
  private askedWidths: ChartWidth[] | null = null;
  private relayoutTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly host = inject<ElementRef<HTMLElement>>(ElementRef).nativeElement;
  protected readonly verdictWords = VERDICT_WORDS;
  protected readonly tooFewRuns = TOO_FEW_RUNS;
  protected readonly fromRamWords = FROM_RAM_WORDS;
  protected readonly testWords = TEST_WORDS;
  protected readonly metric = formatMetric;
  protected readonly pct = formatRatioPercent;
  protected readonly p = formatP;
  protected readonly reason = verdictReason;
  protected readonly date = formatDateTime;

  protected readonly chosen = computed(() => baselineFirst(
    this.all().filter((r) => this.picked().includes(r.id)), this.baselineId()));
  /** The server's series (its colours), named as the table names them, each with the preset it was measured under
   *  unless its label already says it (a made-up label does): one measured while the preset's settings waited for a
   *  reboot says so, so no verdict beside it reads as the preset's. */
  protected readonly legend = computed(() => (this.comparison()?.series ?? []).map((s) => {
    const row = this.all().find((r) => r.id === s.configuration_id);
    const preset = row?.context?.preset ? this.presetOf(s.configuration_id) : null;
    return {
      id: s.configuration_id, name: seriesName({ id: s.configuration_id, label: s.label }), colour: s.colour,
      baseline: s.baseline, preset: preset && !s.label.includes(preset) ? preset : null,
    };
  }));
  /** The report covers what is on screen: the chosen results against the chosen baseline. */
  protected readonly reportSelection = computed<CompareReportSelection | null>(() => {
    const ids = this.chosen().map((r) => r.id);
    const baseline = this.baselineId();
    const judge = this.judgeFromRam();
    return ids.length >= 2 && baseline !== null ? { results: ids, baseline, judge_from_ram: judge } : null;
  });
  protected readonly deltas = computed(() => deltaRows(this.comparison()));
  private readonly metricOrder = computed(() => [...new Set(this.deltas().map((d) => d.metric))].sort(compareMetrics));
  /** The comparison's order (each result, tests in catalog order) until a header is picked; figures by number. */
  protected readonly deltaTable = new SortedRows(this.deltas, {
    result: (d) => d.otherName,
    test: (d) => rankOf(TEST_ORDER, d.test),
    metric: (d) => rankOf(this.metricOrder(), d.metric),
    change: (d) => d.ratio,
    p: (d) => d.pAdjusted,
    verdict: (d) => rankOf(VERDICT_ORDER, d.verdict),
  });
  protected readonly deltaColumns = [
    'result', 'test', 'metric', 'baseline', 'other', 'change', 'interval', 'p', 'verdict'];
  /** Newest first, as the server sends them. */
  protected readonly picker = new SortedRows(this.all, {
    id: (r) => r.id,
    label: (r) => r.label,
    when: (r) => timeOf(r.created_at),
    source: (r) => this.translate.instant(SOURCE_WORDS[r.source]),
    preset: (r) => this.presetOf(r.id),
  }, { active: 'when', direction: 'desc' });
  protected readonly pickerColumns = ['pick', 'baseline', 'id', 'label', 'when', 'source', 'preset'];
  protected readonly byId = (_: number, r: PickerRow) => r.id;
  protected readonly sourceWords = SOURCE_WORDS;

  /** The preset a result was measured under, and whether it was in effect yet (resultPresetWords). */
  protected presetOf(id: number): string {
    const say = (key: string, params?: Record<string, unknown>) => this.translate.instant(key, params);
    const row = this.all().find((r) => r.id === id);
    return row ? resultPresetWords(row.context, (preset) => this.presets.nameOf(preset), say) : '';
  }

  protected tooFew(row: DeltaRow): boolean {
    return row.verdict === 'INSUFFICIENT_RUNS';
  }

  /** Neither an interval nor a p: too few runs, or a read the ARC answered from RAM (its ratio stays). */
  protected unjudged(row: DeltaRow): boolean {
    return row.verdict === 'INSUFFICIENT_RUNS' || row.verdict === 'FROM_RAM';
  }

  constructor() {
    this.watchWidth();
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

  protected setJudgeFromRam(judge: boolean): void {
    this.judgeFromRam.set(judge);
    void this.compare();
  }

  private navigate(ids: number[], baseline: number | null): void {
    void this.router.navigate([], { queryParams: { ids: ids.join(',') || null, baseline } });
  }

  private async loadAll(): Promise<void> {
    try {
      this.all.set(await firstValueFrom(this.api.call('tuning.benchmark.query',
        [[], { order_by: ['-id'], select: [...PICKER_FIELDS] }])));
    } catch (error) {
      this.error.set(errorMessage(error));
    }
  }

  /** The chart widths this page can show now and with the device turned (null: not laid out, every width). */
  private chartWidths(): ChartWidth[] | null {
    const view = this.host.ownerDocument.defaultView;
    return chartWidthsFor({
      pagePx: this.host.clientWidth, viewportPx: view?.innerWidth ?? 0,
      screenWidth: view?.screen.width ?? 0, screenHeight: view?.screen.height ?? 0,
    });
  }

  /** A resize that needs a width not asked for yet asks again once it rests; the charts shown stay until then. */
  private watchWidth(): void {
    const destroyRef = inject(DestroyRef);
    destroyRef.onDestroy(() => clearTimeout(this.relayoutTimer));
    afterNextRender(() => {
      if (typeof ResizeObserver === 'undefined') {
        return; // no layout engine: the widths asked for first stay
      }
      const observer = new ResizeObserver(() => {
        clearTimeout(this.relayoutTimer);
        this.relayoutTimer = setTimeout(() => {
          const need = this.chartWidths();
          const asking = this.picked().length >= 2 && this.baselineId() !== null;
          if (asking && need !== null && !hasWidths(this.askedWidths, need)) {
            void this.compare(true);
          }
        }, RELAYOUT_DEBOUNCE_MS);
      });
      observer.observe(this.host);
      destroyRef.onDestroy(() => observer.disconnect());
    });
  }

  /** Asks for the comparison; `relayout`: only the chart widths changed, so what is shown stays until the answer. */
  private async compare(relayout = false): Promise<void> {
    const asked = ++this.asked;
    if (!relayout) {
      this.comparison.set(null);
    }
    this.error.set(null);
    const ids = this.picked();
    const base = this.baselineId();
    if (ids.length < 2 || base === null) {
      this.loading.set(false);
      return;
    }
    if (!relayout) {
      this.loading.set(true);
    }
    const widths = this.askedWidths = this.chartWidths();
    try {
      const comparison = await firstValueFrom(
        this.api.call('tuning.benchmark.compare', [ids, base, this.judgeFromRam(), widths]));
      if (asked === this.asked) {
        this.comparison.set(comparison);
      }
    } catch (error) {
      if (asked === this.asked) {
        this.error.set(errorMessage(error));
      }
    } finally {
      if (asked === this.asked) {
        this.loading.set(false);
      }
    }
  }
}
