import { ChangeDetectionStrategy, Component, computed, effect, inject, input, signal, untracked } from '@angular/core';
import { RouterLink } from '@angular/router';
import { MatButton } from '@angular/material/button';
import { MatCard } from '@angular/material/card';
import { MatPaginator } from '@angular/material/paginator';
import { MatSort, MatSortHeader } from '@angular/material/sort';
import { MatTableModule } from '@angular/material/table';
import { firstValueFrom } from 'rxjs';

import { ApiService } from '../../api/api.service';
import { errorMessage } from '../../api/api-errors';
import { TuningApplyOutcome, TuningPlan } from '../../api/models/tuning-common';
import { TuningRestorePoint } from '../../api/models/tuning-preset';
import { RequiresRoleDirective } from '../../auth/requires-role/requires-role.directive';
import { ROLE } from '../../auth/roles';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { formatDateTime } from '../../shared/format';
import { RESTORE_POINT_KIND_WORDS, RESTORE_POINT_STATE_WORDS } from '../../shared/state-words';
import { JobProgressDialogComponent } from '../../jobs/job-progress-dialog.component';
import { JobRun } from '../../jobs/job-run';
import { changeFailureNote } from '../../shared/change-failure';
import { ConfirmDialogComponent } from '../../shared/confirm-dialog/confirm-dialog.component';
import { confirmEffects } from '../../shared/confirm-dialog/confirm-effects';
import { missingAcknowledgements } from '../../shared/plan-words';
import { BoxStore } from '../../stores/box.store';
import { PresetsStore } from '../../stores/presets.store';
import { PlanTableComponent } from '../presets/plan-table.component';
import { toggleIn } from '../../shared/toggle-in';
import { QueryTable } from '../../shared/paging/paging';
import { PaginatorIdsDirective, providePaginatorWords } from '../../shared/paging/paginator';
import { TypedCellDef } from '../../shared/table/typed-cell';
import { revertButtonWords, revertOutcomeWords } from './restore-point-words';
import { TestIdDirective } from '../../shared/test-id/test-id.directive';

/**
 * What the server can sort restore points by: its own fields (the title is the server's words). The target, the
 * state in the order a restore point lives through them and the number of changes are not fields it sorts by, so
 * those columns sort no more: a page sorted on its own would look like every restore point sorted.
 */
const SORT_FIELDS = { id: 'id', when: 'created_at', what: 'title' };

/**
 * Every apply and revert, newest first; preview what reverting one would change (opened directly by
 * `?revert=<id>`, the Overview's link), confirm what restarts a service, changes a pool's vdevs or needs a reboot,
 * then revert it as a job.
 */
