import { LayoutDiskKind, LayoutOptions, LayoutSource } from '../../api/models/tuning-advice';
import { T } from '../../i18n/translate-marker';
import { Words } from '../../shared/field-errors';
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

/**
 * The bounds of described disks, as the server keeps them (advice_models.py): up to 512 disks, each 1 GB to 100 TB
 * (the largest disks sold are about 30 TB; a size beyond 100 TB is a slip of the keyboard, not a disk).
 */
export const GIVEN_LIMITS = { count: { min: 1, max: 512 }, sizeTb: { min: 0.001, max: 100 } } as const;

/**
 * What is wrong with the typed figures, by the server's field names (pure; empty when nothing is): checked before
 * asking, so a refusal is said under its field in the field's own unit (TB), never left to the browser's bubble.
 */
export function givenErrors(form: Pick<LayoutForm, 'count' | 'sizeTb'>): Record<string, Words> {
  const errors: Record<string, Words> = {};
  const { count, sizeTb } = GIVEN_LIMITS;
  if (form.count == null || Number.isNaN(form.count)) {
    errors['count'] = { key: T('is required') };
  } else if (!Number.isInteger(form.count)) {
    errors['count'] = { key: T('must be a whole number') };
  } else if (form.count < count.min || form.count > count.max) {
    errors['count'] = { key: T('must be from {min} to {max}'), params: { min: count.min, max: count.max } };
  }
  if (form.sizeTb == null || Number.isNaN(form.sizeTb)) {
    errors['size_bytes'] = { key: T('is required') };
  } else if (form.sizeTb < sizeTb.min) {
    errors['size_bytes'] = { key: T('must be at least {size} TB (1 GB)'), params: { size: sizeTb.min } };
  } else if (form.sizeTb > sizeTb.max) {
    errors['size_bytes'] = { key: T('must be at most {size} TB (the largest disks sold are about 30 TB)'), params: { size: sizeTb.max } };
  }
  return errors;
}

/** The API field each control of the form sets: its old error goes as soon as it changes. */
export const FORM_FIELDS: Record<keyof LayoutForm, string> = {
  source: 'source', pool: 'pool', count: 'count', sizeTb: 'size_bytes', kind: 'kind', recordKib: 'recordsize_bytes',
};

/** The fields a form of this source shows (an error about another one is said above the results instead). */
export function shownFields(source: LayoutSource): string[] {
  return ['source', 'recordsize_bytes', ...(source === 'POOL' ? ['pool'] : []),
    ...(source === 'GIVEN' ? ['count', 'size_bytes', 'kind'] : [])];
}
