import { TestBed } from '@angular/core/testing';
import { provideRouter } from '@angular/router';

import { URL_FETCH } from '../../shared/report-download';
import { fakeDoneCampaign } from '../../testing/campaign-fixtures';
import { mockApi } from '../../testing/mock-api';
import { CampaignResultsComponent } from './campaign-results.component';
import { Campaign, CampaignRecommendation } from '../../api/models/tuning-campaign';
import { headerCell } from '../../testing/tables';
import { ThemeService } from '../../layout/theme.service';
import { messageBeside, summaryBeside } from './campaign-results.component';
import { fakeCampaign } from '../../testing/campaign-fixtures';

const TOO_FEW = 'too few runs for a verdict (need 5 per configuration)';
const SINGLE = 'single round: each configuration was measured in one sitting, so drift between sittings (a warming '
  + 'pool, other load) is not averaged out; do not trust it beyond this run — repeat with 3 rounds or more';

async function renderResults(campaign: Campaign) {
  const { api, providers } = mockApi((m) => m.mockCall('core.download', [5, '/_download/5?auth_token=t']));
  TestBed.configureTestingModule({
    imports: [CampaignResultsComponent],
    providers: [...providers, provideRouter([]), { provide: URL_FETCH, useValue: async () => new Response('<h1>Report</h1>') }],
  });
  await TestBed.compileComponents();
  const fixture = TestBed.createComponent(CampaignResultsComponent);
  fixture.componentRef.setInput('campaign', campaign); // a required input: set before the first check
  for (let i = 0; i < 3; i++) {
    fixture.detectChanges();
    await fixture.whenStable();
  }
  const el = fixture.nativeElement as HTMLElement;
  const settle = async () => {
    fixture.detectChanges();
    await fixture.whenStable();
  };
  return { el, settle, fixture, api, q: (id: string) => el.querySelector<HTMLElement>(`[data-test="${id}"]`) };
}

