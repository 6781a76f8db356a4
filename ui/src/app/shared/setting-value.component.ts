import { ChangeDetectionStrategy, Component, computed, input } from '@angular/core';

import { formatSettingValue, settingValueTitle } from './format';

/** A setting's value in words and units, the exact value on hover ("3.2 GiB", title "3,435,973,836 bytes"). */
@Component({
  selector: 'tp-setting-value',
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `<span [attr.title]="title()">{{ text() }}</span>`,
})
export class SettingValueComponent {
  readonly value = input<string | null | undefined>(null);
  protected readonly text = computed(() => formatSettingValue(this.value()));
  protected readonly title = computed(() => settingValueTitle(this.value()));
}
