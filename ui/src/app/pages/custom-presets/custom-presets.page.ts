import { ChangeDetectionStrategy, Component, computed, inject, signal } from '@angular/core';
import { MatButton } from '@angular/material/button';
import { MatFormField, MatLabel } from '@angular/material/form-field';
import { MatOption, MatSelect } from '@angular/material/select';
import { MatSort, MatSortHeader } from '@angular/material/sort';
import { MatTableModule } from '@angular/material/table';
import { firstValueFrom } from 'rxjs';

import { ApiService } from '../../api/api.service';
import { errorMessage } from '../../api/api-errors';
import { TuningPreset } from '../../api/models/tuning-preset';
import { T } from '../../i18n/translate-marker';
import { RequiresRoleDirective } from '../../auth/requires-role/requires-role.directive';
import { ROLE } from '../../auth/roles';
import { RolesStore } from '../../auth/roles.store';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { formatDateTime } from '../../shared/format';
import { SlideInComponent } from '../../shared/slide-in/slide-in.component';
import { SortedRows, timeOf } from '../../shared/table/sort-rows';
import { TypedCellDef } from '../../shared/table/typed-cell';
import { PresetsStore } from '../../stores/presets.store';
import { PresetFormComponent } from './preset-form.component';
import { losesData, shownValue } from './preset-settings';
import { SettingCatalog } from './setting-catalog';
import { TestIdDirective } from '../../shared/test-id/test-id.directive';

