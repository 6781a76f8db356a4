import { ApiCallError, ApiValidationError, ConnectionLostError, jobToError } from '../api/api-errors';
import { fakeJob } from '../testing/fixtures';
import { changeFailureNote } from './change-failure';

const failedJob = (error: string, excInfo: { type: string; errno: number | null; extra: unknown }) =>
  jobToError(fakeJob({ state: 'FAILED', error, exc_info: excInfo }));

describe('changeFailureNote', () => {
  it('a refused call (a read-only session: EACCES) changed nothing', () => {
    const refused = new ApiCallError('Not authorized', 'EACCES', 13, -32001);
    expect(changeFailureNote(refused)).toBe('Nothing on the box was changed.');
  });

  it('a job refused by validation before its restore point changed nothing', () => {
    const error = failedJob('[EINVAL] options.acknowledge: sync needs acknowledging', {
      type: 'VALIDATION', errno: null, extra: [['options.acknowledge', 'sync needs acknowledging', 22]],
    });
    expect(error).toBeInstanceOf(ApiValidationError);
    expect(changeFailureNote(error)).toBe('Nothing on the box was changed.');
  });

  it('a failed transaction leaves the words to its own message (which says what it rolled back, if anything)', () => {
    for (const message of [
      // as middleware/tuning/transaction/engine.py words them
      'Setting Record size to 1 MiB on tank failed: busy. Nothing had been changed yet.',
      'Setting Synchronous writes to Disabled on tank failed: busy. Rolled back 1 change (Record size).',
      'Setting Synchronous writes to Disabled on tank failed: busy. Rolled back 2 changes (Synchronous writes, '
        + 'Record size). Could not put back: Compression (busy).',
    ]) {
      const note = changeFailureNote(failedJob(message, { type: 'CallError', errno: 14, extra: null }));
      expect(note).toBe('Restore points lists this attempt with each step it took.');
      expect(note).not.toMatch(/rolled back/i);
    }
  });

  it('never claims a rollback for a failure it cannot read', () => {
    const notes = [
      changeFailureNote(failedJob('The box is busy', { type: 'CallError', errno: 16, extra: null })),
      changeFailureNote(new ConnectionLostError('tuning.preset.apply')),
      changeFailureNote(new Error('boom')),
    ];
    expect(notes.every((n) => !/rolled back|nothing .* changed/i.test(n))).toBe(true);
  });
});
