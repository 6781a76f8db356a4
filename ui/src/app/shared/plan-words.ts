import { ApplyMode, Risk, TuningChange } from '../api/models/tuning-common';
import { T } from '../i18n/translate-marker';

export const APPLY_MODE_WORDS: Record<ApplyMode, string> = {
  LIVE: T('Takes effect at once'),
  NEW_DATA: T('Applies to data written from now on'),
  SERVICE_RESTART: T('Restarts the service'),
  REBOOT: T('Takes effect after a reboot'),
};

export const RISK_WORDS: Record<Risk, string> = {
  SAFE: T('Safe'),
  CAUTION: T('Caution'),
  DANGEROUS: T('Dangerous'),
};

/** Why a row is risky, in plain words; the server's reason wins, else a sentence per risk level. */
export function riskReason(change: TuningChange): string {
  if (change.risk_reason) {
    return change.risk_reason;
  }
  switch (change.risk) {
    case 'DANGEROUS':
      return T('If the power fails or the system crashes, writes the system already confirmed can be lost.');
    case 'CAUTION':
      return T('Safe for data, but it can slow other workloads or use more memory.');
    default:
      return T('No risk to data.');
  }
}

/** DANGEROUS keys not yet acknowledged, in plan order. */
export function missingAcknowledgements(changes: TuningChange[], acknowledged: ReadonlySet<string>): string[] {
  return changes.filter((c) => c.risk === 'DANGEROUS' && !acknowledged.has(c.key)).map((c) => c.key);
}
