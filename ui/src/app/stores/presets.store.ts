import { Injectable, computed, inject, signal } from '@angular/core';
import { firstValueFrom } from 'rxjs';

import { ApiService } from '../api/api.service';
import { errorMessage } from '../api/api-errors';
import { TuningPreset } from '../api/models/tuning-preset';

/** Built-in and custom presets (`tuning.preset.query`). */
@Injectable({ providedIn: 'root' })
export class PresetsStore {
  private readonly api = inject(ApiService);

  readonly presets = signal<TuningPreset[]>([]);
  readonly error = signal<string | null>(null);
  readonly loaded = signal(false);
  readonly builtins = computed(() => this.presets().filter((p) => p.builtin));
  readonly own = computed(() => this.presets().filter((p) => !p.builtin));

  async load(): Promise<void> {
    try {
      this.presets.set(await firstValueFrom(this.api.call('tuning.preset.query', [[], { order_by: ['name'] }])));
      this.error.set(null);
    } catch (error) {
      this.error.set(errorMessage(error));
    } finally {
      this.loaded.set(true);
    }
  }

  byId(id: string | null | undefined): TuningPreset | undefined {
    return this.presets().find((p) => p.id === id);
  }

  nameOf(id: string | null | undefined): string {
    return this.byId(id)?.name ?? id ?? '';
  }
}
