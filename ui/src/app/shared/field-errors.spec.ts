import { ApiValidationError } from '../api/api-errors';
import { mapFieldErrors } from './field-errors';

describe('mapFieldErrors', () => {
  it('puts each row on the most specific form field its attribute names', () => {
    const error = new ApiValidationError([
      { attribute: 'tuning.preset.create.data.name', message: 'taken', errno: 17 },
      { attribute: 'data.settings.1.value', message: 'not a size', errno: 22 },
      { attribute: 'data.settings.1.kind', message: 'bad kind', errno: 22 },
      { attribute: 'data.colour', message: 'unknown', errno: 22 },
    ]);
    expect(mapFieldErrors(error, ['name', 'settings.1.value', 'value', 'settings.1.kind'])).toEqual({
      fields: { name: 'taken', 'settings.1.value': 'not a size', 'settings.1.kind': 'bad kind' },
      general: 'data.colour: unknown',
    });
  });

  it('does not match a field that is only a suffix of a word', () => {
    const error = new ApiValidationError([{ attribute: 'target.subpool', message: 'x', errno: 22 }]);
    expect(mapFieldErrors(error, ['pool']).fields).toEqual({});
  });

  it('puts an item of a list on the list field', () => {
    const error = new ApiValidationError([
      { attribute: 'spec.tests.1', message: 'not a test', errno: 22 },
      { attribute: 'spec.dataset', message: 'no such dataset', errno: 2 },
    ]);
    expect(mapFieldErrors(error, ['dataset', 'tests']).fields).toEqual({ tests: 'not a test', dataset: 'no such dataset' });
  });

  it('keeps other errors whole', () => {
    expect(mapFieldErrors(new Error('boom'), ['name'])).toEqual({ fields: {}, general: 'boom' });
  });
});
