import { ChangeDetectionStrategy, Component, input } from '@angular/core';

import { TuningPresetSettingInfo } from '../../api/models/tuning-preset';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { UNIT_WORDS, shownValue } from './preset-settings';

/** A setting's unit, allowed range and values on this box, in one line (the list and the rows show the same). */
@Component({
  selector: 'tp-setting-facts',
  imports: [TranslatePipe],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styles: `:host { display: flex; flex-wrap: wrap; gap: 2px 12px; font-size: 0.9em; color: var(--fg2); }`,
  template: `
    @let s = info();
    @if (s.unit && s.unit !== 'SWITCH') { <span>{{ 'Unit: {unit}' | t: { unit: (unitWords[s.unit] | t) } }}</span> }
    <span>{{ 'Allowed: {range}' | t: { range: s.allowed } }}</span>
    @if (s.kind === 'DATASET_PROPERTY' && s.scope) {
      <span>{{ 'Now on {dataset}: {value}' | t: { dataset: s.scope, value: (shown(s, s.current) | t) } }}</span>
    } @else {
      <span>{{ 'Now: {value}' | t: { value: (shown(s, s.current) | t) } }}</span>
    }
    <span>{{ 'Default: {value}' | t: { value: (shown(s, s.default) | t) } }}</span>
    @if (s.exists === false) { <span>{{ 'not on this box' | t }}</span> }
  `,
})
export class SettingFactsComponent {
  readonly info = input.required<TuningPresetSettingInfo>();
  protected readonly unitWords = UNIT_WORDS;
  protected readonly shown = shownValue;
}