/** The admin's custom presets: create (blank or from a built-in), edit, delete. */
@Component({
  selector: 'tp-custom-presets-page',
  imports: [TestIdDirective, MatButton, MatFormField, MatLabel, MatSelect, MatOption, MatTableModule, MatSort, MatSortHeader, TypedCellDef,
    TranslatePipe, PresetFormComponent, SlideInComponent, RequiresRoleDirective],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styleUrls: ['../../shared/table/data-table.scss'],
  styles: `
    /* a built-in's name shows whole in the select */
    .builtin { width: 18rem; max-width: 100%; }
  `,
  template: `
    <h1>{{ 'My presets' | t }}</h1>
    <!-- Creating a preset needs the write role: both ways in are disabled together, under one lock. -->
    <div class="row" *tpRequiresRole="role.write">
      <button matButton="filled" type="button" class="primary" tpTest="custom-new" (click)="open(null, false)">{{ 'New preset' | t }}</button>
      <!-- an action, not a setting: the choice opens the form and the select is empty again. Disabled by itself too:
           the lock's fieldset disables native controls only, and a Material select is none. -->
      <mat-form-field appearance="outline" subscriptSizing="dynamic" floatLabel="always" class="builtin">
        <mat-label>{{ 'Or start from a built-in' | t }}</mat-label>
        <mat-select tpTest="custom-from-builtin" [placeholder]="'Choose…' | t" [disabled]="!mayWrite()"
                    (selectionChange)="fromBuiltin($event.value); $event.source.value = null">
          @for (b of store.builtins(); track b.id) { <mat-option [value]="b.id" [attr.data-value]="b.id">{{ b.name }}</mat-option> }
        </mat-select>
      </mat-form-field>
    </div>
    @if (error(); as e) { <p class="banner danger" role="alert" tpTest="custom-error">{{ e }}</p> }
    @if (formOpen()) {
      <tp-slide-in [title]="formTitle()" [titleParams]="{ name: formPreset()?.name }" testId="preset-slide-in"
                   (closed)="formOpen.set(false)">
        <tp-preset-form [preset]="formPreset()" [fromBuiltin]="formFromBuiltin()" (saved)="formOpen.set(false)"
                        (cancelled)="formOpen.set(false)" />
      </tp-slide-in>
    }
    <div class="table-wrap" tabindex="0" style="margin-top: 12px">
      <table mat-table tpTest="custom-presets-table" [dataSource]="table.rows()" [trackBy]="byId"
             matSort [matSortActive]="table.sort().active" [matSortDirection]="table.sort().direction"
             (matSortChange)="table.sort.set($event)">
        <ng-container matColumnDef="name">
          <th mat-header-cell *matHeaderCellDef mat-sort-header [sortActionDescription]="'Sort by name' | t">{{ 'Name' | t }}</th>
          <td mat-cell *matCellDef="let p; of: table.rows"><strong>{{ p.name }}</strong>
            @if (losesData(p.settings)) {
              <span class="badge DANGEROUS" [tpTest]="['custom-danger', p.id]"
                    [title]="'Writes acknowledged but not on disk are lost on power failure.' | t">{{ 'Can lose data' | t }}</span>
            }
            <div class="muted">{{ p.description }}</div></td>
        </ng-container>
        <ng-container matColumnDef="base">
          <th mat-header-cell *matHeaderCellDef mat-sort-header [sortActionDescription]="'Sort by base' | t">{{ 'Based on' | t }}</th>
          <td mat-cell *matCellDef="let p; of: table.rows">{{ p.base ? store.nameOf(p.base) : '—' }}</td>
        </ng-container>
        <ng-container matColumnDef="settings">
          <th mat-header-cell *matHeaderCellDef>{{ 'Settings' | t }}</th>
          <td mat-cell *matCellDef="let p; of: table.rows">@for (s of p.settings; track $index) {
            @let info = catalog.info(s.kind, s.setting);
            <div [tpTest]="['custom-setting', p.id, s.setting]">{{ (info?.name ?? s.setting) | t }} = {{ shown(info, s.value) | t }}</div>
          }</td>
        </ng-container>
        <ng-container matColumnDef="updated">
          <th mat-header-cell *matHeaderCellDef mat-sort-header [sortActionDescription]="'Sort by last change' | t">{{ 'Updated' | t }}</th>
          <td mat-cell *matCellDef="let p; of: table.rows">{{ when(p.updated_at ?? p.created_at) }}</td>
        </ng-container>
        <ng-container matColumnDef="actions">
          <th mat-header-cell *matHeaderCellDef><span class="sr-only">{{ 'Actions' | t }}</span></th>
          <td mat-cell *matCellDef="let p; of: table.rows"><div class="row">
            <button *tpRequiresRole="role.write" matButton="outlined" type="button"
                    [tpTest]="['custom-edit', p.id]" (click)="open(p, false)">{{ 'Edit' | t }}</button>
            @if (confirmDelete() === p.id) {
              <button matButton="filled" type="button" class="danger" [tpTest]="['custom-delete-confirm', p.id]" (click)="remove(p)">
                {{ 'Delete for good' | t }}</button>
              <button matButton="outlined" type="button" [tpTest]="['custom-keep', p.id]" (click)="confirmDelete.set(null)">
                {{ 'Keep' | t }}</button>
            } @else {
              <button *tpRequiresRole="role.write" matButton="outlined" type="button"
                      [tpTest]="['custom-delete', p.id]" (click)="confirmDelete.set(p.id)">
                {{ 'Delete' | t }}</button>
            }
          </div></td>
        </ng-container>
        <tr mat-header-row *matHeaderRowDef="columns"></tr>
        <tr mat-row *matRowDef="let p; columns: columns" [tpTest]="['custom-row', p.id]"></tr>
        <tr class="mat-mdc-row" *matNoDataRow><td [attr.colspan]="columns.length" class="muted" tpTest="custom-empty">{{ 'No custom presets yet.' | t }}</td></tr>
      </table>
    </div>
  `,
})
export class CustomPresetsPage {
  protected readonly losesData = losesData;
  private readonly api = inject(ApiService);
  protected readonly store = inject(PresetsStore);
  protected readonly role = ROLE;
  protected readonly catalog = inject(SettingCatalog);
  private readonly roles = inject(RolesStore);
  protected readonly mayWrite = computed(() => this.roles.lacks(ROLE.write) === null);
  protected readonly shown = shownValue;
  protected readonly columns = ['name', 'base', 'settings', 'updated', 'actions'];
  /** The store's order until a header is clicked; the base by the name shown, the creation for a preset never updated. */
  protected readonly table = new SortedRows(() => this.store.own(), {
    name: (p) => p.name,
    base: (p) => (p.base ? this.store.nameOf(p.base) : null),
    updated: (p) => timeOf(p.updated_at ?? p.created_at),
  });
  protected readonly byId = (_: number, p: TuningPreset) => p.id;
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
