import { TestBed } from '@angular/core/testing';
import { provideRouter } from '@angular/router';

import { URL_FETCH } from '../../shared/report-download';
import { fakeDoneCampaign } from '../../testing/campaign-fixtures';
import { mockApi } from '../../testing/mock-api';
import { CampaignResultsComponent } from './campaign-results.component';
import { Campaign } from '../../api/models/tuning-campaign';

async function renderResults(campaign: Campaign) {
  const { providers } = mockApi((m) => m.mockCall('core.download', [5, '/_download/5?auth_token=t']));
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
  return { q: (id: string) => el.querySelector<HTMLElement>(`[data-test="${id}"]`) };
}

describe('CampaignResultsComponent', () => {
  it('says too few runs, with the runs needed, and marks a single round', async () => {
    const { q } = await renderResults(fakeDoneCampaign({
      single_round: true,
      recommendation: [{
        test: 'SEQ_WRITE', metric: 'write_bw_bytes', direction: 'HIGHER', winner: 'BASELINE', ratio: null,
        ratio_ci_low: null, ratio_ci_high: null, p_adjusted: null, verdict: 'INSUFFICIENT_RUNS', min_runs: 5,
        single_round: true, summary: 'too few runs for a verdict (need 5 per configuration)',
      }],
    }));
    expect(q('camp-single-round')!.textContent).toContain('Do not trust this recommendation beyond this run');
    expect(q('camp-too-few-0')!.textContent).toContain('too few runs for a verdict (need 5 per configuration)');
    expect(q('camp-verdict-0')!.textContent).toContain('Too few runs');
    expect(q('camp-rec-0')!.textContent).not.toContain('…');
  });

  it('shows the interval and p of a winner and no single-round banner otherwise', async () => {
    const { q } = await renderResults(fakeDoneCampaign());
    expect(q('camp-single-round')).toBeNull();
    expect(q('camp-rec-0')!.textContent).toContain('+5.0 % … +20.0 %');
    expect(q('camp-verdict-0')!.textContent).toContain('Better');
  });
});
