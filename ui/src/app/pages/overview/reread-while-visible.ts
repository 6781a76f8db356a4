import { DOCUMENT, DestroyRef, inject } from '@angular/core';

/** How often a visible Overview reads the state again: a change made outside tuning reaches it without a reload. */
export const OVERVIEW_REREAD_MS = 15_000;

/**
 * Reads again (`read`) now, when the page becomes visible again, and every `everyMs` while it is visible: a setting
 * changed outside tuning (TrueNAS's own web UI, `pool.dataset.update`) sends no tuning event, so only a read sees
 * it. One read at a time; nothing while the tab is hidden. Call in an injection context: it stops with the page.
 */
export function rereadWhileVisible(read: () => Promise<unknown>, everyMs = OVERVIEW_REREAD_MS): void {
  const document = inject(DOCUMENT);
  let reading = false;
  const reread = () => {
    if (reading || document.visibilityState === 'hidden') {
      return;
    }
    reading = true;
    void read().finally(() => (reading = false));
  };
  const onVisibility = () => reread();
  document.addEventListener('visibilitychange', onVisibility);
  const timer = setInterval(reread, everyMs);
  inject(DestroyRef).onDestroy(() => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisibility);
  });
  reread();
}
