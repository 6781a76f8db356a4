import { LayoutDiskKind, LayoutOptions, LayoutSource } from '../../api/models/tuning-advice';
import { T } from '../../i18n/translate-marker';
import { Choice } from './choice-field.component';

/** What the page's controls hold: sizes in the units people buy disks in (TB, decimal) and records in KiB. */
export interface LayoutForm {
  source: LayoutSource;
  pool: string;
  count: number | null;
  sizeTb: number | null;
  kind: LayoutDiskKind;
  recordKib: number;
}

export const SOURCES: Choice<LayoutSource>[] = [
  { value: 'UNUSED', label: T('The unused disks of this box') },
  { value: 'POOL', label: T('The disks of a pool') },
  { value: 'GIVEN', label: T('Disks I describe') },
];

export const KINDS: Choice<LayoutDiskKind>[] = [
  { value: 'HDD', label: T('Hard disks') },
  { value: 'SSD', label: T('SATA or SAS SSDs') },
  { value: 'NVME', label: T('NVMe drives') },
];

/** The record sizes worth comparing (in KiB): small blocks (databases, VMs), ZFS's default, large files. */
export const RECORD_SIZES: Choice<number>[] = [
  { value: 16, label: T('16 KiB (databases, VM disks)') },
  { value: 128, label: T('128 KiB (the ZFS default)') },
  { value: 1024, label: T('1 MiB (large files, media)') },
];

/** `tuning.advice.layout`'s options from the form (pure); the server checks and names what is wrong. */
export function layoutOptions(form: LayoutForm): LayoutOptions {
  const options: LayoutOptions = { source: form.source, recordsize_bytes: form.recordKib * 1024 };
  if (form.source === 'POOL') {
    options.pool = form.pool || null;
  }
  if (form.source === 'GIVEN') {
    options.count = form.count;
    options.size_bytes = form.sizeTb == null ? null : Math.round(form.sizeTb * 1e12);
    options.kind = form.kind;
  }
  return options;
}

/** The page's words for each option the server may name in an error (its field names, after `options.`). */
export const FIELD_LABELS: Record<string, string> = {
  source: T('Disks'),
  pool: T('Pool'),
  count: T('How many'),
  size_bytes: T('Size of each (TB)'),
  kind: T('Kind'),
  recordsize_bytes: T('Data written in records of'),
};
