import { ChangeDetectionStrategy, Component, computed, inject, signal } from '@angular/core';
import { Router } from '@angular/router';
import { firstValueFrom } from 'rxjs';

import { ApiService } from '../../api/api.service';
import { errorMessage } from '../../api/api-errors';
import {
  BENCHMARK_TESTS, BenchmarkProfile, BenchmarkResult, BenchmarkTest, ImportFormat,
} from '../../api/models/tuning-benchmark';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { T } from '../../i18n/translate-marker';
import { JobProgressDialogComponent } from '../../jobs/job-progress-dialog.component';
import { JobRun } from '../../jobs/job-run';
import { headline, summaryPoints } from '../../shared/benchmark-summary';
import { MappedErrors, mapFieldErrors } from '../../shared/field-errors';
import { formatNumber } from '../../shared/format';
import { BoxStore } from '../../stores/box.store';
import { PresetsStore } from '../../stores/presets.store';

export const TEST_WORDS: Record<BenchmarkTest, string> = {
  SEQ_WRITE: T('Sequential write (1M)'),
  SEQ_READ: T('Sequential read (1M)'),
  RAND_READ_4K: T('Random read 4K'),
  RAND_WRITE_4K: T('Random write 4K'),
  SYNC_WRITE_4K: T('Sync write 4K'),
  MIXED_70_30: T('Mixed 70/30 (8K)'),
};

/** Live figure from a progress row: `extra.mbps`/`extra.iops` when the server sends them. */
export function liveFigure(extra: unknown): string | null {
  if (!extra || typeof extra !== 'object') {
    return null;
  }
  const e = extra as Record<string, unknown>;
  const parts: string[] = [];
  const mbps = e['mbps'] ?? e['bw_mbps'];
  const iops = e['iops'];
  if (typeof mbps === 'number') {
    parts.push(`${formatNumber(mbps)} MB/s`);
  }
  if (typeof iops === 'number') {
    parts.push(`${formatNumber(iops, 0)} IOPS`);
  }
  return parts.length ? parts.join(' · ') : null;
}

