import { TestBed } from '@angular/core/testing';

import { JsonRpcRequest } from '../api/api-message';
import { FakeServer, provideFakeSocket } from '../testing/fake-socket';
import { AuthService } from './auth.service';
import { ROLE } from './roles';
import { RolesStore } from './roles.store';
import { TOKEN_STORAGE, TokenStorage, WEBUI_TOKEN } from './token-storage';

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

/** A login's answer as middlewared gives it: auth.me's output, its roles a JSON set. */
const SUCCESS = {
  response_type: 'SUCCESS', user_info: { pw_name: 'admin', privilege: { roles: { $set: ['FULL_ADMIN'] } } },
};
/** The same on the standalone host, its roles a list. */
const hostSuccess = (user: string, roles: string[]) => ({
  response_type: 'SUCCESS', user_info: { pw_name: user, privilege: { roles } },
});
const AUTH_ERR = { response_type: 'AUTH_ERR' };

describe('AuthService session restore', () => {
  let server: FakeServer;
  let own: MemoryTokens;
  let webUi: { value: string | null; present: boolean };
  let auth: AuthService;

  function setUp(webUiToken: string | null, ownToken: string | null, webUiPresent = webUiToken !== null): void {
    vi.useFakeTimers();
    server = new FakeServer();
    own = new MemoryTokens(ownToken);
    webUi = { value: webUiToken, present: webUiPresent };
    TestBed.configureTestingModule({
      providers: [
        ...provideFakeSocket(server, { reconnectDelayMs: () => 10 }),
        { provide: TOKEN_STORAGE, useValue: own },
        { provide: WEBUI_TOKEN, useValue: { get: () => webUi.value, present: () => webUi.present } },
      ],
    });
    auth = TestBed.inject(AuthService);
    auth.start();
    server.open();
  }

  afterEach(() => {
    vi.useRealTimers();
  });

  const settle = () => vi.advanceTimersByTimeAsync(0);

  /** Token logins sent on the current socket, by token. */
  function tokenLogins(): string[] {
    return server.requests('auth.login_ex').map((r) => (r.params as [{ mechanism: string; token: string }])[0])
      .map((p) => `${p.mechanism}:${p.token}`);
  }

  async function answerLogin(result: unknown): Promise<JsonRpcRequest> {
    await settle();
    const request = server.lastRequest('auth.login_ex');
    server.reply(request, result);
    await settle();
    return request;
  }

  async function answerToken(token: string): Promise<void> {
    await settle();
    server.reply(server.lastRequest('auth.generate_token'), token);
    await settle();
  }

  /** The web UI token accepted: the panel moves its connection onto a token of its own at once. */
  async function acceptWebUiToken(moved = 'moved-own'): Promise<void> {
    await answerLogin(SUCCESS);
    await answerToken(moved);
    await answerLogin(SUCCESS);
  }

  it('logs in with the web UI token first and keeps a token of its own', async () => {
    setUp('webui-token', 'own-token');
    await acceptWebUiToken();
    await answerToken('fresh-own-token');
    expect(auth.status()).toBe('logged-in');
    expect(auth.username()).toBe('admin');
    expect(auth.message()).toBeNull();
    expect(own.value).toBe('fresh-own-token');
    expect(webUi.value).toBe('webui-token');  // never written by the panel
  });

  it("moves off the web UI token at once: middlewared destroys a session's login token when its connection closes",
    async () => {
      setUp('webui-token', null);
      await answerLogin(SUCCESS);
      // a token of its own from this session, and a login with it on the same connection, before anything else
      expect(server.requests('auth.generate_token')).toHaveLength(1);
      await answerToken('moved-own');
      expect(tokenLogins()).toEqual(['TOKEN_PLAIN:webui-token', 'TOKEN_PLAIN:moved-own']);
      expect(auth.status()).toBe('restoring');
      await answerLogin(SUCCESS);
      await answerToken('next-own');
      expect(auth.status()).toBe('logged-in');
      expect(auth.borrowed()).toBe(true);
      expect(own.value).toBe('next-own');
    });

  it('goes on with the web UI session when it cannot move off its token', async () => {
    setUp('webui-token', null);
    await answerLogin(SUCCESS);
    await settle();
    server.replyError(server.lastRequest('auth.generate_token'), { code: -32001, message: 'Method call error' });
    await answerToken('own');
    expect(tokenLogins()).toEqual(['TOKEN_PLAIN:webui-token']);
    expect(auth.status()).toBe('logged-in');
  });

  it('falls back to its own token when the web UI token is refused', async () => {
    setUp('stale-webui-token', 'own-token');
    await answerLogin(AUTH_ERR);
    await answerLogin(SUCCESS);
    expect(tokenLogins()).toEqual(['TOKEN_PLAIN:stale-webui-token', 'TOKEN_PLAIN:own-token']);
    await answerToken('next');
    expect(auth.status()).toBe('logged-in');
  });

  it('shows the login form, saying why, when both tokens are refused; its own stale token is dropped', async () => {
    setUp('stale-webui-token', 'stale-own-token');
    await answerLogin(AUTH_ERR);
    await answerLogin({ response_type: 'EXPIRED' });
    expect(auth.status()).toBe('logged-out');
    expect(auth.message()).toBe('Your TrueNAS session could not be used here. Please log in.');
    expect(own.value).toBeNull();
    expect(webUi.value).toBe('stale-webui-token');
    expect(server.requests('auth.generate_token')).toHaveLength(0);
  });

  it('treats an error answer to the web UI token as a refusal', async () => {
    setUp('webui-token', null);
    await settle();
    server.replyError(server.lastRequest('auth.login_ex'), {
      code: -32001, message: 'Method call error', data: { errname: 'EACCES', reason: 'Rate limit exceeded' },
    });
    await settle();
    expect(auth.status()).toBe('logged-out');
    expect(tokenLogins()).toEqual(['TOKEN_PLAIN:webui-token']);
  });

  it('does not try a refused web UI token again after a reconnect (no loop), but tries a new one', async () => {
    setUp('stale-webui-token', null);
    await answerLogin(AUTH_ERR);
    expect(auth.status()).toBe('logged-out');

    server.drop();
    await vi.advanceTimersByTimeAsync(10);
    server.open();
    await settle();
    expect(server.requests('auth.login_ex')).toHaveLength(0);
    expect(auth.status()).toBe('logged-out');

    webUi.value = 'renewed-webui-token';  // the web UI stores a new token every 290 s
    server.drop();
    await vi.advanceTimersByTimeAsync(10);
    server.open();
    await acceptWebUiToken();
    expect(tokenLogins()).toEqual(['TOKEN_PLAIN:renewed-webui-token', 'TOKEN_PLAIN:moved-own']);
    await answerToken('own');
    expect(auth.status()).toBe('logged-in');
  });

  it('does not count a connection lost during the web UI login as a refusal', async () => {
    setUp('webui-token', null);
    await settle();
    expect(tokenLogins()).toEqual(['TOKEN_PLAIN:webui-token']);
    server.drop();
    await vi.advanceTimersByTimeAsync(10);
    server.open();
    await acceptWebUiToken();
    expect(tokenLogins()).toEqual(['TOKEN_PLAIN:webui-token', 'TOKEN_PLAIN:moved-own']);
    await answerToken('own');
    expect(auth.status()).toBe('logged-in');
  });

  it('uses its own token when there is no web UI token', async () => {
    setUp(null, 'own-token');
    await answerLogin(SUCCESS);
    expect(tokenLogins()).toEqual(['TOKEN_PLAIN:own-token']);
  });

  it('shows the login form without a message and sends nothing when there is no token at all', async () => {
    setUp(null, null);
    await settle();
    expect(auth.status()).toBe('logged-out');
    expect(auth.message()).toBeNull();
    expect(server.requests('auth.login_ex')).toHaveLength(0);
  });

  it('never logs out the session borrowed from the web UI: auth.logout would revoke the web UI token', async () => {
    setUp('webui-token', null);
    await acceptWebUiToken();
    await answerToken('own');
    expect(auth.borrowed()).toBe(true);
    expect(auth.insideTrueNas()).toBe(true);
    await auth.logout();
    await settle();
    expect(server.requests('auth.logout')).toHaveLength(0);
    expect(auth.status()).toBe('logged-out');
    expect(auth.borrowed()).toBe(false);
    expect(own.value).toBeNull();
    expect(webUi.value).toBe('webui-token');
  });

  it('logs out its own session inside TrueNAS; a reconnect does not log back in with a web UI session', async () => {
    setUp('stale-webui-token', null);
    await answerLogin(AUTH_ERR);
    const loggingIn = auth.loginWithPassword('truenas_admin', 'secret');
    await answerLogin(SUCCESS);
    await answerToken('own');
    await loggingIn;
    expect(auth.borrowed()).toBe(false);
    expect(auth.insideTrueNas()).toBe(true);
    const loggingOut = auth.logout();
    await settle();
    server.reply(server.lastRequest('auth.logout'), true);
    await loggingOut;
    expect(auth.status()).toBe('logged-out');
    expect(own.value).toBeNull();
    expect(auth.username()).toBe('truenas_admin');   // the login form suggests who was logged in

    webUi.value = 'renewed-webui-token';
    server.drop();
    await vi.advanceTimersByTimeAsync(10);
    server.open();
    await settle();
    expect(server.requests('auth.login_ex')).toHaveLength(0);
    expect(auth.status()).toBe('logged-out');
  });

  it('on the standalone host (no web UI here) its own session is logged out and nothing says TrueNAS', async () => {
    setUp(null, 'own-token');
    await answerLogin(hostSuccess('admin', ['FULL_ADMIN']));
    await answerToken('next');
    expect(auth.borrowed()).toBe(false);
    expect(auth.insideTrueNas()).toBe(false);
    const loggingOut = auth.logout();
    await settle();
    server.reply(server.lastRequest('auth.logout'), true);
    await loggingOut;
    expect(auth.message()).toBe('You have logged out.');
  });

  it('reads the roles from the login answer, as a list or a JSON set, and forgets them at logout', async () => {
    setUp(null, null);
    await settle();
    const roles = TestBed.inject(RolesStore);
    const loggingIn = auth.loginWithPassword('readonly', 'secret');
    await answerLogin(hostSuccess('readonly', ['READONLY_ADMIN']));
    await answerToken('own');
    await loggingIn;
    expect(roles.lacks(ROLE.write)).toBe(ROLE.write);
    expect(server.requests('auth.me')).toHaveLength(0);
    const loggingOut = auth.logout();
    await settle();
    server.reply(server.lastRequest('auth.logout'), true);
    await loggingOut;
    expect(roles.roles()).toBeNull();
  });

  it('asks auth.me for the roles when the login answer has none', async () => {
    setUp(null, null);
    await settle();
    const loggingIn = auth.loginWithPassword('admin', 'secret');
    await answerLogin({ response_type: 'SUCCESS', user_info: null });
    server.reply(server.lastRequest('auth.me'), {
      pw_name: 'admin', privilege: { roles: { $set: ['SYSTEM_ADVANCED_READ'] } },
    });
    await answerToken('own');
    expect(await loggingIn).toBe(true);
    expect(TestBed.inject(RolesStore).lacks(ROLE.write)).toBe(ROLE.write);
  });

  it('says a refused password as an error, a reconnect as information', async () => {
    setUp(null, null);
    await settle();
    const loggingIn = auth.loginWithPassword('admin', 'wrong');
    await answerLogin(AUTH_ERR);
    expect(await loggingIn).toBe(false);
    expect(auth.message()).toBe('Wrong username, password or API key.');
    expect(auth.messageIsError()).toBe(true);
    server.drop();
    expect(auth.messageIsError()).toBe(false);
  });

  it('a password login still works after the tokens were refused', async () => {
    setUp('stale-webui-token', null);
    await answerLogin(AUTH_ERR);
    const loggingIn = auth.loginWithPassword('admin', 'secret');
    const request = await answerLogin(SUCCESS);
    expect(request.params).toEqual([{ mechanism: 'PASSWORD_PLAIN', username: 'admin', password: 'secret' }]);
    await answerToken('own');
    expect(await loggingIn).toBe(true);
    expect(auth.status()).toBe('logged-in');
  });
});
