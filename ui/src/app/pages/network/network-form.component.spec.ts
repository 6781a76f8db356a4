import { TestBed } from '@angular/core/testing';
import { Subject, throwError } from 'rxjs';

import { ApiValidationError, FailedJobError } from '../../api/api-errors';
import { Job } from '../../api/models/job';
import { BoxStore } from '../../stores/box.store';
import { withDialogs } from '../../testing/dialog';
import { fakeJob, fakeProfile, fakeState } from '../../testing/fixtures';
import { MockApiService, mockApi } from '../../testing/mock-api';
import { fakeNetworkResult } from '../../testing/network-fixtures';
import { render } from '../../testing/render';
import { NetworkFormComponent } from './network-form.component';

const profile = () => ({
  ...fakeProfile(),
  nics: [
    { name: 'eno2', link_up: false, speed_mbps: null, mtu: 1500 },
    { name: 'eno1', link_up: true, speed_mbps: 1000, mtu: 9000 },
  ],
});

async function renderForm(configure: (api: MockApiService) => void, state = fakeState()) {
  const { api, providers } = mockApi((m) => {
    m.mockCall('tuning.profile', profile()).mockCall('tuning.state', state);
    configure(m);
  });
  const view = withDialogs(await render(NetworkFormComponent, providers, () => TestBed.inject(BoxStore).load()));
  return { api, ...view };
}

const waiting = (description: string): Job =>
  fakeJob({ id: 8, method: 'tuning.network.measure', abortable: true, progress: { percent: 25, description, extra: null } });

