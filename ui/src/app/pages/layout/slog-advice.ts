// `tuning.advice.slog` for the Pool layout page: the options from the form, what a run does to the box and how long,
// the answer's headline, figures and a busy box in words, and the job itself (pure but for `slogJob`).
import { Observable } from 'rxjs';

import { ApiService } from '../../api/api.service';
import * as api from '../../api/models/generated/api-types.generated';
import { Job } from '../../api/models/job';
import { T } from '../../i18n/translate-marker';
import { jobWords } from '../../jobs/job-words';
import { Words } from '../../shared/field-errors';
import { formatBytes, formatLatencyNs, formatMBps, formatNumber, formatSeconds } from '../../shared/format';

export type SlogOptions = api.TuningAdviceSlogOptions;
/** How much a log device could raise the pool's sync writes: both measurements, the box's own load, the verdict. */
export type SlogAnswer = api.TuningAdviceSlogAnswer;
export type SlogSide = api.TuningAdviceSlogSide;
export type SlogLoad = api.TuningAdviceSlogLoad;
/** One unused SSD's own sync-write latency, measured by writing over it. */
export type SlogSsd = api.TuningAdviceSlogSsd;
type Disk = api.TuningProfile['unused_disks'][number];

/**
 * What the form holds: the dataset (empty: SSDs only), the limits typed under "Limits" (null: the server's default),
 * the unused SSDs chosen to be written and those whose erasure the admin ticked.
 */
export interface SlogForm {
  dataset: string;
  windowSeconds: number | null;
  runtimeSeconds: number | null;
  ssdDisks?: readonly string[];
  erased?: readonly string[];
}

/** The limits as the models bound them (advice_slog_models.py), said under each field; `runs` is left to the server. */
export const SLOG_LIMITS = {
  window: { min: 0, max: 600, default: 30 },
  runtime: { min: 2, max: 120, default: 15 },
  runs: { default: 3 },
} as const;

/**
 * What a run writes and spends besides its limits, as the server runs it: the set-up it takes around the
 * measurements (core/slog.py), how much of each SSD may be written from its start (core/ladder/fio_sync_write.py
 * REGION_BYTES) and the file its scratch dataset holds (flows/slog_run.py WORKING_SET).
 * tests/unit/advice/test_slog_panel_figures.py holds them equal to the server's.
 */
export const SLOG_FIGURES = {
  datasetSetUpSeconds: 20,
  runSetUpSeconds: 3,
  ssdSetUpSeconds: 5,
  ssdRegionBytes: 16 * 1024 * 1024 * 1024,
  scratchFileBytes: 256 * 1024 * 1024,
} as const;

/** The page's words for each option the server may name in an error (its field names, after `options.`). */
export const SLOG_LABELS: Record<string, string> = {
  dataset: T('Dataset'),
  window_seconds: T('Watch the box first (seconds)'),
  runtime_seconds: T('Each measurement (seconds)'),
  ssd_disks: T('SSDs to test'),
};

/** The box's unused SSDs (NVMe included): the only disks offered to be written; a hard disk is never a log device. */
export function ssdChoices(unused: readonly Disk[]): Disk[] {
  return unused.filter((d) => d.kind !== 'HDD' && !d.pool);
}

/** Whether Measure may send the form: a dataset the box can measure or an SSD, and every SSD chosen ticked as erased. */
export function readyToMeasure(form: SlogForm, sandbox = false): boolean {
  const disks = form.ssdDisks ?? [];
  return (!!form.dataset || disks.length > 0) && disks.every((d) => (form.erased ?? []).includes(d))
    && !datasetRefusal(form.dataset, sandbox);
}

/**
 * What the box cannot measure, said before anything is chosen, or null. The sandbox's datasets are plain directories
 * (no intent log), so only an unused SSD can be tested there, on a file standing in for it; with none, nothing can.
 */
