import { TestBed } from '@angular/core/testing';
import { NonNullableFormBuilder } from '@angular/forms';

import { sessionForm, sessionOptions } from './session-form';

describe('session form', () => {
  const form = () => sessionForm(TestBed.inject(NonNullableFormBuilder));

  it('starts on the server’s defaults and sends the tests in the catalog’s order, blank fields left out', () => {
    const f = form();
    f.controls.tests.setValue(['SEQ_READ', 'SEQ_WRITE']);
    expect(sessionOptions(f.getRawValue(), 'http://box:8080')).toEqual({
      protocol: 'NFS', tests: ['SEQ_WRITE', 'SEQ_READ'], runs: 3, runtime_seconds: 30, expires_minutes: 240,
      box_url: 'http://box:8080',
    });
  });

  it('sends a trimmed label, the dataset and the port when given', () => {
    const f = form();
    f.patchValue({ label: ' ws1 ', dataset: ' tank/share ', network_interface: 'eno1', protocol: 'SMB' });
    expect(sessionOptions(f.getRawValue(), 'https://box')).toMatchObject({
      label: 'ws1', dataset: 'tank/share', network_interface: 'eno1', protocol: 'SMB',
    });
  });

  it('holds the server’s limits', () => {
    const f = form();
    f.patchValue({ runs: 21, runtime_seconds: 4, expires_minutes: 10081 });
    f.controls.tests.setValue([]);
    expect(Object.keys(f.controls).filter((k) => f.get(k)!.invalid).sort())
      .toEqual(['expires_minutes', 'runs', 'runtime_seconds', 'tests']);
    f.patchValue({ runs: 20, runtime_seconds: 5, expires_minutes: 10080, label: 'x'.repeat(121) });
    f.controls.tests.setValue(['SEQ_READ']);
    expect(Object.keys(f.controls).filter((k) => f.get(k)!.invalid)).toEqual(['label']);
  });
});