@Component({
  selector: 'tp-restore-points-page',
  imports: [TestIdDirective, MatCard, MatButton, MatTableModule, MatSort, MatSortHeader, MatPaginator, PaginatorIdsDirective,
    TypedCellDef, TranslatePipe, PlanTableComponent, JobProgressDialogComponent, ConfirmDialogComponent, RequiresRoleDirective,
    RouterLink],
  providers: [providePaginatorWords()],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styleUrls: ['../../shared/table/data-table.scss'],
  template: `
    <h1>{{ 'Restore points' | t }}</h1>
    @if (error(); as e) { <p class="banner danger" role="alert" tpTest="restore-points-error">{{ e }}</p> }
    <div class="table-wrap" tabindex="0">
      <table mat-table class="stacked" tpTest="restore-points-table" [dataSource]="points.rows()" [trackBy]="byId"
             matSort [matSortActive]="points.sort().active" [matSortDirection]="points.sort().direction"
             matSortDisableClear (matSortChange)="points.sortBy($event)">
        <ng-container matColumnDef="id">
          <th mat-header-cell *matHeaderCellDef mat-sort-header start="desc">#</th>
          <td mat-cell *matCellDef="let rp; of: points.rows" data-label="#">{{ rp.id }}</td>
        </ng-container>
        <ng-container matColumnDef="when">
          <th mat-header-cell *matHeaderCellDef mat-sort-header start="desc">{{ 'When' | t }}</th>
          <td mat-cell *matCellDef="let rp; of: points.rows" [attr.data-label]="'When' | t">{{ date(rp.created_at) }}</td>
        </ng-container>
        <ng-container matColumnDef="what">
          <th mat-header-cell *matHeaderCellDef mat-sort-header>{{ 'What' | t }}</th>
          <td mat-cell *matCellDef="let rp; of: points.rows" [attr.data-label]="'What' | t">
            <!-- The server's words; an older server sends no title: the kind, the preset and what it reverts. -->
            <span [tpTest]="['restore-point-title', rp.id]">@if (rp.title) { {{ rp.title }} } @else {
              {{ kindWords[rp.kind] | t }} {{ presets.nameOf(rp.preset) }}
              @if (rp.reverts) { <span class="muted">({{ 'of #{id}' | t: { id: rp.reverts } }})</span> } }</span>
            @if (rp.campaign_id != null) {
              <div><a routerLink="/campaigns" [queryParams]="{ campaign: rp.campaign_id }"
                 [tpTest]="['restore-point-campaign', rp.id]">{{ 'results of campaign #{id}' | t: { id: rp.campaign_id } }}</a></div>
            }
            @if (rp.message) { <div class="muted">{{ rp.message }}</div> }</td>
        </ng-container>
        <ng-container matColumnDef="target">
          <th mat-header-cell *matHeaderCellDef>{{ 'Target' | t }}</th>
          <td mat-cell *matCellDef="let rp; of: points.rows" [attr.data-label]="'Target' | t">{{ targetOf(rp) }}</td>
        </ng-container>
        <ng-container matColumnDef="state">
          <th mat-header-cell *matHeaderCellDef>{{ 'State' | t }}</th>
          <td mat-cell *matCellDef="let rp; of: points.rows" [attr.data-label]="'State' | t">
            <!-- A put back a later revert outlived: applied once, but that revert gave the box its value from before
                 tuning, so nothing of it is in effect (and the server refuses its revert). -->
            @if (rp.outlived_by != null) {
              <span class="badge REVERTED" tpTest="restore-point-state">{{ 'No longer in effect (since #{id})' | t: { id: rp.outlived_by } }}</span>
            } @else {
              <span class="badge" [class]="rp.state" tpTest="restore-point-state">{{ stateWords[rp.state] | t }}</span>
            }</td>
        </ng-container>
        <ng-container matColumnDef="changes">
          <th mat-header-cell *matHeaderCellDef>{{ 'Changes' | t }}</th>
          <td mat-cell *matCellDef="let rp; of: points.rows" [attr.data-label]="'Changes' | t">{{ rp.changes.length }}</td>
        </ng-container>
        <ng-container matColumnDef="actions">
          <th mat-header-cell *matHeaderCellDef></th>
          <td mat-cell *matCellDef="let rp; of: points.rows">
            @if (revertable(rp)) {
              @let words = buttonWords(rp);
              <button matButton="outlined" type="button" [tpTest]="['revert-preview', rp.id]" (click)="preview(rp)">{{ words.key | t: words.params }}</button>
            }
          </td>
        </ng-container>
        <tr mat-header-row *matHeaderRowDef="columns" [attr.data-label]="'Sort by' | t"></tr>
        <tr mat-row *matRowDef="let rp; columns: columns" [tpTest]="['restore-point', rp.id]"></tr>
        <tr class="mat-mdc-row" *matNoDataRow><td [attr.colspan]="columns.length" class="muted" tpTest="restore-points-empty">
          {{ (points.loaded() ? 'No restore points yet: applying a preset makes one.' : 'Loading…') | t }}</td></tr>
      </table>
    </div>
    <mat-paginator tpPaginatorIds="restore-points" [length]="points.total()" [pageIndex]="points.page().index"
                   [pageSize]="points.page().size" [pageSizeOptions]="points.sizes" showFirstLastButtons
                   (page)="points.turn($event)" />

    @if (selected(); as rp) {
      <mat-card appearance="outlined" class="card" style="margin-top: 16px" tpTest="revert-section">
        <h2>{{ 'Reverting restore point #{id} would change:' | t: { id: rp.id } }}</h2>
        @if (plan(); as plan) {
          <tp-plan-table [changes]="plan.changes" [acknowledged]="acknowledged()" (toggled)="toggleAck($event)" />
          @for (w of plan.warnings; track $index) { <p class="banner warn">{{ w }}</p> }
          <div class="actions">
            <button matButton="outlined" type="button" tpTest="revert-cancel" (click)="selected.set(null)">{{ 'Cancel' | t }}</button>
            <button *tpRequiresRole="role.write" matButton="filled" type="button" class="primary"
                    tpTest="revert-confirm" [disabled]="!canRevert()" (click)="askRevert(rp)">
              {{ 'Revert' | t }}</button>
          </div>
        } @else {
          <p class="muted">{{ 'Loading…' | t }}</p>
        }
      </mat-card>
    }

    @if (confirming() && selected(); as rp) {
      <tp-confirm-dialog title="Revert restore point #{id}?" [titleParams]="{ id: rp.id }" [effects]="effects()"
                         action="Revert" message="Reverting also does the following to the box:"
                         [danger]="!!plan()?.dangerous?.length" (confirmed)="confirmed(rp)" (cancelled)="confirming.set(false)" />
    }

    <tp-job-progress-dialog [run]="revertRun" (closed)="revertRun.close()">
      @if (revertRun.phase() === 'done' && revertRun.result(); as o) {
        @let outcome = revertOutcomeWords(o.applied.length);
        <p tpTest="revert-outcome">{{ outcome.key | t: outcome.params }}</p>
        @if (o.pending_reboot.length) {
          <p class="banner warn">{{ 'Some settings wait for a reboot; see the banner at the top.' | t }}</p>
        }
      }
      @if (revertRun.phase() === 'failed') {
        <p class="muted" tpTest="revert-failure-note">{{ failureNote(revertRun.error()) | t }}</p>
      }
    </tp-job-progress-dialog>
  `,
})
export class RestorePointsPage {
  protected readonly revertOutcomeWords = revertOutcomeWords;
  /** `?revert=<id>`: open the revert preview of that restore point (bound from the query by the router). */
  readonly revert = input<string | undefined>(undefined);
  private readonly api = inject(ApiService);
  private readonly box = inject(BoxStore);
  protected readonly presets = inject(PresetsStore);
  protected readonly role = ROLE;
  protected readonly failureNote = changeFailureNote;
  protected readonly date = formatDateTime;
  protected readonly stateWords = RESTORE_POINT_STATE_WORDS;
  protected readonly kindWords = RESTORE_POINT_KIND_WORDS;
  protected readonly error = signal<string | null>(null);
  /** One page at a time, newest first: each restore point carries every change it made. The server sorts every
   *  restore point, not only the page shown. */
  protected readonly points = new QueryTable<TuningRestorePoint>({
    ask: (options) => firstValueFrom(this.api.call('tuning.restore_point.query', [[], options])),
    fields: SORT_FIELDS,
    error: this.error,
  });
  protected readonly columns = ['id', 'when', 'what', 'target', 'state', 'changes', 'actions'];
  protected readonly byId = (_: number, rp: TuningRestorePoint) => rp.id;
  protected readonly selected = signal<TuningRestorePoint | null>(null);
  protected readonly plan = signal<TuningPlan | null>(null);
  protected readonly acknowledged = signal<ReadonlySet<string>>(new Set());
  protected readonly revertRun = new JobRun<TuningApplyOutcome>('Reverting');
  protected readonly confirming = signal(false);
  protected readonly effects = computed(() => confirmEffects(this.plan() ?? { changes: [] }));
  private readonly opened = signal<string | null>(null);
  protected readonly canRevert = computed(() =>
    !!this.plan() && missingAcknowledgements(this.plan()!.changes, this.acknowledged()).length === 0
    && this.revertRun.phase() !== 'running');

