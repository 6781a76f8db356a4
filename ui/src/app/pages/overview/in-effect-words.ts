import { TuningSettingValue } from '../../api/models/tuning-common';
import { TuningStateInEffect } from '../../api/models/tuning-profile';
import { T } from '../../i18n/translate-marker';
import { formatSettingValue } from '../../shared/format';

/** A translatable text and its parameters, for the `t` pipe. */
export interface Words { key: string; params: Record<string, string | number> }

type Row = Pick<TuningStateInEffect, 'key' | 'kind' | 'setting' | 'value' | 'scope' | 'summary' | 'risk_reason'
  | 'restore_point_id' | 'unit' | 'zero_is_default' | 'children_inheriting' | 'children_inheriting_count'
  | 'children_unknown'>;

/**
 * The Undo link's words for a setting in effect. A put back's "before" is the value set outside tuning (see "put
 * back" in docs/architecture.md): reverting it gives that value back, not the box's value from before tuning, so
 * the link says what it gives back. `putBackBefore`: what the box held before the put back that set this row
 * (its restore point's entry for the row's key), undefined when the row's restore point is no put back.
 */
export function undoWords(row: Row, putBackBefore: TuningSettingValue | undefined): Words {
  if (!putBackBefore) {
    return { key: T('Revert #{id}'), params: { id: row.restore_point_id } };
  }
  const value = formatSettingValue(putBackBefore.value, row.unit, row.zero_is_default ?? false);
  return { key: T('Revert #{id}: back to {value}, set outside tuning'), params: { id: row.restore_point_id, value } };
}

/**
 * The sentences before the in-effect table, each counted apart: what holds now, what waits for a reboot (set for
 * the next boot, not in effect yet) and what was changed outside tuning (the box holds another value, so tuning's
 * is not in effect), then how many restore points the rows come from when more than one.
 */
export function inEffectIntro(rows: readonly Pick<TuningStateInEffect, 'restore_point_id' | 'pending_reboot' | 'drifted'>[]): Words[] {
  const waiting = rows.filter((r) => r.pending_reboot).length;
  const drifted = rows.filter((r) => !r.pending_reboot && r.drifted).length;
  const now = rows.length - waiting - drifted;
  const points = new Set(rows.map((r) => r.restore_point_id)).size;
  const words: Words[] = [];
  if (now) {
    words.push(now === 1 ? { key: T('1 setting tuning changed is in effect now.'), params: {} }
      : { key: T('{n} settings tuning changed are in effect now.'), params: { n: now } });
  }
  if (waiting) {
    words.push(waiting === 1 ? { key: T('1 setting tuning changed waits for the next reboot.'), params: {} }
      : { key: T('{n} settings tuning changed wait for the next reboot.'), params: { n: waiting } });
  }
  if (drifted) {
    words.push(drifted === 1 ? { key: T('1 setting tuning set was changed outside tuning (drifted): the box holds its own value.'), params: {} }
      : { key: T('{n} settings tuning set were changed outside tuning (drifted): the box holds its own values.'), params: { n: drifted } });
  }
  if (!now && rows.length) {
    words.push({ key: T('Nothing tuning changed is in effect now.'), params: {} });
  }
  if (points > 1) {
    words.push({ key: T('They come from {points} restore points (earlier presets still count).'), params: { points } });
  }
  return words;
}

/**
 * Where tuning holds both write buffer settings (possibly from two restore points), which one wins: in OpenZFS
 * zfs_dirty_data_max (bytes) is what applies while the box runs; zfs_dirty_data_max_percent only sets it when the
 * module loads at boot. Null when not both are in effect.
 */
export function writeBufferNote(rows: readonly Pick<Row, 'setting'>[]): Words | null {
  const settings = new Set(rows.map((r) => r.setting));
  if (!settings.has('zfs_dirty_data_max') || !settings.has('zfs_dirty_data_max_percent')) {
    return null;
  }
  return {
    key: T('Two write buffer settings are in effect: the size ({bytes}) is what applies while the box runs; the % of RAM ({percent}) only sets that size when ZFS loads at boot, so after a reboot the % of RAM decides unless the size is set again.'),
    params: { bytes: 'zfs_dirty_data_max', percent: 'zfs_dirty_data_max_percent' },
  };
}

/**
 * A dangerous setting's lead in words, what it changes first ("Synchronous writes are off on tank/vm"); the banner
 * follows it with the setting's name and value in brackets, then `dangerReason` once: one sentence, nothing said
 * twice. A setting without words of its own leads with what it changes, and where.
 */
export function dangerLead(row: Row): Words {
  const words = specificDanger(row);
  if (words) {
    return words;
  }
  const what = row.summary.charAt(0).toUpperCase() + row.summary.slice(1);
  if (row.scope === 'global') {
    return { key: T('{what}'), params: { what } };
  }
  return reachBelow(row, { what, scope: row.scope }, {
    alone: T('{what} on {scope}'),
    list: T('{what} on {scope} and the datasets below it that inherit it ({names})'),
    more: T('{what} on {scope} and the datasets below it that inherit it ({names} and {more} more)'),
    unknown: T('{what} on {scope} and on any dataset below it that inherits it (which ones could not be read)'),
  });
}

/** The first datasets below a dataset setting that inherit it, named in the banner; the rest are counted. */
const NAMED_BELOW = 3;

/** A dataset setting's lead with the datasets below it that inherit it (the server reads them: `children_*`), so a
 *  data-loss setting is never said to stay on one dataset when it reaches more, nor when that could not be read. */
function reachBelow(row: Row, params: Record<string, string | number>,
                    keys: { alone: string; list: string; more: string; unknown: string }): Words {
  if (row.children_unknown) {
    return { key: keys.unknown, params };
  }
  const names = row.children_inheriting ?? [];
  const count = Math.max(row.children_inheriting_count ?? 0, names.length);
  if (!count) {
    return { key: keys.alone, params };
  }
  const named = names.slice(0, NAMED_BELOW).join(', ');
  return count > NAMED_BELOW
    ? { key: keys.more, params: { ...params, names: named, more: count - NAMED_BELOW } }
    : { key: keys.list, params: { ...params, names: named } };
}

/** What is at stake, said once: the server's reason (the registry's), else data loss on a power cut. No full stop. */
export function dangerReason(row: Row): string {
  return (row.risk_reason ?? T('if the power fails or the system crashes, writes the system already confirmed can be lost'))
    .replace(/\.$/, '');
}

/** Words of their own for the settings the registry judges dangerous (null for any other). */
function specificDanger(row: Row): Words | null {
  const on = row.value === '1';
  if (row.kind === 'DATASET_PROPERTY' && row.setting === 'sync' && row.value?.toUpperCase() === 'DISABLED') {
    return reachBelow(row, { scope: row.scope }, {
      alone: T('Synchronous writes are off on {scope}'),
      list: T('Synchronous writes are off on {scope} and the datasets below it that inherit it ({names})'),
      more: T('Synchronous writes are off on {scope} and the datasets below it that inherit it ({names} and {more} more)'),
      unknown: T('Synchronous writes are off on {scope} and on any dataset below it that inherits it (which ones could not be read)'),
    });
  }
  if (row.kind === 'ZFS_PARAMETER' && row.setting === 'zfs_nocacheflush' && on) {
    return { key: T('ZFS no longer flushes the disks’ caches'), params: {} };
  }
  if (row.kind === 'ZFS_PARAMETER' && row.setting === 'zil_nocacheflush' && on) {
    return { key: T('ZFS no longer flushes the log device’s cache'), params: {} };
  }
  return null;
}