export function cannotMeasureWords(sandbox: boolean, ssds: number, mayErase = true): Words | null {
  if (!sandbox) {
    return null;
  }
  if (ssds && !mayErase) {   // the SSD ticks are locked: nothing this user can start here
    return { key: T('The sandbox cannot measure a dataset: its datasets are plain directories, with no intent log. Only an unused SSD below can be tested, which needs the Full admin role. Measure stays off.') };
  }
  return ssds
    ? { key: T('The sandbox cannot measure a dataset: its datasets are plain directories, with no intent log. Only an unused SSD below can be tested (a file stands in for it).') }
    : { key: T('The sandbox cannot measure anything here: its datasets are plain directories, with no intent log, and it has no unused SSD to test. Measure stays off.') };
}

/** The job's options (pure): a limit left empty is left out, so the server's default applies. */
export function slogOptions(form: SlogForm): SlogOptions {
  const options: SlogOptions = form.dataset ? { dataset: form.dataset } : {};
  if (form.ssdDisks?.length) {
    options.ssd_disks = [...form.ssdDisks];
  }
  if (form.windowSeconds != null) {
    options.window_seconds = form.windowSeconds;
  }
  if (form.runtimeSeconds != null) {
    options.runtime_seconds = form.runtimeSeconds;
  }
  return options;
}

/** A limit as the run would use it: the typed value when the server takes it, its default when left empty, null when
 *  the server would refuse it (out of its bounds, or not a whole number). */
const limitOf = (value: number | null, limit: { min: number; max: number; default: number }): number | null =>
  value == null ? limit.default : Number.isInteger(value) && value >= limit.min && value <= limit.max ? value : null;

/**
 * How long a run takes, about, as the server reckons it (core/slog.py expected_seconds): when a dataset is measured,
 * the window, its set-up and each kind of measurement `runs` times (the server's default), each with its own set-up;
 * then each SSD for one measurement's length and its set-up. Null when a typed limit would be refused: no run takes
 * that long.
 */
export function expectedSeconds(form: Pick<SlogForm, 'windowSeconds' | 'runtimeSeconds'> & Partial<SlogForm>): number | null {
  const watch = limitOf(form.windowSeconds, SLOG_LIMITS.window);
  const runtime = limitOf(form.runtimeSeconds, SLOG_LIMITS.runtime);
  if (watch === null || runtime === null) {
    return null;
  }
  const count = form.ssdDisks?.length ?? 0;
  const ssds = count * (runtime + SLOG_FIGURES.ssdSetUpSeconds);
  const dataset = watch + SLOG_FIGURES.datasetSetUpSeconds + 2 * SLOG_LIMITS.runs.default * (runtime + SLOG_FIGURES.runSetUpSeconds);
  return form.dataset === '' && count ? ssds : dataset + ssds;
}

/**
 * Why the chosen dataset cannot be measured, said before Measure, or null. The sandbox's datasets are plain
 * directories (the server refuses them all: core/slog.py dataset_refusal); elsewhere a dataset of the box is on ZFS.
 */
export function datasetRefusal(dataset: string, sandbox: boolean): Words | null {
  return dataset && sandbox
    ? { key: T('{dataset} is not on ZFS: the sandbox’s datasets are plain directories, with no intent log to measure.'),
      params: { dataset } }
    : null;
}

/** "about 20 s", "about 1 min 35 s" (to 5 s) under two minutes, then "about 4 minutes" (core/slog.py duration_words). */
export function durationWords(seconds: number): Words {
  const rounded = Math.max(5, 5 * Math.round(seconds / 5));
  return rounded >= 120 ? { key: T('about {n} minutes'), params: { n: Math.round(seconds / 60) } }
    : { key: T('about {time}'), params: { time: formatSeconds(rounded) } };
}

/**
 * What a run does to the box, before it starts: how long, what it writes where, that sync goes off on its scratch
 * dataset only, and that the box is held meanwhile. An SSD is written from its start, never past its first
 * `SLOG_FIGURES.ssdRegionBytes`: its partition table and the start of its file systems are gone, so it is said erased.
 * `words` translates the parts, as the sentence around them is. No time is promised for a run that would be refused:
 * a dataset that cannot be measured (`sandbox`), a limit out of bounds.
 */
