import { CacheDefeatMethod } from '../api/models/tuning-benchmark';
import { SettingKind } from '../api/models/tuning-common';
import { RestorePointState, TuningRestorePoint } from '../api/models/tuning-preset';
import { PoolDiskKind } from '../api/models/tuning-profile';
import { T } from '../i18n/translate-marker';

/** States and kinds the API sends as identifiers, in the words the panel shows (translation ids). */
export const RESTORE_POINT_STATE_WORDS: Record<RestorePointState, string> = {
  IN_PROGRESS: T('In progress'),
  APPLIED: T('Applied'),
  ROLLED_BACK: T('Rolled back (the apply failed)'),
  REVERTED: T('Reverted'),
  FAILED: T('Failed'),
};

/** What made a restore point: an apply, a revert, or a drifted setting's tuned value put back. */
export const RESTORE_POINT_KIND_WORDS: Record<TuningRestorePoint['kind'], string> = {
  APPLY: T('Apply'),
  REVERT: T('Revert'),
  PUT_BACK: T('Put back'),
};

export const DISK_KIND_WORDS: Record<PoolDiskKind, string> = {
  HDD: T('Hard disk'),
  SSD: T('SSD'),
  NVME: T('NVMe SSD'),
  MIXED: T('Mixed disks'),
};

export const SETTING_KIND_WORDS: Record<SettingKind, string> = {
  ZFS_PARAMETER: T('ZFS module parameter'),
  SYSCTL: T('Kernel setting (sysctl)'),
  DATASET_PROPERTY: T('Dataset property'),
  POOL_DEVICE: T('Pool device'),
  SERVICE: T('Service setting'),
};

const POOL_STATUS_WORDS: Record<string, string> = {
  ONLINE: T('Online'),
  DEGRADED: T('Degraded'),
  FAULTED: T('Faulted'),
  OFFLINE: T('Offline'),
  UNAVAIL: T('Unavailable'),
  REMOVED: T('Removed'),
  SUSPENDED: T('Suspended'),
};

/** A pool status from ZFS in words; an unknown one as ZFS says it. */
export function poolStatusWords(status: string): string {
  return POOL_STATUS_WORDS[status] ?? status;
}

/** How a result kept caches out of its figures, as the server words them (core/bench/cache_defeat.py DEFEAT_WORDS). */
export const CACHE_DEFEAT_WORDS: Record<CacheDefeatMethod, string> = {
  DIRECT_IO: T('ZFS Direct I/O'),
  ARC_METADATA_ONLY: T('No file data kept in the ARC'),
  WORKING_SET: T('A working set larger than the ARC'),
  O_DIRECT: T('Direct I/O past the page cache'),
  MIXED: T('Each test its own way'),
  CLIENT_DIRECT_IO: T('Direct I/O on the client'),
  CLIENT_WORKING_SET: T('A working set larger than the client’s cache'),
};

/** A result's cache-defeat method in words (a translation id); one a newer server added, in neutral words, never its
 *  key (the server's explanation beside it says what was done). */
export function cacheDefeatWords(method: string): string {
  return (CACHE_DEFEAT_WORDS as Partial<Record<string, string>>)[method] ?? T('Caches kept out another way');
}
