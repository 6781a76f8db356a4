import { TestBed } from '@angular/core/testing';
import { Observable, Subject, throwError } from 'rxjs';

import { ApiCallError, ApiValidationError, FailedJobError } from '../../api/api-errors';
import { Job } from '../../api/models/job';
import { BoxStore } from '../../stores/box.store';
import { fakeJob, fakeProfile, fakeState } from '../../testing/fixtures';
import { MockApiService, mockApi } from '../../testing/mock-api';
import { render } from '../../testing/render';
import { READ_ONLY_ROLES, controlState, provideRoles } from '../../testing/roles';
import { RecordsizeAdviceComponent } from './recordsize-advice.component';
import { RecordsizeAnswer } from './recordsize-advice';

const KiB = 1024;
const MiB = 1024 * KiB;
const GiB = 1024 * MiB;

function fakeRecordsizeAnswer(part: Partial<RecordsizeAnswer> = {}): RecordsizeAnswer {
  const records: [number, string, number, number][] = [
    [16 * KiB, '16 KiB', 3 * MiB, 0.0001], [32 * KiB, '32 KiB', 6 * MiB, 0.0002], [64 * KiB, '64 KiB', 12 * MiB, 0.0004],
    [128 * KiB, '128 KiB', 25 * MiB, 0.0008], [256 * KiB, '256 KiB', 50 * MiB, 0.0016],
    [512 * KiB, '512 KiB', 101 * MiB, 0.0033], [MiB, '1 MiB', 1.5 * GiB, 0.0497],
  ];
  return {
    dataset: 'tank/vms', recommended: MiB, recommended_words: '1 MiB', current: 128 * KiB, current_words: '128 KiB',
    change: true,
    reasons: ['97 % of the data is in files of 1 MiB or more, read and written whole: 1 MiB records mean fewer blocks to track.',
      'A new record size applies to data written from then on; the files already here keep 128 KiB records until they are rewritten.'],
    large_share: 0.97, in_place_share: 0, in_place_kinds: null,
    scan: { files: 1204, bytes: 30 * GiB, directories: 96, complete: true, seconds: 2.5,
      words: '1,204 files (30 GiB) in 96 folders: all of the dataset.' },
    histogram: [
      { up_to_bytes: 0, up_to_words: 'empty', files: 3, bytes: 0, bytes_words: '0 B' },
      { up_to_bytes: 4 * KiB, up_to_words: '4 KiB', files: 200, bytes: 500 * KiB, bytes_words: '500 KiB' },
      { up_to_bytes: 2 * GiB, up_to_words: '2 GiB', files: 1001, bytes: 29.9 * GiB, bytes_words: '29.9 GiB' },
    ],
    candidates: records.map(([record, record_words, tail_bytes, tail_share]) => ({
      record, record_words, tail_bytes, tail_share, words: `${tail_bytes} bytes in the last, partial record of each larger file`,
    })),
    special: [4, 8].map((k) => ({ limit: k * KiB, limit_words: `${k} KiB`, bytes: 500 * KiB, bytes_words: '500 KiB',
      words: `files of ${k} KiB or less add up to 500 KiB` })),
    ...part,
  };
}

const progress = (description: string, percent = 30): Job =>
  fakeJob({ id: 12, method: 'tuning.advice.recordsize', abortable: true, progress: { percent, description, extra: null } });
const done = (answer: RecordsizeAnswer): Job => ({ ...progress('1,204 files looked at', 100), state: 'SUCCESS', result: answer });

/** The job's name as MockApiService.mockJob takes it (ApiJobDirectory does not list it yet: see recordsizeJob). */
const RECORDSIZE = 'tuning.advice.recordsize';

async function renderAdvice(job: (params: unknown[]) => Observable<Job>, { roles, state = fakeState() }:
  { roles?: readonly string[]; state?: ReturnType<typeof fakeState> } = {}) {
  const { api, providers } = mockApi((m: MockApiService) => {
    m.mockCall('tuning.profile', fakeProfile()).mockCall('tuning.state', state).mockJob(RECORDSIZE, job);
  });
  const view = await render(RecordsizeAdviceComponent, [...providers, ...(roles ? [provideRoles(roles)] : [])],
    () => TestBed.inject(BoxStore).load());
  return { api, ...view };
}

