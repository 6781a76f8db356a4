import { ChangeDetectionStrategy, Component, ElementRef, afterNextRender, computed, inject, input, output, viewChild } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { FormControl, ReactiveFormsModule } from '@angular/forms';
import { MatFormField, MatLabel } from '@angular/material/form-field';
import { MatInput } from '@angular/material/input';

import { TuningPresetSettingInfo } from '../../api/models/tuning-preset';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { KIND_WORDS, searchSettings, settingKey } from './preset-settings';
import { SettingCatalog } from './setting-catalog';
import { SettingFactsComponent } from './setting-facts.component';
import { TestIdDirective } from '../../shared/test-id/test-id.directive';

/** A searchable list of the settings a preset may change, with what each does and its values on this box. */
@Component({
  selector: 'tp-setting-picker',
  imports: [TestIdDirective, MatFormField, MatLabel, MatInput, ReactiveFormsModule, TranslatePipe, SettingFactsComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styles: `
    .picker { border: 1px solid var(--border, #555); border-radius: 4px; padding: 8px; display: grid; gap: 8px; }
    ul { list-style: none; margin: 0; padding: 0; max-height: 360px; overflow-y: auto; display: grid; gap: 4px; }
    li button { width: 100%; text-align: left; display: grid; gap: 2px; padding: 6px 8px; }
    code { font-size: 0.9em; margin-left: 0.5em; }   /* whitespace between elements is not kept */
  `,
  template: `
    <div class="picker" tpTest="setting-picker">
      <div class="field">
        <mat-form-field appearance="outline" subscriptSizing="dynamic">
          <mat-label>{{ 'Find a setting' | t }}</mat-label>
          <input matInput #searchBox type="search" [formControl]="search" tpTest="setting-search"
            [placeholder]="'name, e.g. ARC, record size, write buffer' | t" />
        </mat-form-field>
      </div>
      @if (catalog.error(); as e) { <p class="banner danger" role="alert" tpTest="setting-catalog-error">{{ e }}</p> }
      <ul [attr.aria-label]="'Settings' | t" tabindex="0">
        @for (s of found(); track s.kind + s.setting) {
          <li>
            <button type="button" [tpTest]="['setting-option', s.setting]" [disabled]="chosen().has(key(s))"
                    (click)="picked.emit(s)">
              <span><strong>{{ s.name | t }}</strong> <code class="muted">{{ s.setting }}</code>
                · <span class="muted">{{ kindWords[s.kind] | t }}</span>
                @if (chosen().has(key(s))) { · <em>{{ 'already in this preset' | t }}</em> }</span>
              <span>{{ s.description | t }}</span>
              <tp-setting-facts [info]="s" />
            </button>
          </li>
        } @empty {
          <li class="muted" tpTest="setting-none">{{ 'No setting matches.' | t }}</li>
        }
      </ul>
    </div>
  `,
})
export class SettingPickerComponent {
  protected readonly catalog = inject(SettingCatalog);
  /** Keys (`KIND:setting`) already in the preset: shown, not offered again. */
  readonly chosen = input<ReadonlySet<string>>(new Set());
  readonly picked = output<TuningPresetSettingInfo>();

  protected readonly kindWords = KIND_WORDS;
  protected readonly key = (s: TuningPresetSettingInfo) => settingKey(s.kind, s.setting);
  protected readonly search = new FormControl('', { nonNullable: true });
  private readonly query = toSignal(this.search.valueChanges, { initialValue: '' });
  protected readonly found = computed(() => searchSettings(this.catalog.settings(), this.query()));
  private readonly searchBox = viewChild.required<ElementRef<HTMLInputElement>>('searchBox');

  constructor() {
    afterNextRender(() => this.searchBox().nativeElement.focus());   // opened to search: type at once
  }
}
