import { Component } from '@angular/core';
import { FormControl, Validators } from '@angular/forms';

import { render } from '../../testing/render';
import { NumberFieldComponent } from './number-field.component';

@Component({
  selector: 'tp-host',
  imports: [NumberFieldComponent],
  template: `<tp-number-field [control]="runs" label="Runs per test" testId="x-runs" errorTestId="error-runs" />`,
})
class Host {
  readonly runs = new FormControl<number | null>(3, [Validators.min(1), Validators.max(20)]);
}

describe('NumberFieldComponent', () => {
  it('binds its control under its label and test id', async () => {
    const { fixture, q, type } = await render(Host, []);
    const input = q<HTMLInputElement>('input-x-runs')!;
    expect(input.type).toBe('number');
    expect(input.value).toBe('3');
    expect(fixture.nativeElement.querySelector('mat-label').textContent).toContain('Runs per test');
    await type('input-x-runs', '7');
    expect(fixture.componentInstance.runs.value).toBe(7);
  });

  it('says what is wrong under the field, naming it', async () => {
    const { q, type } = await render(Host, []);
    expect(q('text-error-runs')).toBeNull();
    await type('input-x-runs', '50');
    expect(q('text-error-runs')?.textContent).toContain('Runs per test');
  });
});