describe('NetworkFormComponent', () => {
  it('offers the ports in words, sends the options and shows the client command of the test awaited', async () => {
    const rows = new Subject<Job>();
    const { api, q, type, settle, options, selected } = await renderForm((m) => m.mockJob('tuning.network.measure', () => rows));
    expect(options('select-net-interface').map((o) => o.text)).toEqual(['eno2 · link down · MTU 1500', 'eno1 · 1,000 Mb/s · MTU 9000']);
    expect(selected('select-net-interface')).toBe('eno1');   // the first port with a link
    expect(q('select-net-interface')!.textContent).toContain('eno1 · 1,000 Mb/s · MTU 9000');   // shown whole, in words
    await type('input-net-port', '5301');
    await type('input-net-duration', '3');
    await type('input-net-streams', '2');
    await type('input-net-timeout', '60');
    await type('input-net-label', ' lab client ');
    q('button-net-start')!.click();
    await settle();
    expect(api.callsOf('tuning.network.measure')).toEqual([[{
      interface: 'eno1', port: 5301, duration_seconds: 3, parallel_streams: 2, client_timeout_seconds: 60, label: 'lab client',
    }]]);

    rows.next(waiting('Measurement 2/4 (2 parallel streams, client → box): waiting for a client on 192.168.1.10:5301 '
      + '(interface eno1); run `iperf3 -c 192.168.1.10 -p 5301 -t 3 -P 2`…'));
    await settle();
    expect(q('text-net-waiting-for')!.textContent).toBe('Test 2 of 4: 2 parallel streams, client → box');
    expect(q('text-net-command')!.textContent).toBe('iperf3 -c 192.168.1.10 -p 5301 -t 3 -P 2');
    expect(q<HTMLButtonElement>('button-net-start')!.disabled).toBe(true);

    rows.next(waiting('Measurement 2/4 (2 parallel streams, client → box): client connected from 192.168.1.20'));
    await settle();
    expect(q('text-net-command')).toBeNull();
    expect(q('text-job-description')!.textContent).toContain('client connected from 192.168.1.20');

    q('button-job-abort')!.click();
    expect(api.callsOf('core.job_abort')).toEqual([[8]]);
    rows.error(new FailedJobError(fakeJob({ id: 8, state: 'ABORTED', error: 'aborted' })));
    await settle();
    expect(q('text-net-wait')).toBeNull();
  });

  it('copies the client command where the browser allows it', async () => {
    const written: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async (text: string) => void written.push(text) }, configurable: true,
    });
    try {
      const rows = new Subject<Job>();
      const { q, settle } = await renderForm((m) => m.mockJob('tuning.network.measure', () => rows));
      q('button-net-start')!.click();
      rows.next(waiting('Measurement 1/4 (one stream, client → box): waiting for a client on 127.0.0.1:5201 '
        + '(interface eno1); run `iperf3 -c 127.0.0.1 -p 5201 -t 10`…'));
      await settle();
      q('button-net-copy')!.click();
      await settle();
      expect(written).toEqual(['iperf3 -c 127.0.0.1 -p 5201 -t 10']);
      expect(q('button-net-copy')!.textContent!.trim()).toBe('Copied');
    } finally {
      delete (navigator as { clipboard?: unknown }).clipboard;
    }
  });

  it('reports the stored ceiling', async () => {
    const stored: number[] = [];
    const { fixture, q, settle } = await renderForm((m) => m.mockJob('tuning.network.measure', {
      ...fakeJob({ state: 'SUCCESS' }), result: fakeNetworkResult({ id: 4, label: 'lab' }),
    }));
    fixture.componentInstance.stored.subscribe((r) => stored.push(r.id));
    q('button-net-start')!.click();
    await settle();
    expect(stored).toEqual([4]);
    expect(q('text-net-done')!.textContent).toContain('Stored as #4 “lab”: the ceiling is 949 Mb/s (119 MB/s).');
  });

  it('sends nothing its own checks refuse and says why under each field, in words', async () => {
    const { api, q, type, settle } = await renderForm((m) => m.mockJob('tuning.network.measure', () => throwError(() => new Error('not sent'))));
    expect(q('text-error-port')).toBeNull();
    await type('input-net-port', '80');
    await type('input-net-duration', '61');
    await type('input-net-streams', '1');
    await type('input-net-timeout', '12.5');
    q('button-net-start')!.click();
    await settle();
    expect(api.callsOf('tuning.network.measure')).toEqual([]);
    expect(q('text-error-port')!.textContent).toBe('TCP port: must be at least 1024');
    expect(q('text-error-duration-seconds')!.textContent).toBe('Seconds per test: must be at most 60');
    expect(q('text-error-parallel-streams')!.textContent).toBe('Parallel streams: must be at least 2');
    expect(q('text-error-client-timeout-seconds')!.textContent).toBe('Wait for the client (s): must be a whole number');
    expect(q('form-net-form')!.hasAttribute('novalidate')).toBe(true);
  });

  it('puts the server\'s refusals on the fields it names and closes the dialog', async () => {
    const { q, settle } = await renderForm((m) => m.mockJob('tuning.network.measure', () => throwError(() => new ApiValidationError([
      { attribute: 'options.port', message: 'Port 5201 is in use on 127.0.0.1: choose another one.', errno: 98 },
      { attribute: 'options.interface', message: 'eno1 has no IPv4 or global IPv6 address to listen on.', errno: 22 },
    ]))));
    q('button-net-start')!.click();
    await settle();
    expect(q('text-error-port')!.textContent).toBe('TCP port: Port 5201 is in use on 127.0.0.1: choose another one.');
    expect(q('text-error-interface')!.textContent).toBe('Network port: eno1 has no IPv4 or global IPv6 address to listen on.');
    expect(q('text-job-dialog')).toBeNull();
    expect(q('text-net-error')).toBeNull();
  });

  it('waits while the box is busy with another job', async () => {
    const { q } = await renderForm(() => undefined, fakeState({ busy: { job_id: 3, method: 'tuning.benchmark.run' } }));
    expect(q('text-net-busy')!.textContent!.trim()).toBe('The box is busy: Benchmark.');   // in words, no job number
    expect(q<HTMLButtonElement>('button-net-start')!.disabled).toBe(true);
  });
});
