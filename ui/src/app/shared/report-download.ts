import { Injectable, InjectionToken, inject } from '@angular/core';
import { firstValueFrom } from 'rxjs';

import { ApiService } from '../api/api.service';
import { ReportFormat, ReportSelection } from '../api/models/tuning-campaign';

/** How a report file is named and typed, per format. */
export const REPORT_FILES: Record<ReportFormat, { extension: string; mime: string }> = {
  HTML: { extension: 'html', mime: 'text/html' },
  MARKDOWN: { extension: 'md', mime: 'text/markdown' },
  CSV: { extension: 'csv', mime: 'text/csv' },
  JSON: { extension: 'json', mime: 'application/json' },
};

/** `report-campaign-3.csv`, `report-results-1-2.md`: the file name says what the report covers. */
export function reportFilename(selection: ReportSelection, format: ReportFormat): string {
  const what = 'campaign' in selection ? `campaign-${selection.campaign}` : `results-${selection.results.join('-')}`;
  return `report-${what}.${REPORT_FILES[format].extension}`;
}

/** Fetches a download URL (a seam so tests need no network). */
export const URL_FETCH = new InjectionToken<(url: string) => Promise<Response>>('URL_FETCH', {
  providedIn: 'root',
  factory: () => (url: string) => fetch(url),
});

export interface FetchedReport {
  text: string;
  filename: string;
  mime: string;
}

/** Reports through `core.download`: ask for a one-time URL, fetch it once, hand the text back or save it as a file. */
@Injectable({ providedIn: 'root' })
export class ReportDownloader {
  private readonly api = inject(ApiService);
  private readonly fetchUrl = inject(URL_FETCH);

  async fetch(selection: ReportSelection, format: ReportFormat): Promise<FetchedReport> {
    const filename = reportFilename(selection, format);
    const [, url] = await firstValueFrom(
      this.api.call('core.download', ['tuning.report.generate', [selection, format], filename, false]));
    const response = await this.fetchUrl(url);
    if (!response.ok) {
      throw new Error(`The report could not be fetched (HTTP ${response.status}): ${(await response.text()).trim()}`);
    }
    return { text: await response.text(), filename, mime: REPORT_FILES[format].mime };
  }

  /** Fetch and save through the browser's download (a Blob behind an `<a download>`). */
  async save(selection: ReportSelection, format: ReportFormat): Promise<FetchedReport> {
    const report = await this.fetch(selection, format);
    const href = URL.createObjectURL(new Blob([report.text], { type: report.mime }));
    const link = document.createElement('a');
    link.href = href;
    link.download = report.filename;
    document.body.appendChild(link);
    link.click();
    link.remove();
    // Revoked on the next turn: the click has started the download by then.
    setTimeout(() => URL.revokeObjectURL(href));
    return report;
  }
}
