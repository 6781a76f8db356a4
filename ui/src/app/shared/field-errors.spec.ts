import { FormControl, Validators } from '@angular/forms';

import { ApiValidationError, errorMessage } from '../api/api-errors';
import {
  SERVER_ERROR, clearServerErrors, fieldInWords, inEnglish, mapFieldErrors, messageInWords, setServerErrors,
  shownErrors, validatorWords,
} from './field-errors';

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
      general: 'unknown',
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

  it('says the messages in words', () => {
    const error = new ApiValidationError([
      { attribute: 'spec.runs', message: 'Input should be less than or equal to 30', errno: 22 },
      { attribute: 'spec.colour', message: 'Extra inputs are not permitted', errno: 22 },
    ]);
    expect(mapFieldErrors(error, ['runs'])).toEqual({
      fields: { runs: 'must be at most 30' }, general: 'Colour: is not a setting this accepts',
    });
  });

  it('keeps other errors whole', () => {
    expect(mapFieldErrors(new Error('boom'), ['name'])).toEqual({ fields: {}, general: 'boom' });
  });
});

describe('errors in words', () => {
  const english = (message: string) => inEnglish(messageInWords(message));

  it('rewords pydantic\'s sentences and keeps ours', () => {
    expect(english('Input should be less than or equal to 3600')).toBe('must be at most 3600');
    expect(english('Input should be greater than or equal to 1')).toBe('must be at least 1');
    expect(english('Input should be greater than 0')).toBe('must be more than 0');
    expect(english('List should have at least 1 item after validation, not 0')).toBe('choose at least one');
    expect(english('List should have at least 2 items after validation, not 1')).toBe('choose at least 2');
    expect(english('List should have at most 8 items after validation, not 9')).toBe('choose at most 8');
    expect(english('String should have at least 1 character')).toBe('must not be empty');
    expect(english('String should have at most 120 characters')).toBe('must be at most 120 characters');
    expect(english('Input should be a valid integer, got a number with a fractional part')).toBe('must be a whole number');
    expect(english("Input should be 'QUICK', 'STANDARD' or 'THOROUGH'")).toBe('is not one of the choices offered');
    expect(english('Field required')).toBe('is required');
    expect(english('Value error, ARC above the RAM of this box')).toBe('ARC above the RAM of this box');
    expect(english("No dataset 'tank' on this box.")).toBe("No dataset 'tank' on this box.");
  });

  it('says the form\'s own validators in the same words', () => {
    const control = new FormControl<number | null>(31, [Validators.required, Validators.min(1), Validators.max(30)]);
    expect(validatorWords(control.errors!).map(inEnglish)).toEqual(['must be at most 30']);
    control.setValue(null);
    expect(validatorWords(control.errors!).map(inEnglish)).toEqual(['is required']);
    expect(validatorWords({ minItems: { min: 1 }, wholeNumber: true }).map(inEnglish)).toEqual(['choose at least one', 'must be a whole number']);
  });

  it('shows a validator\'s error once the person was there, the server\'s at once', () => {
    const control = new FormControl(0, Validators.min(1));
    expect(shownErrors(control)).toEqual([]);
    control.markAsDirty();
    expect(shownErrors(control).map(inEnglish)).toEqual(['must be at least 1']);
    const fresh = new FormControl(5);
    fresh.setErrors({ [SERVER_ERROR]: [{ key: 'taken' }] });
    expect(shownErrors(fresh).map(inEnglish)).toEqual(['taken']);
  });
});

describe('setServerErrors', () => {
  const refusal = () => new ApiValidationError([
    { attribute: 'tuning.campaign.run.spec.benchmark.runtime_seconds', message: 'Input should be less than or equal to 3600', errno: 22 },
    { attribute: 'spec.benchmark.tests', message: 'List should have at least 1 item after validation, not 0', errno: 22 },
    { attribute: 'spec.pool_wait_seconds', message: 'Input should be greater than or equal to 0', errno: 22 },
  ]);

  it('puts each row on its control in words and returns the rest', () => {
    const runtime = new FormControl<number | null>(100_000);
    const tests = new FormControl<string[]>([]);
    const general = setServerErrors(refusal(), { runtime_seconds: runtime, tests });
    expect(runtime.errors).toEqual({ [SERVER_ERROR]: [{ key: 'must be at most {limit}', params: { limit: '3600' } }] });
    expect(shownErrors(tests).map(inEnglish)).toEqual(['choose at least one']);
    expect(general).toBe('Pool wait seconds: must be at least 0');
    expect(setServerErrors(new Error('boom'), { tests })).toBe('boom');
  });

  it('keeps a refusal until the value changes or the form is sent again', () => {
    const runtime = new FormControl<number | null>(100_000, Validators.min(1));
    const ramp = new FormControl<number | null>(0);
    setServerErrors(refusal(), { runtime_seconds: runtime });
    ramp.setValue(1);
    expect(runtime.invalid).toBe(true);
    runtime.setValue(60);
    expect(runtime.errors).toBeNull();

    setServerErrors(refusal(), { runtime_seconds: runtime });
    clearServerErrors({ runtime_seconds: runtime, ramp_seconds: ramp });
    expect(runtime.valid).toBe(true);
  });
});

describe('a server refusal shown away from a form field', () => {
  it('never shows an API field path, on any page (errorMessage and the forms\' general line alike)', () => {
    const error = new ApiValidationError([
      { attribute: 'options.pool', message: 'sda: /dev/sda cannot be read (No such file or directory)', errno: 2 },
      { attribute: 'ids.1', message: 'No benchmark result 2.', errno: 2 },
    ]);
    expect(errorMessage(error))
      .toBe('sda: /dev/sda cannot be read (No such file or directory); No benchmark result 2.');
    expect(mapFieldErrors(error, ['dataset']).general).toBe(errorMessage(error));
  });

  it('names the field in words when the message needs it', () => {
    const error = new ApiValidationError([{ attribute: 'spec.tests.0', message: 'Field required', errno: 22 }]);
    expect(mapFieldErrors(error, []).general).toBe('Tests: is required');
    expect(fieldInWords('tuning.campaign.run.spec.pool_wait_seconds')).toBe('Pool wait seconds');
  });
});
