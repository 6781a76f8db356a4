// `tuning.advice.recordsize` for the Pool layout page: the options from the form, the answer's headline and a busy
// box's refusal in words, and the job itself (pure but for `recordsizeJob`).
import { Observable } from 'rxjs';

import { ApiCallError, FailedJobError } from '../../api/api-errors';
import { ApiService } from '../../api/api.service';
import * as api from '../../api/models/generated/api-types.generated';
import { Job } from '../../api/models/job';
import { T } from '../../i18n/translate-marker';
import { Words } from '../../shared/field-errors';
import { jobWords } from '../../jobs/job-words';

export type RecordsizeOptions = api.TuningAdviceRecordsizeOptions;
/** What a dataset's files call for: the record size and why, the walk, the sizes seen, the last-record space. */
export type RecordsizeAnswer = api.TuningAdviceRecordsizeAnswer;
export type RecordsizeBucket = api.TuningAdviceRecordsizeBucket;
export type RecordsizeCandidate = api.TuningAdviceRecordsizeCandidate;

const EBUSY = 16;

/** What the form holds: the dataset, and the limits typed under "Limits" (null: the server's default). */
export interface RecordsizeForm {
  dataset: string;
  maxEntries: number | null;
  maxSeconds: number | null;
}

/** The limits as the models bound them (advice_recordsize_models.py), said under each field. */
export const LIMITS = {
  entries: { min: 100, max: 5_000_000, default: 500_000 },
  seconds: { min: 1, max: 600, default: 60 },
} as const;

/** The page's words for each option the server may name in an error (its field names, after `options.`). */
export const RECORDSIZE_LABELS: Record<string, string> = {
  dataset: T('Dataset'),
  max_entries: T('Most files and folders'),
  max_seconds: T('Most seconds'),
};

/** The job's options (pure): a limit left empty is left out, so the server's default applies. */
export function recordsizeOptions(form: RecordsizeForm): RecordsizeOptions {
  const options: RecordsizeOptions = { dataset: form.dataset };
  if (form.maxEntries != null) {
    options.max_entries = form.maxEntries;
  }
  if (form.maxSeconds != null) {
    options.max_seconds = form.maxSeconds;
  }
  return options;
}

/** What the walk saw, as far as advice needs it: were there files, and any data in them. */
interface WalkSeen {
  scan: Pick<RecordsizeAnswer['scan'], 'files' | 'bytes'>;
}

/**
 * "Use 1 MiB (now 128 KiB)", "Keep 128 KiB", or "Use 128 KiB" when the dataset's own record size is not known; no
 * advice at all when the walk found no data (the server then only echoes the record size the dataset has).
 */
export function headline(answer: Pick<RecordsizeAnswer, 'change' | 'recommended_words' | 'current_words'> & WalkSeen): Words {
  if (!answer.scan.files) {
    return { key: T('No files to judge by: no advice') };
  }
  if (!answer.scan.bytes) {
    return { key: T('Only empty files to judge by: no advice') };
  }
  if (answer.change && answer.current_words) {
    return { key: T('Use {size} (now {current})'), params: { size: answer.recommended_words, current: answer.current_words } };
  }
  return answer.current_words ? { key: T('Keep {size}'), params: { size: answer.current_words } }
    : { key: T('Use {size}'), params: { size: answer.recommended_words } };
}

/** Whether the walk found data to advise on (no files, or only empty ones: no advice, no advised row). */
export function hasAdvice(answer: WalkSeen): boolean {
  return answer.scan.files > 0 && answer.scan.bytes > 0;
}

/**
 * Whether another record size adds less space in last records than the advised one, which then needs saying: the
 * column counts only the partial last records, and the advice goes by where the data's bytes lie (core/recordsize.py).
 */
export function lessSpaceElsewhere(answer: Pick<RecordsizeAnswer, 'recommended' | 'candidates'> & WalkSeen): boolean {
  const advised = answer.candidates.find((c) => c.record === answer.recommended);
  return hasAdvice(answer) && !!advised && answer.candidates.some((c) => c.tail_bytes < advised.tail_bytes);
}

/** A record size's test id, in ZFS's spelling ("128K", "1M"): the ids stay put however the words are written. */
export function recordId(record: number): string {
  return record % (1024 * 1024) === 0 ? `${record / (1024 * 1024)}M` : `${record / 1024}K`;
}

/** The share of the data as people read it: "0.3 %". */
export function shareWords(share: number): string {
  return `${(share * 100).toFixed(1)} %`;
}

/** Whether the server refused because a benchmark or an apply holds the box (EBUSY, from the call or the job). */
export function isBusyRefusal(error: unknown): boolean {
  if (error instanceof FailedJobError) {
    return error.job.exc_info?.errno === EBUSY;
  }
  return error instanceof ApiCallError && (error.errname === 'EBUSY' || error.errno === EBUSY);
}

/**
 * A busy box in a sentence, naming what holds it in words (never its job number; `words` translates the job's name, as
 * the sentence around it is).
 */
export function busyWords(busy: { method: string } | null, words = (key: string) => key): Words {
  if (!busy) {
    return { key: T('The box is busy with a benchmark or an apply: looking at the files now would slow it and change its figures. Ask again when it has finished.') };
  }
  return { key: T('The box is busy: {what}. Looking at the files now would slow it and change its figures; ask again when it has finished.'),
    params: { what: words(jobWords(busy)) } };
}

/** A server message without the errno name it starts with ("[ENOENT] No dataset …" → "No dataset …"). */
export function withoutErrname(message: string): string {
  return message.replace(/^\[E[A-Z0-9]+\]\s*/, '');
}

/** A walk stopped by Stop: the job ends ABORTED (or, when its answer comes first, with no result). */
export function wasStopped(error: unknown): boolean {
  return error instanceof FailedJobError && error.job.state === 'ABORTED';
}

/** The job, as ApiService runs jobs. */
export function recordsizeJob(service: ApiService, options: RecordsizeOptions): Observable<Job<RecordsizeAnswer>> {
  return service.job('tuning.advice.recordsize', [options]);
}
