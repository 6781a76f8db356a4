import { ChangeDetectionStrategy, Component, computed, input } from '@angular/core';

import { SettingUnit } from '../api/models/tuning-common';
import { formatSettingValue, settingValueTitle } from './format';

/**
 * A setting's value in the unit the server gives, the exact value on hover ("3.2 GiB", title "3,435,973,836 bytes");
 * `zeroIsDefault` shows 0 as "0 (OpenZFS default)". Leave `unit` unbound only where the server sends none.
 */
@Component({
  selector: 'tp-setting-value',
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `<span [attr.title]="title()">{{ text() }}</span>`,
})
export class SettingValueComponent {
  readonly value = input<string | null | undefined>(null);
  readonly unit = input<SettingUnit | null | undefined>(undefined);
  readonly zeroIsDefault = input<boolean | undefined>(false);
  protected readonly text = computed(() => formatSettingValue(this.value(), this.unit(), this.zeroIsDefault() ?? false));
  protected readonly title = computed(() => settingValueTitle(this.value(), this.unit(), this.zeroIsDefault() ?? false));
}