/** Start a benchmark, follow it, abort it; history with the preset each run was measured under; imports. */
@Component({
  selector: 'tp-benchmarks-page',
  imports: [TranslatePipe, JobProgressDialogComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  templateUrl: './benchmarks.page.html',
  styles: `
    .tests { display: flex; flex-wrap: wrap; gap: 4px 16px; }
    .tests label { display: flex; gap: 6px; align-items: center; }
    .grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(340px, 1fr)); gap: 12px; }
    .small { font-size: 0.9em; }
  `,
})
export class BenchmarksPage {
  private readonly api = inject(ApiService);
  private readonly router = inject(Router);
  protected readonly box = inject(BoxStore);
  protected readonly presets = inject(PresetsStore);
  protected readonly tests = BENCHMARK_TESTS;
  protected readonly testWords = TEST_WORDS;
  protected readonly num = formatNumber;

  protected readonly datasets = computed(() => (this.box.profile()?.pools ?? []).flatMap((p) => p.datasets.length ? p.datasets : [p.name]));
  protected readonly dataset = signal('');
  protected readonly chosenTests = signal<ReadonlySet<BenchmarkTest>>(new Set(['SEQ_WRITE', 'SEQ_READ']));
  protected readonly profile = signal<BenchmarkProfile>('QUICK');
  protected readonly runs = signal(3);
  protected readonly label = signal('');
  protected readonly startErrors = signal<MappedErrors>({ fields: {}, general: null });
  protected readonly run = new JobRun<BenchmarkResult>('Benchmark');
  protected readonly live = computed(() => liveFigure(this.run.job()?.progress?.extra));

  protected readonly history = signal<BenchmarkResult[]>([]);
  protected readonly historyError = signal<string | null>(null);
  protected readonly picked = signal<ReadonlySet<number>>(new Set());

  protected readonly importFormat = signal<ImportFormat>('BONNIE');
  protected readonly importLabel = signal('');
  protected readonly importText = signal('');
  protected readonly importErrors = signal<MappedErrors>({ fields: {}, general: null });
  protected readonly imported = signal<BenchmarkResult | null>(null);

  constructor() {
    void this.load();
  }

  protected targetDataset(): string {
    return this.dataset() || this.datasets()[0] || '';
  }

  protected toggleTest(test: BenchmarkTest): void {
    const next = new Set(this.chosenTests());
    if (!next.delete(test)) {
      next.add(test);
    }
    this.chosenTests.set(next);
  }

  protected togglePick(id: number): void {
    const next = new Set(this.picked());
    if (!next.delete(id)) {
      next.add(id);
    }
    this.picked.set(next);
  }

  protected start(): void {
    this.startErrors.set({ fields: {}, general: null });
    const spec = {
      dataset: this.targetDataset(),
      tests: this.tests.filter((t) => this.chosenTests().has(t)),
      profile: this.profile(),
      runs: this.runs(),
      ...(this.label().trim() ? { label: this.label().trim() } : {}),
    };
    this.run.start(this.api.job('tuning.benchmark.run', [spec]), () => void this.load(), (error) => {
      this.startErrors.set(mapFieldErrors(error, ['dataset', 'tests', 'profile', 'runs', 'label']));
    });
  }

  protected async load(): Promise<void> {
    try {
      this.history.set(await firstValueFrom(this.api.call('tuning.benchmark.query', [[], { order_by: ['-id'] }])));
      this.historyError.set(null);
    } catch (error) {
      this.historyError.set(errorMessage(error));
    }
  }

  protected async remove(id: number): Promise<void> {
    try {
      await firstValueFrom(this.api.call('tuning.benchmark.delete', [id]));
      await this.load();
    } catch (error) {
      this.historyError.set(errorMessage(error));
    }
  }

  protected headlines(result: BenchmarkResult): { test: string; text: string }[] {
    const points = summaryPoints(result);
    return [...new Set(points.map((p) => p.test))].map((test) => {
      const h = headline(points, test);
      return { test, text: h ? `${formatNumber(h.median)} ${h.kind === 'IOPS' ? 'IOPS' : 'MB/s'}` : '—' };
    });
  }

  protected contextPreset(result: BenchmarkResult): string {
    const preset = result.context?.['preset'];
    if (preset && typeof preset === 'object') {
      return this.presets.nameOf(String((preset as Record<string, unknown>)['preset'] ?? (preset as Record<string, unknown>)['id'] ?? ''));
    }
    return preset ? this.presets.nameOf(String(preset)) : '—';
  }

  protected contextSettings(result: BenchmarkResult): string[] {
    const settings = result.context?.['settings'];
    if (Array.isArray(settings)) {
      return settings.map((s: Record<string, unknown>) => `${String(s['setting'] ?? s['key'])} = ${String(s['value'] ?? '—')}`);
    }
    if (settings && typeof settings === 'object') {
      return Object.entries(settings).map(([k, v]) => `${k} = ${String(v)}`);
    }
    return [];
  }

  protected compare(): void {
    const ids = [...this.picked()].sort((a, b) => a - b);
    void this.router.navigate(['/compare'], { queryParams: { ids: ids.join(','), baseline: ids[0] } });
  }

  protected async readFile(input: HTMLInputElement): Promise<void> {
    const file = input.files?.[0];
    if (file) {
      this.importText.set(await file.text());
      if (!this.importLabel()) {
        this.importLabel.set(file.name);
      }
    }
  }

  protected async importFile(): Promise<void> {
    this.importErrors.set({ fields: {}, general: null });
    this.imported.set(null);
    try {
      const result = await firstValueFrom(this.api.call('tuning.benchmark.import', [
        this.importFormat(), this.importText(), this.importLabel().trim() || this.importFormat(),
      ]));
      this.imported.set(result);
      this.importText.set('');
      await this.load();
    } catch (error) {
      this.importErrors.set(mapFieldErrors(error, ['format', 'data', 'label']));
    }
  }
}
