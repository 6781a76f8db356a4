import { ChangeDetectionStrategy, Component, OnInit, inject, input, output, signal } from '@angular/core';
import { MatButton } from '@angular/material/button';
import { MatFormField, MatLabel } from '@angular/material/form-field';
import { MatInput } from '@angular/material/input';
import { MatOption, MatSelect } from '@angular/material/select';
import { firstValueFrom } from 'rxjs';

import { ApiService } from '../../api/api.service';
import { BenchmarkResult, ImportFormat } from '../../api/models/tuning-benchmark';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { MappedErrors, mapFieldErrors } from '../../shared/field-errors';
import { DialogDirective } from '../../shared/dialog/dialog.directive';
import { TestIdDirective } from '../../shared/test-id/test-id.directive';

/** Import a bonnie++/gobonniego/fio file or a client kit's output: picker, format, label; the server's complaint shown where it belongs. */
@Component({
  selector: 'tp-import-dialog',
  imports: [TestIdDirective, MatFormField, MatLabel, MatInput, MatSelect, MatOption, MatButton, TranslatePipe, DialogDirective],
  changeDetection: ChangeDetectionStrategy.OnPush,
  /* the chosen format shows whole ('client kit output file'), never cut */
  styles: `.format { width: 16rem; max-width: 100%; } .dialog { width: 100%; }`,
  template: `
    <!-- a click beside it does not close it: a picked file and typed label would be lost -->
    <ng-template tpDialog [tpDialogLabel]="'Import older results' | t" tpDialogBackdropDismisses="false"
                 (tpDialogDismiss)="closed.emit()">
      <form class="dialog" (submit)="$event.preventDefault(); submit()" tpTest="import-dialog">
        <h2>{{ 'Import older results' | t }}</h2>
        <p class="muted">{{ 'bonnie++ (its report or CSV lines, 1.96–2.x), gobonniego JSON, fio JSON output, or a client kit’s output file (--output).' | t }}</p>
        <label>{{ 'File' | t }}<br />
          <input #file type="file" accept=".csv,.txt,.json,.out,.log,text/*,application/json" tpTest="import-file"
                 (change)="readFile(file)" />
        </label>
        @if (errors().fields['data']; as e) { <div class="field-error" role="alert" tpTest="import-data-error">{{ e }}</div> }
        <div class="field">
          <mat-form-field appearance="outline" subscriptSizing="dynamic" class="format">
            <mat-label>{{ 'Format' | t }}</mat-label>
            <mat-select tpTest="import-format" [value]="format()" (selectionChange)="format.set($event.value)">
              <mat-option value="BONNIE" data-value="BONNIE">bonnie++</mat-option>
              <mat-option value="GOBONNIEGO" data-value="GOBONNIEGO">gobonniego JSON</mat-option>
              <mat-option value="FIO" data-value="FIO">fio JSON</mat-option>
              <mat-option value="CLIENT_KIT" data-value="CLIENT_KIT">{{ 'client kit output file' | t }}</mat-option>
            </mat-select>
          </mat-form-field>
        </div>
        @if (errors().fields['format']; as e) { <div class="field-error">{{ e }}</div> }
        <div class="field">
          <mat-form-field appearance="outline" subscriptSizing="dynamic">
            <mat-label>{{ 'Label' | t }}</mat-label>
            <input matInput type="text" [value]="label()" (input)="label.set($any($event.target).value)" tpTest="import-label" />
          </mat-form-field>
        </div>
        @if (errors().fields['label']; as e) { <div class="field-error" tpTest="import-label-error">{{ e }}</div> }
        @if (errors().general; as e) { <p class="banner danger" role="alert" tpTest="import-error">{{ e }}</p> }
        <div class="actions">
          <button matButton="outlined" type="button" tpTest="import-cancel" (click)="closed.emit()">{{ 'Cancel' | t }}</button>
          <button matButton="filled" type="submit" class="primary" [disabled]="!text() || busy()" tpTest="import-submit">{{ 'Import' | t }}</button>
        </div>
      </form>
    </ng-template>
  `,
})
export class ImportDialogComponent implements OnInit {
  private readonly api = inject(ApiService);
  /** The format the dialog opens on (the Clients page opens it on a kit's output file). */
  readonly initialFormat = input<ImportFormat>('BONNIE');
  readonly imported = output<BenchmarkResult>();
  readonly closed = output();

  protected readonly format = signal<ImportFormat>('BONNIE');
  protected readonly label = signal('');
  protected readonly text = signal('');
  protected readonly busy = signal(false);
  protected readonly errors = signal<MappedErrors>({ fields: {}, general: null });

  ngOnInit(): void {
    this.format.set(this.initialFormat());
  }

  protected async readFile(input: HTMLInputElement): Promise<void> {
    const file = input.files?.[0];
    if (!file) {
      return;
    }
    this.text.set(await file.text());
    this.errors.set({ fields: {}, general: null });
    if (!this.label()) {
      this.label.set(file.name);
    }
  }

  protected async submit(): Promise<void> {
    this.errors.set({ fields: {}, general: null });
    this.busy.set(true);
    try {
      const result = await firstValueFrom(this.api.call('tuning.benchmark.import', [
        this.format(), this.text(), this.label().trim(),
      ]));
      this.imported.emit(result);
    } catch (error) {
      this.errors.set(mapFieldErrors(error, ['format', 'data', 'label']));
    } finally {
      this.busy.set(false);
    }
  }
}
