import { TestBed } from '@angular/core/testing';

import { mockApi } from '../testing/mock-api';
import { ReportDownloader, URL_FETCH, reportFilename } from './report-download';

describe('ReportDownloader', () => {
  function setup(response: Response) {
    const fetched: string[] = [];
    const { api, providers } = mockApi((m) => m.mockCall('core.download', [7, '/_download/7?auth_token=x']));
    TestBed.configureTestingModule({
      providers: [...providers, { provide: URL_FETCH, useValue: async (url: string) => { fetched.push(url); return response; } }],
    });
    return { api, fetched, reports: TestBed.inject(ReportDownloader) };
  }

  it('names files after what they cover', () => {
    expect(reportFilename({ campaign: 3 }, 'CSV')).toBe('report-campaign-3.csv');
    expect(reportFilename({ results: [1, 2], baseline: 1 }, 'MARKDOWN')).toBe('report-results-1-2.md');
  });

  it('asks core.download for the report and fetches its URL once', async () => {
    const { api, fetched, reports } = setup(new Response('configuration_id,test\n'));
    const report = await reports.fetch({ results: [1, 2], baseline: 1 }, 'CSV');
    expect(api.callsOf('core.download')).toEqual([
      ['tuning.report.generate', [{ results: [1, 2], baseline: 1 }, 'CSV'], 'report-results-1-2.csv', false]]);
    expect(fetched).toEqual(['/_download/7?auth_token=x']);
    expect(report).toEqual({ text: 'configuration_id,test\n', filename: 'report-results-1-2.csv', mime: 'text/csv' });
  });

  it('says so when the URL is refused', async () => {
    const { reports } = setup(new Response('expired', { status: 404 }));
    await expect(reports.fetch({ campaign: 1 }, 'JSON')).rejects.toThrow('HTTP 404): expired');
  });
});
