import { ChangeDetectionStrategy, Component, computed, effect, inject, input, output, signal, untracked } from '@angular/core';
import { firstValueFrom } from 'rxjs';

import { ApiService } from '../../api/api.service';
import { SettingKind } from '../../api/models/tuning-common';
import { TuningPreset, TuningPresetSetting } from '../../api/models/tuning-preset';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { MappedErrors, mapFieldErrors } from '../../shared/field-errors';
import { PresetsStore } from '../../stores/presets.store';

export const EDITABLE_KINDS: SettingKind[] = ['DATASET_PROPERTY', 'ZFS_PARAMETER', 'SYSCTL', 'SERVICE'];

/** Form field names a server error can land on, for a preset with `rows` settings. */
export function presetFormFields(rows: number): string[] {
  const fields = ['id', 'name', 'description', 'base', 'settings'];
  for (let i = 0; i < rows; i++) {
    fields.push(`settings.${i}`, `settings.${i}.kind`, `settings.${i}.setting`, `settings.${i}.value`);
  }
  return fields;
}

/** Create (from scratch or from a built-in) or edit an own preset; server validation errors show on their field. */
@Component({
  selector: 'tp-preset-form',
  imports: [TranslatePipe],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styles: `
    form { display: grid; gap: 10px; }
    input[type='text'], textarea, select { width: 100%; }
    .setting { display: grid; grid-template-columns: 180px 1fr 1fr auto; gap: 6px; align-items: start; }
    @media (max-width: 700px) { .setting { grid-template-columns: 1fr; } }
  `,
  template: `
    <form class="card" (submit)="$event.preventDefault(); save()" data-test="preset-form">
      <h2>{{ (editing() ? 'Edit preset' : 'New preset') | t }}</h2>
      <label>{{ 'Name' | t }}
        <input type="text" name="name" [value]="name()" (input)="name.set($any($event.target).value)" data-test="preset-name" />
        @if (errors().fields['name']; as e) { <div class="field-error" data-test="error-name">{{ e }}</div> }
        @if (errors().fields['id']; as e) { <div class="field-error" data-test="error-id">{{ e }}</div> }
      </label>
      <label>{{ 'Description' | t }}
        <textarea name="description" rows="2" [value]="description()" (input)="description.set($any($event.target).value)"
                  data-test="preset-description"></textarea>
        @if (errors().fields['description']; as e) { <div class="field-error">{{ e }}</div> }
      </label>
      <label>{{ 'Start from' | t }}
        <select name="base" [value]="base()" (change)="base.set($any($event.target).value)" data-test="preset-base">
          <option value="">{{ 'Nothing (only the settings below)' | t }}</option>
          @for (b of store.builtins(); track b.id) { <option [value]="b.id">{{ b.name }}</option> }
        </select>
        @if (errors().fields['base']; as e) { <div class="field-error" data-test="error-base">{{ e }}</div> }
      </label>
      <div>
        <strong>{{ 'Settings' | t }}</strong>
        <p class="muted">{{ 'Each one overrides what the base preset would propose.' | t }}</p>
        @for (s of settings(); track $index; let i = $index) {
          <div class="setting" [attr.data-test]="'setting-row-' + i">
            <div>
              <select [value]="s.kind" (change)="patchSetting(i, { kind: $any($event.target).value })"
                      [attr.data-test]="'setting-kind-' + i" [attr.aria-label]="'Kind' | t">
                @for (k of kinds; track k) { <option [value]="k">{{ k }}</option> }
              </select>
              @if (errors().fields['settings.' + i + '.kind']; as e) { <div class="field-error">{{ e }}</div> }
            </div>
            <div>
              <input type="text" [value]="s.setting" (input)="patchSetting(i, { setting: $any($event.target).value })"
                     [placeholder]="'setting, e.g. recordsize' | t" [attr.data-test]="'setting-name-' + i"
                     [attr.aria-label]="'Setting' | t" />
              @if (errors().fields['settings.' + i + '.setting'] ?? errors().fields['settings.' + i]; as e) {
                <div class="field-error" [attr.data-test]="'error-setting-' + i">{{ e }}</div>
              }
            </div>
            <div>
              <input type="text" [value]="s.value" (input)="patchSetting(i, { value: $any($event.target).value })"
                     [placeholder]="'value, e.g. 1M' | t" [attr.data-test]="'setting-value-' + i" [attr.aria-label]="'Value' | t" />
              @if (errors().fields['settings.' + i + '.value']; as e) {
                <div class="field-error" [attr.data-test]="'error-value-' + i">{{ e }}</div>
              }
            </div>
            <button type="button" (click)="removeSetting(i)" [attr.data-test]="'setting-remove-' + i"
                    [attr.aria-label]="'Remove setting' | t">✕</button>
          </div>
        }
        @if (errors().fields['settings']; as e) { <div class="field-error">{{ e }}</div> }
        <button type="button" (click)="addSetting()" data-test="setting-add">{{ 'Add setting' | t }}</button>
      </div>
      @if (errors().general; as e) { <p class="banner danger" role="alert" data-test="preset-form-error">{{ e }}</p> }
      <div class="actions">
        <button type="button" (click)="cancelled.emit()" data-test="preset-cancel">{{ 'Cancel' | t }}</button>
        <button type="submit" class="primary" [disabled]="saving() || !name().trim()" data-test="preset-save">{{ 'Save' | t }}</button>
      </div>
    </form>
  `,
})
export class PresetFormComponent {
  private readonly api = inject(ApiService);
  protected readonly store = inject(PresetsStore);
  /** The preset to edit, or a built-in to start from (`fromBuiltin`), or null for a blank one. */
  readonly preset = input<TuningPreset | null>(null);
  readonly fromBuiltin = input(false);
  readonly saved = output<TuningPreset>();
  readonly cancelled = output();
  protected readonly kinds = EDITABLE_KINDS;
  protected readonly editing = computed(() => !!this.preset() && !this.fromBuiltin());

