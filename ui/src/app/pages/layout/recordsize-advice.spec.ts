import { ApiCallError, ApiValidationError, FailedJobError } from '../../api/api-errors';
import { fakeJob } from '../../testing/fixtures';
import {
  busyWords, headline, isBusyRefusal, lessSpaceElsewhere, recordId, recordsizeOptions, shareWords, wasStopped, withoutErrname,
} from './recordsize-advice';

describe('recordsize advice', () => {
  it('sends the dataset and only the limits typed', () => {
    expect(recordsizeOptions({ dataset: 'tank/media', maxEntries: null, maxSeconds: null })).toEqual({ dataset: 'tank/media' });
    expect(recordsizeOptions({ dataset: 'tank/media', maxEntries: 1000, maxSeconds: 5 }))
      .toEqual({ dataset: 'tank/media', max_entries: 1000, max_seconds: 5 });
  });

  it('heads the answer with what to do: use another size, keep this one, or use one when the current is unknown', () => {
    const scan = { files: 10, bytes: 4096 };
    expect(headline({ change: true, recommended_words: '1 MiB', current_words: '128 KiB', scan }))
      .toEqual({ key: 'Use {size} (now {current})', params: { size: '1 MiB', current: '128 KiB' } });
    expect(headline({ change: false, recommended_words: '128 KiB', current_words: '128 KiB', scan }))
      .toEqual({ key: 'Keep {size}', params: { size: '128 KiB' } });
    expect(headline({ change: false, recommended_words: '128 KiB', current_words: null, scan }))
      .toEqual({ key: 'Use {size}', params: { size: '128 KiB' } });
  });

  it('gives no advice without data to judge by', () => {
    const answer = { change: false, recommended_words: '128 KiB', current_words: '128 KiB' };
    expect(headline({ ...answer, scan: { files: 0, bytes: 0 } })).toEqual({ key: 'No files to judge by: no advice' });
    expect(headline({ ...answer, scan: { files: 3, bytes: 0 } })).toEqual({ key: 'Only empty files to judge by: no advice' });
  });

  it('knows when another record size adds less than the advised one, and keeps ZFS’s spelling for ids', () => {
    const candidates = [[128, 2400], [512, 0], [1024, 0]].map(([kib, tail]) => ({ record: kib * 1024, tail_bytes: tail }));
    const scan = { files: 10, bytes: 4096 };
    expect(lessSpaceElsewhere({ recommended: 128 * 1024, candidates, scan } as never)).toBe(true);
    expect(lessSpaceElsewhere({ recommended: 512 * 1024, candidates, scan } as never)).toBe(false);
    expect(lessSpaceElsewhere({ recommended: 128 * 1024, candidates, scan: { files: 0, bytes: 0 } } as never)).toBe(false);
    expect([16 * 1024, 128 * 1024, 1024 * 1024].map(recordId)).toEqual(['16K', '128K', '1M']);
  });

  it('reads a share as a percentage with one decimal', () => {
    expect(shareWords(0.0497)).toBe('5.0 %');
    expect(shareWords(0)).toBe('0.0 %');
  });

  it('knows a busy box’s refusal from the call (errname) or from the failed job (its errno)', () => {
    expect(isBusyRefusal(new ApiCallError('[EBUSY] held', 'EBUSY', 16, -32001))).toBe(true);
    expect(isBusyRefusal(new FailedJobError(fakeJob({ state: 'FAILED', error: '[EBUSY] held',
      exc_info: { type: 'CallError', errno: 16, extra: null } })))).toBe(true);
    expect(isBusyRefusal(new FailedJobError(fakeJob({ state: 'FAILED', error: '[ENOENT] gone',
      exc_info: { type: 'CallError', errno: 2, extra: null } })))).toBe(false);
    expect(isBusyRefusal(new ApiValidationError([{ attribute: 'options.dataset', message: 'x', errno: 22 }]))).toBe(false);
  });

  it('says what holds the box in words, never its method name or job number', () => {
    const words = busyWords({ method: 'tuning.preset.apply' });
    expect(words.params).toEqual({ what: 'Applying a preset' });   // never its job number
    expect(busyWords(null).key).toContain('The box is busy with a benchmark or an apply');
  });

  it('drops the errno name a server message starts with, and knows a stopped walk', () => {
    expect(withoutErrname('[ENOENT] No dataset here.')).toBe('No dataset here.');
    expect(withoutErrname('No dataset here.')).toBe('No dataset here.');
    expect(wasStopped(new FailedJobError(fakeJob({ state: 'ABORTED' })))).toBe(true);
    expect(wasStopped(new FailedJobError(fakeJob({ state: 'FAILED' })))).toBe(false);
  });
});
