import { TestBed } from '@angular/core/testing';
import { Subject, throwError } from 'rxjs';

import { ApiValidationError, FailedJobError } from '../../api/api-errors';
import { Job } from '../../api/models/job';
import { AuthService } from '../../auth/auth.service';
import { JobsStore } from '../../jobs/jobs.store';
import { BoxStore } from '../../stores/box.store';
import { withDialogs } from '../../testing/dialog';
import { fakeBenchmark, fakeJob, fakeProfile, fakeState, fakeStats } from '../../testing/fixtures';
import { MockApiService, mockApi } from '../../testing/mock-api';
import { render } from '../../testing/render';
import { BenchmarkFormComponent } from './benchmark-form.component';

async function renderForm(configure: (api: MockApiService) => void, state = fakeState()) {
  const { api, providers } = mockApi((m) => {
    m.mockCall('tuning.profile', fakeProfile()).mockCall('tuning.state', state);
    configure(m);
  });
  const view = withDialogs(await render(BenchmarkFormComponent, providers, () => TestBed.inject(BoxStore).load()));
  return { api, ...view };
}

const running = (extra: unknown, description = 'run 1/2 · Sequential write 1 MiB · 412 MB/s'): Job =>
  fakeJob({ id: 7, method: 'tuning.benchmark.run', abortable: true, progress: { percent: 30, description, extra } });

