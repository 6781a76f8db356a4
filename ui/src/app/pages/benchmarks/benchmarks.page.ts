import { ChangeDetectionStrategy, Component, inject, signal } from '@angular/core';
import { takeUntilDestroyed } from '@angular/core/rxjs-interop';
import { Router, RouterLink } from '@angular/router';
import { MatButton } from '@angular/material/button';
import { MatCheckbox } from '@angular/material/checkbox';
import { MatPaginator } from '@angular/material/paginator';
import { MatSort, MatSortHeader } from '@angular/material/sort';
import { MatTableModule } from '@angular/material/table';
import { firstValueFrom } from 'rxjs';

import { ApiService } from '../../api/api.service';
import { QueryFilter } from '../../api/models/auth';
import { errorMessage } from '../../api/api-errors';
import { BenchmarkResult, ImportedContext, MeasuredContext } from '../../api/models/tuning-benchmark';
import { RequiresRoleDirective } from '../../auth/requires-role/requires-role.directive';
import { ROLE } from '../../auth/roles';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { JobsStore } from '../../jobs/jobs.store';
import { TranslateService } from '../../i18n/translate.service';
import { TEST_WORDS, headlines } from '../../shared/benchmark-metrics';
import { formatDateTime } from '../../shared/format';
import { resultPresetWords } from '../../shared/preset-words';
import { PresetsStore } from '../../stores/presets.store';
import { QueryTable } from '../../shared/paging/paging';
import { PaginatorIdsDirective, providePaginatorWords } from '../../shared/paging/paginator';
import { TypedCellDef } from '../../shared/table/typed-cell';
import { BenchmarkDetailsComponent } from './benchmark-details.component';
import { BenchmarkFormComponent } from './benchmark-form.component';
import { ImportDialogComponent } from './import-dialog.component';
import { SOURCE_WORDS } from './source-words';
import { toggleIn } from '../../shared/toggle-in';
import { TestIdDirective } from '../../shared/test-id/test-id.directive';

/**
 * What the server can sort the history by: its own fields. The source and the preset are words the server does not
 * know (and the preset's name is not stored with the result), so those columns sort no more: a page sorted on its own
 * would look like the whole history sorted.
 */
const SORT_FIELDS = { id: 'id', label: 'label', when: 'created_at' };

/**
 * What the history's rows show, the only fields the server sends for them: a result's runs and most of its context
 * (settings, profile, plan) are kB each, and only an opened row's details read them (`tuning.benchmark.get`).
 */
const ROW_FIELDS = ['id', 'label', 'created_at', 'source', 'campaign_id', 'summary', 'context.preset', 'context.pending_reboot',
  'context.imported'];
/** A history row as ROW_FIELDS ask for it: `context` holds the preset a result was measured under (and what waited for
 *  a reboot then) or an imported one's origin, and is absent when it has neither (a client's result). */
export type HistoryRow = Pick<BenchmarkResult, 'id' | 'label' | 'created_at' | 'source' | 'campaign_id' | 'summary'> & {
  context?: Partial<Pick<MeasuredContext, 'preset' | 'pending_reboot'> & ImportedContext>;
};

/** The opened row's whole result, as it comes. */
interface OpenDetails {
  id: number;
  result: BenchmarkResult | null;
  error: string | null;
}

