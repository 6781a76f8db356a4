import { TestBed } from '@angular/core/testing';

import { AuthService } from '../auth/auth.service';
import { TOKEN_STORAGE, TokenStorage, WEBUI_TOKEN } from '../auth/token-storage';
import { FakeServer, provideFakeSocket } from '../testing/fake-socket';
import { ApiService } from './api.service';
import { RpcConnection } from './rpc-connection.service';

/** The panel's own token store, in memory. */
class MemoryTokens implements TokenStorage {
  constructor(public value: string | null = null) {}
  get(): string | null {
    return this.value;
  }
  set(token: string): void {
    this.value = token;
  }
  clear(): void {
    this.value = null;
  }
}

const SUCCESS = { response_type: 'SUCCESS', user_info: { pw_name: 'admin', privilege: { roles: ['FULL_ADMIN'] } } };

/**
 * The whole way back after the socket drops for any reason (the serving process restarted, the box rebooted, the
 * network went away): reconnect with a back-off, log in again with the session token, subscribe again, and say
 * "Reconnecting…" meanwhile; a server that forgot the session leads to the login form, never to a panel stuck.
 */
describe('Reconnecting after a drop', () => {
  let server: FakeServer;
  let tokens: MemoryTokens;
  let auth: AuthService;
  let api: ApiService;
  let connection: RpcConnection;

  const settle = () => vi.advanceTimersByTimeAsync(0);

  async function answer(method: string, result: unknown): Promise<void> {
    await settle();
    server.reply(server.lastRequest(method), result);
    await settle();
  }

  /** Logged in with a password, a session token stored, and subscribed to job updates. */
  async function loggedInAndSubscribed(events: unknown[]): Promise<void> {
    vi.useFakeTimers();
    server = new FakeServer();
    tokens = new MemoryTokens();
    TestBed.configureTestingModule({
      providers: [
        ...provideFakeSocket(server),
        { provide: TOKEN_STORAGE, useValue: tokens },
        { provide: WEBUI_TOKEN, useValue: { get: () => null, present: () => false } },
      ],
    });
    auth = TestBed.inject(AuthService);
    api = TestBed.inject(ApiService);
    connection = TestBed.inject(RpcConnection);
    auth.start();
    server.open();
    const loggingIn = auth.loginWithPassword('admin', 'secret');
    await answer('auth.login_ex', SUCCESS);
    await answer('auth.generate_token', 'session-token');
    expect(await loggingIn).toBe(true);
    api.subscribe('core.get_jobs').subscribe((event) => events.push(event.fields));
    await answer('core.subscribe', 'sub-1');
  }

  afterEach(() => {
    connection.disconnect();
    vi.useRealTimers();
  });

  it('comes back by itself: back-off, token login, subscriptions again, events flow', async () => {
    const events: unknown[] = [];
    await loggedInAndSubscribed(events);

    server.drop(); // the serving process died
    expect(auth.status()).toBe('connecting');
    expect(auth.message()).toBe('Connection lost. Reconnecting…');
    expect(connection.reconnecting()).toBe(true);

    await vi.advanceTimersByTimeAsync(1000);
    server.drop(); // still restarting: the next try waits longer
    await vi.advanceTimersByTimeAsync(1999);
    expect(server.sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.sockets).toHaveLength(3);
    expect(auth.message()).toBe('Connection lost. Reconnecting…');

    server.open(); // it is back
    expect(connection.reconnecting()).toBe(false);
    await settle();
    expect(server.lastRequest('auth.login_ex').params).toEqual([{ mechanism: 'TOKEN_PLAIN', token: 'session-token' }]);
    await answer('auth.login_ex', SUCCESS);
    expect(auth.status()).toBe('logged-in');
    expect(server.lastRequest('core.subscribe').params).toEqual(['core.get_jobs']);
    await answer('core.subscribe', 'sub-2');
    await answer('auth.generate_token', 'renewed-token');
    expect(tokens.value).toBe('renewed-token');
    expect(auth.message()).toBe('Reconnected.');

    server.notify('core.get_jobs', 'changed', { id: 9, state: 'RUNNING' }, 9);
    expect(events).toEqual([{ id: 9, state: 'RUNNING' }]);
  });

  it('asks for the password again, saying why, when the restarted server no longer knows the session', async () => {
    await loggedInAndSubscribed([]);
    server.drop();
    await vi.advanceTimersByTimeAsync(1000);
    server.open();
    await answer('auth.login_ex', { response_type: 'AUTH_ERR' });
    expect(auth.status()).toBe('logged-out');
    expect(auth.message()).toBe('Reconnected, but the session has expired. Please log in again.');
    expect(tokens.value).toBeNull();

    const loggingIn = auth.loginWithPassword('admin', 'secret');
    await answer('auth.login_ex', SUCCESS);
    await answer('auth.generate_token', 'new-session-token');
    expect(await loggingIn).toBe(true);
    expect(auth.status()).toBe('logged-in');
    expect(server.lastRequest('core.subscribe').params).toEqual(['core.get_jobs']); // subscribed again
  });

  it('notices a connection that died without a close (a box that lost power) and comes back', async () => {
    await loggedInAndSubscribed([]);
    await vi.advanceTimersByTimeAsync(20_000 + 15_000); // a ping, then silence
    expect(auth.status()).toBe('connecting');
    expect(auth.message()).toBe('Connection lost. Reconnecting…');
    await vi.advanceTimersByTimeAsync(1000);
    server.open();
    await answer('auth.login_ex', SUCCESS);
    expect(auth.status()).toBe('logged-in');
    expect(server.lastRequest('core.subscribe').params).toEqual(['core.get_jobs']);
  });
});
