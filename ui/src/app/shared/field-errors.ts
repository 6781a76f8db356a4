// Errors in words on the field they concern: the server's ValidationErrors rows (pydantic's texts) and the form's
// own validators, read into one vocabulary, so every form says "must be at most 3600", never a library's sentence.
import type { AbstractControl, ValidationErrors } from '@angular/forms';

import { ApiValidationError, FieldError, errorMessage } from '../api/api-errors';
import { T } from '../i18n/translate-marker';
import { interpolate } from '../i18n/translate.service';

/** A message ready for the translate pipe: an English text with `{placeholders}`, and their values. */
export interface Words {
  key: string;
  params?: Record<string, unknown>;
}

/** English, for places that build one string (a translated panel passes its own). */
export const inEnglish = (w: Words): string => interpolate(w.key, w.params);

export interface MappedErrors {
  /** Message per form field the server named. */
  fields: Record<string, string | undefined>;
  /** What no field on the form can show. */
  general: string | null;
}

/** The error key a server row is kept under on a control (validators never use it). */
export const SERVER_ERROR = 'server';

const n = (text: string) => Number(text);

/** pydantic 2's messages (types `greater_than_equal`, `too_short` …) and what they mean for the person typing. */
const PYDANTIC: [RegExp, (m: RegExpExecArray) => Words][] = [
  [/^Input should be greater than or equal to (\S+)$/, (m) => ({ key: T('must be at least {limit}'), params: { limit: m[1] } })],
  [/^Input should be less than or equal to (\S+)$/, (m) => ({ key: T('must be at most {limit}'), params: { limit: m[1] } })],
  [/^Input should be greater than (\S+)$/, (m) => ({ key: T('must be more than {limit}'), params: { limit: m[1] } })],
  [/^Input should be less than (\S+)$/, (m) => ({ key: T('must be less than {limit}'), params: { limit: m[1] } })],
  [/^List should have at least (\d+) items? after validation/, (m) => chooseAtLeast(n(m[1]))],
  [/^List should have at most (\d+) items? after validation/, (m) => ({ key: T('choose at most {count}'), params: { count: n(m[1]) } })],
  [/^String should have at least (\d+) characters?$/, (m) => (n(m[1]) === 1
    ? { key: T('must not be empty') } : { key: T('must be at least {count} characters'), params: { count: n(m[1]) } })],
  [/^String should have at most (\d+) characters?$/, (m) => ({ key: T('must be at most {count} characters'), params: { count: n(m[1]) } })],
  [/^Input should be a valid integer/, () => ({ key: T('must be a whole number') })],
  [/^Input should be a valid number/, () => ({ key: T('must be a number') })],
  [/^Input should be a valid boolean/, () => ({ key: T('must be yes or no') })],
  [/^Input should be a valid (string|list|array|dictionary)/, () => ({ key: T('is not the right kind of value') })],
  // Literal and enum fields: "Input should be 'QUICK', 'STANDARD' or 'THOROUGH'"
  [/^Input should be '/, () => ({ key: T('is not one of the choices offered') })],
  [/^Field required$/, () => ({ key: T('is required') })],
  [/^Extra inputs are not permitted$/, () => ({ key: T('is not a setting this accepts') })],
  // A validator of ours raised ValueError: its own text is already for people.
  [/^(?:Value|Assertion) error, (.+)$/s, (m) => ({ key: m[1] })],
];

function chooseAtLeast(count: number): Words {
  return count === 1 ? { key: T('choose at least one') } : { key: T('choose at least {count}'), params: { count } };
}

/** A server message in words: pydantic's known sentences reworded, any other (ours, already words) as it is. */
export function messageInWords(message: string): Words {
  for (const [pattern, words] of PYDANTIC) {
    const m = pattern.exec(message);
    if (m) {
      return words(m);
    }
  }
  return { key: message };
}

/** The form's own validators (Angular's and ours) in the same words as the server's. */
export function validatorWords(errors: ValidationErrors): Words[] {
  return Object.entries(errors).flatMap(([kind, detail]): Words[] => {
    switch (kind) {
      case SERVER_ERROR:
        return detail as Words[];
      case 'required':
        return [{ key: T('is required') }];
      case 'min':
        return [{ key: T('must be at least {limit}'), params: { limit: detail.min } }];
      case 'max':
        return [{ key: T('must be at most {limit}'), params: { limit: detail.max } }];
      case 'maxlength':
        return [{ key: T('must be at most {count} characters'), params: { count: detail.requiredLength } }];
      case 'wholeNumber':
        return [{ key: T('must be a whole number') }];
      case 'minItems':
        return [chooseAtLeast(detail.min)];
      default:
        return [{ key: T('is not valid') }];
    }
  });
}

/**
 * What a control's error line says now: the server's refusal until the value changes, the validators' once the
 * person has been there (typed or left the field) or tried to send the form; nothing otherwise.
 */
export function shownErrors(control: Pick<AbstractControl, 'errors' | 'dirty' | 'touched'>): Words[] {
  const errors = control.errors;
  if (!errors) {
    return [];
  }
  if (errors[SERVER_ERROR]) {
    return errors[SERVER_ERROR] as Words[];
  }
  return control.dirty || control.touched ? validatorWords(errors) : [];
}

interface Matched {
  byField: Map<string, FieldError[]>;
  rest: FieldError[];
}

/**
 * An attribute such as `tuning.preset.create.data.settings.1.value` or `target.pool` goes to the longest form field
 * name its dotted path ends with (`settings.1.value`, then `value`); `spec.tests.1` goes to `tests` when no field is
 * named `tests.1`.
 */
function matchRows(rows: FieldError[], formFields: readonly string[]): Matched {
  const byField = new Map<string, FieldError[]>();
  const rest: FieldError[] = [];
  const byLength = [...formFields].sort((a, b) => b.length - a.length);
  for (const row of rows) {
    // An item of a list field (`spec.tests.0`) belongs to the list when no form field names the item itself.
    const whole = row.attribute.replace(/(\.\d+)+$/, '');
    const field = [row.attribute, whole].map((a) => byLength.find((f) => a === f || a.endsWith(`.${f}`))).find(Boolean);
    if (field) {
      byField.set(field, [...(byField.get(field) ?? []), row]);
    } else {
      rest.push(row);
    }
  }
  return { byField, rest };
}

/**
 * An API field path in words, for a message shown away from its field:
 * `spec.pool_wait_seconds`: 'Pool wait seconds'.
 */
export function fieldInWords(attribute: string): string {
  const name = attribute.split('.').filter((part) => !/^\d+$/.test(part)).pop() ?? '';
  const spaced = name.replace(/_/g, ' ').trim();
  return spaced ? spaced[0].toUpperCase() + spaced.slice(1) : '';
}

/**
 * A server row shown away from a form field: never its API path. pydantic's sentences, reworded, need their subject
 * ('Pool wait seconds: must be at least 0'); our own messages already say what they concern and stand alone.
 */
function rowAwayFromField(row: FieldError, words: (w: Words) => string): string {
  const ours = /^(?:Value|Assertion) error, /.test(row.message);
  const reworded = !ours && PYDANTIC.some(([pattern]) => pattern.test(row.message));
  const message = words(messageInWords(row.message));
  const field = fieldInWords(row.attribute);
  return reworded && field ? `${field}: ${message}` : message;
}

function generalText(rows: FieldError[], words: (w: Words) => string): string | null {
  const text = rows.map((r) => rowAwayFromField(r, words));
  return text.length ? text.join('; ') : null;
}

/** Server validation errors as text per form field (for forms that keep their errors in a signal). */
export function mapFieldErrors(error: unknown, formFields: readonly string[], words = inEnglish): MappedErrors {
  if (!(error instanceof ApiValidationError)) {
    return { fields: {}, general: errorMessage(error) };
  }
  const { byField, rest } = matchRows(error.fields, formFields);
  const fields: Record<string, string | undefined> = {};
  for (const [field, rows] of byField) {
    fields[field] = rows.map((r) => words(messageInWords(r.message))).join('; ');
  }
  return { fields, general: generalText(rest, words) };
}

/**
 * Server validation errors onto the reactive form's controls (keyed by the server's field names), where they stay
 * until the value changes or the form is sent again; returns what no control can show (any other error whole).
 */
export function setServerErrors(error: unknown, controls: Record<string, AbstractControl>, words = inEnglish): string | null {
  if (!(error instanceof ApiValidationError)) {
    return errorMessage(error);
  }
  const { byField, rest } = matchRows(error.fields, Object.keys(controls));
  for (const [field, rows] of byField) {
    const control = controls[field];
    control.setErrors({ ...control.errors, [SERVER_ERROR]: rows.map((r) => messageInWords(r.message)) });
    control.markAsTouched();
  }
  return generalText(rest, words);
}

/**
 * The refusals `setServerErrors` put on fields, once more as one line for beside the form's send button: on a phone
 * the field may be off-screen, and the press must not seem to do nothing. Null when no row went to a field.
 */
export function refusedOnFields(error: unknown, controls: Record<string, AbstractControl>, words = inEnglish): string | null {
  if (!(error instanceof ApiValidationError)) {
    return null;
  }
  const { byField } = matchRows(error.fields, Object.keys(controls));
  return generalText([...byField.values()].flat(), words);
}

/** Drop the server's old refusals before the form is checked and sent again. */
export function clearServerErrors(controls: Record<string, AbstractControl>): void {
  for (const control of Object.values(controls)) {
    if (control.errors?.[SERVER_ERROR]) {
      control.updateValueAndValidity();
    }
  }
}

/**
 * Before a form is sent: the server's old refusals go, and a form its own validators refuse is not sent but shows
 * every field's error. True when it may be sent.
 */
export function readyToSend(form: AbstractControl, controls: Record<string, AbstractControl>): boolean {
  clearServerErrors(controls);
  if (form.invalid) {
    form.markAllAsTouched();
    return false;
  }
  return true;
}
