import { ChangeDetectionStrategy, Component, computed, effect, inject, input, signal, untracked } from '@angular/core';
import { MatButton } from '@angular/material/button';
import { MatProgressBar } from '@angular/material/progress-bar';
import { MatCard } from '@angular/material/card';
import { MatPaginator } from '@angular/material/paginator';
import { MatSort, MatSortHeader } from '@angular/material/sort';
import { MatTableModule } from '@angular/material/table';

import { Campaign } from '../../api/models/tuning-campaign';
import { AuthService } from '../../auth/auth.service';
import { RequiresRoleDirective } from '../../auth/requires-role/requires-role.directive';
import { ROLE } from '../../auth/roles';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { liveFigure } from '../benchmarks/bench-progress';
import { formatDateTime } from '../../shared/format';
import { PaginatorIdsDirective, providePaginatorWords } from '../../shared/paging/paginator';
import { TypedCellDef } from '../../shared/table/typed-cell';
import { CampaignsStore } from '../../stores/campaigns.store';
import { PresetsStore } from '../../stores/presets.store';
import { CampaignFormComponent } from './campaign-form.component';
import { CampaignResultsComponent } from './campaign-results.component';
import { CampaignClientsComponent } from './campaign-clients.component';
import { STATE_WORDS, stepsDone, whereWords } from './campaign-words';
import { TestIdDirective } from '../../shared/test-id/test-id.directive';

/** Campaigns: the wizard, the running one live (across reboots), the list, and a finished one's results. */
@Component({
  selector: 'tp-campaigns-page',
  imports: [TestIdDirective, MatCard, MatProgressBar, MatButton, MatTableModule, MatSort, MatSortHeader, MatPaginator,
    PaginatorIdsDirective, TypedCellDef, TranslatePipe, CampaignFormComponent, CampaignResultsComponent, RequiresRoleDirective,
    CampaignClientsComponent],
  providers: [providePaginatorWords()],
  changeDetection: ChangeDetectionStrategy.OnPush,
  templateUrl: './campaigns.page.html',
  styleUrls: ['../../shared/table/data-table.scss'],
  styles: `
    .live { display: flex; gap: 24px; align-items: baseline; flex-wrap: wrap; }
    .live strong { font-size: 1.6em; }
    .small { font-size: 0.9em; }
  `,
})
export class CampaignsPage {
  /** `?campaign=<id>`: open that campaign's results (a campaign run's link in the benchmark history). */
  readonly campaign = input<string | undefined>(undefined);
  protected readonly role = ROLE;
  protected readonly store = inject(CampaignsStore);
  private readonly presets = inject(PresetsStore);
  private readonly auth = inject(AuthService);
  protected readonly stateWords = STATE_WORDS;
  protected readonly date = formatDateTime;
  protected readonly stepsOf = stepsDone;
  protected readonly where = whereWords;
  /** One page at a time, newest first (the store's). */
  protected readonly table = this.store.list;
  protected readonly columns = ['id', 'label', 'started', 'state', 'where', 'actions'];
  protected readonly byId = (_: number, c: Campaign) => c.id;

  protected readonly selectedId = this.store.openId;
  protected readonly selected = this.store.opened;
  protected readonly confirmAbort = signal(false);
  protected readonly live = computed(() => liveFigure(this.store.activeJob()?.progress?.extra));
  protected readonly jobWords = computed(() => this.store.activeJob()?.progress?.description ?? null);
  private lastActive: number | null = null;

  constructor() {
    if (!this.presets.loaded()) {
      void this.presets.load();
    }
    // After every (re)login: the server forgot nothing, but the panel may have missed events while the box restarted.
    effect(() => {
      if (this.auth.status() === 'logged-in') {
        untracked(() => void this.store.reload());
      }
    });
    effect(() => {
      const wanted = Number(this.campaign());
      if (Number.isInteger(wanted) && wanted > 0) {
        untracked(() => void this.store.open(wanted));
      }
    });
    // The campaign being watched has ended: show its results.
    effect(() => {
      const active = this.store.active()?.id ?? null;
      untracked(() => {
        if (active === null && this.lastActive !== null) {
          void this.store.open(this.lastActive);
        }
        if (active !== null) {
          this.confirmAbort.set(this.confirmAbort() && active === this.lastActive);
        }
        this.lastActive = active;
      });
    });
  }

  protected open(row: Campaign): void {
    void this.store.open(this.selectedId() === row.id ? null : row.id);
  }

  protected async abort(row: Campaign): Promise<void> {
    this.confirmAbort.set(false);
    await this.store.abort(row.id);
  }
}