  constructor() {
    void this.points.reload();
    // Once the first page is there, the restore point the link names is previewed (once per link), asked for
    // on its own when it is on another page.
    effect(() => {
      const wanted = this.revert();
      if (wanted && this.points.loaded() && untracked(this.opened) !== wanted) {
        this.opened.set(wanted);
        void untracked(() => this.openLinked(wanted));
      }
    });
  }

  private async openLinked(wanted: string): Promise<void> {
    let rp = this.points.rows().find((p) => String(p.id) === wanted);
    if (!rp && Number.isInteger(Number(wanted))) {
      // a link to a restore point that no longer exists opens nothing, as before paging
      const one = this.api.call('tuning.restore_point.query', [[['id', '=', Number(wanted)]], { get: true }]);
      rp = await firstValueFrom(one).then((found) => found as unknown as TuningRestorePoint, () => undefined);
    }
    if (rp && this.revertable(rp)) {
      await this.preview(rp);
    }
  }

  /** Applied and still in effect: a put back a later revert outlived has nothing of its own to revert. */
  protected revertable(rp: TuningRestorePoint): boolean {
    return rp.state === 'APPLIED' && rp.outlived_by == null;
  }

  /** The revert button's words: a revert row's says what undoing it brings back (the row it undid, when shown). */
  protected buttonWords(rp: TuningRestorePoint) {
    const reverted = rp.reverts == null ? undefined : this.points.rows().find((o) => o.id === rp.reverts);
    return revertButtonWords(rp.kind, reverted?.kind, rp.preset ? this.presets.nameOf(rp.preset) : null);
  }

  protected targetOf(rp: TuningRestorePoint): string {
    return rp.target?.dataset ?? rp.target?.pool ?? '';
  }

  protected async preview(rp: TuningRestorePoint): Promise<void> {
    this.confirming.set(false);
    this.selected.set(rp);
    this.plan.set(null);
    this.acknowledged.set(new Set());
    try {
      this.plan.set(await firstValueFrom(this.api.call('tuning.restore_point.preview', [rp.id])));
    } catch (error) {
      this.error.set(errorMessage(error));
      this.selected.set(null);
    }
  }

  protected toggleAck(key: string): void {
    toggleIn(this.acknowledged, key);
  }

  /** Revert, after a confirmation when the plan restarts a service, changes a pool's vdevs or needs a reboot. */
  protected askRevert(rp: TuningRestorePoint): void {
    if (!this.canRevert()) {
      return;
    }
    if (this.effects().length) {
      this.confirming.set(true);
    } else {
      this.run(rp);
    }
  }

  protected confirmed(rp: TuningRestorePoint): void {
    this.confirming.set(false);
    this.run(rp);
  }

  private run(rp: TuningRestorePoint): void {
    this.revertRun.start(this.api.job('tuning.restore_point.revert', [rp.id, [...this.acknowledged()]]), () => {
      this.selected.set(null);
      void this.points.reload();
      void this.box.refreshState();
    }, () => void this.points.reload());
  }
}
