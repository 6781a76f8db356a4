import { Injectable, computed, inject, signal } from '@angular/core';
import { Subscription, firstValueFrom } from 'rxjs';

import { ApiService } from '../api/api.service';
import { errorMessage } from '../api/api-errors';
import { Job } from '../api/models/job';
import { ACTIVE_CAMPAIGN_STATES, Campaign } from '../api/models/tuning-campaign';

/** Insert or replace one campaign row, newest first. */
export function upsertCampaign(rows: readonly Campaign[], row: Campaign): Campaign[] {
  const rest = rows.filter((r) => r.id !== row.id);
  return [...rest, row].sort((a, b) => b.id - a.id);
}

/** The campaign still under way (at most one runs at a time; the newest wins if the server ever says otherwise). */
export function activeCampaign(rows: readonly Campaign[]): Campaign | null {
  return rows.find((r) => ACTIVE_CAMPAIGN_STATES.includes(r.state)) ?? null;
}

/**
 * Campaigns (`tuning.campaign.query`, kept live by its event) and the job that drives the running one. A campaign
 * that reboots the box goes on in a new job after start-up: `reload()` after each login picks up the row and its
 * `job_id`, and the `core.get_jobs` events of that job carry the live figures.
 */
@Injectable({ providedIn: 'root' })
export class CampaignsStore {
  private readonly api = inject(ApiService);

  readonly campaigns = signal<Campaign[]>([]);
  readonly error = signal<string | null>(null);
  readonly loaded = signal(false);
  /** Latest row of the running campaign's job (its description and `progress.extra`). */
  readonly job = signal<Job | null>(null);

  readonly active = computed(() => activeCampaign(this.campaigns()));
  /** The live job row, only while it belongs to the active campaign. */
  readonly activeJob = computed(() => {
    const job = this.job();
    return job && job.id === this.active()?.job_id ? job : null;
  });

  private events: Subscription | null = null;

  byId(id: number): Campaign | null {
    return this.campaigns().find((c) => c.id === id) ?? null;
  }

  /** Query every campaign and the running one's job; safe to call again after a reconnect. */
  async reload(): Promise<void> {
    this.listen();
    try {
      this.campaigns.set(await firstValueFrom(this.api.call('tuning.campaign.query', [[], { order_by: ['-id'] }])));
      this.error.set(null);
    } catch (error) {
      this.error.set(errorMessage(error));
    } finally {
      this.loaded.set(true);
    }
    await this.refreshJob();
  }

  async abort(id: number): Promise<void> {
    try {
      await firstValueFrom(this.api.call('tuning.campaign.abort', [id]));
      this.error.set(null);
    } catch (error) {
      this.error.set(errorMessage(error));
    }
  }

  /** A row the panel learnt from elsewhere (the run job's answer). */
  put(row: Campaign): void {
    this.campaigns.set(upsertCampaign(this.campaigns(), row));
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
        const id = Number(event.id);
        this.campaigns.set(this.campaigns().filter((c) => c.id !== id));
        return;
      }
      const known = this.byId(event.fields.id);
      this.put({ ...(known ?? {}), ...event.fields } as Campaign);
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