  protected readonly name = signal('');
  protected readonly description = signal('');
  protected readonly base = signal('');
  protected readonly settings = signal<TuningPresetSetting[]>([]);
  protected readonly saving = signal(false);
  protected readonly errors = signal<MappedErrors>({ fields: {}, general: null });

  constructor() {
    // Refill whenever the page hands over another preset.
    effect(() => {
      this.preset();
      this.fromBuiltin();
      untracked(() => this.reset());
    });
  }

  reset(): void {
    const p = this.preset();
    if (p && this.fromBuiltin()) {
      this.name.set(`${p.name} (mine)`);
      this.description.set(p.description);
      this.base.set(p.id);
      this.settings.set([]);
    } else if (p) {
      this.name.set(p.name);
      this.description.set(p.description);
      this.base.set(p.base ?? '');
      this.settings.set(p.settings.map((s) => ({ ...s })));
    } else {
      this.name.set('');
      this.description.set('');
      this.base.set('');
      this.settings.set([]);
    }
    this.errors.set({ fields: {}, general: null });
  }

  protected addSetting(): void {
    this.settings.update((rows) => [...rows, { kind: 'DATASET_PROPERTY', setting: '', value: '' }]);
  }

  protected removeSetting(index: number): void {
    this.settings.update((rows) => rows.filter((_, i) => i !== index));
  }

  protected patchSetting(index: number, part: Partial<TuningPresetSetting>): void {
    this.settings.update((rows) => rows.map((row, i) => (i === index ? { ...row, ...part } : row)));
  }

  protected async save(): Promise<void> {
    this.saving.set(true);
    this.errors.set({ fields: {}, general: null });
    const data = {
      name: this.name().trim(),
      description: this.description(),
      base: this.base() || null,
      settings: this.settings(),
    };
    try {
      const preset = this.editing()
        ? await firstValueFrom(this.api.call('tuning.preset.update', [this.preset()!.id, data]))
        : await firstValueFrom(this.api.call('tuning.preset.create', [data]));
      await this.store.load();
      this.saved.emit(preset);
    } catch (error) {
      this.errors.set(mapFieldErrors(error, presetFormFields(this.settings().length)));
    } finally {
      this.saving.set(false);
    }
  }
}
