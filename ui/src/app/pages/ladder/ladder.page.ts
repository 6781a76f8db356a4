import { ChangeDetectionStrategy, Component, ElementRef, computed, effect, inject, signal, untracked, viewChild } from '@angular/core';
import { takeUntilDestroyed } from '@angular/core/rxjs-interop';
import { MatCard } from '@angular/material/card';
import { MatFormField, MatLabel } from '@angular/material/form-field';
import { MatOption, MatSelect } from '@angular/material/select';
import { firstValueFrom } from 'rxjs';

import { ApiService } from '../../api/api.service';
import { errorMessage } from '../../api/api-errors';
import { Ladder } from '../../api/models/tuning-ladder';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { JobsStore } from '../../jobs/jobs.store';
import { BoxStore } from '../../stores/box.store';
import { LadderViewComponent } from './ladder-view.component';
import { ReadDisksComponent } from './read-disks.component';
import { TestIdDirective } from '../../shared/test-id/test-id.directive';

/** The jobs whose results are rungs of the ladder: when one ends, the ladder is read again. */
const RUNG_JOBS = ['tuning.ladder.read_disks', 'tuning.benchmark.run', 'tuning.network.measure'];

/** The component ladder of a pool: disks, pool, network, protocol side by side, and the layer that limits named. */
@Component({
  selector: 'tp-ladder-page',
  imports: [TestIdDirective, MatCard, MatFormField, MatLabel, MatSelect, MatOption, TranslatePipe, LadderViewComponent, ReadDisksComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styles: `.row { align-items: flex-start; } .wide { width: 280px; max-width: 100%; }`,
  template: `
    <h1>{{ 'Bottleneck' | t }}</h1>
    <p class="muted">{{ 'Each layer between the disks and a client measured on its own, side by side: the slowest one limits what clients get, and tuning any other cannot raise it.' | t }}</p>
    <div class="row">
      <div class="field">
        <mat-form-field appearance="outline" subscriptSizing="dynamic" class="wide">
          <mat-label>{{ 'Pool' | t }}</mat-label>
          <mat-select tpTest="ladder-pool" [value]="pool()" (selectionChange)="pickPool($event.value)">
            @for (p of pools(); track p) { <mat-option [value]="p" [attr.data-value]="p">{{ p }}</mat-option> }
          </mat-select>
        </mat-form-field>
      </div>
      <div class="field">
        <mat-form-field appearance="outline" subscriptSizing="dynamic" class="wide">
          <mat-label>{{ 'Dataset' | t }}</mat-label>
          <mat-select tpTest="ladder-dataset" [value]="dataset()" (selectionChange)="pickDataset($event.value)">
            <mat-option value="" data-value="">{{ 'Any dataset of the pool' | t }}</mat-option>
            @for (d of datasets(); track d) { <mat-option [value]="d" [attr.data-value]="d">{{ d }}</mat-option> }
          </mat-select>
        </mat-form-field>
      </div>
    </div>
    @if (!pools().length) { <p class="muted" tpTest="ladder-no-pools">{{ 'This box reports no pools.' | t }}</p> }

    @if (error(); as e) { <p class="banner danger" role="alert" tpTest="ladder-error">{{ e }}</p> }
    @if (ladder(); as l) {
      <tp-ladder-view [ladder]="l" (readHere)="focusRead()" />
    } @else if (pool() && !error()) {
      <p class="muted" tpTest="ladder-loading">{{ 'Loading…' | t }}</p>
    }

    <mat-card appearance="outlined" class="card" #readCard>
      <h2>{{ 'The disks on their own' | t }}</h2>
      <tp-read-disks [pool]="pool()" (done)="load()" />
    </mat-card>
  `,
})
export class LadderPage {
  private readonly api = inject(ApiService);
  private readonly box = inject(BoxStore);
  private readonly readCard = viewChild.required('readCard', { read: ElementRef });

  protected readonly pools = computed(() => (this.box.profile()?.pools ?? []).map((p) => p.name));
  protected readonly pool = signal('');
  protected readonly dataset = signal('');
  protected readonly datasets = computed(() => this.box.profile()?.pools.find((p) => p.name === this.pool())?.datasets ?? []);
  protected readonly ladder = signal<Ladder | null>(null);
  protected readonly error = signal<string | null>(null);
  private asked = 0;

  constructor() {
    // The first pool once the box is known (the profile may arrive after the page).
    effect(() => {
      const pools = this.pools();
      untracked(() => {
        if (pools.length && !pools.includes(this.pool())) {
          this.pickPool(pools[0]);
        }
      });
    });
    inject(JobsStore).ended(RUNG_JOBS).pipe(takeUntilDestroyed()).subscribe(() => void this.load());
  }

  protected pickPool(pool: string): void {
    this.pool.set(pool);
    this.dataset.set('');
    void this.load();
  }

  protected pickDataset(dataset: string): void {
    this.dataset.set(dataset);
    void this.load();
  }

  protected async load(): Promise<void> {
    const pool = this.pool();
    if (!pool) {
      return;
    }
    const asked = ++this.asked;   // only the latest question's answer is shown
    const dataset = this.dataset();
    try {
      const ladder = await firstValueFrom(this.api.call('tuning.ladder.get', [{ pool, ...(dataset ? { dataset } : {}) }]));
      if (asked === this.asked) {
        this.ladder.set(ladder);
        this.error.set(null);
      }
    } catch (error) {
      if (asked === this.asked) {
        this.ladder.set(null);
        this.error.set(errorMessage(error));
      }
    }
  }

  protected focusRead(): void {
    // focusing scrolls it into view as well
    (this.readCard().nativeElement as HTMLElement).querySelector<HTMLElement>('[data-test="input-ladder-seconds"]')?.focus();
  }
}
