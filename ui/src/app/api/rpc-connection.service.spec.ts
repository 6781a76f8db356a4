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

  it('pings every 20 seconds while open, and stays connected while the server answers', () => {
    vi.advanceTimersByTime(20_000);
    server.reply(server.lastRequest('core.ping'), 'pong');
    vi.advanceTimersByTime(20_000);
    server.reply(server.lastRequest('core.ping'), 'pong');
    vi.advanceTimersByTime(20_000);
    expect(server.requests('core.ping')).toHaveLength(3);
    expect(server.sockets).toHaveLength(1);
    expect(connection.status()).toBe('open');
  });

  it('takes any message after a ping as a sign of life', () => {
    vi.advanceTimersByTime(20_000);
    server.notify('core.get_jobs', 'changed', { state: 'RUNNING' }, 1);
    vi.advanceTimersByTime(19_999);
    expect(server.sockets).toHaveLength(1);
    expect(connection.status()).toBe('open');
  });

  it('drops a connection that stays silent after a ping (no close event ever came) and reconnects', async () => {
    connection.setAuthenticated(true);
    const inFlight = firstValueFrom(connection.send('tuning.state'));
    vi.advanceTimersByTime(20_000);
    expect(server.requests('core.ping')).toHaveLength(1);
    vi.advanceTimersByTime(14_999);
    expect(connection.status()).toBe('open');
    vi.advanceTimersByTime(1);
    expect(connection.status()).toBe('closed');
    expect(connection.reconnecting()).toBe(true);
    expect(server.current.closed).toBe(true);
    expect(await inFlight.catch((e: unknown) => e)).toBeInstanceOf(ConnectionLostError);
    expect(connection.authenticated$.value).toBe(false);

    const dead = server.current;
    vi.advanceTimersByTime(1000);
    expect(server.sockets).toHaveLength(2);
    server.open();
    expect(connection.status()).toBe('open');
    expect(connection.reconnecting()).toBe(false);
    dead.handlers.message(JSON.stringify({ jsonrpc: '2.0', method: 'collection_update', params: {} }));
    dead.handlers.close(1006); // late news from the socket given up changes nothing
    expect(connection.status()).toBe('open');
  });

  it('pings past a queue full of long calls (the queue must not hide a dead connection)', () => {
    connection.setAuthenticated(true);
    for (let i = 0; i < 25; i++) {
      connection.send('tuning.campaign.run').subscribe({ error: () => undefined });
    }
    expect(connection.queuedCount).toBe(5);
    vi.advanceTimersByTime(20_000);
    expect(server.requests('core.ping')).toHaveLength(1);
    server.replyError(server.lastRequest('core.ping'), { code: -32000, message: 'Too many concurrent calls' });
    vi.advanceTimersByTime(19_999);
    expect(server.sockets).toHaveLength(1); // a refusal is still an answer
  });

  it('gives up a socket that does not open in time and tries again', () => {
    server.drop();
    vi.advanceTimersByTime(1000);
    expect(server.sockets).toHaveLength(2);
    vi.advanceTimersByTime(14_999);
    expect(server.current.closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(server.current.closed).toBe(true);
    vi.advanceTimersByTime(2000);
    expect(server.sockets).toHaveLength(3);
    server.open();
    expect(connection.status()).toBe('open');
  });

  it('says it is reconnecting from a drop until the next open, and not after a deliberate disconnect', () => {
    expect(connection.reconnecting()).toBe(false);
    server.drop();
    expect(connection.reconnecting()).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(connection.status()).toBe('connecting');
    expect(connection.reconnecting()).toBe(true);
    server.open();
    expect(connection.reconnecting()).toBe(false);
    connection.disconnect();
    expect(connection.reconnecting()).toBe(false);
    vi.advanceTimersByTime(60_000);
    expect(server.sockets).toHaveLength(2);
  });

  it('keeps reconnecting after any number of failed attempts', () => {
    for (let attempt = 0; attempt < 12; attempt++) {
      server.drop();
      vi.advanceTimersByTime(1000 * 2 ** attempt);
    }
    expect(server.sockets).toHaveLength(13);
    server.open();
    expect(connection.status()).toBe('open');
  });

  it('reconnects at once when asked during a back-off', () => {
    server.drop();
    connection.reconnectNow(); // instead of waiting the 1 s back-off
    expect(server.sockets).toHaveLength(2);
    server.open();
    connection.reconnectNow(); // and drops a live socket to open a new one
    expect(server.sockets[1].closed).toBe(true);
    expect(server.sockets).toHaveLength(3);
  });

  it('removes a queued call when its subscriber leaves', () => {
    const subscription = connection.send('tuning.state').subscribe();
    subscription.unsubscribe();
    connection.setAuthenticated(true);
    expect(server.requests('tuning.state')).toHaveLength(0);
  });
});
