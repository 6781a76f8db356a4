// Reading a campaign for people (pure).
import { Campaign, CampaignState } from '../../api/models/tuning-campaign';
import { T } from '../../i18n/translate-marker';

export const STATE_WORDS: Record<CampaignState, string> = {
  RUNNING: T('running'),
  REBOOTING: T('restarting the box'),
  RESTORING: T('putting the original configuration back'),
  DONE: T('done'),
  FAILED: T('failed'),
  ABORTED: T('aborted'),
};

/** Query parameters of the Compare page for a campaign's merged results, the baseline first; null before any. */
export function compareLink(campaign: Campaign): { ids: string; baseline: number } | null {
  const results = campaign.results ?? {};
  const baseline = results['BASELINE'];
  const ids = [...new Set([baseline, ...Object.values(results)].filter((id): id is number => typeof id === 'number'))];
  if (ids.length < 2) {
    return null;
  }
  return { ids: ids.join(','), baseline: ids[0] };
}

/** "2 of 6 steps measured". */
export function stepsDone(campaign: Campaign): { done: number; total: number } {
  return { done: campaign.steps.filter((s) => s.status === 'DONE').length, total: campaign.steps.length };
}

/** A recommendation's winner in words: the baseline (the box as it was), or the preset's name. */
export function winnerWords(winner: string | null | undefined, nameOf: (id: string) => string): string {
  if (!winner) {
    return T('None');
  }
  return winner === 'BASELINE' ? T('Baseline (the configuration before the campaign)') : nameOf(winner);
}

const FINISHED: ReadonlySet<CampaignState> = new Set(['DONE', 'FAILED', 'ABORTED']);

/** Where a campaign is: the server's words while it runs; once finished, how many measurements it made (its state is
 *  beside it already: never "done / done"). */
export function whereWords(campaign: Campaign): { key: string; params?: Record<string, unknown> } {
  if (FINISHED.has(campaign.state)) {
    return { key: T('{done} of {total} measurements done'), params: stepsDone(campaign) };
  }
  return { key: campaign.progress };
}
