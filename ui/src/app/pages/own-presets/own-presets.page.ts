import { ChangeDetectionStrategy, Component, computed, inject, signal } from '@angular/core';
import { MatButton } from '@angular/material/button';
import { firstValueFrom } from 'rxjs';

import { ApiService } from '../../api/api.service';
import { errorMessage } from '../../api/api-errors';
import { TuningPreset } from '../../api/models/tuning-preset';
import { T } from '../../i18n/translate-marker';
import { RequiresRoleDirective } from '../../auth/requires-role/requires-role.directive';
import { ROLE } from '../../auth/roles';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { formatDateTime } from '../../shared/format';
import { SlideInComponent } from '../../shared/slide-in/slide-in.component';
import { PresetsStore } from '../../stores/presets.store';
import { PresetFormComponent } from './preset-form.component';
import { losesData, shownValue } from './preset-settings';
import { SettingCatalog } from './setting-catalog';

/** The admin's own presets: create (blank or from a built-in), edit, delete. */
@Component({
  selector: 'tp-own-presets-page',
  imports: [MatButton, TranslatePipe, PresetFormComponent, SlideInComponent, RequiresRoleDirective],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <h1>{{ 'My presets' | t }}</h1>
    <!-- Creating a preset needs the write role: both ways in are disabled together, under one lock. -->
    <div class="row" *tpRequiresRole="role.write">
      <button matButton="filled" type="button" class="primary" data-test="own-new" (click)="open(null, false)">{{ 'New preset' | t }}</button>
      <label>{{ 'Or start from a built-in' | t }}<br />
        <select data-test="own-from-builtin" (change)="fromBuiltin($any($event.target).value); $any($event.target).value = ''">
          <option value="">{{ 'Choose…' | t }}</option>
          @for (b of store.builtins(); track b.id) { <option [value]="b.id">{{ b.name }}</option> }
        </select>
      </label>
    </div>
    @if (error(); as e) { <p class="banner danger" role="alert" data-test="own-error">{{ e }}</p> }
    @if (formOpen()) {
      <tp-slide-in [title]="formTitle()" [titleParams]="{ name: formPreset()?.name }" testId="preset-slide-in"
                   (closed)="formOpen.set(false)">
        <tp-preset-form [preset]="formPreset()" [fromBuiltin]="formFromBuiltin()" (saved)="formOpen.set(false)"
                        (cancelled)="formOpen.set(false)" />
      </tp-slide-in>
    }
    <div class="table-wrap" tabindex="0" style="margin-top: 12px">
      <table data-test="own-presets-table">
        <thead><tr><th>{{ 'Name' | t }}</th><th>{{ 'Based on' | t }}</th><th>{{ 'Settings' | t }}</th><th>{{ 'Updated' | t }}</th><th></th></tr></thead>
        <tbody>
          @for (p of store.own(); track p.id) {
            <tr [attr.data-test]="'own-row-' + p.id">
              <td><strong>{{ p.name }}</strong>
                @if (losesData(p.settings)) {
                  <span class="badge DANGEROUS" [attr.data-test]="'own-danger-' + p.id"
                        [title]="'Writes acknowledged but not on disk are lost on power failure.' | t">{{ 'Can lose data' | t }}</span>
                }
                <div class="muted">{{ p.description }}</div></td>
              <td>{{ p.base ? store.nameOf(p.base) : '—' }}</td>
              <td>@for (s of p.settings; track $index) {
                @let info = catalog.info(s.kind, s.setting);
                <div [attr.data-test]="'own-setting-' + p.id + '-' + s.setting">{{ (info?.name ?? s.setting) | t }} = {{ shown(info, s.value) | t }}</div>
              }</td>
              <td>{{ when(p.updated_at ?? p.created_at) }}</td>
              <td class="row">
                <button *tpRequiresRole="role.write" matButton="outlined" type="button"
                        [attr.data-test]="'own-edit-' + p.id" (click)="open(p, false)">{{ 'Edit' | t }}</button>
                @if (confirmDelete() === p.id) {
                  <button matButton="filled" type="button" class="danger" [attr.data-test]="'own-delete-confirm-' + p.id" (click)="remove(p)">
                    {{ 'Delete for good' | t }}</button>
                  <button matButton="outlined" type="button" (click)="confirmDelete.set(null)">{{ 'Keep' | t }}</button>
                } @else {
                  <button *tpRequiresRole="role.write" matButton="outlined" type="button"
                          [attr.data-test]="'own-delete-' + p.id" (click)="confirmDelete.set(p.id)">
                    {{ 'Delete' | t }}</button>
                }
              </td>
            </tr>
          } @empty {
            <tr><td colspan="5" class="muted" data-test="own-empty">{{ 'No own presets yet.' | t }}</td></tr>
          }
        </tbody>
      </table>
    </div>
  `,
})
export class OwnPresetsPage {
  protected readonly losesData = losesData;
  private readonly api = inject(ApiService);
  protected readonly store = inject(PresetsStore);
  protected readonly role = ROLE;
  protected readonly catalog = inject(SettingCatalog);
  protected readonly shown = shownValue;
  protected readonly when = (at: string | null) => formatDateTime(at);
  protected readonly formOpen = signal(false);
  protected readonly formPreset = signal<TuningPreset | null>(null);
  protected readonly formFromBuiltin = signal(false);
  protected readonly formTitle = computed(() => {
    if (!this.formPreset()) {
      return T('New preset');
    }
    return this.formFromBuiltin() ? T('New preset from {name}') : T('Edit {name}');
  });
  protected readonly confirmDelete = signal<string | null>(null);
  protected readonly error = signal<string | null>(null);

  constructor() {
    void this.catalog.load();   // the settings in words
  }

  protected open(preset: TuningPreset | null, fromBuiltin: boolean): void {
    this.formPreset.set(preset);
    this.formFromBuiltin.set(fromBuiltin);
    this.formOpen.set(true);
  }

  protected fromBuiltin(id: string): void {
    const preset = this.store.byId(id);
    if (preset) {
      this.open(preset, true);
    }
  }

  protected async remove(preset: TuningPreset): Promise<void> {
    this.confirmDelete.set(null);
    try {
      await firstValueFrom(this.api.call('tuning.preset.delete', [preset.id]));
      await this.store.load();
    } catch (error) {
      this.error.set(errorMessage(error));
    }
  }
}
