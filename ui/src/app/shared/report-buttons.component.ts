import { ChangeDetectionStrategy, Component, inject, input, signal } from '@angular/core';
import { MatButton } from '@angular/material/button';

import { errorMessage } from '../api/api-errors';
import { REPORT_FORMATS, ReportFormat, ReportSelection } from '../api/models/tuning-campaign';
import { TranslatePipe } from '../i18n/translate.pipe';
import { T } from '../i18n/translate-marker';
import { ReportDownloader } from './report-download';
import { TestIdDirective } from './test-id/test-id.directive';

const FORMAT_WORDS: Record<ReportFormat, string> = {
  HTML: T('HTML'), MARKDOWN: T('Markdown'), CSV: T('CSV'), JSON: T('JSON'),
};

/** "Report" download buttons, one per format, for a selection of results or a campaign. */
@Component({
  selector: 'tp-report-buttons',
  imports: [TestIdDirective, MatButton, TranslatePipe],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <div class="actions" style="justify-content: flex-start" tpTest="report-buttons">
      <span>{{ 'Report:' | t }}</span>
      @for (f of formats; track f) {
        <button matButton="outlined" type="button" [tpTest]="['report-download', f]" [disabled]="busy() !== null || !selection()"
                (click)="save(f)">{{ words[f] | t }}</button>
      }
      @if (busy()) { <span class="muted" role="status" tpTest="report-busy">{{ 'Preparing the report…' | t }}</span> }
    </div>
    @if (error(); as e) { <p class="banner danger" role="alert" tpTest="report-error">{{ e }}</p> }
  `,
})
export class ReportButtonsComponent {
  private readonly reports = inject(ReportDownloader);
  readonly selection = input<ReportSelection | null>(null);
  protected readonly formats = REPORT_FORMATS;
  protected readonly words = FORMAT_WORDS;
  protected readonly busy = signal<ReportFormat | null>(null);
  protected readonly error = signal<string | null>(null);

  protected async save(format: ReportFormat): Promise<void> {
    const selection = this.selection();
    if (!selection) {
      return;
    }
    this.busy.set(format);
    this.error.set(null);
    try {
      await this.reports.save(selection, format);
    } catch (error) {
      this.error.set(errorMessage(error));
    } finally {
      this.busy.set(null);
    }
  }
}
