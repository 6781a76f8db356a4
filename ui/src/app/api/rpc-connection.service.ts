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
 * reconnect with backoff after any drop (server restart, reboot, network), and a `core.ping` keepalive that also
 * detects a dead connection no close event reports. Calls in flight when the socket drops fail with
 * ConnectionLostError (the server may have run them); queued calls wait for the next connection.
 */
@Injectable({ providedIn: 'root' })
export class RpcConnection implements OnDestroy {
  private readonly url = inject(API_URL);
  private readonly socketFactory = inject(SOCKET_FACTORY);
  private readonly policy = inject(CONNECTION_POLICY);

  readonly status = signal<ConnectionStatus>('idle');
  /** The connection was lost and is being re-established (set until the next open, or a disconnect). */
  readonly reconnecting = signal(false);
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
  /** Runs while a ping waits for any sign of life; fires when the connection went silent. */
  private silenceTimer: ReturnType<typeof setTimeout> | null = null;
  private connectTimer: ReturnType<typeof setTimeout> | null = null;
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
    this.reconnecting.set(false);
  }

  /** Drop the socket now and reconnect at once (after the server restarts, or when the user asks to retry). */
  reconnectNow(): void {
    if (this.socket) {
      this.abandon(this.socket);
    }
    if (this.reconnectTimer) {
      clearTimeout(this.reconnectTimer);
      this.reconnectTimer = null;
      this.open();
    }
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
      message: (data) => this.onMessage(socket, data),
      close: () => this.onClose(socket),
    });
    this.socket = socket;
    this.connectTimer = setTimeout(() => this.abandon(socket), this.policy.connectTimeoutMs);
  }

  private onOpen(socket: SocketLike): void {
    if (socket !== this.socket) {
      return;
    }
    this.clearTimers();
    this.reconnectAttempt = 0;
    this.status.set('open');
    this.reconnecting.set(false);
    // Ask for new-style jobs: the job call answers when the job ends; progress comes via core.get_jobs.
    socket.send(JSON.stringify(makeRequest(newCallId(), 'core.set_options', [{ legacy_jobs: this.policy.legacyJobs }])));
    this.pingTimer = setInterval(() => this.keepalive(socket), this.policy.pingIntervalMs);
    this.opened$.next();
    this.pump();
  }

  /**
   * Ping outside the call queue (a queue full of long jobs must not hold it back, and its answer, even a refusal, is
   * what counts); if nothing at all arrives within pingTimeoutMs the connection is dead and is dropped.
   */
  private keepalive(socket: SocketLike): void {
    socket.send(JSON.stringify(makeRequest(newCallId(), 'core.ping', [])));
    this.silenceTimer ??= setTimeout(() => this.abandon(socket), this.policy.pingTimeoutMs);
  }

  /** Give a socket up now, without waiting for a close event that may come late or never. */
  private abandon(socket: SocketLike): void {
    if (socket !== this.socket) {
      return;
    }
    this.onClose(socket);
    socket.close();
  }

  private onMessage(socket: SocketLike, data: string): void {
    if (socket !== this.socket) {
      return; // a late message from a socket already given up
    }
    if (this.silenceTimer) {
      clearTimeout(this.silenceTimer);
      this.silenceTimer = null;
    }
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
    this.reconnecting.set(this.wanted);
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
    for (const timer of [this.silenceTimer, this.connectTimer, this.reconnectTimer]) {
      if (timer) {
        clearTimeout(timer);
      }
    }
    this.silenceTimer = this.connectTimer = this.reconnectTimer = null;
  }
}
