import { Injectable, inject } from '@angular/core';
import { Observable, filter, map, share } from 'rxjs';

import { ApiEvent, ApiEventName } from './api-directory';
import { CollectionUpdateParams } from './api-message';
import { RpcConnection } from './rpc-connection.service';

/**
 * One server subscription per event name, shared by every subscriber: `core.subscribe` on the first, again after each
 * re-login (the server forgets them with the connection), and `core.unsubscribe` when the last one leaves.
 */
@Injectable({ providedIn: 'root' })
export class SubscriptionManager {
  private readonly connection = inject(RpcConnection);
  private readonly shared = new Map<string, Observable<ApiEvent<ApiEventName>>>();

  subscribe<K extends ApiEventName>(name: K): Observable<ApiEvent<K>> {
    let events$ = this.shared.get(name);
    if (!events$) {
      events$ = this.create(name).pipe(share());
      this.shared.set(name, events$);
    }
    return events$ as Observable<ApiEvent<K>>;
  }

  private create(name: string): Observable<ApiEvent<ApiEventName>> {
    return new Observable<ApiEvent<ApiEventName>>((subscriber) => {
      let serverId: string | null = null;
      const events = this.connection.notifications$
        .pipe(
          filter((n) => n.method === 'collection_update'),
          map((n) => n.params as CollectionUpdateParams),
          filter((params) => params.collection === name),
        )
        .subscribe((params) => subscriber.next(params as ApiEvent<ApiEventName>));
      const logins = this.connection.authenticated$.pipe(filter(Boolean)).subscribe(() => {
        serverId = null;
        this.connection.send('core.subscribe', [name]).subscribe({
          next: (id) => (serverId = String(id)),
          error: (error: unknown) => subscriber.error(error),
        });
      });
      return () => {
        events.unsubscribe();
        logins.unsubscribe();
        this.shared.delete(name);
        if (serverId !== null && this.connection.authenticated$.value) {
          this.connection.send('core.unsubscribe', [serverId]).subscribe({ error: () => undefined });
        }
      };
    });
  }
}
