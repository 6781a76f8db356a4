import { fakeCampaign, fakeDoneCampaign } from '../../testing/campaign-fixtures';
import { compareLink, stepsDone, whereWords, winnerWords } from './campaign-words';

describe('campaign words', () => {
  it('links the merged results to Compare, baseline first', () => {
    expect(compareLink(fakeDoneCampaign({ results: { 'max-iops': 22, BASELINE: 21, other: 23 } })))
      .toEqual({ ids: '21,22,23', baseline: 21 });
  });

  it('has no compare link before two merged results exist', () => {
    expect(compareLink(fakeCampaign())).toBeNull();
    expect(compareLink(fakeCampaign({ results: { BASELINE: 21 } }))).toBeNull();
  });

  it('counts measured steps', () => {
    expect(stepsDone(fakeCampaign())).toEqual({ done: 1, total: 2 });
  });

  it('says the winner in words and, once finished, how many measurements were made instead of "done" twice', () => {
    const names = (id: string) => ({ 'max-iops': 'Max IOPS' } as Record<string, string>)[id] ?? id;
    expect(winnerWords('BASELINE', names)).toBe('Baseline (the configuration before the campaign)');
    expect(winnerWords('max-iops', names)).toBe('Max IOPS');
    // a value on its own under its label ('Winner'), so it starts with a capital like the others
    expect(winnerWords(null, names)).toBe('None');
    const done = fakeDoneCampaign({ progress: 'done' });
    const where = whereWords(done);
    expect(where.key).toBe('{done} of {total} measurements done');
    expect(where.params).toEqual(stepsDone(done));
    expect(whereWords(fakeCampaign({ progress: 'round 1/3 · Max IOPS' })).key).toBe('round 1/3 · Max IOPS');
  });
});