describe('RecordsizeAdviceComponent', () => {
  it('looks at the chosen dataset’s files within the limits typed, shows the walk’s progress in words and stops it', async () => {
    const rows = new Subject<Job>();
    const { api, q, choose, type, options, settle } = await renderAdvice(() => rows);
    expect(options('select-recordsize-dataset').map((o) => o.value)).toEqual(['tank', 'tank/vms']);
    expect(q<HTMLButtonElement>('button-recordsize-start')!.disabled).toBe(true);   // nothing chosen yet
    await choose('select-recordsize-dataset', 'tank/vms');
    q('summary-recordsize-limits')!.click();
    await type('input-recordsize-entries', '20000');
    await type('input-recordsize-seconds', '30');
    expect(q('details-recordsize-limits')!.textContent).toContain('100 to 5,000,000; empty: 500,000');
    q('button-recordsize-start')!.click();
    await settle();
    expect(api.callsOf('tuning.advice.recordsize')).toEqual([[{ dataset: 'tank/vms', max_entries: 20000, max_seconds: 30 }]]);
    expect(q('text-recordsize-progress-words')!.textContent).toContain('Starting…');
    expect(q<HTMLButtonElement>('button-recordsize-stop')!.disabled).toBe(true);   // no job id yet
    rows.next(progress('', 0));   // the job's first row, before the walk says anything
    await settle();
    expect(q('text-recordsize-progress-words')!.textContent).toContain('Starting…');

    rows.next(progress('3,100 files looked at (12.4 GiB)'));
    await settle();
    expect(q('text-recordsize-progress-words')!.textContent).toBe('3,100 files looked at (12.4 GiB)');
    expect(q<HTMLButtonElement>('button-recordsize-start')!.disabled).toBe(true);
    q('button-recordsize-stop')!.click();
    await settle();
    expect(api.callsOf('core.job_abort')).toEqual([[12]]);
    rows.error(new FailedJobError(fakeJob({ id: 12, state: 'ABORTED', error: 'aborted' })));
    await settle();
    expect(q('text-recordsize-running')).toBeNull();
    expect(q('text-recordsize-stopped')!.textContent).toContain('Stopped before the walk ended');
    expect(q('text-recordsize-error')).toBeNull();
  });

  it('leaves the limits to the server when none is typed', async () => {
    const { api, q, choose, settle } = await renderAdvice(() => new Subject<Job>());
    await choose('select-recordsize-dataset', 'tank');
    q('button-recordsize-start')!.click();
    await settle();
    expect(api.callsOf('tuning.advice.recordsize')).toEqual([[{ dataset: 'tank' }]]);
  });

  it('answers in words: the record size to use and the current one, why, the walk, the sizes seen, the last records, the special vdev', async () => {
    const answer = fakeRecordsizeAnswer();
    const { q, all, choose, settle } = await renderAdvice(() => new Observable<Job>((s) => {
      s.next(progress('Looking at the files of tank/vms', 0));
      s.next(done(answer));
      s.complete();
    }));
    await choose('select-recordsize-dataset', 'tank/vms');
    q('button-recordsize-start')!.click();
    await settle();
    expect(q('text-recordsize-headline')!.textContent!.trim()).toBe('Use 1 MiB (now 128 KiB)');
    expect(q('list-recordsize-reasons')!.textContent).toContain('97 % of the data is in files of 1 MiB or more');
    expect(q('text-recordsize-scan')!.textContent).toContain('1,204 files (30 GiB) in 96 folders');
    expect(all('row-recordsize-size-').map((r) => r.dataset['test']))
      .toEqual(['row-recordsize-size-0', 'row-recordsize-size-4096', `row-recordsize-size-${2 * GiB}`]);
    expect(q('row-recordsize-size-0')!.textContent).toContain('empty files');
    const large = q(`row-recordsize-size-${2 * GiB}`)!.textContent;
    expect(large).toContain('2 GiB');
    expect(large).toContain('1,001');
    expect(large).toContain('29.9 GiB');
    const advised = q('row-recordsize-candidate-1m')!;
    expect(advised.classList).toContain('advised');
    expect(advised.textContent).toContain('advised');
    expect(advised.textContent).toContain('1.5 GiB');
    expect(advised.textContent).toContain('5.0 %');
    expect(q('row-recordsize-candidate-128k')!.textContent).toContain('now');
    expect(q('row-recordsize-candidate-128k')!.textContent).toContain('25 MiB');
    expect(q('list-recordsize-special')!.textContent).toContain('files of 4 KiB or less add up to 500 KiB');
    const texts = [...q('section-recordsize-answer')!.querySelectorAll('td, li, p')].map((e) => e.textContent!.trim());
    expect(texts.filter((t) => /\d{5,}|\b[A-Z]+_[A-Z_]+\b/.test(t))).toEqual([]);   // no byte counts, keys or enums
  });

  it('says “Keep” when the files call for the record size the dataset has', async () => {
    const answer = fakeRecordsizeAnswer({ recommended: 128 * KiB, recommended_words: '128 KiB', change: false, reasons: ['A mix.'] });
    const { q, choose, settle } = await renderAdvice(() => new Observable<Job>((s) => {
      s.next(done(answer));
      s.complete();
    }));
    await choose('select-recordsize-dataset', 'tank/vms');
    q('button-recordsize-start')!.click();
    await settle();
    expect(q('text-recordsize-headline')!.textContent!.trim()).toBe('Keep 128 KiB');
  });

  it('writes record sizes as the rest of the panel does, and says why the advised size is not the one that adds least', async () => {
    // the walk's own figures (h-admin-1280-37): files of 512 KiB or less, so 512 KiB and 1 MiB records add nothing
    const tails: [number, number][] = [[16 * KiB, 0.01], [32 * KiB, 0.03], [64 * KiB, 0.183], [128 * KiB, 0.285], [256 * KiB, 0.203],
      [512 * KiB, 0], [MiB, 0]];
    const answer = fakeRecordsizeAnswer({ recommended: 128 * KiB, recommended_words: '128 KiB', change: false, reasons: ['A mix.'],
      candidates: tails.map(([record, share]) => ({ record, record_words: record === MiB ? '1 MiB' : `${record / KiB} KiB`,
        tail_bytes: Math.round(share * 8.4 * GiB), tail_share: share, words: '' })) });
    const { q, choose, settle } = await renderAdvice(() => new Observable<Job>((s) => {
      s.next(done(answer));
      s.complete();
    }));
    await choose('select-recordsize-dataset', 'tank/vms');
    q('button-recordsize-start')!.click();
    await settle();
    const advised = q('row-recordsize-candidate-128k')!.textContent!;
    expect(advised).toContain('128 KiB');
    expect(advised).toContain('28.5 %');
    expect(q('row-recordsize-candidate-1m')!.textContent).toContain('1 MiB');
    expect(q('section-recordsize-answer')!.textContent).not.toMatch(/\b\d+[KM]\b/);   // never ZFS's 128K beside 128 KiB
    expect(q('text-recordsize-why-not-least')!.textContent).toContain('this column counts only each file’s last, partial record');
    expect(q('text-recordsize-why-not-least')!.textContent).toContain('The scan saw sizes only');
  });

  it('gives no advice for a dataset without files, rather than a headline “Keep”', async () => {
    const answer = fakeRecordsizeAnswer({ recommended: 128 * KiB, recommended_words: '128 KiB', change: false,
      reasons: ['The scan found no data: nothing here calls for a change.'], histogram: [],
      scan: { files: 0, bytes: 0, directories: 1, complete: true, seconds: 0.1, words: '0 files (0 B) in 1 folder: all of the dataset.' },
      candidates: fakeRecordsizeAnswer().candidates.map((c) => ({ ...c, tail_bytes: 0, tail_share: 0 })) });
    const { q, all, choose, settle } = await renderAdvice(() => new Observable<Job>((s) => {
      s.next(done(answer));
      s.complete();
    }));
    await choose('select-recordsize-dataset', 'tank/vms');
    q('button-recordsize-start')!.click();
    await settle();
    expect(q('text-recordsize-headline')!.textContent!.trim()).toBe('No files to judge by: no advice');
    expect(q('text-recordsize-no-candidates')!.textContent).toContain('No files: nothing to count.');
    expect(all('row-recordsize-candidate-')).toEqual([]);
    expect(q('section-recordsize-answer')!.textContent).not.toContain('advised');
    expect(q('text-recordsize-why-not-least')).toBeNull();
  });

  it('shows the server’s refusal under the field it names, and a refused limit with “Limits” opened', async () => {
    const { q, choose, settle } = await renderAdvice(() => throwError(() => new ApiValidationError([
      { attribute: 'options.dataset', message: "'tank/vms' is not mounted: there are no files to look at.", errno: 2 },
      { attribute: 'tuning.advice.recordsize.options.max_seconds', message: 'Input should be less than or equal to 600', errno: 22 },
    ])));
    await choose('select-recordsize-dataset', 'tank/vms');
    q('button-recordsize-start')!.click();
    await settle();
    expect(q('text-error-recordsize-dataset')!.textContent).toBe("Dataset: 'tank/vms' is not mounted: there are no files to look at.");
    expect(q('text-error-max-seconds')!.textContent).toBe('Most seconds: must be at most 600');
    expect(q<HTMLDetailsElement>('details-recordsize-limits')!.open).toBe(true);
    expect(q('text-recordsize-error')).toBeNull();
    expect(q('section-recordsize-answer')).toBeNull();
  });

  it('says a busy box’s refusal as a plain sentence, naming the job that holds it', async () => {
    const busy = new FailedJobError(fakeJob({
      id: 12, method: 'tuning.advice.recordsize', state: 'FAILED',
      error: '[EBUSY] tuning.benchmark.run (job 4) is running: a walk of the files now would slow it and change its figures.',
      exc_info: { type: 'CallError', errno: 16, extra: null },
    }));
    const { q, choose, settle } = await renderAdvice(() => throwError(() => busy));
    await choose('select-recordsize-dataset', 'tank/vms');
    q('button-recordsize-start')!.click();
    await settle();
    const text = q('text-recordsize-error')!.textContent!;
    expect(text).toContain('The box is busy with a benchmark or an apply: looking at the files now would slow it');
    expect(text).not.toContain('EBUSY');
    expect(text).not.toContain('tuning.');
  });

  it('waits while the box is busy, saying with what', async () => {
    const { q, choose } = await renderAdvice(() => throwError(() => new ApiCallError('[EBUSY] busy', 'EBUSY', 16)),
      { state: fakeState({ busy: { job_id: 4, method: 'tuning.benchmark.run' } }) });
    await choose('select-recordsize-dataset', 'tank/vms');
    expect(q('text-recordsize-busy-now')!.textContent).toContain('The box is busy: Benchmark.');
    expect(q<HTMLButtonElement>('button-recordsize-start')!.disabled).toBe(true);
  });

  it('lets a read-only user look at the files (it reads only)', async () => {
    const { api, q, el, choose, settle } = await renderAdvice(() => new Subject<Job>(), { roles: READ_ONLY_ROLES });
    await choose('select-recordsize-dataset', 'tank/vms');
    expect(controlState(el, 'button-recordsize-start')).toEqual({ disabled: false, needs: null, says: null });
    q('button-recordsize-start')!.click();
    await settle();
    expect(api.callsOf('tuning.advice.recordsize')).toEqual([[{ dataset: 'tank/vms' }]]);
    expect(q('text-recordsize-running')).not.toBeNull();
  });
});
