import { Provider } from '@angular/core';

import { JsonRpcRequest } from '../api/api-message';
import { API_URL, CONNECTION_POLICY, ConnectionPolicy, SOCKET_FACTORY, SocketHandlers } from '../api/socket';

/** A server-side view of the socket: what the client sent, and buttons to answer, notify or drop it. */
export class FakeServer {
  readonly sockets: { handlers: SocketHandlers; sent: JsonRpcRequest[]; closed: boolean }[] = [];

  get current(): { handlers: SocketHandlers; sent: JsonRpcRequest[]; closed: boolean } {
    return this.sockets[this.sockets.length - 1];
  }

  get sent(): JsonRpcRequest[] {
    return this.current.sent;
  }

  open(): void {
    this.current.handlers.open();
  }

  /** Requests of a method sent on the current socket. */
  requests(method: string): JsonRpcRequest[] {
    return this.sent.filter((r) => r.method === method);
  }

  lastRequest(method: string): JsonRpcRequest {
    const rows = this.requests(method);
    if (!rows.length) {
      throw new Error(`no ${method} request was sent; sent: ${this.sent.map((r) => r.method).join(', ')}`);
    }
    return rows[rows.length - 1];
  }

  reply(request: JsonRpcRequest, result: unknown): void {
    this.current.handlers.message(JSON.stringify({ jsonrpc: '2.0', id: request.id, result }));
  }

  replyError(request: JsonRpcRequest, error: unknown): void {
    this.current.handlers.message(JSON.stringify({ jsonrpc: '2.0', id: request.id, error }));
  }

  notify(collection: string, msg: 'added' | 'changed' | 'removed', fields: unknown, id?: unknown): void {
    this.current.handlers.message(JSON.stringify({
      jsonrpc: '2.0', method: 'collection_update', params: { msg, collection, id, fields },
    }));
  }

  drop(): void {
    this.current.closed = true;
    this.current.handlers.close(1006);
  }
}

export function provideFakeSocket(server: FakeServer, policy: Partial<ConnectionPolicy> = {}): Provider[] {
  return [
    { provide: API_URL, useValue: 'ws://test/api/current' },
    {
      provide: CONNECTION_POLICY,
      useValue: {
        maxInFlight: 20, pingIntervalMs: 20_000, pingTimeoutMs: 15_000, connectTimeoutMs: 15_000,
        reconnectDelayMs: (n: number) => 1000 * 2 ** n, legacyJobs: false,
        ...policy,
      },
    },
    {
      provide: SOCKET_FACTORY,
      useValue: (_url: string, handlers: SocketHandlers) => {
        const socket = { handlers, sent: [] as JsonRpcRequest[], closed: false };
        server.sockets.push(socket);
        return {
          send: (data: string) => socket.sent.push(JSON.parse(data) as JsonRpcRequest),
          close: () => {
            if (!socket.closed) {
              socket.closed = true;
              handlers.close(1000);
            }
          },
        };
      },
    },
  ];
}
