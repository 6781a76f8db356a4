import { apiUrlFor, backoffDelayMs } from './socket';

describe('socket policy', () => {
  it('waits 1 s, doubling, at most 10 s between reconnect attempts, however many fail', () => {
    expect([0, 1, 2, 3, 4, 5, 50, 5000].map(backoffDelayMs)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000, 10_000, 10_000]);
  });

  it('connects to the same origin, over TLS when the page is', () => {
    expect(apiUrlFor({ protocol: 'https:', host: 'nas.local' })).toBe('wss://nas.local/api/current');
    expect(apiUrlFor({ protocol: 'http:', host: '127.0.0.1:8080' })).toBe('ws://127.0.0.1:8080/api/current');
  });
});
