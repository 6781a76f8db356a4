import { JsonRpcError } from './api-message';
import { Job } from './models/job';
import { interpolate } from '../i18n/translate.service';
import { jobEndWords } from '../jobs/job-words';

export const JSON_RPC_INVALID_PARAMS = -32602;
export const JSON_RPC_TOO_MANY_CALLS = -32000;
export const JSON_RPC_CALL_ERROR = -32001;

/** One `[attribute, message, errno]` row of a TrueNAS ValidationErrors. */
export interface FieldError {
  attribute: string;
  message: string;
  errno: number;
}

/** Any error the server answered with. */
export class ApiCallError extends Error {
  constructor(
    message: string,
    readonly errname: string | null = null,
    readonly errno: number | null = null,
    readonly code: number | null = null,
  ) {
    super(message);
    this.name = 'ApiCallError';
  }
}

/**
 * The server refused the arguments; `fields` says which field and why. Its message (what a page shows away from any
 * field) is the rows' own words, never an API path such as `options.pool` (shared/field-errors puts rows on fields).
 */
export class ApiValidationError extends ApiCallError {
  constructor(readonly fields: FieldError[]) {
    super(fields.map((f) => f.message).join('; '), 'EINVAL', 22);
    this.name = 'ApiValidationError';
  }
}

export class NotAuthenticatedError extends ApiCallError {
  constructor(message = 'Not authenticated') {
    super(message, 'ENOTAUTHENTICATED');
    this.name = 'NotAuthenticatedError';
  }
}

/** The connection dropped while the call was in flight: it may or may not have run. */
export class ConnectionLostError extends Error {
  constructor(readonly method: string) {
    super(`Connection lost during ${method}`);
    this.name = 'ConnectionLostError';
  }
}

/** A job ended in FAILED or ABORTED: its message is the box's reason, else what happened ('Benchmark stopped'). */
export class FailedJobError extends ApiCallError {
  constructor(readonly job: Job) {
    const ended = jobEndWords(job);
    super(ended ? interpolate(ended.key, ended.params) : (job.error ?? job.state), job.exc_info?.type ?? null);
    this.name = 'FailedJobError';
  }
}

function parseExtra(extra: unknown): FieldError[] | null {
  if (!Array.isArray(extra) || extra.length === 0) {
    return null;
  }
  const rows: FieldError[] = [];
  for (const row of extra) {
    if (!Array.isArray(row) || typeof row[1] !== 'string') {
      return null;
    }
    rows.push({ attribute: String(row[0] ?? ''), message: row[1], errno: Number(row[2] ?? 22) });
  }
  return rows;
}

/** Map a JSON-RPC error frame to the typed error a component can act on. */
export function toApiError(error: JsonRpcError): ApiCallError {
  const data = error.data ?? {};
  const errname = data.errname ?? null;
  if (errname === 'ENOTAUTHENTICATED') {
    return new NotAuthenticatedError(data.reason ?? error.message);
  }
  const fields = parseExtra(data.extra);
  if (fields && (errname === 'EINVAL' || error.code === JSON_RPC_INVALID_PARAMS)) {
    return new ApiValidationError(fields);
  }
  return new ApiCallError(data.reason ?? error.message, errname, data.error ?? null, error.code);
}

/** A failed job carries validation errors in `exc_info` (type VALIDATION, extra rows). */
export function jobToError(job: Job): ApiCallError {
  if (job.exc_info?.type === 'VALIDATION') {
    const fields = parseExtra(job.exc_info.extra);
    if (fields) {
      return new ApiValidationError(fields);
    }
  }
  return new FailedJobError(job);
}

/** Words for a person, whatever was thrown. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) {
    return error.message;
  }
  return String(error);
}
