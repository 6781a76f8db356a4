import { ChangeDetectionStrategy, Component, computed, effect, inject, input, signal, untracked } from '@angular/core';
import { DomSanitizer, SafeHtml } from '@angular/platform-browser';
import { RouterLink } from '@angular/router';
import { MatCard } from '@angular/material/card';
import { MatSort, MatSortHeader } from '@angular/material/sort';
import { MatTableModule } from '@angular/material/table';

import { errorMessage } from '../../api/api-errors';
import { ACTIVE_CAMPAIGN_STATES, Campaign, CampaignRecommendation, ReportSelection } from '../../api/models/tuning-campaign';
import { T } from '../../i18n/translate-marker';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { TranslateService } from '../../i18n/translate.service';
import { TEST_WORDS, compareMetrics, metricLabel, orderedTests } from '../../shared/benchmark-metrics';
import { formatP, formatRatioPercent } from '../../shared/format';
import { ReportButtonsComponent } from '../../shared/report-buttons.component';
import { ReportDownloader } from '../../shared/report-download';
import { SortedRows, rankOf } from '../../shared/table/sort-rows';
import { TypedCellDef } from '../../shared/table/typed-cell';
import { PresetsStore } from '../../stores/presets.store';
import { ThemeService } from '../../layout/theme.service';
import { compareLink, winnerWords } from './campaign-words';
import { CampaignClientsComponent } from './campaign-clients.component';
import { TestIdDirective } from '../../shared/test-id/test-id.directive';

/** The server's too-few sentence at the start of a summary ("too few runs for a verdict (need 5 per configuration)"),
 *  with the dash that joins what follows. */
const TOO_FEW_LEAD = /^too few runs for a verdict(?: \(need \d+ per configuration\))?(?: — )?/;

const SINGLE_ROUND_TAIL = /(?:^| — )single round: each configuration was measured in one sitting.*$/s;

/**
 * A row's summary beside its verdict, without what the page already says: the too-few sentence the row says across
 * its figures, and the single-round caveat the banner above the table says once (`singleRoundSaid`).
 */
export function summaryBeside(row: Pick<CampaignRecommendation, 'verdict' | 'summary'>, singleRoundSaid = false): string {
  const summary = singleRoundSaid ? row.summary.replace(SINGLE_ROUND_TAIL, '') : row.summary;
  return row.verdict === 'INSUFFICIENT_RUNS' ? summary.replace(TOO_FEW_LEAD, '') : summary;
}

/** The server's one-round sentence in a campaign's message ("One round only: slow drift … provisional."). */
const ONE_ROUND_SENTENCE = /\s*One round only: [^.]*\.(?=\s|$)/;

/** A campaign's message beside the single-round banner: without the server's one-round sentence the banner says. */
export function messageBeside(message: string | null, singleRoundSaid: boolean): string | null {
  return (singleRoundSaid ? message?.replace(ONE_ROUND_SENTENCE, '').trim() : message) || null;
}

/** What the results card can show of a campaign: nothing yet while it runs (the server refuses a report until it
 *  has results: they are merged at its end), nothing ever when it ended before measuring, else its report. */
export function resultsStage(campaign: Pick<Campaign, 'state' | 'results'>): 'running' | 'nothing-measured' | 'ended' {
  if (ACTIVE_CAMPAIGN_STATES.includes(campaign.state)) {
    return 'running';
  }
  return Object.keys(campaign.results ?? {}).length ? 'ended' : 'nothing-measured';
}

/** A recommendation row with its place in the server's list (its data-test ids stay with it when sorted). */
type RecRow = CampaignRecommendation & { index: number };

const TEST_ORDER = orderedTests(Object.keys(TEST_WORDS));
const VERDICT_ORDER: CampaignRecommendation['verdict'][] = ['BETTER', 'NO_WINNER', 'INSUFFICIENT_RUNS'];