/** Start benchmarks, keep their history with what they were measured under, import older results, pick to compare. */
@Component({
  selector: 'tp-benchmarks-page',
  imports: [TestIdDirective, MatCheckbox, MatButton, MatTableModule, MatSort, MatSortHeader, MatPaginator, PaginatorIdsDirective,
    TypedCellDef, TranslatePipe, BenchmarkFormComponent, BenchmarkDetailsComponent, ImportDialogComponent,
    RequiresRoleDirective, RouterLink],
  providers: [providePaginatorWords()],
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
  private readonly translate = inject(TranslateService);
  protected readonly role = ROLE;
  protected readonly testWords = TEST_WORDS;
  protected readonly sourceWords = SOURCE_WORDS;
  protected readonly date = formatDateTime;
  protected readonly headlinesOf = (r: HistoryRow) => headlines(r.summary);

  protected readonly error = signal<string | null>(null);
  /** Ids picked to compare, on any page: they stay picked while the reader moves between pages. */
  protected readonly picked = signal<ReadonlySet<number>>(new Set());
  protected readonly open = signal<number | null>(null);
  /** The opened row's whole result (runs, context), fetched when it opens; null while none is open. */
  protected readonly details = signal<OpenDetails | null>(null);
  protected readonly confirmDelete = signal<number | null>(null);
  protected readonly importing = signal(false);
  protected readonly notice = signal<string | null>(null);
  /** Campaign runs belong to their campaign: the history leaves them out unless asked. */
  protected readonly showCampaignRuns = signal(false);
  /** One page of the history at a time, newest first, each row with only what it shows (ROW_FIELDS). The server
   *  sorts the whole history, not only the page shown; campaign runs only when asked. */
  protected readonly history = new QueryTable<HistoryRow>({
    ask: (options) => firstValueFrom(this.api.call('tuning.benchmark.query',
      [this.filters(), options.count ? options : { ...options, select: ROW_FIELDS }])),
    fields: SORT_FIELDS,
    error: this.error,
  });
  protected readonly columns = ['pick', 'id', 'label', 'when', 'source', 'preset', 'medians', 'actions'];

  constructor() {
    void this.history.reload();
    // Whoever started it (this form, another tab, a script, a campaign), a benchmark that ends refreshes the list.
    inject(JobsStore).ended(['tuning.benchmark.run']).pipe(takeUntilDestroyed())
      .subscribe(() => void this.history.reload());
  }

  /** The preset a result was measured under, saying whether it was in effect yet (resultPresetWords: the words of
   *  Compare, the details and the report), "None", or "imported" for other tools' files; already translated. */
  protected presetOf(row: HistoryRow): string {
    return resultPresetWords(row.context, (id) => this.presets.nameOf(id),
      (key, params) => this.translate.instant(key, params));
  }

  protected togglePick(id: number): void {
    toggleIn(this.picked, id);
  }

  protected toggleDetails(id: number): void {
    const open = this.open() === id ? null : id;
    this.open.set(open);
    this.details.set(open === null ? null : { id, result: null, error: null });
    if (open !== null) {
      void this.loadDetails(id);
    }
  }

  /** The whole result of the row just opened; an answer for a row closed (or another opened) since is dropped. */
  private async loadDetails(id: number): Promise<void> {
    let shown: OpenDetails;
    try {
      shown = { id, result: await firstValueFrom(this.api.call('tuning.benchmark.get', [id])), error: null };
    } catch (error) {
      shown = { id, result: null, error: errorMessage(error) };
    }
    if (this.open() === id) {
      this.details.set(shown);
    }
  }

  /** The history's filters: the page's rows and their count are asked under the same ones. */
  private filters(): QueryFilter[] {
    return this.showCampaignRuns() ? [] : [['campaign_id', '=', null]];
  }

  protected toggleCampaignRuns(show: boolean): void {
    this.showCampaignRuns.set(show);
    void this.history.restart();
  }

  protected async remove(id: number): Promise<void> {
    this.confirmDelete.set(null);
    try {
      await firstValueFrom(this.api.call('tuning.benchmark.delete', [id]));
      const picked = new Set(this.picked());
      picked.delete(id);
      this.picked.set(picked);
      await this.history.reload();
    } catch (error) {
      this.error.set(errorMessage(error));
    }
  }

  protected onImported(result: BenchmarkResult): void {
    this.importing.set(false);
    this.notice.set(`#${result.id} ${result.label}`);
    void this.history.reload();
  }

  protected compare(): void {
    const ids = [...this.picked()].sort((a, b) => a - b);
    void this.router.navigate(['/compare'], { queryParams: { ids: ids.join(','), baseline: ids[0] } });
  }
}
