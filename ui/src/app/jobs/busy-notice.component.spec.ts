import { fakeJob } from '../testing/fixtures';
import { interpolate } from '../i18n/translate.service';
import { busyWords } from './busy-notice.component';

const said = (w: ReturnType<typeof busyWords>) => interpolate(w.key, w.params);

describe('busyWords', () => {
  const busy = { job_id: 6, method: 'tuning.benchmark.run' };

  it('says what runs, since when and how far it is, never its job number', () => {
    const job = fakeJob({ id: 6, method: 'tuning.benchmark.run', time_started: { $date: Date.UTC(2026, 10, 27, 9, 31) },
      progress: { percent: 40, description: 'run 2/5 · Sequential write 1 MiB · starting', extra: null } });
    const text = said(busyWords(busy, job, 'en-GB'));
    expect(text).toMatch(/^The box is busy: Benchmark, running since 27 Nov 2026, \d\d:31 \(40 %, run 2\/5 · Sequential write 1 MiB · starting\)\.$/);
    expect(text).not.toContain('job 6');
  });

  it('without the job in this session says what runs alone', () => {
    expect(said(busyWords(busy, undefined))).toBe('The box is busy: Benchmark.');
    expect(said(busyWords({ method: 'tuning.preset.apply' }, undefined))).toBe('The box is busy: Applying a preset.');
  });
});
