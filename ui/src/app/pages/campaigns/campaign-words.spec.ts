import { fakeCampaign, fakeDoneCampaign } from '../../testing/campaign-fixtures';
import { compareLink, stepsDone } from './campaign-words';

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
});
