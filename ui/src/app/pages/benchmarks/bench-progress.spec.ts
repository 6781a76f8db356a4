import { FailedJobError } from '../../api/api-errors';
import { fakeJob } from '../../testing/fixtures';
import { benchmarkExtra, liveFigure, spaceRefusal, wasAborted } from './bench-progress';

const extra = { test: 'SEQ_WRITE', run: 2, runs: 5, phase: 'measure', mbps: 412.3, iops: 393 };

describe('benchmark progress', () => {
  it('reads the live rate of the current run', () => {
    expect(liveFigure(extra)).toEqual({
      test: 'Sequential write 1 MiB', run: '2/5', phase: 'measuring', mbps: '412 MB/s', iops: '393 IOPS',
    });
    expect(liveFigure({ ...extra, phase: 'ramp' })?.phase).toBe('warming up (not measured)');
  });

  it('has no live rate before fio runs or for another job\'s extra', () => {
    expect(liveFigure(null)).toBeNull();
    expect(benchmarkExtra({ restore_point_id: 3 })).toBeNull();
  });

  it('shows a space refusal with the directory figures', () => {
    const job = fakeJob({
      state: 'FAILED', error: '[ENOSPC] Not enough space to benchmark tank/media: needs 1.10 GiB',
      exc_info: {
        type: 'CallError', errno: 28,
        extra: { space: {
          required_bytes: 1024 ** 3, refquota_bytes: 1.1 * 1024 ** 3, filesystem_size_bytes: 10 * 1024 ** 3,
          filesystem_free_bytes: 512 * 1024 ** 2, margin_bytes: 512 * 1024 ** 2, free_after_bytes: -1,
        } },
      },
    });
    const refusal = spaceRefusal(new FailedJobError(job));
    expect(refusal?.message).toContain('Not enough space');
    expect(refusal?.figures).toEqual([
      ['Working set', '1 GiB'], ['Needed (working set + 10 %)', '1.1 GiB'], ['Filesystem size', '10 GiB'],
      ['Free', '512 MiB'], ['Must stay free', '512 MiB'],
    ]);
  });

  it('shows a pool refusal with the used percentages', () => {
    const job = fakeJob({
      state: 'FAILED', error: 'x',
      exc_info: { type: 'CallError', errno: 28, extra: { space: {
        required_bytes: 1, refquota_bytes: 2, pool_size_bytes: 100, pool_used_bytes: 70, pool_free_bytes: 30,
        used_percent_after: 85.5, max_used_percent: 80,
      } } },
    });
    expect(spaceRefusal(new FailedJobError(job))?.figures.slice(4)).toEqual([['Pool used after', '85.5 %'], ['Limit', '80.0 %']]);
  });

  it('tells other failures and aborts apart', () => {
    const failed = new FailedJobError(fakeJob({ state: 'FAILED', error: 'fio failed', exc_info: { type: 'CallError', errno: 5, extra: null } }));
    expect(spaceRefusal(failed)).toBeNull();
    expect(spaceRefusal(new Error('boom'))).toBeNull();
    expect(wasAborted(failed)).toBe(false);
    expect(wasAborted(new FailedJobError(fakeJob({ state: 'ABORTED' })))).toBe(true);
  });
});
