import { TestBed } from '@angular/core/testing';
import { NonNullableFormBuilder } from '@angular/forms';

import {
  atLeastOne, benchmarkSettingsForm, campaignSettingsForm, estimateSpec, settingsControls, settingsSpec, wholeNumber,
} from './benchmark-settings';

const fb = () => TestBed.inject(NonNullableFormBuilder);

describe('benchmark settings', () => {
  it('starts a benchmark where a comparison can reach a verdict and sends only what was typed', () => {
    const form = benchmarkSettingsForm(fb());
    expect(form.valid).toBe(true);
    expect(settingsSpec(form.getRawValue())).toEqual({ tests: ['SEQ_WRITE', 'SEQ_READ'], profile: 'QUICK', runs: 5, adaptive: true });
    form.patchValue({ tests: ['RAND_READ_4K', 'SEQ_WRITE'], runtime_seconds: 2, ramp_seconds: 0, working_set_mib: 1.5 });
    expect(settingsSpec(form.getRawValue())).toEqual({
      tests: ['SEQ_WRITE', 'RAND_READ_4K'], profile: 'QUICK', runs: 5, adaptive: true,
      runtime_seconds: 2, ramp_seconds: 0, working_set_bytes: 1.5 * 1024 * 1024,
    });
  });

  it('gives a campaign rounds and no adaptive runs or working set', () => {
    const form = campaignSettingsForm(fb());
    const value = form.getRawValue();
    expect(settingsSpec(value)).toEqual({ tests: ['SEQ_WRITE', 'SEQ_READ', 'RAND_READ_4K'], profile: 'QUICK', runs: 2 });
    expect(value.rounds).toBe(3);
    expect(Object.keys(settingsControls(form)).sort()).toEqual(['profile', 'ramp_seconds', 'rounds', 'runs', 'runtime_seconds', 'tests']);
    expect(Object.keys(settingsControls(benchmarkSettingsForm(fb())))).toContain('working_set_bytes');
  });

  it('asks the estimate about a campaign\'s rounds and configurations, a benchmark\'s adaptive runs', () => {
    expect(estimateSpec(campaignSettingsForm(fb()).getRawValue(), 3)).toEqual({
      tests: ['SEQ_WRITE', 'SEQ_READ', 'RAND_READ_4K'], profile: 'QUICK', runs: 2, runtime_seconds: null, ramp_seconds: null,
      adaptive: false, rounds: 3, configurations: 3,
    });
    expect(estimateSpec(benchmarkSettingsForm(fb()).getRawValue(), 1)).toEqual({
      tests: ['SEQ_WRITE', 'SEQ_READ'], profile: 'QUICK', runs: 5, runtime_seconds: null, ramp_seconds: null, adaptive: true,
    });
  });

  it('refuses what the server would: no test, runs and rounds out of range or not whole, overrides below their minimum', () => {
    const form = campaignSettingsForm(fb());
    const c = form.controls;
    c.tests.setValue([]);
    c.runs.setValue(31);
    c.rounds!.setValue(2.5);
    c.runtime_seconds.setValue(0);
    c.ramp_seconds.setValue(-1);
    expect(c.tests.errors).toEqual({ minItems: { min: 1 } });
    expect(c.runs.errors).toEqual({ max: { max: 30, actual: 31 } });
    expect(c.rounds!.errors).toEqual({ wholeNumber: true });
    expect(c.runtime_seconds.errors).toEqual({ min: { min: 1, actual: 0 } });
    expect(c.ramp_seconds.errors).toEqual({ min: { min: 0, actual: -1 } });
    c.runs.setValue(null);
    expect(c.runs.errors).toEqual({ required: true });
    c.runtime_seconds.setValue(100_000); // the server's cap is the server's to say
    expect(c.runtime_seconds.valid).toBe(true);
  });

  it('validators read their control alone', () => {
    expect(atLeastOne({ value: ['x'] } as never)).toBeNull();
    expect(wholeNumber({ value: null } as never)).toBeNull();
    expect(wholeNumber({ value: 1.5 } as never)).toEqual({ wholeNumber: true });
  });
});
