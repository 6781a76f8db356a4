import { Injectable, computed, inject, signal } from '@angular/core';
import { Subscription, firstValueFrom } from 'rxjs';

import { ApiService } from '../api/api.service';
import { errorMessage } from '../api/api-errors';
import { Job } from '../api/models/job';
import { ACTIVE_CAMPAIGN_STATES, Campaign } from '../api/models/tuning-campaign';
import { T } from '../i18n/translate-marker';
import { TranslateService } from '../i18n/translate.service';
import { QueryTable } from '../shared/paging/paging';

/**
 * What the server can sort the list by: its own fields. The state is shown in words whose order (running ones
 * first) is not the states' names in order, so that column sorts no more: the running one has its own card.
 */
const SORT_FIELDS = { id: 'id', label: 'label', started: 'created_at' };

/**
 * Campaigns (`tuning.campaign.query`, kept live by its event) and the job that drives the running one. The list is
 * asked for one page at a time; the campaign under way and the one whose results are open are asked for on their
 * own, as either may be on no page shown. A campaign that reboots the box goes on in a new job after start-up:
 * `reload()` after each login picks up the row and its `job_id`, and the `core.get_jobs` events of that job carry
 * the live figures.
 */
@Injectable({ providedIn: 'root' })
export class CampaignsStore {
  private readonly api = inject(ApiService);
  private readonly translate = inject(TranslateService);

  /** A refused abort, or the campaign under way or the open one not coming. */
  readonly error = signal<string | null>(null);
  /** The list's page not coming. */
  readonly listError = signal<string | null>(null);
  /** One page of campaigns at a time, newest first (each carries its steps, log and recommendation); the server
   *  sorts them all, not only the page shown. */
  readonly list = new QueryTable<Campaign>({
    ask: (options) => firstValueFrom(this.api.call('tuning.campaign.query', [[], options])),
    fields: SORT_FIELDS,
    sort: { active: 'started', direction: 'desc' },
    error: this.listError,
  });
  /** The campaign still under way (at most one runs at a time; the newest wins if the server ever says otherwise). */
  readonly active = signal<Campaign | null>(null);
  /** Latest row of the running campaign's job (its description and `progress.extra`). */
  readonly job = signal<Job | null>(null);
  /** The campaign whose results are open, and its row once known (null while it is being asked for). */
  readonly openId = signal<number | null>(null);
  private readonly openRow = signal<Campaign | null>(null);
  readonly opened = computed(() => {
    const row = this.openRow();
    return row && row.id === this.openId() ? row : null;
  });

  /** The live job row, only while it belongs to the active campaign. */
  readonly activeJob = computed(() => {
    const job = this.job();
    return job && job.id === this.active()?.job_id ? job : null;
  });

  private events: Subscription | null = null;

  /** The list's page, the campaign under way, the open one and the running one's job; safe to call again after a
   *  reconnect. */
  async reload(): Promise<void> {
    this.listen();
    await Promise.all([this.list.reload(), this.loadActive()]);
    const open = this.openId();
    if (open !== null) {
      this.openRow.set(null);   // asked for again: it may have moved on while the panel was away
      await this.open(open);
    }
    await this.refreshJob();
  }

  /** Open a campaign's results (null closes them): its row from what is shown, or asked for. */
  async open(id: number | null): Promise<void> {
    this.openId.set(id);
    if (id === null) {
      return;
    }
    const known = this.known(id);
    if (known) {
      this.openRow.set(known);
      return;
    }
    try {
      const [row] = await firstValueFrom(this.api.call('tuning.campaign.query', [[['id', '=', id]], { limit: 1 }]));
      if (this.openId() !== id) {
        return;
      }
      if (row) {
        this.openRow.set(row);
      } else {
        this.openId.set(null);
        this.error.set(this.translate.instant(T('There is no campaign #{id}.'), { id }));
      }
    } catch (error) {
      this.error.set(errorMessage(error));
    }
  }

  async abort(id: number): Promise<void> {
    try {
      await firstValueFrom(this.api.call('tuning.campaign.abort', [id]));
      this.error.set(null);
    } catch (error) {
      this.error.set(errorMessage(error));
    }
  }

  private async loadActive(): Promise<void> {
    try {
      const [row] = await firstValueFrom(this.api.call('tuning.campaign.query',
        [[['state', 'in', [...ACTIVE_CAMPAIGN_STATES]]], { order_by: ['-id'], limit: 1 }]));
      this.active.set(row ?? null);
    } catch (error) {
      this.error.set(errorMessage(error));
    }
  }

  /** A campaign's row from what the panel holds: the page shown, the one under way, the open one. */
  private known(id: number): Campaign | null {
    return [...this.list.rows(), this.active(), this.openRow()].find((c) => c?.id === id) ?? null;
  }

  /** A row an event brought: wherever the panel shows it. A new campaign asks for the page again (it goes first
   *  newest first, and the count grows). */
  private learn(row: Campaign, added: boolean): void {
    const active = this.active();
    if (ACTIVE_CAMPAIGN_STATES.includes(row.state)) {
      if (!active || active.id <= row.id) {
        this.active.set(row);
      }
    } else if (active?.id === row.id) {
      this.active.set(null);
    }
    if (this.openRow()?.id === row.id) {
      this.openRow.set(row);
    }
    const rows = this.list.rows();
    if (rows.some((c) => c.id === row.id)) {
      this.list.rows.set(rows.map((c) => (c.id === row.id ? row : c)));
    } else if (added) {
      void this.list.reload();
    }
  }

  private forget(id: number): void {
    if (this.active()?.id === id) {
      this.active.set(null);
    }
    if (this.openId() === id) {
      this.openId.set(null);
    }
    if (this.list.rows().some((c) => c.id === id)) {
      void this.list.reload();
    }
  }

  private async refreshJob(): Promise<void> {
    const jobId = this.active()?.job_id;
    if (jobId == null || this.job()?.id === jobId) {
      return;
    }
    try {
      const [row] = await firstValueFrom(this.api.call('core.get_jobs', [[['id', '=', jobId]]]));
      if (row) {
        this.job.set(row);
      }
    } catch {
      // The job's events fill it in; the campaign row already says where it is.
    }
  }

  private listen(): void {
    if (this.events) {
      return;
    }
    this.events = new Subscription();
    this.events.add(this.api.subscribe('tuning.campaign.query').subscribe((event) => {
      if (event.msg === 'removed' || !event.fields) {
        this.forget(event.fields?.id ?? Number(event.id));
        return;
      }
      // Events may carry only the changed fields.
      this.learn({ ...(this.known(event.fields.id) ?? {}), ...event.fields } as Campaign, event.msg === 'added');
      void this.refreshJob();
    }));
    this.events.add(this.api.subscribe('core.get_jobs').subscribe((event) => {
      const fields = event.fields as Partial<Job> & { id?: number };
      const id = fields?.id ?? Number(event.id);
      if (event.msg === 'removed' || id !== this.active()?.job_id) {
        return;
      }
      // Events may carry only the changed fields.
      const known = this.job()?.id === id ? this.job() : null;
      this.job.set({ ...(known ?? {}), ...fields, id } as Job);
    }));
  }
}
