import { TestBed } from '@angular/core/testing';

import { FailedJobError, errorMessage } from '../api/api-errors';
import { Job } from '../api/models/job';
import { AuthService } from '../auth/auth.service';
import { declared } from '../testing/declared-styles';
import { fakeJob } from '../testing/fixtures';
import { mockApi } from '../testing/mock-api';
import { render } from '../testing/render';
import { READ_ONLY_ROLES, controlState, provideRoles } from '../testing/roles';
import { JobsPanelComponent } from './jobs-panel.component';
import { JobsStore } from './jobs.store';

async function renderPanel(rows: Job[], session: { user: string; roles: string[] } | null = null) {
  const { api, providers } = mockApi((m) => m.mockCall('core.get_jobs', rows));
  const sessionProviders = session
    ? [provideRoles(session.roles), { provide: AuthService, useValue: { username: () => session.user } }]
    : [];
  const view = await render(JobsPanelComponent, [...providers, ...sessionProviders],
    () => TestBed.inject(JobsStore).load());
  await view.settle();
  return { api, ...view };
}

describe('JobsPanelComponent', () => {
  it('shows running jobs in words with their progress and Abort, then how the recent ones ended', async () => {
    const { api, q, settle } = await renderPanel([
      fakeJob({ id: 9, method: 'tuning.benchmark.run', abortable: true,
        progress: { percent: 30, description: 'Sequential write: run 2 of 5', extra: null } }),
      fakeJob({ id: 4, method: 'tuning.preset.apply', state: 'FAILED', error: 'The pool tank is not imported.',
        time_finished: { $date: Date.UTC(2026, 10, 23, 10, 0) } }),
      fakeJob({ id: 3, method: 'tuning.restore_point.revert', state: 'SUCCESS' }),
    ]);
    expect(q('text-jobs-running-count')!.textContent!.trim()).toBe('1');
    expect(q('section-jobs-panel')).toBeNull();
    q('button-jobs-toggle')!.click();
    await settle();
    expect(q('item-job-9')!.textContent).toContain('Benchmark');
    expect(q('item-job-9')!.textContent).not.toContain('tuning.benchmark.run');
    expect(q('text-job-description-9')!.textContent).toContain('Sequential write: run 2 of 5');
    expect(q('text-job-state-4')!.textContent).toBe('Failed');
    expect(q('text-job-error-4')!.textContent).toContain('not imported');
    expect(q('item-job-4')!.textContent).toContain('Applying a preset');
    expect(q('text-job-state-3')!.textContent).toBe('Finished');
    q('button-job-abort-9')!.click();
    expect(api.callsOf('core.job_abort')).toEqual([[9]]);
  });

  it('tells several finished reports apart: by title, or what they are of, and their format', async () => {
    const report = (id: number, args: unknown[]) => fakeJob({ id, method: 'tuning.report.generate', state: 'SUCCESS', arguments: args });
    const { q, settle } = await renderPanel([
      report(3, [{ results: [4, 5, 6], title: 'Before and after the SLOG' }, 'HTML']),
      report(2, [{ results: [4, 5, 6] }, 'MARKDOWN']),
      report(1, [{ campaign: 2 }, 'CSV']),
    ]);
    q('button-jobs-toggle')!.click();
    await settle();
    expect(q('text-job-detail-3')!.textContent).toBe('“Before and after the SLOG”, HTML');
    expect(q('text-job-detail-2')!.textContent).toBe('Of 3 results, Markdown');
    expect(q('text-job-detail-1')!.textContent).toBe('Of campaign #2, CSV');
  });

  it('says how an aborted or reasonless failed job ended in words, never its method (nor a raw exception name)', async () => {
    const { q, settle } = await renderPanel([
      fakeJob({ id: 7, method: 'tuning.benchmark.run', state: 'ABORTED', error: 'JobAbortedException' }),
      fakeJob({ id: 6, method: 'tuning.report.generate', state: 'FAILED', error: null }),
    ]);
    q('button-jobs-toggle')!.click();
    await settle();
    expect(q('text-job-error-7')!.textContent).toBe('Benchmark stopped');
    expect(q('text-job-error-6')!.textContent).toBe('Report failed');
    expect(q('section-jobs-panel')!.textContent).not.toMatch(/tuning\.|Exception/);
    // the same words wherever a page shows the job's error
    const aborted = fakeJob({ id: 7, method: 'tuning.benchmark.run', state: 'ABORTED', error: null });
    expect(errorMessage(new FailedJobError(aborted))).toBe('Benchmark stopped');
  });

  it("wraps its text at its own width in its own font, not the header toolbar's nowrap title", async () => {
    const { q, settle } = await renderPanel([fakeJob({ id: 5, method: 'tunable.update', state: 'SUCCESS' })]);
    q('button-jobs-toggle')!.click();
    await settle();
    const panel = q('section-jobs-panel')!;
    expect(declared(panel, 'white-space')).toContain('normal');
    expect(declared(panel, 'overflow-wrap')).toContain('anywhere');
    expect(declared(panel.querySelector('h2')!, 'font-weight')).toContain('600');
    expect(q('text-jobs-folded')!.textContent).toContain('internal step');
  });

  it('closes on Esc and gives the focus back to its button', async () => {
    const { q, settle } = await renderPanel([]);
    q('button-jobs-toggle')!.click();
    await settle();
    expect(q('item-jobs-none-running')).not.toBeNull();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    await settle();
    expect(q('section-jobs-panel')).toBeNull();
    expect(document.activeElement).toBe(q('button-jobs-toggle'));
  });

  it("lets a read-only user abort their own job, not another user's (that needs the Full admin role)", async () => {
    const benchmark = (id: number, username: string) => fakeJob({
      id, method: 'tuning.benchmark.run', abortable: true, credentials: { type: 'LOGIN_PASSWORD', data: { username } },
    });
    const { api, el, q, settle } = await renderPanel([benchmark(7, 'admin'), benchmark(8, 'readonly')],
      { user: 'readonly', roles: READ_ONLY_ROLES });
    q('button-jobs-toggle')!.click();
    await settle();
    expect(controlState(el, 'button-job-abort-7')).toEqual({
      disabled: true, needs: 'FULL_ADMIN', says: 'Needs the Full admin role',
    });
    expect(controlState(el, 'button-job-abort-8')).toEqual({ disabled: false, needs: null, says: null });
    q('button-job-abort-7')!.click();
    q('button-job-abort-8')!.click();
    expect(api.callsOf('core.job_abort')).toEqual([[8]]);
  });

  it('folds the tunables TrueNAS writes for a change away, saying how many, and names new jobs in words', async () => {
    const { q, all, settle } = await renderPanel([
      fakeJob({ id: 12, method: 'tuning.drift.put_back', state: 'SUCCESS' }),
      fakeJob({ id: 11, method: 'tunable.create', state: 'SUCCESS' }),
      fakeJob({ id: 10, method: 'tunable.update', state: 'RUNNING' }),
    ]);
    expect(q('text-jobs-running-count')).toBeNull();
    q('button-jobs-toggle')!.click();
    await settle();
    expect(q('item-job-12')!.textContent).toContain('Putting back a tuned value');
    expect(q('item-job-11')).toBeNull();
    expect(q('item-job-10')).toBeNull();
    expect(all('item-job-').some((e) => e.textContent!.includes('Adding a tunable'))).toBe(false);
    expect(q('text-jobs-folded')!.textContent).toContain('2 internal steps');
  });
});
