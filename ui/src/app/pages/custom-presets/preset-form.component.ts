import { ChangeDetectionStrategy, Component, computed, effect, inject, input, output, signal, untracked } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { AbstractControl, FormControl, FormGroup, NonNullableFormBuilder, ReactiveFormsModule, Validators } from '@angular/forms';
import { MatButton } from '@angular/material/button';
import { MatFormField, MatLabel } from '@angular/material/form-field';
import { MatInput } from '@angular/material/input';
import { MatOption, MatSelect, MatSelectTrigger } from '@angular/material/select';
import { MatCard } from '@angular/material/card';
import { firstValueFrom, map, startWith } from 'rxjs';

import { ApiService } from '../../api/api.service';
import { Risk, SettingKind } from '../../api/models/tuning-common';
import { TuningPreset, TuningPresetCreate, TuningPresetSetting, TuningPresetSettingInfo } from '../../api/models/tuning-preset';
import { T } from '../../i18n/translate-marker';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { FieldErrorComponent } from '../../shared/field-error.component';
import { readyToSend, setServerErrors } from '../../shared/field-errors';
import { PresetsStore } from '../../stores/presets.store';
import {
  KIND_WORDS, choiceLabel, dataLossWords, placeholderOf, settingKey, typedValue, usesChoices, valueRisk,
} from './preset-settings';
import { SettingCatalog } from './setting-catalog';
import { SettingFactsComponent } from './setting-facts.component';
import { SettingPickerComponent } from './setting-picker.component';
import { TestIdDirective } from '../../shared/test-id/test-id.directive';

type SettingRow = FormGroup<{ kind: FormControl<SettingKind>; setting: FormControl<string>; value: FormControl<string> }>;

/** Limits the server also checks (custom.py): the form says so before sending. */
const NAME_MAX = 100;
const DESCRIPTION_MAX = 1024;

/**
 * Create (blank or from a built-in) or edit an custom preset: settings picked from the list of what a preset may change,
 * values typed in their unit; the server's refusals show on the row they concern, in words.
 */