describe('BenchmarkFormComponent', () => {
  it('gives the expert overrides fields wide enough for their whole labels (\'Measured seconds per run\')', async () => {
    const { q } = await renderForm(() => undefined);
    q('details-bench-advanced')!.querySelector('summary')!.click();
    for (const id of ['input-bench-runtime', 'input-bench-ramp', 'input-bench-working-set']) {
      // the label takes 196 px at the panel's 14 px rem, plus the field's 32 px of padding
      const { width } = getComputedStyle(q(id)!.closest('tp-number-field')!);
      expect(width.endsWith('rem') && parseFloat(width) * 14).toBeGreaterThanOrEqual(196 + 32);
      expect(getComputedStyle(q(id)!.closest('mat-form-field')!).width).toBe('100%');   // and the field fills it
    }
  });

  it('says the box reports no datasets in a dataset list that would open empty', async () => {
    const { options } = await renderForm((m) => m.mockCall('tuning.profile', { ...fakeProfile(), pools: [] }));
    expect(options('select-bench-dataset').map((o) => [o.text, o.disabled])).toEqual([['This box reports no datasets.', true]]);
  });

  it('starts a benchmark with the chosen tests and overrides, shows the live rate, and aborts', async () => {
    const rows = new Subject<Job>();
    const { api, q, type, choose, settle, options } = await renderForm((m) => m.mockJob('tuning.benchmark.run', () => rows));
    expect(options('select-bench-dataset').map((o) => o.value)).toEqual(['tank', 'tank/vms']);
    await choose('select-bench-dataset', 'tank/vms');
    q('checkbox-bench-test-seq-read')!.querySelector('input')!.click();
    q('checkbox-bench-test-rand-read-4k')!.querySelector('input')!.click();
    q('checkbox-bench-adaptive')!.querySelector('input')!.click();
    await type('input-bench-runs', '2');
    await type('input-bench-label', ' before ');
    await type('input-bench-runtime', '2');
    await type('input-bench-ramp', '0');
    q('button-bench-start')!.click();
    await settle();
    expect(api.callsOf('tuning.benchmark.run')).toEqual([[{
      dataset: 'tank/vms', tests: ['SEQ_WRITE', 'RAND_READ_4K'], profile: 'QUICK', runs: 2, adaptive: false,
      label: 'before', runtime_seconds: 2, ramp_seconds: 0,
    }]]);

    rows.next(running({ test: 'SEQ_WRITE', run: 1, runs: 2, phase: 'measure', mbps: 412.3, iops: 393 }));
    await settle();
    expect(q('text-job-description')!.textContent).toContain('run 1/2 · Sequential write 1 MiB · 412 MB/s');
    expect(q('text-bench-live-mbps')!.textContent).toBe('412 MB/s');
    expect(q('text-bench-live-iops')!.textContent).toBe('393 IOPS');
    expect(q<HTMLButtonElement>('button-bench-start')!.disabled).toBe(true);

    q('button-job-abort')!.click();
    expect(api.callsOf('core.job_abort')).toEqual([[7]]);
    rows.error(new FailedJobError(fakeJob({ id: 7, state: 'ABORTED', error: 'aborted' })));
    await settle();
    expect(q('text-bench-aborted')).not.toBeNull();
    expect(q('text-bench-live')).toBeNull();
  });

  it('reports the stored result with its headline medians', async () => {
    const stored: number[] = [];
    const result = fakeBenchmark({ id: 9, label: 'after' });
    result.summary.MIXED_70_30 = { read_iops: fakeStats([18_000, 18_741, 19_000]), write_iops: fakeStats([8_000, 8_084, 8_100]) };
    const { fixture, q, settle } = await renderForm((m) => m.mockJob('tuning.benchmark.run', {
      ...fakeJob({ state: 'SUCCESS' }), result,
    }));
    fixture.componentInstance.stored.subscribe((r) => stored.push(r.id));
    q('button-bench-start')!.click();
    await settle();
    expect(stored).toEqual([9]);
    expect(q('text-bench-done')!.textContent).toContain('#9 “after”');
    expect(q('text-bench-done')!.textContent).toContain('400 MB/s');
    // the mixed test's two figures, each named by its direction as the details' tiles name them
    const lines = [...q('text-bench-done')!.querySelectorAll('dt')].map((dt) => `${dt.textContent} ${dt.nextElementSibling!.textContent}`);
    expect(lines).toEqual([
      'Sequential write 1 MiB 400 MB/s', 'Random read 4 KiB 12,000 IOPS',
      'Mixed 70/30 8 KiB · read 18,741 IOPS', 'Mixed 70/30 8 KiB · write 8,084 IOPS',
    ]);
  });

  it('puts the server\'s validation errors on the fields it names and closes the dialog', async () => {
    const { q, settle } = await renderForm((m) => m.mockJob('tuning.benchmark.run', () => throwError(() => new ApiValidationError([
      { attribute: 'spec.dataset', message: "No dataset 'tank' on this box.", errno: 2 },
      { attribute: 'spec.tests.0', message: "Input should be 'SEQ_WRITE', 'SEQ_READ' or 'RAND_READ_4K'", errno: 22 },
      { attribute: 'spec.runtime_seconds', message: 'Input should be greater than or equal to 1', errno: 22 },
    ]))));
    q('button-bench-start')!.click();
    await settle();
    expect(q('text-error-dataset')!.textContent).toBe("Dataset: No dataset 'tank' on this box.");
    expect(q('text-error-tests')!.textContent).toBe('Tests: is not one of the choices offered');
    expect(q('text-error-runtime-seconds')!.textContent).toBe('Measured seconds per run: must be at least 1');
    expect(q('text-job-dialog')).toBeNull();
    expect(q('text-bench-error')).toBeNull();
  });

  it('sends nothing its own checks refuse and says why under each field, in words', async () => {
    const { api, q, type, settle } = await renderForm((m) => m.mockJob('tuning.benchmark.run', () => throwError(() => new Error('not sent'))));
    expect(q('text-error-tests')).toBeNull();
    q('checkbox-bench-test-seq-write')!.querySelector('input')!.click();
    q('checkbox-bench-test-seq-read')!.querySelector('input')!.click();
    await type('input-bench-runtime', '0');
    q('button-bench-start')!.click();
    await settle();
    expect(api.callsOf('tuning.benchmark.run')).toEqual([]);
    expect(q('text-error-tests')!.textContent).toBe('Tests: choose at least one');
    expect(q('text-error-runtime-seconds')!.textContent).toBe('Measured seconds per run: must be at least 1');
    expect(q('form-bench-form')!.hasAttribute('novalidate')).toBe(true);
  });

  it('shows a space refusal with its figures', async () => {
    const job = fakeJob({
      state: 'FAILED', error: '[ENOSPC] Not enough space to benchmark tank: the benchmark needs 1.10 GiB',
      exc_info: { type: 'CallError', errno: 28, extra: { space: {
        required_bytes: 1024 ** 3, refquota_bytes: 1.1 * 1024 ** 3, filesystem_size_bytes: 8 * 1024 ** 3,
        filesystem_free_bytes: 1024 ** 3, margin_bytes: 409 * 1024 ** 2, free_after_bytes: -1,
      } } },
    });
    const { api, q, type, settle } = await renderForm((m) => m.mockJob('tuning.benchmark.run', () => throwError(() => new FailedJobError(job))));
    await type('input-bench-working-set', '1024');
    q('button-bench-start')!.click();
    await settle();
    expect((api.callsOf('tuning.benchmark.run')[0][0] as { working_set_bytes: number }).working_set_bytes).toBe(1024 ** 3);
    expect(q('text-job-error')!.textContent).toContain('Not enough space');
    expect(q('text-bench-space')!.textContent).toContain('Free1 GiB');
    expect(q('text-bench-space')!.textContent).toContain('Must stay free409 MiB');
  });

  it('waits while the box is busy with another job', async () => {
    const { q } = await renderForm(() => undefined, fakeState({ busy: { job_id: 3, method: 'tuning.preset.apply' } }));
    expect(q('text-bench-busy')!.textContent).toContain('The box is busy: Applying a preset.');
    expect(q('text-bench-busy')!.textContent).toContain('Benchmarks and applies exclude each other.');
    expect(q('text-bench-busy')!.textContent).not.toContain('job');
    expect(q<HTMLButtonElement>('button-bench-start')!.disabled).toBe(true);
  });

  it('runs in the background from its dialog (button or Esc) and still reports the stored result', async () => {
    const rows = new Subject<Job>();
    let current = rows;
    const { fixture, q, settle } = await renderForm((m) => m.mockJob('tuning.benchmark.run', () => current));
    const stored: number[] = [];
    fixture.componentInstance.stored.subscribe((r) => stored.push(r.id));
    q('button-bench-start')!.click();
    rows.next(running(null));
    await settle();
    q('button-job-minimize')!.click();
    await settle();
    expect(q('text-job-dialog')).toBeNull();
    expect(q<HTMLButtonElement>('button-bench-start')!.disabled).toBe(true);   // the job goes on

    rows.next({ ...running(null), state: 'SUCCESS', result: fakeBenchmark({ id: 12 }) } as Job);
    rows.complete();
    await settle();
    expect(stored).toEqual([12]);
    expect(q('text-job-dialog')).toBeNull();

    const again = new Subject<Job>();   // a new run starts with its dialog shown
    current = again;
    q('button-bench-start')!.click();
    again.next(running(null));
    await settle();
    expect(q('text-job-dialog')).not.toBeNull();
    document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await settle();
    expect(q('text-job-dialog')).toBeNull();
  });

  it('shows the benchmark the box is running, come back to, with its progress and Abort, not only "busy"', async () => {
    const job = fakeJob({ id: 12, method: 'tuning.benchmark.run', abortable: true, state: 'RUNNING',
      credentials: { type: 'LOGIN_PASSWORD', data: { username: 'root' } },
      progress: { percent: 40, description: 'run 2/3 · Sequential write 1 MiB', extra: { test: 'SEQ_WRITE', run: 2, runs: 3, phase: 'measure', mbps: 380, iops: 362 } } });
    const { api, q, settle } = await renderForm((m) => m.mockCall('core.get_jobs', [job]),
      fakeState({ busy: { job_id: 12, method: 'tuning.benchmark.run' } }));
    TestBed.inject(AuthService).username.set('root');
    await TestBed.inject(JobsStore).load();
    await settle();
    expect(q('text-bench-busy')).toBeNull();
    expect(q('text-bench-running')!.textContent!.trim()).toMatch(/^Benchmark is running(; | since )/);
    expect(q('text-bench-running')!.textContent).not.toContain('12');
    expect(q('text-bench-running-description')!.textContent).toContain('run 2/3 · Sequential write 1 MiB');
    expect(q('text-bench-running-description')!.textContent).toContain('380 MB/s');
    q<HTMLButtonElement>('button-bench-running-abort')!.click();
    expect(api.callsOf('core.job_abort')).toEqual([[12]]);
  });

  it('says only that the box is busy when the job is not known to the panel', async () => {
    const { q } = await renderForm(() => undefined, fakeState({ busy: { job_id: 3, method: 'tuning.preset.apply' } }));
    expect(q('text-bench-running')).toBeNull();
    expect(q('text-bench-busy')!.textContent).toContain('The box is busy');
  });
});
