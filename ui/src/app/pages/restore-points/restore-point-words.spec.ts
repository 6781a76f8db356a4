import { revertOutcomeWords } from './restore-point-words';

describe('revertOutcomeWords', () => {
  it('says one setting in the singular, more in the plural, and none as nothing to change', () => {
    expect(revertOutcomeWords(1)).toEqual({ key: 'Reverted. 1 setting was put back.', params: {} });
    expect(revertOutcomeWords(3)).toEqual({ key: 'Reverted. {n} settings were put back.', params: { n: 3 } });
    expect(revertOutcomeWords(0).key).toBe('Reverted. Nothing needed to change.');
  });
});
