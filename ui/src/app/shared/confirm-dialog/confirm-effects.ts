import { TuningChange, TuningPlan } from '../../api/models/tuning-common';
import { T } from '../../i18n/translate-marker';
import { formatSettingValue } from '../format';

/** One effect on the box that an admin must confirm: a message id (English text) with its placeholders. */
export interface ConfirmEffect {
  kind: 'SERVICE_RESTART' | 'POOL_DEVICE' | 'REBOOT';
  text: string;
  params: Record<string, string>;
}

const SERVICE_NAMES: Record<string, string> = { smb: 'SMB', nfs: 'NFS', iscsitarget: 'iSCSI' };

const POOL_DEVICE_WORDS: Record<string, { add: string; remove: string }> = {
  cache: {
    add: T('Adds {disks} to pool {pool} as L2ARC (read cache) devices: the pool layout changes.'),
    remove: T('Removes the L2ARC (read cache) devices {disks} from pool {pool}: the pool layout changes.'),
  },
  log: {
    add: T('Adds {disks} to pool {pool} as SLOG (sync write log) devices: the pool layout changes.'),
    remove: T('Removes the SLOG (sync write log) devices {disks} from pool {pool}: the pool layout changes.'),
  },
};

function disks(value: string | null): string[] {
  return (value ?? '').split(',').map((d) => d.trim()).filter((d) => d);
}

function value(c: TuningChange, v: string | null): string {
  return formatSettingValue(v, c.unit, c.zero_is_default);
}

/** "Write buffer limit 8 GiB → 6 GiB": the setting by its name in words as the plan row shows it (its id only for a
 *  row stored before summaries came). */
function valueChange(c: TuningChange): string {
  return `${c.summary ?? c.setting} ${value(c, c.current)} → ${value(c, c.proposed)}`;
}

/**
 * What a plan does beyond changing a value: restarts a sharing service, changes a pool's vdevs, or needs a reboot.
 * An apply or revert with any of these asks for a confirmation that lists exactly them; [] means none is needed.
 */
export function confirmEffects(plan: Pick<TuningPlan, 'changes'>): ConfirmEffect[] {
  const effects: ConfirmEffect[] = [];
  const services = new Map<string, TuningChange[]>();
  for (const c of plan.changes) {
    if (c.apply_mode === 'SERVICE_RESTART') {
      services.set(c.scope, [...(services.get(c.scope) ?? []), c]);
    }
  }
  for (const [scope, changes] of services) {
    effects.push({
      kind: 'SERVICE_RESTART',
      text: T('Restarts the {service} service: connected clients lose their connection for a moment ({settings}).'),
      params: { service: SERVICE_NAMES[scope] ?? scope.toUpperCase(), settings: changes.map(valueChange).join(', ') },
    });
  }
  for (const c of plan.changes.filter((row) => row.kind === 'POOL_DEVICE')) {
    const before = disks(c.current);
    const after = disks(c.proposed);
    const words = POOL_DEVICE_WORDS[c.setting] ?? {
      add: T('Adds {disks} to pool {pool}: the pool layout changes.'),
      remove: T('Removes {disks} from pool {pool}: the pool layout changes.'),
    };
    const added = after.filter((d) => !before.includes(d));
    const removed = before.filter((d) => !after.includes(d));
    if (added.length) {
      effects.push({ kind: 'POOL_DEVICE', text: words.add, params: { disks: added.join(', '), pool: c.scope } });
    }
    if (removed.length) {
      effects.push({ kind: 'POOL_DEVICE', text: words.remove, params: { disks: removed.join(', '), pool: c.scope } });
    }
  }
  const reboot = plan.changes.filter((c) => c.apply_mode === 'REBOOT');
  if (reboot.length) {
    effects.push({
      kind: 'REBOOT',
      text: T('Needs a reboot to take effect (offered afterwards; it stops what this box serves until it is back): {settings}.'),
      params: { settings: reboot.map(valueChange).join(', ') },
    });
  }
  return effects;
}
