import { TestBed } from '@angular/core/testing';
import { firstValueFrom } from 'rxjs';

import { ApiValidationError, ConnectionLostError, NotAuthenticatedError } from './api-errors';
import { RpcConnection } from './rpc-connection.service';
import { FakeServer, provideFakeSocket } from '../testing/fake-socket';

describe('RpcConnection', () => {
  let server: FakeServer;
  let connection: RpcConnection;

  beforeEach(() => {
    vi.useFakeTimers();
    server = new FakeServer();
    TestBed.configureTestingModule({ providers: provideFakeSocket(server) });
    connection = TestBed.inject(RpcConnection);
    connection.connect();
    server.open();
  });

  afterEach(() => {
    connection.disconnect();
    vi.useRealTimers();
  });

  it('asks for new-style jobs first thing after opening', () => {
    expect(server.sent[0].method).toBe('core.set_options');
    expect(server.sent[0].params).toEqual([{ legacy_jobs: false }]);
  });

  it('holds ordinary calls until logged in but sends auth calls at once', () => {
    connection.send('tuning.state').subscribe();
    connection.send('auth.login_ex', [{}], { beforeAuth: true }).subscribe();
    expect(server.requests('tuning.state')).toHaveLength(0);
    expect(server.requests('auth.login_ex')).toHaveLength(1);
    connection.setAuthenticated(true);
    expect(server.requests('tuning.state')).toHaveLength(1);
  });

  it('resolves a call with its result', async () => {
    connection.setAuthenticated(true);
    const answer = firstValueFrom(connection.send('tuning.profile'));
    server.reply(server.lastRequest('tuning.profile'), { backend: 'sandbox' });
    expect(await answer).toEqual({ backend: 'sandbox' });
  });

  it('keeps at most 20 calls in flight and sends the rest as answers come back', () => {
    connection.setAuthenticated(true);
    for (let i = 0; i < 25; i++) {
      connection.send('tuning.state').subscribe();
    }
    expect(server.requests('tuning.state')).toHaveLength(20);
    expect(connection.queuedCount).toBe(5);
    server.reply(server.requests('tuning.state')[0], {});
    server.reply(server.requests('tuning.state')[1], {});
    expect(server.requests('tuning.state')).toHaveLength(22);
    expect(connection.inFlightCount).toBe(20);
  });

  it('maps validation errors with [attr, msg, errno] rows to ApiValidationError', async () => {
    connection.setAuthenticated(true);
    const answer = firstValueFrom(connection.send('tuning.preset.create', [{}]));
    server.replyError(server.lastRequest('tuning.preset.create'), {
      code: -32602, message: 'Invalid params',
      data: { error: 22, errname: 'EINVAL', reason: 'bad', extra: [['tuning.preset.create.name', 'Name is taken', 17]] },
    });
    const error = await answer.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiValidationError);
    expect((error as ApiValidationError).fields).toEqual([
      { attribute: 'tuning.preset.create.name', message: 'Name is taken', errno: 17 },
    ]);
  });

  it('reports ENOTAUTHENTICATED both to the caller and on notAuthenticated$', async () => {
    connection.setAuthenticated(true);
    let told = 0;
    connection.notAuthenticated$.subscribe(() => told++);
    const answer = firstValueFrom(connection.send('tuning.state'));
    server.replyError(server.lastRequest('tuning.state'), {
      code: -32001, message: 'Not authenticated', data: { errname: 'ENOTAUTHENTICATED', error: 13 },
    });
    expect(await answer.catch((e: unknown) => e)).toBeInstanceOf(NotAuthenticatedError);
    expect(told).toBe(1);
  });

  it('fails calls in flight on a drop, keeps queued ones, and reconnects with growing delays', async () => {
    connection.setAuthenticated(true);
    const inFlight = firstValueFrom(connection.send('tuning.state'));
    server.drop();
    expect(await inFlight.catch((e: unknown) => e)).toBeInstanceOf(ConnectionLostError);
    expect(connection.status()).toBe('closed');
    connection.send('tuning.profile').subscribe();

    vi.advanceTimersByTime(999);
    expect(server.sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(server.sockets).toHaveLength(2);

    server.drop(); // the second attempt fails too: wait twice as long
    vi.advanceTimersByTime(1999);
    expect(server.sockets).toHaveLength(3 - 1);
    vi.advanceTimersByTime(1);
    expect(server.sockets).toHaveLength(3);

    server.open();
    expect(server.requests('tuning.profile')).toHaveLength(0); // still waits for a login
    connection.setAuthenticated(true);
    expect(server.requests('tuning.profile')).toHaveLength(1);
  });

  it('pings every 20 seconds while open', () => {
    vi.advanceTimersByTime(40_000);
    expect(server.requests('core.ping')).toHaveLength(2);
  });

  it('removes a queued call when its subscriber leaves', () => {
    const subscription = connection.send('tuning.state').subscribe();
    subscription.unsubscribe();
    connection.setAuthenticated(true);
    expect(server.requests('tuning.state')).toHaveLength(0);
  });
});