export function effectWords(form: SlogForm, words = (w: Words) => w.key, sandbox = false, named = (disk: string) => disk): Words {
  const seconds = expectedSeconds(form);
  if (datasetRefusal(form.dataset, sandbox)) {
    return { key: T('Measure would be refused, writing nothing: {dataset} cannot be measured (said under Dataset).'),
      params: { dataset: form.dataset } };
  }
  if (sandbox && !form.dataset && !form.ssdDisks?.length) {   // no time for a dataset it cannot measure
    return { key: T('Nothing to measure until an unused SSD is ticked: the sandbox cannot measure a dataset.') };
  }
  if (seconds === null) {
    return { key: T('Measure would be refused, writing nothing: a limit is outside the bounds said under it.') };
  }
  const chosen = form.ssdDisks ?? [];
  const runtime = formatSeconds(form.runtimeSeconds ?? SLOG_LIMITS.runtime.default);
  const ssd = { disks: chosen.map(named).join(', '), seconds: runtime, region: formatBytes(SLOG_FIGURES.ssdRegionBytes) };
  const one = chosen.length === 1;
  if (chosen.length && !form.dataset) {
    const key = one ? T('Takes {time}: writes 4 KiB blocks, each synchronously, from the start of {disks} for {seconds}, never past its first {region}. Whatever is on it is destroyed: its partition table and file systems are overwritten, so treat the whole disk as erased. The box is busy meanwhile (no apply or benchmark).')
      : T('Takes {time}: writes 4 KiB blocks, each synchronously, from the start of {disks}, one disk after the other, for {seconds} each, never past the first {region} of each. Whatever is on them is destroyed: their partition tables and file systems are overwritten, so treat each whole disk as erased. The box is busy meanwhile (no apply or benchmark).');
    return { key, params: { time: words(durationWords(seconds)), ...ssd } };
  }
  const sentence = datasetEffectWords(form, seconds, words);
  if (!chosen.length) {
    return sentence;
  }
  const then = one ? T('{sentence} Then writes 4 KiB blocks, each synchronously, from the start of {disks} for {seconds}, never past its first {region}: whatever is on it is destroyed (its partition table and file systems are overwritten), so treat the whole disk as erased.')
    : T('{sentence} Then writes 4 KiB blocks, each synchronously, from the start of {disks}, one disk after the other, for {seconds} each, never past the first {region} of each: whatever is on them is destroyed (their partition tables and file systems are overwritten), so treat each whole disk as erased.');
  return { key: then, params: { sentence: words(sentence), ...ssd } };
}

/** The dataset's part: the window, then both kinds of measurement in a file of the scratch dataset, removed after. */
function datasetEffectWords(form: SlogForm, seconds: number, words: (w: Words) => string): Words {
  const watch = form.windowSeconds ?? SLOG_LIMITS.window.default;
  const params = {
    time: words(durationWords(seconds)), window: formatSeconds(watch), runs: SLOG_LIMITS.runs.default,
    seconds: formatSeconds(form.runtimeSeconds ?? SLOG_LIMITS.runtime.default), file: formatBytes(SLOG_FIGURES.scratchFileBytes),
    dataset: form.dataset || words({ key: T('the dataset you choose') }),
  };
  if (watch === 0) {
    return { key: T('Takes {time}, without watching the box’s own sync writes first: writes 4 KiB synchronous blocks within a {file} file, {runs} times for {seconds} with the intent log and {runs} times without, in a scratch dataset it creates under {dataset} and removes with the file afterwards; turns sync off on that scratch dataset only, never on your data; the box is busy meanwhile (no apply or benchmark).'),
      params };
  }
  return { key: T('Takes {time}: watches the box’s own sync writes for {window}, then writes 4 KiB synchronous blocks within a {file} file, {runs} times for {seconds} with the intent log and {runs} times without, in a scratch dataset it creates under {dataset} and removes with the file afterwards; turns sync off on that scratch dataset only, never on your data; the box is busy meanwhile (no apply or benchmark).'),
    params };
}

/** A headroom as people read it: "26×", "3.4×". */
export function timesWords(headroom: number): string {
  return headroom >= 10 ? `${Math.round(headroom)}×` : `${headroom.toFixed(1)}×`;
}

