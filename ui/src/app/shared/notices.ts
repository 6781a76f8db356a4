import { Injectable, signal } from '@angular/core';

/** One notice with how many times the server said it. */
export interface Notice {
  text: string;
  count: number;
  /** Text and count: a notice said again after it was dismissed comes back. */
  id: string;
  /** Good news (a value verified after a reboot, an interrupted change found complete): shown as a success, not a
   *  warning, which is kept for failures and mismatches. */
  good: boolean;
}

/** The server's wording of start-up outcomes that went right (middleware/tuning/transaction/recovery.py sends plain
 *  lines); anything else is a warning. */
const GOOD_ENDINGS = [' verified after reboot.', 'recorded as applied at start-up.'];

export function isGoodNotice(text: string): boolean {
  return GOOD_ENDINGS.some((ending) => text.endsWith(ending));
}

/** The same text once, with a count, in the order first said. */
export function mergeNotices(lines: readonly string[]): Notice[] {
  const counts = new Map<string, number>();
  for (const line of lines) {
    counts.set(line, (counts.get(line) ?? 0) + 1);
  }
  return [...counts].map(([text, count]) => ({ text, count, id: `${count}\u00d7${text}`, good: isGoodNotice(text) }));
}

const KEY = 'tuning.notices.dismissed';

/** Notices the admin dismissed, kept in this browser. */
@Injectable({ providedIn: 'root' })
export class DismissedNotices {
  readonly ids = signal<ReadonlySet<string>>(new Set(read()));

  dismiss(notice: Notice): void {
    const ids = new Set(this.ids()).add(notice.id);
    this.ids.set(ids);
    try {
      // only the newest ones: the list cannot grow without bound
      localStorage.setItem(KEY, JSON.stringify([...ids].slice(-100)));
    } catch {
      // storage refused: dismissed until the page is reloaded
    }
  }
}

function read(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}