/** A finished campaign: its recommendation, a link to compare its merged results, the HTML report inline, downloads. */
@Component({
  selector: 'tp-campaign-results',
  imports: [TestIdDirective, MatCard, MatTableModule, MatSort, MatSortHeader, TypedCellDef, TranslatePipe, RouterLink,
    ReportButtonsComponent, CampaignClientsComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styleUrls: ['../../shared/table/data-table.scss'],
  styles: `
    .num { text-align: right; white-space: nowrap; }
    /* stacked on a phone: a figure follows its label, and a sentence in a figure's cell wraps */
    @media (max-width: 600px) { table.stacked td.num { text-align: left; white-space: normal; } }
    /* no background of its own: the report paints its page in the scheme the iframe's color-scheme asks for */
    iframe { width: 100%; height: 640px; border: 1px solid var(--bg3); }
  `,
  template: `
    <mat-card appearance="outlined" class="card" tpTest="camp-results">
      <h2>{{ 'Results of “{label}”' | t: { label: campaign().label } }}</h2>
      <tp-campaign-clients [campaign]="campaign()" />
      @if (messageBeside(campaign().message, singleRoundSaid()); as m) { <p class="muted" tpTest="camp-message">{{ m }}</p> }
      <!-- Only beside a recommendation: while it runs there is none yet to distrust. -->
      @if (singleRoundSaid()) {
        <p class="banner warn" tpTest="camp-single-round">{{ 'Single round: each configuration was measured in one sitting, so drift between sittings is not averaged out. Do not trust this recommendation beyond this run; repeat with 3 rounds or more.' | t }}</p>
      }
      @if (stage() === 'running') {
        <p class="muted" role="status" tpTest="camp-pending">{{ 'The recommendation and the report come when the campaign ends: its results are merged and compared then.' | t }}</p>
      } @else if (stage() === 'nothing-measured') {
        <p class="muted" tpTest="camp-no-rec">{{ 'No recommendation and no report: the campaign ended before it measured anything.' | t }}</p>
      } @else if (campaign().recommendation) {
        <div class="table-wrap" tabindex="0">
          <table mat-table class="stacked" tpTest="camp-rec-table" [dataSource]="table.rows()"
                 matSort [matSortActive]="table.sort().active" [matSortDirection]="table.sort().direction"
                 (matSortChange)="table.sort.set($event)">
            <ng-container matColumnDef="test">
              <th mat-header-cell *matHeaderCellDef mat-sort-header>{{ 'Test' | t }}</th>
              <td mat-cell *matCellDef="let r; of: table.rows" [attr.data-label]="'Test' | t">{{ testWords[r.test] | t }}</td>
            </ng-container>
            <ng-container matColumnDef="metric">
              <th mat-header-cell *matHeaderCellDef mat-sort-header>{{ 'Metric' | t }}</th>
              <td mat-cell *matCellDef="let r; of: table.rows" [attr.data-label]="'Metric' | t">{{ metricLabel(r.metric) }}</td>
            </ng-container>
            <ng-container matColumnDef="winner">
              <th mat-header-cell *matHeaderCellDef mat-sort-header>{{ 'Winner' | t }}</th>
              <td mat-cell *matCellDef="let r; of: table.rows" [attr.data-label]="'Winner' | t" [tpTest]="['camp-winner', r.index]">
                <!-- Too few runs: the row's sentence says there is no winner and why, once. -->
                @if (tooFew(r)) { — } @else if (r.winner_words) { {{ r.winner_words }} } @else { {{ winner(r.winner) | t }} }</td>
            </ng-container>
            <!-- Too few runs: one sentence across change, interval and p (the two after it merged into it). -->
            <ng-container matColumnDef="change">
              <th mat-header-cell *matHeaderCellDef mat-sort-header start="desc">{{ 'Change' | t }}</th>
              <td mat-cell *matCellDef="let r; of: table.rows" class="num" [class.muted]="tooFew(r)" [attr.colspan]="tooFew(r) ? 3 : null"
                  [attr.data-label]="'Change' | t" [tpTest]="tooFew(r) ? ['camp-too-few', r.index] : null">
                <!-- Only a winner has a change: a row the baseline keeps shows none (as the report), not ±0.0 %. -->
                @if (tooFew(r)) { @if (r.min_runs) { {{ 'too few runs for a verdict (need {n} per configuration)' | t: { n: r.min_runs } }} } @else { {{ 'too few runs for a verdict' | t }} } } @else if (r.verdict === 'BETTER') { {{ pct(r.ratio) }} } @else { — }</td>
            </ng-container>
            <ng-container matColumnDef="interval">
              <th mat-header-cell *matHeaderCellDef>{{ '95 % interval' | t }}</th>
              <td mat-cell *matCellDef="let r; of: table.rows" class="num" [class.merged]="tooFew(r)"
                [attr.data-label]="'95 % interval' | t">
                @if (!tooFew(r)) { @if (r.ratio_ci_low !== null && r.ratio_ci_high !== null) { {{ pct(r.ratio_ci_low) }} … {{ pct(r.ratio_ci_high) }} } @else { — } }</td>
            </ng-container>
            <ng-container matColumnDef="p">
              <th mat-header-cell *matHeaderCellDef mat-sort-header>{{ 'p (adjusted)' | t }}</th>
              <td mat-cell *matCellDef="let r; of: table.rows" class="num" [class.merged]="tooFew(r)"
                [attr.data-label]="'p (adjusted)' | t">
                @if (!tooFew(r)) { @if (r.p_adjusted !== null) { {{ p(r.p_adjusted) }} } @else { — } }</td>
            </ng-container>
            <ng-container matColumnDef="verdict">
              <th mat-header-cell *matHeaderCellDef mat-sort-header>{{ 'Verdict' | t }}</th>
              <td mat-cell *matCellDef="let r; of: table.rows" [attr.data-label]="'Verdict' | t"><span class="badge" [tpTest]="['camp-verdict', r.index]">{{ verdictWord(r.verdict) | t }}</span>
                @if (summaryBeside(r, singleRoundSaid()); as s) { <div class="muted" [tpTest]="['camp-summary', r.index]">{{ s }}</div> }</td>
            </ng-container>
            <tr mat-header-row *matHeaderRowDef="columns" [attr.data-label]="'Sort by' | t"></tr>
            <tr mat-row *matRowDef="let r; columns: columns" [tpTest]="['camp-rec', r.index]"></tr>
            <tr class="mat-mdc-row" *matNoDataRow><td [attr.colspan]="columns.length" class="muted">{{ 'Nothing to recommend.' | t }}</td></tr>
          </table>
        </div>
      } @else {
        <p class="muted" tpTest="camp-no-rec">{{ 'No recommendation: the campaign did not finish its measurements.' | t }}</p>
      }
      @if (compare(); as c) {
        <p><a routerLink="/compare" [queryParams]="c" tpTest="camp-compare-link">{{ 'Compare its merged results' | t }}</a></p>
      }
      @if (stage() === 'ended') {
        <tp-report-buttons [selection]="selection()" />
        <h3>{{ 'Report' | t }}</h3>
        @if (reportError(); as e) { <p class="banner danger" role="alert" tpTest="camp-report-error">{{ e }}</p> }
        @if (reportHtml(); as html) {
          <!-- An empty sandbox: the report runs no script and cannot reach the panel. -->
          <!-- The report follows prefers-color-scheme, which inside an iframe is the iframe element's color-scheme. -->
          <iframe sandbox="" [srcdoc]="html" tpTest="camp-report-frame" [attr.title]="'Report' | t"
                  [style.color-scheme]="theme.theme()"></iframe>
        } @else if (!reportError()) {
          <p class="muted" role="status" tpTest="camp-report-loading">{{ 'Preparing the report…' | t }}</p>
        }
      }
    </mat-card>
  `,
})
export class CampaignResultsComponent {
  private readonly reports = inject(ReportDownloader);
  private readonly sanitizer = inject(DomSanitizer);
  readonly campaign = input.required<Campaign>();

  private readonly presets = inject(PresetsStore);
  protected readonly theme = inject(ThemeService);
  protected readonly summaryBeside = summaryBeside;
  protected readonly messageBeside = messageBeside;
  protected readonly stage = computed(() => resultsStage(this.campaign()));
  protected readonly singleRoundSaid = computed(() => !!this.campaign().single_round && this.stage() === 'ended');
  private readonly translate = inject(TranslateService);
  protected readonly testWords = TEST_WORDS;
  /** An older server's row without `winner_words`: the winner by its id. */
  protected winner(id: string | null): string {
    return winnerWords(id, (preset) => this.presets.nameOf(preset));
  }
  /** The Winner as shown: nothing for a row without a verdict (its sentence says why), else the server's words. */
  private winnerShown(row: CampaignRecommendation): string {
    if (this.tooFew(row)) {
      return '';
    }
    return row.winner_words ?? this.translate.instant(this.winner(row.winner));
  }
  protected readonly metricLabel = metricLabel;
  protected readonly pct = formatRatioPercent;
  protected readonly p = formatP;
  protected verdictWord(verdict: string): string {
    return verdict === 'BETTER' ? T('Better') : verdict === 'INSUFFICIENT_RUNS' ? T('Too few runs') : T('No winner');
  }
  protected tooFew(row: CampaignRecommendation): boolean {
    return row.verdict === 'INSUFFICIENT_RUNS';
  }
  /** Tests in the server's order, each test's metrics as people read them (p99 before p99.9; the server's follow
   *  its stored keys, where p99_9 sorts first); each row keeps its place in the server's list (`index`). */
  private readonly recommendation = computed(() => {
    const rows = (this.campaign().recommendation ?? []).map((r, index): RecRow => ({ ...r, index }));
    const tests = [...new Set(rows.map((r) => r.test))];
    return rows.sort((a, b) => rankOf(tests, a.test) - rankOf(tests, b.test) || compareMetrics(a.metric, b.metric));
  });
  private readonly metricOrder = computed(() => [...new Set(this.recommendation().map((r) => r.metric))]
    .sort(compareMetrics));
  /** In the server's order of tests, metrics as read, until a header is picked; figures by their number. */
  protected readonly table = new SortedRows(this.recommendation, {
    test: (r) => rankOf(TEST_ORDER, r.test),
    metric: (r) => rankOf(this.metricOrder(), r.metric),
    winner: (r) => this.winnerShown(r),
    change: (r) => r.ratio,
    p: (r) => r.p_adjusted,
    verdict: (r) => rankOf(VERDICT_ORDER, r.verdict),
  });
  protected readonly columns = ['test', 'metric', 'winner', 'change', 'interval', 'p', 'verdict'];
  protected readonly selection = computed<ReportSelection>(() => ({ campaign: this.campaign().id }));
  protected readonly compare = computed(() => compareLink(this.campaign()));
  protected readonly reportHtml = signal<SafeHtml | null>(null);
  protected readonly reportError = signal<string | null>(null);

  constructor() {
    // One fetch per campaign shown once it has ended (the URL is good for one fetch only; a campaign still running
    // has no report, so none is asked for until its end).
    const reportOf = computed(() => (this.stage() === 'ended' ? this.campaign().id : null));
    effect(() => {
      const id = reportOf();
      if (id !== null) {
        untracked(() => void this.loadReport(id));
      }
    });
  }

  private async loadReport(id: number): Promise<void> {
    this.reportHtml.set(null);
    this.reportError.set(null);
    try {
      const report = await this.reports.fetch({ campaign: id }, 'HTML');
      if (this.campaign().id === id) {
        this.reportHtml.set(this.sanitizer.bypassSecurityTrustHtml(report.text));
      }
    } catch (error) {
      this.reportError.set(errorMessage(error));
    }
  }
}
