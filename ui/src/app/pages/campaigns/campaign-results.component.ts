import { ChangeDetectionStrategy, Component, computed, effect, inject, input, signal, untracked } from '@angular/core';
import { DomSanitizer, SafeHtml } from '@angular/platform-browser';
import { RouterLink } from '@angular/router';
import { MatCard } from '@angular/material/card';

import { errorMessage } from '../../api/api-errors';
import { Campaign, ReportSelection } from '../../api/models/tuning-campaign';
import { T } from '../../i18n/translate-marker';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { TEST_WORDS, metricLabel } from '../../shared/benchmark-metrics';
import { formatP, formatRatioPercent } from '../../shared/format';
import { ReportButtonsComponent } from '../../shared/report-buttons.component';
import { ReportDownloader } from '../../shared/report-download';
import { PresetsStore } from '../../stores/presets.store';
import { compareLink, winnerWords } from './campaign-words';

/** A finished campaign: its recommendation, a link to compare its merged results, the HTML report inline, downloads. */
@Component({
  selector: 'tp-campaign-results',
  imports: [MatCard, TranslatePipe, RouterLink, ReportButtonsComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styles: `
    .num { text-align: right; white-space: nowrap; }
    iframe { width: 100%; height: 640px; border: 1px solid var(--bg3); background: #fff; }
  `,
  template: `
    <mat-card appearance="outlined" class="card" data-test="camp-results">
      <h2>{{ 'Results of “{label}”' | t: { label: campaign().label } }}</h2>
      @if (campaign().message; as m) { <p class="muted" data-test="camp-message">{{ m }}</p> }
      @if (campaign().single_round) {
        <p class="banner warn" data-test="camp-single-round">{{ 'Single round: each configuration was measured in one sitting, so drift between sittings is not averaged out. Do not trust this recommendation beyond this run; repeat with 3 rounds or more.' | t }}</p>
      }
      @if (campaign().recommendation; as rec) {
        <div class="table-wrap" tabindex="0">
          <table data-test="camp-rec-table">
            <thead><tr>
              <th>{{ 'Test' | t }}</th><th>{{ 'Metric' | t }}</th><th>{{ 'Winner' | t }}</th><th>{{ 'Change' | t }}</th>
              <th>{{ '95 % interval' | t }}</th><th>{{ 'p (adjusted)' | t }}</th><th>{{ 'Verdict' | t }}</th>
            </tr></thead>
            <tbody>
              @for (r of rec; track r.test + r.metric; let i = $index) {
                <tr [attr.data-test]="'camp-rec-' + i">
                  <td>{{ testWords[r.test] | t }}</td><td>{{ metricLabel(r.metric) }}</td><td [attr.data-test]="'camp-winner-' + i">{{ winner(r.winner) | t }}</td>
                  @if (r.verdict === 'INSUFFICIENT_RUNS') {
                    <td class="num muted" colspan="3" [attr.data-test]="'camp-too-few-' + i">{{ 'too few runs for a verdict (need {n} per configuration)' | t: { n: r.min_runs ?? '?' } }}</td>
                  } @else {
                    <td class="num">{{ pct(r.ratio) }}</td>
                    <td class="num">@if (r.ratio_ci_low !== null && r.ratio_ci_high !== null) { {{ pct(r.ratio_ci_low) }} … {{ pct(r.ratio_ci_high) }} } @else { — }</td>
                    <td class="num">@if (r.p_adjusted !== null) { {{ p(r.p_adjusted) }} } @else { — }</td>
                  }
                  <td><span class="badge" [attr.data-test]="'camp-verdict-' + i">{{ verdictWord(r.verdict) | t }}</span>
                    <div class="muted">{{ r.summary }}</div></td>
                </tr>
              } @empty { <tr><td colspan="7" class="muted">{{ 'Nothing to recommend.' | t }}</td></tr> }
            </tbody>
          </table>
        </div>
      } @else {
        <p class="muted" data-test="camp-no-rec">{{ 'No recommendation: the campaign did not finish its measurements.' | t }}</p>
      }
      @if (compare(); as c) {
        <p><a routerLink="/compare" [queryParams]="c" data-test="camp-compare-link">{{ 'Compare its merged results' | t }}</a></p>
      }
      <tp-report-buttons [selection]="selection()" />
      <h3>{{ 'Report' | t }}</h3>
      @if (reportError(); as e) { <p class="banner danger" role="alert" data-test="camp-report-error">{{ e }}</p> }
      @if (reportHtml(); as html) {
        <!-- An empty sandbox: the report runs no script and cannot reach the panel. -->
        <iframe sandbox="" [srcdoc]="html" data-test="camp-report-frame" [attr.title]="'Report' | t"></iframe>
      } @else if (!reportError()) {
        <p class="muted" role="status" data-test="camp-report-loading">{{ 'Preparing the report…' | t }}</p>
      }
    </mat-card>
  `,
})
export class CampaignResultsComponent {
  private readonly reports = inject(ReportDownloader);
  private readonly sanitizer = inject(DomSanitizer);
  readonly campaign = input.required<Campaign>();

  private readonly presets = inject(PresetsStore);
  protected readonly testWords = TEST_WORDS;
  protected winner(id: string | null): string {
    return winnerWords(id, (preset) => this.presets.nameOf(preset));
  }
  protected readonly metricLabel = metricLabel;
  protected readonly pct = formatRatioPercent;
  protected readonly p = formatP;
  protected verdictWord(verdict: string): string {
    return verdict === 'BETTER' ? T('Better') : verdict === 'INSUFFICIENT_RUNS' ? T('Too few runs') : T('No winner');
  }
  protected readonly selection = computed<ReportSelection>(() => ({ campaign: this.campaign().id }));
  protected readonly compare = computed(() => compareLink(this.campaign()));
  protected readonly reportHtml = signal<SafeHtml | null>(null);
  protected readonly reportError = signal<string | null>(null);

  constructor() {
    // One fetch per campaign shown (the URL is good for one fetch only).
    effect(() => {
      const id = this.campaign().id;
      untracked(() => void this.loadReport(id));
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
