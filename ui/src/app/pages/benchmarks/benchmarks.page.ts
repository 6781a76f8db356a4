import { ChangeDetectionStrategy, Component, inject, signal } from '@angular/core';
import { takeUntilDestroyed } from '@angular/core/rxjs-interop';
import { Router, RouterLink } from '@angular/router';
import { MatButton } from '@angular/material/button';
import { MatCheckbox } from '@angular/material/checkbox';
import { MatSort, MatSortHeader } from '@angular/material/sort';
import { MatTableModule } from '@angular/material/table';
import { firstValueFrom } from 'rxjs';

import { ApiService } from '../../api/api.service';
import { QueryFilter } from '../../api/models/auth';
import { errorMessage } from '../../api/api-errors';
import { BenchmarkResult, isImported } from '../../api/models/tuning-benchmark';
import { RequiresRoleDirective } from '../../auth/requires-role/requires-role.directive';
import { ROLE } from '../../auth/roles';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { JobsStore } from '../../jobs/jobs.store';
import { T } from '../../i18n/translate-marker';
import { TEST_WORDS, headlines } from '../../shared/benchmark-metrics';
import { formatDateTime } from '../../shared/format';
import { PresetsStore } from '../../stores/presets.store';
import { SortedRows, timeOf } from '../../shared/table/sort-rows';
import { TypedCellDef } from '../../shared/table/typed-cell';
import { TranslateService } from '../../i18n/translate.service';
import { BenchmarkDetailsComponent } from './benchmark-details.component';
import { BenchmarkFormComponent } from './benchmark-form.component';
import { ImportDialogComponent } from './import-dialog.component';
import { SOURCE_WORDS } from './source-words';
import { toggleIn } from '../../shared/toggle-in';

/** Start benchmarks, keep their history with what they were measured under, import older results, pick to compare. */
@Component({
  selector: 'tp-benchmarks-page',
  imports: [MatCheckbox, MatButton, MatTableModule, MatSort, MatSortHeader, TypedCellDef, TranslatePipe,
    BenchmarkFormComponent, BenchmarkDetailsComponent, ImportDialogComponent, RequiresRoleDirective, RouterLink],
  changeDetection: ChangeDetectionStrategy.OnPush,
  templateUrl: './benchmarks.page.html',
  styleUrls: ['../../shared/table/data-table.scss'],
  styles: `
    .small { font-size: 0.9em; }
    tr.details > td { background: var(--bg1); }
    .nowrap { white-space: nowrap; }
  `,
})
export class BenchmarksPage {
  private readonly api = inject(ApiService);
  private readonly router = inject(Router);
  private readonly presets = inject(PresetsStore);
  protected readonly role = ROLE;
  protected readonly testWords = TEST_WORDS;
  protected readonly sourceWords = SOURCE_WORDS;
  protected readonly date = formatDateTime;
  protected readonly headlinesOf = (r: BenchmarkResult) => headlines(r.summary);

  protected readonly history = signal<BenchmarkResult[]>([]);
  protected readonly error = signal<string | null>(null);
  protected readonly picked = signal<ReadonlySet<number>>(new Set());
  protected readonly open = signal<number | null>(null);
  protected readonly confirmDelete = signal<number | null>(null);
  protected readonly importing = signal(false);
  protected readonly notice = signal<string | null>(null);
  /** Campaign runs belong to their campaign: the history leaves them out unless asked. */
  protected readonly showCampaignRuns = signal(false);
  private readonly translate = inject(TranslateService);
  /** Newest first, as the server sends them; words sort as the reader sees them, dates by their time. */
  protected readonly table = new SortedRows(this.history, {
    id: (r) => r.id,
    label: (r) => r.label,
    when: (r) => timeOf(r.created_at),
    source: (r) => this.translate.instant(SOURCE_WORDS[r.source]),
    preset: (r) => this.translate.instant(this.presetOf(r)),
  }, { active: 'when', direction: 'desc' });
  protected readonly columns = ['pick', 'id', 'label', 'when', 'source', 'preset', 'medians', 'actions'];

  constructor() {
    void this.load();
    // Whoever started it (this form, another tab, a script, a campaign), a benchmark that ends refreshes the list.
    inject(JobsStore).ended(['tuning.benchmark.run']).pipe(takeUntilDestroyed()).subscribe(() => void this.load());
  }

  /** The preset a result was measured under: its name, "none", or "imported" for other tools' files. */
  protected presetOf(result: BenchmarkResult): string {
    const c = result.context;
    if (isImported(c)) {
      return T('imported');
    }
    return c.preset ? this.presets.nameOf(c.preset.id) : T('none');
  }

  protected togglePick(id: number): void {
    toggleIn(this.picked, id);
  }

  protected toggleDetails(id: number): void {
    this.open.set(this.open() === id ? null : id);
  }

  protected async load(): Promise<void> {
    try {
      const filters: QueryFilter[] = this.showCampaignRuns() ? [] : [['campaign_id', '=', null]];
      this.history.set(await firstValueFrom(this.api.call('tuning.benchmark.query', [filters, { order_by: ['-id'] }])));
      this.error.set(null);
    } catch (error) {
      this.error.set(errorMessage(error));
    }
  }

  protected toggleCampaignRuns(show: boolean): void {
    this.showCampaignRuns.set(show);
    void this.load();
  }

  protected async remove(id: number): Promise<void> {
    this.confirmDelete.set(null);
    try {
      await firstValueFrom(this.api.call('tuning.benchmark.delete', [id]));
      const picked = new Set(this.picked());
      picked.delete(id);
      this.picked.set(picked);
      await this.load();
    } catch (error) {
      this.error.set(errorMessage(error));
    }
  }

  protected onImported(result: BenchmarkResult): void {
    this.importing.set(false);
    this.notice.set(`#${result.id} ${result.label}`);
    void this.load();
  }

  protected compare(): void {
    const ids = [...this.picked()].sort((a, b) => a - b);
    void this.router.navigate(['/compare'], { queryParams: { ids: ids.join(','), baseline: ids[0] } });
  }
}
