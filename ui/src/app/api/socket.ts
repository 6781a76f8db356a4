import { InjectionToken } from '@angular/core';

/** The little a connection needs from a WebSocket; tests provide a fake one. */
export interface SocketLike {
  send(data: string): void;
  close(): void;
}

export interface SocketHandlers {
  open(): void;
  message(data: string): void;
  close(code: number): void;
}

export type SocketFactory = (url: string, handlers: SocketHandlers) => SocketLike;

export const browserSocketFactory: SocketFactory = (url, handlers) => {
  const socket = new WebSocket(url);
  socket.onopen = () => handlers.open();
  socket.onmessage = (event: MessageEvent) => handlers.message(String(event.data));
  socket.onclose = (event: CloseEvent) => handlers.close(event.code);
  return {
    send: (data) => socket.send(data),
    close: () => socket.close(),
  };
};

export const SOCKET_FACTORY = new InjectionToken<SocketFactory>('SOCKET_FACTORY', {
  providedIn: 'root',
  factory: () => browserSocketFactory,
});

/** Same origin as the page: the host serves the panel next to /api/current. */
export function apiUrlFor(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/current`;
}

export const API_URL = new InjectionToken<string>('API_URL', {
  providedIn: 'root',
  factory: () => apiUrlFor(window.location),
});

export interface ConnectionPolicy {
  /** Most calls the server sees at once (TrueNAS refuses more than 20). */
  maxInFlight: number;
  pingIntervalMs: number;
  /**
   * Silence after a ping that means the connection is dead although no close came (a box that lost power, a
   * network that changed): the socket is dropped and a new one opened.
   */
  pingTimeoutMs: number;
  /** A socket not open after this long is given up and tried again. */
  connectTimeoutMs: number;
  /** Wait before reconnect attempt n (0-based). */
  reconnectDelayMs(attempt: number): number;
  legacyJobs: boolean;
}

/** Exponential backoff 1 s, 2 s, 4 s … capped at 10 s. */
export function backoffDelayMs(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 10_000);
}

export const CONNECTION_POLICY = new InjectionToken<ConnectionPolicy>('CONNECTION_POLICY', {
  providedIn: 'root',
  factory: () => ({
    maxInFlight: 20, pingIntervalMs: 20_000, pingTimeoutMs: 15_000, connectTimeoutMs: 15_000,
    reconnectDelayMs: backoffDelayMs, legacyJobs: false,
  }),
});