describe('CampaignResultsComponent', () => {
  it('asks for no report while the campaign runs, says when they come, and asks once it has ended', async () => {
    const { q, api, fixture, settle } = await renderResults(fakeCampaign({ single_round: true }));
    expect(q('text-camp-pending')!.textContent).toContain('The recommendation and the report come when the campaign ends');
    expect(q('text-camp-single-round')).toBeNull();   // no recommendation yet to distrust
    expect(q('text-camp-no-rec')).toBeNull();
    expect(q('text-report-buttons')).toBeNull();
    expect(q('text-camp-report-loading')).toBeNull();
    expect(api.callsOf('core.download')).toHaveLength(0);
    fixture.componentRef.setInput('campaign', fakeCampaign({ single_round: true, progress: 'round 2/2' }));
    await settle();
    expect(api.callsOf('core.download')).toHaveLength(0);
    fixture.componentRef.setInput('campaign', fakeDoneCampaign());
    await settle();
    expect(q('text-camp-pending')).toBeNull();
    expect(api.callsOf('core.download')).toHaveLength(1);
  });

  it('a campaign that ended before measuring anything asks for no report and says so', async () => {
    const { q, api } = await renderResults(fakeCampaign({ state: 'ABORTED', results: {} }));
    expect(q('text-camp-no-rec')!.textContent).toContain('ended before it measured anything');
    expect(api.callsOf('core.download')).toHaveLength(0);
  });

  it('says the single-round warning once: the banner, not again in the message', async () => {
    const message = 'Max IOPS is applied; some of its settings wait for a reboot. One round only: slow drift of the '
      + 'box is not spread over the configurations, so treat a win as provisional.';
    const { q } = await renderResults(fakeDoneCampaign({ single_round: true, message }));
    const card = q('card-camp-results')!.textContent!;
    expect(card).toContain('Single round:');
    expect(card).not.toContain('One round only');
    expect(q('text-camp-message')!.textContent!.trim()).toBe('Max IOPS is applied; some of its settings wait for a reboot.');
    expect(messageBeside('One round only: a b c, so treat a win as provisional.', true)).toBeNull();
    expect(messageBeside('One round only: a.', false)).toBe('One round only: a.');
  });

  it('lists each test’s metrics as people read them: latency p99 before p99.9, whatever the server’s order', async () => {
    const rec = (metric: string): CampaignRecommendation => ({
      test: 'SEQ_READ', metric, direction: 'LOWER', winner: 'BASELINE', ratio: 1, ratio_ci_low: null, ratio_ci_high: null,
      p_adjusted: null, verdict: 'NO_WINNER', summary: '',
    });
    const { el } = await renderResults(fakeDoneCampaign({ recommendation: [
      rec('read_lat_p50_ns'), rec('read_lat_p99_9_ns'), rec('read_lat_p99_ns'), rec('read_bw_bytes')] }));
    const order = [...el.querySelectorAll<HTMLElement>('tr[data-test^="row-camp-rec-"]')].map((r) => r.dataset['test']);
    expect(order).toEqual(['row-camp-rec-3', 'row-camp-rec-0', 'row-camp-rec-2', 'row-camp-rec-1']);
  });

  it('lays the recommendation out one block a row on a phone, each cell headed by its column', async () => {
    const { q } = await renderResults(fakeDoneCampaign());
    expect(q('table-camp-rec-table')!.classList).toContain('stacked');
    const labels = [...q('row-camp-rec-0')!.querySelectorAll('td')].map((td) => td.getAttribute('data-label'));
    expect(labels).toEqual(['Test', 'Metric', 'Winner', 'Change', '95 % interval', 'p (adjusted)', 'Verdict']);
  });

  it('says too few runs, with the runs needed, and marks a single round', async () => {
    const { q } = await renderResults(fakeDoneCampaign({
      single_round: true,
      recommendation: [{
        test: 'SEQ_WRITE', metric: 'write_bw_bytes', direction: 'HIGHER', winner: 'BASELINE', ratio: null,
        ratio_ci_low: null, ratio_ci_high: null, p_adjusted: null, verdict: 'INSUFFICIENT_RUNS', min_runs: 5,
        single_round: true, summary: 'too few runs for a verdict (need 5 per configuration)',
      }],
    }));
    expect(q('text-camp-single-round')!.textContent).toContain('Do not trust this recommendation beyond this run');
    expect(q('cell-camp-too-few-0')!.textContent).toContain('too few runs for a verdict (need 5 per configuration)');
    expect(q('text-camp-verdict-0')!.textContent).toContain('Too few runs');
    expect(q('row-camp-rec-0')!.textContent).not.toContain('…');
    expect(q('text-camp-summary-0')).toBeNull();   // the server's summary is the same sentence: said once
    expect(q('cell-camp-winner-0')!.textContent!.trim()).toBe('—');
  });

  it('says the Winner in the server’s words; a row without a verdict says why once, its Winner a dash', async () => {
    const rec = (partial: Partial<CampaignRecommendation>): CampaignRecommendation => ({
      test: 'SEQ_WRITE', metric: 'write_bw_bytes', direction: 'HIGHER', winner: null, ratio: null,
      ratio_ci_low: null, ratio_ci_high: null, p_adjusted: null, verdict: 'NO_WINNER', summary: '', ...partial,
    });
    const { q } = await renderResults(fakeDoneCampaign({ single_round: true, recommendation: [
      rec({ winner: 'max-iops', winner_words: 'Max IOPS', verdict: 'BETTER', ratio: 1.2, ratio_ci_low: 1.1,
        ratio_ci_high: 1.3, p_adjusted: 0.01, summary: 'max-iops wins' }),
      rec({ test: 'SEQ_READ', metric: 'read_bw_bytes', winner: 'BASELINE', ratio: 1,
        winner_words: 'baseline: no configuration is significantly better', summary: 'no configuration beats it' }),
      rec({ test: 'RAND_READ_4K', metric: 'read_iops', verdict: 'INSUFFICIENT_RUNS', min_runs: 5,
        winner_words: `no winner: ${TOO_FEW}`, summary: `${TOO_FEW} — ${SINGLE}` }),
    ] }));
    expect(q('cell-camp-winner-0')!.textContent!.trim()).toBe('Max IOPS');
    expect(q('cell-camp-winner-1')!.textContent!.trim()).toBe('baseline: no configuration is significantly better');
    expect(q('cell-camp-winner-2')!.textContent!.trim()).toBe('—');
    const row = q('row-camp-rec-2')!.textContent!;
    expect(row.split('too few runs for a verdict').length - 1).toBe(1);   // once, in the merged figures' cell
    expect(q('cell-camp-too-few-2')!.textContent).toContain(TOO_FEW);
    // the single-round caveat is the banner's, said once above the table, never again on each row
    expect(q('text-camp-summary-2')).toBeNull();
    expect(q('card-camp-results')!.textContent!.split('single round').length - 1).toBe(0);
    expect(q('text-camp-single-round')).not.toBeNull();
    expect(q('text-camp-summary-1')!.textContent!.trim()).toBe('no configuration beats it');
    // the baseline kept: no change to show (the report's dash), not its own ratio as "±0.0 %"
    const kept = [...q('row-camp-rec-1')!.querySelectorAll('td')].map((td) => td.textContent!.trim());
    expect(kept.slice(3, 6)).toEqual(['—', '—', '—']);
    expect(q('row-camp-rec-0')!.textContent).toContain('+20.0 %');
  });

  it('an older server’s row without winner_words names the winner by its preset', async () => {
    const { q } = await renderResults(fakeDoneCampaign());
    expect(q('cell-camp-winner-0')!.textContent!.trim()).not.toBe('');
    expect(q('cell-camp-winner-0')!.textContent).not.toContain('undefined');
  });

  it('drops a summary that only repeats the too-few sentence, keeps others whole', () => {
    expect(summaryBeside({ verdict: 'INSUFFICIENT_RUNS', summary: TOO_FEW })).toBe('');
    expect(summaryBeside({ verdict: 'INSUFFICIENT_RUNS', summary: 'too few runs for a verdict' })).toBe('');
    expect(summaryBeside({ verdict: 'INSUFFICIENT_RUNS', summary: `${TOO_FEW} — ${SINGLE}` })).toBe(SINGLE);
    // the banner above the table says the single-round caveat once: the rows leave it out
    expect(summaryBeside({ verdict: 'INSUFFICIENT_RUNS', summary: `${TOO_FEW} — ${SINGLE}` }, true)).toBe('');
    expect(summaryBeside({ verdict: 'BETTER', summary: `Max IOPS wins: +18 % — ${SINGLE}` }, true))
      .toBe('Max IOPS wins: +18 %');
    expect(summaryBeside({ verdict: 'NO_WINNER', summary: SINGLE }, true)).toBe('');
    expect(summaryBeside({ verdict: 'NO_WINNER', summary: `a: ${TOO_FEW}` })).toBe(`a: ${TOO_FEW}`);
  });

  it('the inline report follows the panel’s theme: the iframe asks for its scheme and paints no white of its own',
    async () => {
      const { q, settle } = await renderResults(fakeDoneCampaign());
      const theme = TestBed.inject(ThemeService);
      const frame = () => q('frame-camp-report-frame')!;
      for (let i = 0; i < 10 && !q('frame-camp-report-frame'); i++) {   // the report's fetch takes a few turns
        await new Promise((r) => setTimeout(r));
        await settle();
      }
      expect(q('text-camp-report-error')).toBeNull();
      expect(frame().style.colorScheme).toBe(theme.theme());
      theme.toggle();
      await settle();
      expect(frame().style.colorScheme).toBe(theme.theme());
      theme.toggle();
      await settle();
      expect(frame().style.colorScheme).toBe(theme.theme());
      expect(getComputedStyle(frame()).backgroundColor).not.toBe('rgb(255, 255, 255)');
    });

  it('shows the interval and p of a winner and no single-round banner otherwise', async () => {
    const { q } = await renderResults(fakeDoneCampaign());
    expect(q('text-camp-single-round')).toBeNull();
    expect(q('row-camp-rec-0')!.textContent).toContain('+5.00 % … +20.0 %');
    expect(q('text-camp-verdict-0')!.textContent).toContain('Better');
  });

  it('keeps the too-few sentence across change, interval and p; sorts by the figures, ids with their rows', async () => {
    const rec = (partial: Partial<CampaignRecommendation>): CampaignRecommendation => ({
      test: 'SEQ_WRITE', metric: 'write_bw_bytes', direction: 'HIGHER', winner: 'BASELINE', ratio: null,
      ratio_ci_low: null, ratio_ci_high: null, p_adjusted: null, verdict: 'NO_WINNER', summary: '', ...partial,
    });
    const { el, q, settle } = await renderResults(fakeDoneCampaign({ recommendation: [
      rec({ test: 'RAND_READ_4K', metric: 'read_iops', winner: 'max-iops', ratio: 1.9, ratio_ci_low: 1.5,
        ratio_ci_high: 2.2, p_adjusted: 0.01, verdict: 'BETTER' }),
      rec({ verdict: 'INSUFFICIENT_RUNS', min_runs: 5 }),
      rec({ test: 'SEQ_READ', metric: 'read_bw_bytes', ratio: 1.1, ratio_ci_low: 0.9, ratio_ci_high: 1.3,
        p_adjusted: 0.3 }),
    ] }));
    const table = q('table-camp-rec-table')!;
    const order = () => [...el.querySelectorAll<HTMLElement>('tr[data-test^="row-camp-rec-"]')]
      .map((r) => r.dataset['test']);
    expect(order()).toEqual(['row-camp-rec-0', 'row-camp-rec-1', 'row-camp-rec-2']);   // the server's order first
    // a table row, one cell per column: the sentence spans three, the two it covers are not shown
    const cells = [...q('row-camp-rec-1')!.querySelectorAll('td')];
    expect(cells.length).toBe(7);
    expect(q('cell-camp-too-few-1')!.getAttribute('colspan')).toBe('3');
    expect(cells.filter((td) => td.classList.contains('merged')).length).toBe(2);
    expect(q('row-camp-rec-0')!.querySelectorAll('td.merged').length).toBe(0);

    headerCell(table, 'Change').click();   // largest change first; +90 % above +10 % as numbers; none last
    await settle();
    expect(order()).toEqual(['row-camp-rec-0', 'row-camp-rec-2', 'row-camp-rec-1']);
    headerCell(table, 'Test').click();   // the catalog's order: sequential write, sequential read, random read
    await settle();
    expect(order()).toEqual(['row-camp-rec-1', 'row-camp-rec-2', 'row-camp-rec-0']);
    expect(q('text-camp-verdict-0')!.textContent).toContain('Better');   // ids travel with their row
    expect(q('cell-camp-winner-2')!.textContent).toContain('Baseline');
    expect(q('cell-camp-winner-1')!.textContent!.trim()).toBe('—');
  });
});