@Component({
  selector: 'tp-preset-form',
  imports: [TestIdDirective, MatCard, MatFormField, MatLabel, MatInput, MatSelect, MatSelectTrigger, MatOption, MatButton, ReactiveFormsModule, TranslatePipe, FieldErrorComponent, SettingFactsComponent, SettingPickerComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styles: `
    form { display: grid; gap: 10px; }
    .field { width: auto; }
    .field mat-form-field { width: 100%; }
    .base { display: flex; gap: 6px; align-items: center; }
    .base mat-form-field { flex: 1; min-width: 0; }
    .value mat-form-field { width: 100%; margin-top: 0; }
    .setting code { margin-left: 0.5em; }
    .rows { display: grid; gap: 8px; margin: 6px 0; }
    .setting { display: grid; grid-template-columns: minmax(180px, 1fr) minmax(160px, 1fr) auto; gap: 6px 10px;
               align-items: start; border-top: 1px solid var(--border, #555); padding-top: 8px; }
    @media (max-width: 700px) { .setting { grid-template-columns: 1fr; } }
    /* a risky choice: its mark beside its name, the reason on a line of its own */
    .risky .badge { margin-left: 0.5em; }
    .risky .reason { display: block; font-size: 0.85em; white-space: normal; color: var(--fg2); }
  `,
  template: `
    <mat-card appearance="outlined" class="card"><form [formGroup]="form" (ngSubmit)="save()" novalidate tpTest="preset-form">
      <div class="field">
        <mat-form-field appearance="outline" subscriptSizing="dynamic">
          <mat-label>{{ labels.name | t }}</mat-label>
          <input matInput type="text" formControlName="name" tpTest="preset-name" />
        </mat-form-field>
        <tp-field-error [control]="form.controls.name" [label]="labels.name" testId="error-name" />
      </div>
      <div class="field">
        <mat-form-field appearance="outline" subscriptSizing="dynamic">
          <mat-label>{{ labels.description | t }}</mat-label>
          <textarea matInput formControlName="description" rows="2" tpTest="preset-description"></textarea>
        </mat-form-field>
        <tp-field-error [control]="form.controls.description" [label]="labels.description" testId="error-description" />
      </div>
      <div>
        <div class="base">
          <mat-form-field appearance="outline" subscriptSizing="dynamic">
            <mat-label>{{ labels.base | t }}</mat-label>
            <mat-select formControlName="base" tpTest="preset-base">
              <mat-option value="" data-value="">{{ 'Nothing (only the settings below)' | t }}</mat-option>
              @for (b of store.builtins(); track b.id) { <mat-option [value]="b.id" [attr.data-value]="b.id">{{ b.name }}</mat-option> }
            </mat-select>
          </mat-form-field>
          @if (base()) {
            <button matButton="outlined" type="button" (click)="form.controls.base.setValue('')" tpTest="preset-base-clear">{{ 'No base' | t }}</button>
          }
        </div>
        @if (store.byId(base()); as b) { <p class="muted" tpTest="preset-base-description">{{ b.description }}</p> }
        <tp-field-error [control]="form.controls.base" [label]="labels.base" testId="error-base" />
      </div>
      <div>
        <strong>{{ labels.settings | t }}</strong>
        <p class="muted">{{ 'Each one overrides what the base preset would propose. Values are checked against this box when you save.' | t }}</p>
        <div class="rows" formArrayName="settings">
          @for (row of form.controls.settings.controls; track row; let i = $index) {
            @let info = infoOf(row);
            <div class="setting" [formGroupName]="i" [tpTest]="['setting-row', i]">
              <div>
                <strong [tpTest]="['setting-title', i]">{{ (info?.name ?? row.controls.setting.value) | t }}</strong>
                <code class="muted">{{ row.controls.setting.value }}</code>
                <div class="muted">{{ kindWords[row.controls.kind.value] | t }}@if (info) { · {{ info.description | t }} }</div>
              </div>
              <div class="value">
                <!-- the row's title names the setting: the field's own label only says what goes in it -->
                <mat-form-field appearance="outline" subscriptSizing="dynamic" floatLabel="always">
                  <mat-label>{{ 'Value' | t }}</mat-label>
                  @if (usesChoices(info)) {
                    <mat-select formControlName="value" [tpTest]="['setting-value', i]" [aria-label]="(info?.name ?? '') | t"
                                [placeholder]="'Choose…' | t">
                      <!-- the chosen value in words only: its risk is said under the field -->
                      <mat-select-trigger>{{ choiceLabel(info, row.controls.value.value) | t }}</mat-select-trigger>
                      @for (c of info!.choices; track c) {
                        @let risk = valueRisk(info, c);
                        <mat-option [value]="c" [attr.data-value]="c" [title]="risk?.reason ?? c" [class.risky]="risk">
                          <span>{{ choiceLabel(info, c) | t }}</span>
                          @if (risk) {
                            <span class="badge tag" [class.DANGEROUS]="risk.risk === 'DANGEROUS'" [class.CAUTION]="risk.risk === 'CAUTION'"
                                  [tpTest]="['setting-choice-risk', i, c]">{{ riskMark[risk.risk] | t }}</span>
                            <span class="reason">{{ risk.reason }}</span>
                          }
                        </mat-option>
                      }
                    </mat-select>
                  } @else {
                    <input matInput type="text" formControlName="value" [placeholder]="placeholderOf(info) | t"
                           [tpTest]="['setting-value', i]" [attr.aria-label]="(info?.name ?? row.controls.setting.value) | t" />
                  }
                </mat-form-field>
                <tp-field-error [control]="row.controls.value" [label]="info?.name ?? row.controls.setting.value"
                                [testId]="'error-value-' + i" />
                @if (dataLoss(row.controls.kind.value, row.controls.setting.value, row.controls.value.value, info); as words) {
                  <p class="banner danger" role="alert" [tpTest]="['setting-danger', i]">
                    <strong>{{ 'Can lose data:' | t }}</strong> {{ words | t }}</p>
                } @else if (valueRisk(info, row.controls.value.value); as risk) {
                  <!-- a cost, not a loss: a hint, not an alert -->
                  <p class="banner warn" [tpTest]="['setting-caution', i]"><strong>{{ 'Caution:' | t }}</strong> {{ risk.reason }}</p>
                }
                @if (info) { <tp-setting-facts [info]="info" [tpTest]="['setting-facts', i]" /> }
              </div>
              <button matButton="outlined" type="button" (click)="removeSetting(i)" [tpTest]="['setting-remove', i]"
                      [attr.aria-label]="'Remove {name}' | t: { name: (info?.name ?? row.controls.setting.value) | t }">✕</button>
            </div>
          }
        </div>
        <tp-field-error [control]="form.controls.settings" [label]="labels.settings" testId="error-settings" />
        @if (picking()) {
          <tp-setting-picker [chosen]="chosen()" (picked)="addSetting($event)" (keydown.escape)="picking.set(false); $event.stopPropagation()" />
          <button matButton="outlined" type="button" (click)="picking.set(false)" tpTest="setting-pick-close">{{ 'Close the list' | t }}</button>
        } @else {
          <button matButton="outlined" type="button" (click)="picking.set(true)" tpTest="setting-add">{{ 'Add setting' | t }}</button>
        }
      </div>
      @if (general(); as e) { <p class="banner danger" role="alert" tpTest="preset-form-error">{{ e }}</p> }
      <div class="actions">
        <button matButton="outlined" type="button" (click)="cancelled.emit()" tpTest="preset-cancel">{{ 'Cancel' | t }}</button>
        <button matButton="filled" type="submit" class="primary" [disabled]="saving()" tpTest="preset-save">{{ 'Save' | t }}</button>
      </div>
    </form></mat-card>
  `,
})
export class PresetFormComponent {
  protected readonly dataLoss = dataLossWords;
  protected readonly choiceLabel = choiceLabel;
  protected readonly valueRisk = valueRisk;
  /** How a risky choice is marked in the list; its reason follows. */
  protected readonly riskMark: Record<Risk, string> = { SAFE: '', CAUTION: T('Caution'), DANGEROUS: T('Can lose data') };
  private readonly api = inject(ApiService);
  private readonly fb = inject(NonNullableFormBuilder);
  protected readonly store = inject(PresetsStore);
  protected readonly catalog = inject(SettingCatalog);
  /** The preset to edit, or a built-in to start from (`fromBuiltin`), or null for a blank one. */
  readonly preset = input<TuningPreset | null>(null);
  readonly fromBuiltin = input(false);
  readonly saved = output<TuningPreset>();
  readonly cancelled = output();

  protected readonly labels = {
    name: T('Name'), description: T('Description'), base: T('Start from'), settings: T('Settings'),
  };
  protected readonly kindWords = KIND_WORDS;
  protected readonly usesChoices = usesChoices;
  protected readonly placeholderOf = placeholderOf;

  protected readonly form = this.fb.group({
    name: this.fb.control('', [Validators.required, Validators.maxLength(NAME_MAX)]),
    description: this.fb.control('', Validators.maxLength(DESCRIPTION_MAX)),
    base: this.fb.control(''),
    settings: this.fb.array<SettingRow>([]),
  });
  protected readonly editing = computed(() => !!this.preset() && !this.fromBuiltin());
  protected readonly base = toSignal(this.form.controls.base.valueChanges.pipe(startWith(this.form.controls.base.value)),
    { requireSync: true });
  /** Keys of the settings in the form, so the list does not offer them twice. */
  protected readonly chosen = toSignal(this.form.controls.settings.valueChanges.pipe(
    map(() => new Set(this.form.controls.settings.getRawValue().map((r) => settingKey(r.kind, r.setting)))),
  ), { initialValue: new Set<string>() });
  protected readonly picking = signal(false);
  protected readonly saving = signal(false);
  /** What the server refused that no field shows. */
  protected readonly general = signal<string | null>(null);

  constructor() {
    void this.catalog.load().then(() => this.friendlyValues());
    if (!this.store.loaded()) {
      void this.store.load();
    }
    // Refill whenever the page hands over another preset.
    effect(() => {
      this.preset();
      this.fromBuiltin();
      untracked(() => this.reset());
    });
  }

  reset(): void {
    const p = this.preset();
    const own = !!p && !this.fromBuiltin();
    this.form.controls.settings.clear();
    for (const s of own ? p.settings : []) {
      this.form.controls.settings.push(this.row(s));
    }
    this.form.reset({
      name: p ? (own ? p.name : `${p.name} (mine)`) : '',
      // A built-in's description speaks for its own settings (some of it measured): shown below as the base's,
      // never copied into a preset whose settings the admin then changes.
      description: own ? p.description : '',
      base: (own ? p.base : p?.id) ?? '',
    });
    this.friendlyValues();
    this.picking.set(false);
    this.general.set(null);
  }

  protected infoOf(row: SettingRow): TuningPresetSettingInfo | undefined {
    return this.catalog.info(row.controls.kind.value, row.controls.setting.value);
  }

  protected addSetting(info: TuningPresetSettingInfo): void {
    this.form.controls.settings.push(this.row({ kind: info.kind, setting: info.setting, value: '' }));
    this.picking.set(false);
  }

  protected removeSetting(index: number): void {
    this.form.controls.settings.removeAt(index);
  }

  protected async save(): Promise<void> {
    const controls = this.controlsByField();
    this.general.set(null);
    if (!readyToSend(this.form, controls)) {
      return;
    }
    this.saving.set(true);
    const raw = this.form.getRawValue();
    const data: TuningPresetCreate = {
      name: raw.name.trim(),
      description: raw.description,
      base: raw.base || null,   // null removes the base of an edited preset
      settings: raw.settings.map((s) => ({ ...s, value: s.value.trim() })),
    };
    try {
      const preset = this.editing()
        ? await firstValueFrom(this.api.call('tuning.preset.update', [this.preset()!.id, data]))
        : await firstValueFrom(this.api.call('tuning.preset.create', [data]));
      await this.store.load();
      this.saved.emit(preset);
    } catch (error) {
      this.general.set(setServerErrors(error, controls));
    } finally {
      this.saving.set(false);
    }
  }

  private row(s: TuningPresetSetting): SettingRow {
    return this.fb.group({
      kind: this.fb.control(s.kind),
      setting: this.fb.control(s.setting),
      value: this.fb.control(s.value, Validators.required),
    });
  }

  /** Stored values in the unit one types (8589934592 -> "8G"), for rows nobody has touched yet. */
  private friendlyValues(): void {
    for (const row of this.form.controls.settings.controls) {
      const value = row.controls.value;
      if (value.pristine) {
        value.setValue(typedValue(this.infoOf(row), value.value), { emitEvent: false });
      }
    }
  }

  /** The controls the server's field names land on (`data.settings.0.value` -> that row's value). */
  private controlsByField(): Record<string, AbstractControl> {
    const { name, description, base, settings } = this.form.controls;
    const controls: Record<string, AbstractControl> = { id: name, name, description, base, settings };
    settings.controls.forEach((row, i) => {
      for (const field of ['', '.kind', '.setting', '.value']) {
        controls[`settings.${i}${field}`] = row.controls.value;   // the row's one input says what is wrong with it
      }
    });
    return controls;
  }
}