/** The answer in one line, from the verdict and the headroom. */
export function slogHeadline(answer: Pick<SlogAnswer, 'verdict' | 'headroom'>): Words {
  const h = answer.headroom;
  switch (answer.verdict) {
    case null:
      return { key: T('What each SSD would add to every sync write') };
    case 'WORTH_IT':
      return h == null ? { key: T('A log device could help') }
        : { key: T('A log device could help: up to {times} faster sync writes'), params: { times: timesWords(h) } };
    case 'NO_SYNC_LOAD':
      return { key: T('A log device would not help now: nothing here writes synchronously') };
    case 'LITTLE_GAIN':
      return h == null ? { key: T('Little to gain') } : { key: T('Little to gain: {times}'), params: { times: timesWords(h) } };
    case 'UNKNOWN_LOAD':
      return h == null ? { key: T('No figure to compare, and the box’s own sync load is not known') }
        : { key: T('Up to {times} — the box’s own sync load is not known'), params: { times: timesWords(h) } };
  }
}

/** One measurement's row: writes a second, the typical and the p99 wait (a dash for a figure not measured). */
export function sideFigures(side: SlogSide | SlogSsd | null): { iops: string; typical: string; p99: string } {
  return side ? { iops: formatNumber(side.iops, 0), typical: formatLatencyNs(side.latency_p50_ns), p99: formatLatencyNs(side.latency_p99_ns) }
    : { iops: '—', typical: '—', p99: '—' };
}

/** "sdh (512 GB SSD)": an unused disk as the SSD picker names it. */
export function diskWords(disk: Disk): Words {
  // Device names can change between boots: the model and serial say which disk will be erased.
  const params = { name: disk.name, size: formatBytes(disk.size_bytes), kind: disk.kind === 'NVME' ? 'NVMe' : 'SSD', model: disk.model, serial: disk.serial };
  if (disk.model && disk.serial) {
    return { key: T('{name} ({size} {kind}, {model}, serial {serial})'), params };
  }
  if (disk.model) {
    return { key: T('{name} ({size} {kind}, {model})'), params };
  }
  if (disk.serial) {
    return { key: T('{name} ({size} {kind}, serial {serial})'), params };
  }
  return { key: T('{name} ({size} {kind})'), params };
}

/** A log rate in MB/s, or in bytes a second when it is too small to show as MB/s. */
export function logRate(bytesPerSecond: number): string {
  return bytesPerSecond >= 50_000 || bytesPerSecond <= 0 ? formatMBps(bytesPerSecond) : `${formatBytes(Math.round(bytesPerSecond))}/s`;
}

/** The box's own sync writes over the window, or that they are not known. */
export function loadWords(load: SlogLoad | null): Words {
  if (!load) {
    return { key: T('The box’s own sync writes are not known: its intent-log counters could not be read.') };
  }
  const params = { seconds: formatSeconds(Math.round(load.seconds)), commits: formatNumber(load.commits_per_second, 1),
    rate: logRate(load.bytes_per_second) };
  return load.to_log_device
    ? { key: T('The box’s own sync writes over {seconds}: {commits} commits a second, {rate} of log records, some to its log device.'), params }
    : { key: T('The box’s own sync writes over {seconds}: {commits} commits a second, {rate} of log records.'), params };
}

/** The pool's log devices now, in words. */
export function logDevicesWords(pool: string, devices: readonly string[]): Words {
  return devices.length
    ? { key: T('{pool} has a log device now: {devices}.'), params: { pool, devices: devices.join(', ') } }
    : { key: T('{pool} has no log device now.'), params: { pool } };
}

/** A busy box in a sentence, naming what holds it in words (never its job number). */
export function slogBusyWords(busy: { method: string } | null, words = (key: string) => key): Words {
  if (!busy) {
    return { key: T('The box is busy with a benchmark or an apply: measuring now would disturb it and both figures. Ask again when it has finished.') };
  }
  return { key: T('The box is busy: {what}. Measuring now would disturb it and both figures; ask again when it has finished.'),
    params: { what: words(jobWords(busy)) } };
}

/** The job, as ApiService runs jobs. */
export function slogJob(service: ApiService, options: SlogOptions): Observable<Job<SlogAnswer>> {
  return service.job('tuning.advice.slog', [options]);
}
