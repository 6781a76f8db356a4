import { TestBed } from '@angular/core/testing';
import { Subscription, firstValueFrom, lastValueFrom, toArray } from 'rxjs';

import { ApiService } from './api.service';
import { ApiValidationError, FailedJobError } from './api-errors';
import { Job } from './models/job';
import { RpcConnection } from './rpc-connection.service';
import { FakeServer, provideFakeSocket } from '../testing/fake-socket';

function jobRow(partial: Partial<Job>): Job {
  return {
    id: 7, method: 'tuning.preset.apply', arguments: [], state: 'RUNNING', result: null, error: null,
    progress: { percent: 0, description: null, extra: null }, ...partial,
  };
}

describe('ApiService', () => {
  let server: FakeServer;
  let api: ApiService;
  let connection: RpcConnection;

  function start(legacyJobs = false): void {
    server = new FakeServer();
    TestBed.configureTestingModule({ providers: provideFakeSocket(server, { legacyJobs }) });
    api = TestBed.inject(ApiService);
    connection = TestBed.inject(RpcConnection);
    connection.connect();
    server.open();
    connection.setAuthenticated(true);
  }

  afterEach(() => connection.disconnect());

  describe('subscriptions', () => {
    beforeEach(() => start());

    it('subscribes once per name, shares events and unsubscribes after the last subscriber', () => {
      const seen: unknown[] = [];
      const a = api.subscribe('tuning.state').subscribe((e) => seen.push(['a', e.fields]));
      const b = api.subscribe('tuning.state').subscribe((e) => seen.push(['b', e.fields]));
      expect(server.requests('core.subscribe')).toHaveLength(1);
      server.reply(server.lastRequest('core.subscribe'), 'sub-1');

      server.notify('tuning.state', 'changed', { boot_id: 'x' });
      server.notify('system.reboot.info', 'changed', { boot_id: 'other' });
      expect(seen).toEqual([['a', { boot_id: 'x' }], ['b', { boot_id: 'x' }]]);

      a.unsubscribe();
      expect(server.requests('core.unsubscribe')).toHaveLength(0);
      b.unsubscribe();
      expect(server.lastRequest('core.unsubscribe').params).toEqual(['sub-1']);
    });

    it('subscribes again after a reconnect and re-login', () => {
      vi.useFakeTimers();
      const subscription: Subscription = api.subscribe('tuning.state').subscribe();
      server.reply(server.lastRequest('core.subscribe'), 'sub-1');
      server.drop();
      vi.advanceTimersByTime(1000);
      server.open();
      expect(server.requests('core.subscribe')).toHaveLength(0);
      connection.setAuthenticated(true);
      expect(server.lastRequest('core.subscribe').params).toEqual(['tuning.state']);
      subscription.unsubscribe();
      vi.useRealTimers();
    });
  });

  describe('new-style jobs', () => {
    beforeEach(() => start(false));

    it('follows progress through core.get_jobs by message id and ends with the call answer', async () => {
      const updates = lastValueFrom(api.job('tuning.preset.apply', ['max-iops', { pool: 'tank' }]).pipe(toArray()));
      const subscribe = server.lastRequest('core.subscribe');
      expect(subscribe.params).toEqual(['core.get_jobs']);
      server.reply(subscribe, 'jobs-sub');
      const call = server.lastRequest('tuning.preset.apply');
      expect(call.params).toEqual(['max-iops', { pool: 'tank' }]);

      server.notify('core.get_jobs', 'added', jobRow({ message_ids: [call.id!], progress: { percent: 10, description: 'Saving restore point', extra: null } }));
      server.notify('core.get_jobs', 'changed', jobRow({ id: 99, message_ids: ['someone-else'] }));
      server.notify('core.get_jobs', 'changed', { id: 7, progress: { percent: 60, description: 'Applying', extra: null } });
      server.reply(call, { restore_point_id: 3 });

      const rows = await updates;
      expect(rows.map((r) => r.progress.description)).toEqual(['Saving restore point', 'Applying', 'Applying']);
      expect(rows[2].state).toBe('SUCCESS');
      expect(rows[2].result).toEqual({ restore_point_id: 3 });
      expect(rows[2].id).toBe(7);
    });

    it('turns a failed job with validation info into ApiValidationError', async () => {
      const result = firstValueFrom(api.job('tuning.preset.apply', ['x', { pool: 'tank' }])).catch((e: unknown) => e);
      server.reply(server.lastRequest('core.subscribe'), 'jobs-sub');
      const call = server.lastRequest('tuning.preset.apply');
      server.notify('core.get_jobs', 'changed', jobRow({
        state: 'FAILED', message_ids: [call.id!], error: '[EINVAL] options.acknowledge: not acknowledged',
        exc_info: { type: 'VALIDATION', extra: [['options.acknowledge', 'zfs_txg_timeout is DANGEROUS', 22]] },
      }));
      const error = await result;
      expect(error).toBeInstanceOf(ApiValidationError);
      expect((error as ApiValidationError).fields[0].attribute).toBe('options.acknowledge');
    });
  });

  describe('legacy jobs', () => {
    beforeEach(() => start(true));

    it('takes the job id from the answer and follows core.get_jobs until it ends', async () => {
      const updates = lastValueFrom(api.job('tuning.restore_point.revert', [3]).pipe(toArray())).catch((e: unknown) => e);
      expect(server.sent[0].params).toEqual([{ legacy_jobs: true }]);
      server.reply(server.lastRequest('tuning.restore_point.revert'), 12);
      server.reply(server.lastRequest('core.subscribe'), 'jobs-sub');
      server.reply(server.lastRequest('core.get_jobs'), [jobRow({ id: 12, progress: { percent: 5, description: 'Start', extra: null } })]);
      server.notify('core.get_jobs', 'changed', jobRow({ id: 12, state: 'FAILED', error: 'disk vanished' }));
      const error = await updates;
      expect(error).toBeInstanceOf(FailedJobError);
      expect((error as FailedJobError).message).toBe('disk vanished');
    });
  });
});
