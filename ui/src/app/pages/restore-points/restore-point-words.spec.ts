import { revertButtonWords, revertOutcomeWords } from './restore-point-words';

describe('revertOutcomeWords', () => {
  it('says one setting in the singular, more in the plural, and none as nothing to change', () => {
    expect(revertOutcomeWords(1)).toEqual({ key: 'Reverted. 1 setting was put back.', params: {} });
    expect(revertOutcomeWords(3)).toEqual({ key: 'Reverted. {n} settings were put back.', params: { n: 3 } });
    expect(revertOutcomeWords(0).key).toBe('Reverted. Nothing needed to change.');
  });
});

describe('revertButtonWords', () => {
  it('says what undoing a revert brings back, so nobody re-applies a preset by mistake', () => {
    expect(revertButtonWords('APPLY', undefined, 'Max IOPS').key).toBe('Revert…');
    expect(revertButtonWords('PUT_BACK', undefined, 'Max IOPS').key).toBe('Revert…');
    expect(revertButtonWords('REVERT', 'APPLY', 'Max IOPS')).toEqual({ key: 'Re-apply {preset}…', params: { preset: 'Max IOPS' } });
    expect(revertButtonWords('REVERT', 'REVERT', 'Max IOPS')).toEqual({ key: 'Revert {preset} again…', params: { preset: 'Max IOPS' } });
    expect(revertButtonWords('REVERT', 'PUT_BACK', null).key).toBe('Put back again…');
    expect(revertButtonWords('REVERT', undefined, 'Max IOPS').key).toBe('Undo this revert…');   // what it undid not shown
  });
});
