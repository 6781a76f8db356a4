import { DestroyRef, Injectable, inject } from '@angular/core';
import { takeUntilDestroyed } from '@angular/core/rxjs-interop';
import { NavigationEnd, Router } from '@angular/router';
import { filter } from 'rxjs';

import { RpcConnection } from '../api/rpc-connection.service';

const LAST = 'tuning.page.last';
const RETURN = 'tuning.page.return';

/**
 * Where to go once logged in again: the page the user was on when the connection dropped (a reboot, the panel's own
 * or a campaign's), if the panel came back on the Overview (a reload of its base address); null to stay.
 */
export function returnTarget(saved: string | null, now: string): string | null {
  return saved && saved !== now && (now === '/' || now === '') ? saved : null;
}

/** After a reboot (or any lost connection) the panel returns to the page the user was on, once logged in again. */
@Injectable({ providedIn: 'root' })
export class ReturnToPage {
  private readonly router = inject(Router);
  private readonly connection = inject(RpcConnection);

  start(): void {
    const destroyRef = inject(DestroyRef);
    this.router.events.pipe(filter((e) => e instanceof NavigationEnd), takeUntilDestroyed(destroyRef))
      .subscribe((e) => store(LAST, (e as NavigationEnd).urlAfterRedirects));
    this.connection.closed$.pipe(takeUntilDestroyed(destroyRef)).subscribe(() => store(RETURN, read(LAST)));
    this.connection.authenticated$.pipe(filter(Boolean), takeUntilDestroyed(destroyRef)).subscribe(() => {
      const target = returnTarget(read(RETURN), this.router.url);
      store(RETURN, null);
      if (target) {
        void this.router.navigateByUrl(target);
      }
    });
  }
}

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key: string, value: string | null): void {
  try {
    if (value === null) {
      sessionStorage.removeItem(key);
    } else {
      sessionStorage.setItem(key, value);
    }
  } catch {
    // storage refused: the panel stays where it comes back
  }
}
