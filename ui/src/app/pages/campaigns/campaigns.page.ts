import { ChangeDetectionStrategy, Component, computed, effect, inject, input, signal, untracked } from '@angular/core';
import { MatButton } from '@angular/material/button';
import { MatProgressBar } from '@angular/material/progress-bar';
import { MatCard } from '@angular/material/card';
import { MatSort, MatSortHeader } from '@angular/material/sort';
import { MatTableModule } from '@angular/material/table';

import { Campaign, CampaignState } from '../../api/models/tuning-campaign';
import { AuthService } from '../../auth/auth.service';
import { RequiresRoleDirective } from '../../auth/requires-role/requires-role.directive';
import { ROLE } from '../../auth/roles';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { liveFigure } from '../benchmarks/bench-progress';
import { formatDateTime } from '../../shared/format';
import { SortKeys, SortedRows, rankOf, timeOf } from '../../shared/table/sort-rows';
import { TypedCellDef } from '../../shared/table/typed-cell';
import { CampaignsStore } from '../../stores/campaigns.store';
import { PresetsStore } from '../../stores/presets.store';
import { CampaignFormComponent } from './campaign-form.component';
import { CampaignResultsComponent } from './campaign-results.component';
import { STATE_WORDS, stepsDone, whereWords } from './campaign-words';
import { TestIdDirective } from '../../shared/test-id/test-id.directive';

/** A State sort puts the running ones first, then the finished ones. */
const STATE_ORDER: CampaignState[] = ['RUNNING', 'REBOOTING', 'RESTORING', 'DONE', 'FAILED', 'ABORTED'];

const SORT_KEYS: SortKeys<Campaign> = {
  id: (c) => c.id,
  label: (c) => c.label,
  started: (c) => timeOf(c.created_at),
  state: (c) => rankOf(STATE_ORDER, c.state),
};

/** Campaigns: the wizard, the running one live (across reboots), the list, and a finished one's results. */
@Component({
  selector: 'tp-campaigns-page',
  imports: [TestIdDirective, MatCard, MatProgressBar, MatButton, MatTableModule, MatSort, MatSortHeader, TypedCellDef, TranslatePipe,
    CampaignFormComponent, CampaignResultsComponent, RequiresRoleDirective],
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
  /** Newest first, as the store keeps them. */
  protected readonly table = new SortedRows(this.store.campaigns, SORT_KEYS, { active: 'started', direction: 'desc' });
  protected readonly columns = ['id', 'label', 'started', 'state', 'where', 'actions'];
  protected readonly byId = (_: number, c: Campaign) => c.id;

  protected readonly selectedId = signal<number | null>(null);
  protected readonly selected = computed(() => {
    const id = this.selectedId();
    return id === null ? null : this.store.byId(id);
  });
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
        untracked(() => this.selectedId.set(wanted));
      }
    });
    // The campaign being watched has ended: show its results.
    effect(() => {
      const active = this.store.active()?.id ?? null;
      untracked(() => {
        if (active === null && this.lastActive !== null) {
          this.selectedId.set(this.lastActive);
        }
        if (active !== null) {
          this.confirmAbort.set(this.confirmAbort() && active === this.lastActive);
        }
        this.lastActive = active;
      });
    });
  }

  protected open(row: Campaign): void {
    this.selectedId.set(this.selectedId() === row.id ? null : row.id);
  }

  protected async abort(row: Campaign): Promise<void> {
    this.confirmAbort.set(false);
    await this.store.abort(row.id);
  }
}
