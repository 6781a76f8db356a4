import { ChangeDetectionStrategy, Component } from '@angular/core';
import { Subject } from 'rxjs';

import { Job } from '../api/models/job';
import { dialogOf, inDialog, openDialogs } from '../testing/dialog';
import { mockApi } from '../testing/mock-api';
import { render } from '../testing/render';
import { JobProgressDialogComponent } from './job-progress-dialog.component';
import { JobRun } from './job-run';

@Component({
  imports: [JobProgressDialogComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <tp-job-progress-dialog [run]="run" (closed)="closed = closed + 1; run.close()">
      @if (run.phase() === 'done') { <p data-test="outcome">{{ run.result() }}</p> }
    </tp-job-progress-dialog>
  `,
})
class Host {
  readonly run = new JobRun<string>('Applying a preset');
  closed = 0;
}

const row = (state: Job['state'], result: string | null = null): Job<string> => ({
  id: 7, method: 'tuning.preset.apply', arguments: [], state, result, error: null,
  progress: { percent: state === 'SUCCESS' ? 100 : 40, description: 'Setting atime', extra: null },
});

async function open() {
  const rendered = await render(Host, mockApi().providers);
  const job = new Subject<Job<string>>();
  rendered.fixture.componentInstance.run.start(job);
  job.next(row('RUNNING'));
  await rendered.settle();
  return { ...rendered, host: rendered.fixture.componentInstance, job };
}

const escape = () =>
  document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));

describe('JobProgressDialogComponent', () => {
  it('shows a running job in a dialog named after it; Esc sends it to the background', async () => {
    const { host, settle } = await open();
    expect(dialogOf(inDialog('text-job-dialog')!).getAttribute('aria-label')).toBe('Applying a preset');
    expect(inDialog('text-job-description')!.textContent).toContain('Setting atime');
    escape();
    await settle();
    expect(openDialogs()).toEqual([]);
    expect(host.run.phase()).toBe('running');
    expect(host.run.minimized()).toBe(true);
  });

  it('stays open on a click beside it; closes on Esc once finished, with the outcome each time it opens', async () => {
    const { host, job, settle } = await open();
    (document.querySelector('.cdk-overlay-backdrop') as HTMLElement).click();
    await settle();
    expect(openDialogs().length).toBe(1);
    job.next(row('SUCCESS', 'applied'));
    job.complete();
    await settle();
    expect(inDialog('outcome')!.textContent).toBe('applied');
    escape();
    await settle();
    expect(host.closed).toBe(1);
    expect(openDialogs()).toEqual([]);
    // The projected outcome comes back in the next run's dialog.
    const again = new Subject<Job<string>>();
    host.run.start(again);
    again.next(row('SUCCESS', 'again'));
    again.complete();
    await settle();
    expect(inDialog('outcome')!.textContent).toBe('again');
  });
});
