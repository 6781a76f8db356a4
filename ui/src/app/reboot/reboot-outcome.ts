import { TuningState, TuningStatePending } from '../api/models/tuning-profile';

/** Each list names a setting in words as the plan did ("Write buffer limit"), its id where no name came with it. */
export interface RebootOutcome {
  /** Waited for the reboot and now hold the proposed value. */
  verified: string[];
  /** Still waiting (the server did not see them take effect). */
  stillPending: string[];
  /** Came back with a different value than expected. */
  drifted: string[];
}

/** What happened to the settings that waited for a reboot, judged from the state after it. */
export function rebootOutcome(before: TuningStatePending[], after: TuningState): RebootOutcome {
  const pending = new Set(after.pending_reboot.map((p) => p.key));
  const drift = new Set(after.drift.map((d) => d.key));
  const outcome: RebootOutcome = { verified: [], stillPending: [], drifted: [] };
  for (const item of before) {
    const name = item.name ?? item.setting;
    if (pending.has(item.key)) {
      outcome.stillPending.push(name);
    } else if (drift.has(item.key)) {
      outcome.drifted.push(name);
    } else {
      outcome.verified.push(name);
    }
  }
  return outcome;
}
