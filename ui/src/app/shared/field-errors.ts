import { ApiValidationError, errorMessage } from '../api/api-errors';

export interface MappedErrors {
  /** Message per form field the server named. */
  fields: Record<string, string | undefined>;
  /** What no field on the form can show. */
  general: string | null;
}

/**
 * Put server validation errors on the form's fields: an attribute such as `tuning.preset.create.data.settings.1.value`
 * or `target.pool` goes to the longest form field name its dotted path ends with (`settings.1.value`, then `value`);
 * `spec.tests.1` goes to `tests` when no field is named `tests.1`.
 */
export function mapFieldErrors(error: unknown, formFields: readonly string[]): MappedErrors {
  if (!(error instanceof ApiValidationError)) {
    return { fields: {}, general: errorMessage(error) };
  }
  const fields: Record<string, string | undefined> = {};
  const rest: string[] = [];
  const byLength = [...formFields].sort((a, b) => b.length - a.length);
  for (const row of error.fields) {
    // An item of a list field (`spec.tests.0`) belongs to the list when no form field names the item itself.
    const whole = row.attribute.replace(/(\.\d+)+$/, '');
    const field = [row.attribute, whole].map((a) => byLength.find((f) => a === f || a.endsWith(`.${f}`))).find(Boolean);
    if (field) {
      fields[field] = fields[field] ? `${fields[field]}; ${row.message}` : row.message;
    } else {
      rest.push(row.attribute ? `${row.attribute}: ${row.message}` : row.message);
    }
  }
  return { fields, general: rest.length ? rest.join('; ') : null };
}
