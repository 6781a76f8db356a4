import { ChangeDetectionStrategy, Component, computed, effect, inject, input, signal, untracked } from '@angular/core';
import { firstValueFrom } from 'rxjs';

import { ApiService } from '../../api/api.service';
import { Campaign } from '../../api/models/tuning-campaign';
import { T } from '../../i18n/translate-marker';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { TranslateService } from '../../i18n/translate.service';
import { TestIdDirective } from '../../shared/test-id/test-id.directive';

/** What a summed step result says of its clients (core/client/barrier.py, fio_clients.py). */
interface SummedContext {
  clients?: { hostname?: string | null; session_id?: number | null }[];
  aggregate?: { clients?: number; mode?: string };
}

/** The clients of a campaign measured by several at once, by name: the host names a summed step result reports,
 *  else the sessions' labels, else the sessions' numbers. */
export function clientNames(ids: readonly number[], context: SummedContext | null,
  labels: ReadonlyMap<number, string>, session: (id: number) => string): string[] {
  const hostnames = (context?.clients ?? []).map((c) => c.hostname).filter((h): h is string => !!h);
  if (hostnames.length) {
    return hostnames;
  }
  return ids.map((id) => labels.get(id) || session(id));
}

/**
 * A campaign measured by several clients at once, in words beside its progress and its results: which clients, and
 * that each step's figure is their sum (a latency is no sum: it stays in each client's own result).
 */
@Component({
  selector: 'tp-campaign-clients',
  imports: [TestIdDirective, TranslatePipe],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    @if (ids().length) {
      <p class="muted" tpTest="camp-clients-summed">{{ words().key | t: words().params }}</p>
    }
  `,
})
export class CampaignClientsComponent {
  private readonly api = inject(ApiService);
  private readonly translate = inject(TranslateService);
  readonly campaign = input.required<Campaign>();

  protected readonly ids = computed(() => this.campaign().spec.client_session_ids ?? []);
  private readonly fio = computed(() => this.campaign().spec.client_mode === 'FIO_SERVERS');
  /** The first measured step's result: every step of the campaign is measured by the same clients. */
  private readonly measured = computed(() =>
    this.ids().length ? this.campaign().steps.find((s) => s.status === 'DONE' && s.benchmark_id != null)?.benchmark_id ?? null : null);
  private readonly context = signal<SummedContext | null>(null);
  private readonly labels = signal<ReadonlyMap<number, string>>(new Map());

  protected readonly words = computed(() => {
    const names = clientNames(this.ids(), this.context(), this.labels(),
      (id) => this.translate.instant(T('session {id}'), { id })).join(', ');
    const params = { n: this.ids().length, names };
    if (this.fio()) {
      return { key: T('Measured by {n} clients at once with fio\'s own distributed mode: {names}. Each figure is fio\'s sum over all of them (throughput and IOPS added).'), params };
    }
    return { key: T('Measured by {n} clients at once, started together: {names}. Each figure is their sum (throughput and IOPS added); each client\'s own result is kept beside it.'), params };
  });

  constructor() {
    const idsKey = computed(() => this.ids().join(','));
    effect(() => {
      const ids = idsKey() ? idsKey().split(',').map(Number) : [];
      untracked(() => void this.loadLabels(ids));
    });
    effect(() => {
      const id = this.measured();
      untracked(() => void this.loadContext(id));
    });
  }

  private async loadLabels(ids: number[]): Promise<void> {
    this.labels.set(new Map());
    if (!ids.length) {
      return;
    }
    try {
      const rows = await firstValueFrom(this.api.call('tuning.client.session.query', [[['id', 'in', ids]]]));
      this.labels.set(new Map(rows.map((r) => [r.id, r.label])));
    } catch {
      // the numbers stand in for the labels
    }
  }

  private async loadContext(id: number | null): Promise<void> {
    this.context.set(null);
    if (id === null) {
      return;
    }
    try {
      const result = await firstValueFrom(this.api.call('tuning.benchmark.get', [id]));
      if (this.measured() === id) {
        this.context.set(result.context as SummedContext);
      }
    } catch {
      // the sessions' labels stand in for the host names
    }
  }
}
