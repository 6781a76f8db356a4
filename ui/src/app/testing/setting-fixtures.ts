import { TuningPresetSettingInfo } from '../api/models/tuning-preset';

const GiB = 2 ** 30;

/** Why the server rates sync Disabled DANGEROUS, word for word (core/presets/rules). */
export const SYNC_DISABLED_REASON =
  'On a power cut or crash, writes the clients were told are safe can be lost and NFS/iSCSI/VM/database data can be corrupted.';

/** Settings as `tuning.preset.settings` describes them on the seeds' NAS (32 GiB of RAM, ARC max 16 GiB). */
export function fakeSettingInfos(): TuningPresetSettingInfo[] {
  return [
    {
      kind: 'ZFS_PARAMETER', setting: 'zfs_arc_max', name: 'Maximum ARC size',
      description: 'The most RAM the ZFS read cache (ARC) may use; 0 leaves it to OpenZFS.', unit: 'BYTES', choices: null,
      minimum: 64 * 2 ** 20, maximum: 32 * GiB - 1, allowed: "0 (OpenZFS decides) or 64 MiB up to less than 32 GiB (this box's RAM)", zero_is_default: true,
      scope: 'global', exists: true, current: String(16 * GiB), default: null, risky_values: [],
    },
    {
      kind: 'ZFS_PARAMETER', setting: 'zfs_dirty_data_max_percent', name: 'Write buffer, % of RAM',
      description: "The write buffer's default size as a share of RAM, read at boot.", unit: 'PERCENT', choices: null,
      minimum: 1, maximum: 100, allowed: '1 % to 100 %', zero_is_default: false, scope: 'global', exists: true, current: '10', default: '10',
      risky_values: [],
    },
    {
      kind: 'DATASET_PROPERTY', setting: 'sync', name: 'Synchronous writes',
      description: "Whether ZFS honours a client's request to put a write on disk before acknowledging it.", unit: null,
      choices: ['STANDARD', 'ALWAYS', 'DISABLED'], minimum: null, maximum: null, allowed: 'Standard, Always or Disabled',
      zero_is_default: false, scope: 'tank', exists: true, current: 'STANDARD', default: 'STANDARD',
      risky_values: [{ value: 'DISABLED', label: 'Disabled', risk: 'DANGEROUS', reason: SYNC_DISABLED_REASON }],
    },
    {
      kind: 'DATASET_PROPERTY', setting: 'recordsize', name: 'Record size',
      description: 'The largest block ZFS writes for a file of this dataset.', unit: 'BYTES', choices: null,
      minimum: 512, maximum: 16 * 2 ** 20, allowed: 'a power of two from 512 to 16M', zero_is_default: false, scope: 'tank', exists: true,
      current: '128K', default: '128K', risky_values: [],
    },
  ];
}

/** A setting with a choice that has a cost but loses no data, as the server lists logbias on the seeds' NAS. */
export function fakeCautionInfo(): TuningPresetSettingInfo {
  return {
    kind: 'DATASET_PROPERTY', setting: 'logbias', name: 'Sync write logging',
    description: 'Whether synchronous writes go to the intent log first (latency) or straight to the pool (throughput).', unit: null,
    choices: ['LATENCY', 'THROUGHPUT'], minimum: null, maximum: null, allowed: 'Latency or Throughput', zero_is_default: false,
    scope: 'tank', exists: true, current: 'LATENCY', default: 'LATENCY',
    risky_values: [{
      value: 'THROUGHPUT', label: 'Throughput', risk: 'CAUTION',
      reason: 'Small synchronous writes get slower and a separate log device is bypassed.',
    }],
  };
}
