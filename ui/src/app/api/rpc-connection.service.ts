import { Injectable, OnDestroy, inject, signal } from '@angular/core';
import { BehaviorSubject, Observable, Subject } from 'rxjs';

import { ConnectionLostError, NotAuthenticatedError, toApiError } from './api-errors';
import { IncomingMessage, JsonRpcNotification, JsonRpcResponse, isResponse, makeRequest, newCallId } from './api-message';
import { API_URL, CONNECTION_POLICY, SOCKET_FACTORY, SocketLike } from './socket';

export type ConnectionStatus = 'idle' | 'connecting' | 'open' | 'closed';

export interface SendOptions {
  /** Use this JSON-RPC id (jobs match progress to their call by it). */
  id?: string;
  /** Send even before login (auth.*, core.ping, core.set_options). */
  beforeAuth?: boolean;
}

interface PendingCall {
  id: string;
  method: string;
  params: unknown[];
  beforeAuth: boolean;
  resolve(result: unknown): void;
  reject(error: unknown): void;
}

/**
 * One websocket to /api/current: a FIFO queue with at most `maxInFlight` calls outstanding, calls held until login,
 * reconnect with backoff, and a `core.ping` keepalive. Calls in flight when the socket drops fail with
 * ConnectionLostError (the server may have run them); queued calls wait for the next connection.
 */
@Injectable({ providedIn: 'root' })
export class RpcConnection implements OnDestroy {
  private readonly url = inject(API_URL);
  private readonly socketFactory = inject(SOCKET_FACTORY);
  private readonly policy = inject(CONNECTION_POLICY);

  readonly status = signal<ConnectionStatus>('idle');
  /** Emits on every successful (re)open, after `core.set_options` is queued. */
  readonly opened$ = new Subject<void>();
  readonly closed$ = new Subject<void>();
  readonly notifications$ = new Subject<JsonRpcNotification>();
  readonly authenticated$ = new BehaviorSubject<boolean>(false);
  /** A call was refused with ENOTAUTHENTICATED. */
  readonly notAuthenticated$ = new Subject<void>();

  private socket: SocketLike | null = null;
  private queue: PendingCall[] = [];
  private readonly inFlight = new Map<string, PendingCall>();
  private reconnectAttempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private wanted = false;

  connect(): void {
    this.wanted = true;
    if (this.socket) {
      return;
    }
    this.open();
  }

  /** Close and stay closed. */
  disconnect(): void {
    this.wanted = false;
    this.clearTimers();
    this.socket?.close();
    this.socket = null;
    this.dropInFlight();
    this.status.set('closed');
  }

  /** Drop the socket now and reconnect (after the server restarts, for instance). */
  reconnectNow(): void {
    this.socket?.close();
  }

  ngOnDestroy(): void {
    this.disconnect();
  }

  setAuthenticated(value: boolean): void {
    if (this.authenticated$.value !== value) {
      this.authenticated$.next(value);
    }
    this.pump();
  }

  get inFlightCount(): number {
    return this.inFlight.size;
  }

  get queuedCount(): number {
    return this.queue.length;
  }

  /** Queue a call; the observable answers once with the result or a typed error. Unsubscribing dequeues it. */
  send(method: string, params: unknown[] = [], options: SendOptions = {}): Observable<unknown> {
    return new Observable<unknown>((subscriber) => {
      const call: PendingCall = {
        id: options.id ?? newCallId(),
        method,
        params,
        beforeAuth: options.beforeAuth ?? false,
        resolve: (result) => {
          subscriber.next(result);
          subscriber.complete();
        },
        reject: (error) => subscriber.error(error),
      };
      this.queue.push(call);
      this.pump();
      return () => {
        this.queue = this.queue.filter((queued) => queued !== call);
      };
    });
  }

  private open(): void {
    this.status.set('connecting');
    const socket = this.socketFactory(this.url, {
      open: () => this.onOpen(socket),
      message: (data) => this.onMessage(data),
      close: () => this.onClose(socket),
    });
    this.socket = socket;
  }

  private onOpen(socket: SocketLike): void {
    if (socket !== this.socket) {
      return;
    }
    this.reconnectAttempt = 0;
    this.status.set('open');
    // Ask for new-style jobs: the job call answers when the job ends; progress comes via core.get_jobs.
    socket.send(JSON.stringify(makeRequest(newCallId(), 'core.set_options', [{ legacy_jobs: this.policy.legacyJobs }])));
    this.pingTimer = setInterval(() => {
      this.send('core.ping', [], { beforeAuth: true }).subscribe({ error: () => undefined });
    }, this.policy.pingIntervalMs);
    this.opened$.next();
    this.pump();
  }

  private onMessage(data: string): void {
    let message: IncomingMessage;
    try {
      message = JSON.parse(data) as IncomingMessage;
    } catch {
      return;
    }
    if (isResponse(message)) {
      this.onResponse(message);
    } else if ('method' in message) {
      this.notifications$.next(message);
    }
  }

  private onResponse(response: JsonRpcResponse): void {
    const call = this.inFlight.get(response.id);
    if (!call) {
      return;
    }
    this.inFlight.delete(response.id);
    if (response.error) {
      const error = toApiError(response.error);
      if (error instanceof NotAuthenticatedError) {
        this.notAuthenticated$.next();
      }
      call.reject(error);
    } else {
      call.resolve(response.result ?? null);
    }
    this.pump();
  }

  private onClose(socket: SocketLike): void {
    if (socket !== this.socket) {
      return;
    }
    this.socket = null;
    this.clearTimers();
    this.dropInFlight();
    this.status.set('closed');
    this.setAuthenticated(false);
    this.closed$.next();
    if (this.wanted) {
      const delay = this.policy.reconnectDelayMs(this.reconnectAttempt++);
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = null;
        if (this.wanted && !this.socket) {
          this.open();
        }
      }, delay);
    }
  }

  private pump(): void {
    if (this.status() !== 'open' || !this.socket) {
      return;
    }
    const authed = this.authenticated$.value;
    let index = 0;
    while (this.inFlight.size < this.policy.maxInFlight && index < this.queue.length) {
      const call = this.queue[index];
      if (!call.beforeAuth && !authed) {
        index++;
        continue;
      }
      this.queue.splice(index, 1);
      this.inFlight.set(call.id, call);
      this.socket.send(JSON.stringify(makeRequest(call.id, call.method, call.params)));
    }
  }

  private dropInFlight(): void {
    const calls = [...this.inFlight.values()];
    this.inFlight.clear();
    for (const call of calls) {
      call.reject(new ConnectionLostError(call.method));
    }
  }

  private clearTimers(): void {
    if (this.pingTimer) {
      clearInterval(this.pingTimer);
      this.pingTimer = null;
    }
    if (this.reconnectTimer) {
      clearTimeout(this.reconnectTimer);
      this.reconnectTimer = null;
    }
  }
}
