import { Injectable, computed, inject, signal } from '@angular/core';
import { firstValueFrom } from 'rxjs';

import { ApiService } from '../../api/api.service';
import { errorMessage } from '../../api/api-errors';
import { SettingKind } from '../../api/models/tuning-common';
import { TuningPresetSettingInfo } from '../../api/models/tuning-preset';
import { settingKey } from './preset-settings';

/** The settings a preset may change, described for this box (`tuning.preset.settings`). */
@Injectable({ providedIn: 'root' })
export class SettingCatalog {
  private readonly api = inject(ApiService);

  readonly settings = signal<TuningPresetSettingInfo[]>([]);
  readonly error = signal<string | null>(null);
  private readonly byKey = computed(() => new Map(this.settings().map((s) => [settingKey(s.kind, s.setting), s])));

  /** Read again each time an editor opens: current values change with every apply. */
  async load(): Promise<void> {
    try {
      this.settings.set(await firstValueFrom(this.api.call('tuning.preset.settings', [])));
      this.error.set(null);
    } catch (error) {
      this.error.set(errorMessage(error));
    }
  }

  info(kind: SettingKind, setting: string): TuningPresetSettingInfo | undefined {
    return this.byKey().get(settingKey(kind, setting));
  }
}
