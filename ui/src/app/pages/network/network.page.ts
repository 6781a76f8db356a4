import { ChangeDetectionStrategy, Component, inject, signal } from '@angular/core';
import { takeUntilDestroyed } from '@angular/core/rxjs-interop';
import { MatButton } from '@angular/material/button';
import { MatPaginator } from '@angular/material/paginator';
import { MatSort, MatSortHeader } from '@angular/material/sort';
import { MatTableModule } from '@angular/material/table';
import { firstValueFrom } from 'rxjs';

import { ApiService } from '../../api/api.service';
import { errorMessage } from '../../api/api-errors';
import { NetworkMeasurement, NetworkResult } from '../../api/models/tuning-network';
import { RequiresRoleDirective } from '../../auth/requires-role/requires-role.directive';
import { ROLE } from '../../auth/roles';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { JobsStore } from '../../jobs/jobs.store';
import { formatDateTime, formatLinkSpeed } from '../../shared/format';
import { NULLS_LAST, QueryTable } from '../../shared/paging/paging';
import { PaginatorIdsDirective, providePaginatorWords } from '../../shared/paging/paginator';
import { TypedCellDef } from '../../shared/table/typed-cell';
import { NetworkFormComponent } from './network-form.component';
import { aboveLink, ceilingShare, formatBitRate, measurementWords } from './network-words';
import { TestIdDirective } from '../../shared/test-id/test-id.directive';

/** The server's field each sortable column sorts by: the figure or the time, never the words shown; an unknown
 *  link speed or MTU last whichever the direction. */
const SORT_FIELDS = {
  id: 'id',
  when: 'created_at',
  port: 'interface',
  speed: `${NULLS_LAST}link_speed_mbps`,
  mtu: `${NULLS_LAST}mtu`,
  client: 'client_address',
  ceiling: 'ceiling_bits_per_second',
};

/** The network ceiling: measure it with iperf3 against a client, keep the results beside the link's nominal speed. */
@Component({
  selector: 'tp-network-page',
  imports: [TestIdDirective, MatButton, MatTableModule, MatSort, MatSortHeader, MatPaginator, PaginatorIdsDirective, TypedCellDef,
    TranslatePipe, NetworkFormComponent, RequiresRoleDirective],
  providers: [providePaginatorWords()],
  changeDetection: ChangeDetectionStrategy.OnPush,
  templateUrl: './network.page.html',
  styleUrls: ['../../shared/table/data-table.scss'],
  styles: `
    .small { font-size: 0.9em; }
    .nowrap { white-space: nowrap; }
    ul.figures { list-style: none; margin: 0; padding: 0; }
  `,
})
export class NetworkPage {
  protected readonly role = ROLE;
  private readonly api = inject(ApiService);
  protected readonly date = formatDateTime;
  protected readonly linkSpeed = formatLinkSpeed;
  protected readonly rate = formatBitRate;
  protected readonly share = ceilingShare;
  protected readonly above = aboveLink;
  protected readonly words = measurementWords;

  protected readonly error = signal<string | null>(null);
  protected readonly confirmDelete = signal<number | null>(null);
  /** One page at a time, newest first; the server sorts every result, not only the page shown. */
  protected readonly table = new QueryTable<NetworkResult>({
    ask: (options) => firstValueFrom(this.api.call('tuning.network.query', [[], options])),
    fields: SORT_FIELDS,
    error: this.error,
  });
  protected readonly columns = ['id', 'when', 'port', 'speed', 'mtu', 'client', 'tests', 'ceiling', 'actions'];
  protected readonly byId = (_: number, r: NetworkResult) => r.id;

  constructor() {
    void this.table.reload();
    // Whoever started it (this form, another tab, midclt), a measurement that ends refreshes the list.
    inject(JobsStore).ended(['tuning.network.measure']).pipe(takeUntilDestroyed())
      .subscribe(() => void this.table.reload());
  }

  protected trackFigure(m: NetworkMeasurement): string {
    return `${m.streams}-${m.direction}`;
  }

  protected async remove(id: number): Promise<void> {
    this.confirmDelete.set(null);
    try {
      await firstValueFrom(this.api.call('tuning.network.delete', [id]));
      await this.table.reload();
    } catch (error) {
      this.error.set(errorMessage(error));
    }
  }
}
