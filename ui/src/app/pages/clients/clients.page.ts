import { ChangeDetectionStrategy, Component, computed, inject, signal } from '@angular/core';
import { Router, RouterLink } from '@angular/router';
import { MatButton } from '@angular/material/button';
import { MatCheckbox } from '@angular/material/checkbox';
import { MatPaginator } from '@angular/material/paginator';
import { MatSort, MatSortHeader } from '@angular/material/sort';
import { MatTableModule } from '@angular/material/table';
import { firstValueFrom } from 'rxjs';

import { ApiService } from '../../api/api.service';
import { errorMessage } from '../../api/api-errors';
import { BenchmarkResult } from '../../api/models/tuning-benchmark';
import { ClientSession, ClientSessionCreated } from '../../api/models/tuning-client';
import { RequiresRoleDirective } from '../../auth/requires-role/requires-role.directive';
import { ROLE } from '../../auth/roles';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { TranslateService } from '../../i18n/translate.service';
import { ConfirmDialogComponent } from '../../shared/confirm-dialog/confirm-dialog.component';
import { Words } from '../../shared/field-errors';
import { formatDateTime } from '../../shared/format';
import { toggleIn } from '../../shared/toggle-in';
import { NULLS_LAST, QueryTable } from '../../shared/paging/paging';
import { PaginatorIdsDirective, providePaginatorWords } from '../../shared/paging/paginator';
import { TypedCellDef } from '../../shared/table/typed-cell';
import { ImportDialogComponent } from '../benchmarks/import-dialog.component';
import { SESSION_STATE_WORDS, clientContext, clientWords, linkWords, resultProtocolWords, PROTOCOL_WORDS } from './client-words';
import { SessionCommandsComponent } from './session-commands.component';
import { SessionCreatedComponent } from './session-created.component';
import { SessionFormComponent } from './session-form.component';
import { TestIdDirective } from '../../shared/test-id/test-id.directive';

/**
 * What the results list shows of each client result (its context's client, share, link and session): the server
 * leaves out the rest (runs, figures, the cache-defeat notes; kB each).
 */
const RESULT_FIELDS = ['id', 'label', 'created_at', 'source', 'context.client', 'context.target', 'context.link',
  'context.session'];
/** A client result as the list asks for it: `context` holds only the parts named above. */
type ResultRow = Pick<BenchmarkResult, 'id' | 'label' | 'created_at' | 'source' | 'context'>;

/**
 * The server's field for each session column it sorts by. A State sort going up puts the sessions still usable
 * first (ACTIVE, EXPIRED, REVOKED sort so by name). The protocol is shown in words the server does not know, and the
 * number of results is no field: those columns sort no more, as a page sorted on its own would look like every
 * session sorted.
 */
const SESSION_SORT_FIELDS = { id: 'id', label: 'label', state: 'state', expires: 'expires_at' };
/** The same for the client results: the protocol and the client are words; the fastest link first, none last. */
const RESULT_SORT_FIELDS = { id: 'id', label: 'label', link: `${NULLS_LAST}context.link.speed_mbps`, when: 'created_at' };

/** Measure from the clients: sessions with their commands, and the results the kit sent back or an admin imported. */
@Component({
  selector: 'tp-clients-page',
  imports: [TestIdDirective, MatButton, MatCheckbox, MatTableModule, MatSort, MatSortHeader, MatPaginator, PaginatorIdsDirective,
    TypedCellDef, RouterLink, TranslatePipe, ConfirmDialogComponent, ImportDialogComponent, SessionCommandsComponent,
    SessionCreatedComponent, SessionFormComponent, RequiresRoleDirective],
  providers: [providePaginatorWords()],
  changeDetection: ChangeDetectionStrategy.OnPush,
  templateUrl: './clients.page.html',
  styleUrls: ['../../shared/table/data-table.scss'],
  styles: `
    .small { font-size: 0.9em; }
    .nowrap { white-space: nowrap; }
    code { overflow-wrap: anywhere; }
    tr.details > td { background: var(--bg1); }
  `,
})
export class ClientsPage {
  protected readonly role = ROLE;
  private readonly api = inject(ApiService);
  private readonly router = inject(Router);
  protected readonly date = formatDateTime;
  protected readonly stateWords = SESSION_STATE_WORDS;
  protected readonly protocolWords = PROTOCOL_WORDS;
  /** clientContext reads only `source` and `context`, which a listed row has. */
  protected readonly clientOf = (r: ResultRow) => clientContext(r as BenchmarkResult);
  protected readonly resultProtocol = resultProtocolWords;
  protected readonly clientWords = clientWords;
  protected readonly linkWords = linkWords;

  /** The sessions' failed load, or a refused revoke. */
  protected readonly error = signal<string | null>(null);
  protected readonly resultsError = signal<string | null>(null);
  protected readonly created = signal<ClientSessionCreated | null>(null);
  protected readonly revoking = signal<ClientSession | null>(null);
  /** The session whose commands are shown again (they hold no token, so they can be). */
  protected readonly open = signal<number | null>(null);
  protected readonly picked = signal<ReadonlySet<number>>(new Set());
  protected readonly importing = signal(false);
  protected readonly notice = signal<string | null>(null);
  private readonly translate = inject(TranslateService);
  /** One page of sessions at a time, newest first; the server sorts them all. */
  protected readonly sessionTable = new QueryTable<ClientSession>({
    ask: (options) => firstValueFrom(this.api.call('tuning.client.session.query', [[], options])),
    fields: SESSION_SORT_FIELDS,
    sort: { active: 'id', direction: 'desc' },
    error: this.error,
  });
  /** The session label of a results row, from the sessions shown (the result keeps its own copy for the others). */
  protected readonly sessionLabels = computed(() => new Map(this.sessionTable.rows().map((s) => [s.id, s.label])));
  protected readonly sessionColumns = ['id', 'label', 'protocol', 'state', 'expires', 'results', 'actions'];
  /** One page of client results at a time, newest first, each with only what the list shows (RESULT_FIELDS). */
  protected readonly resultTable = new QueryTable<ResultRow>({
    ask: (options) => firstValueFrom(this.api.call('tuning.benchmark.query',
      [[['source', '=', 'CLIENT']], options.count ? options : { ...options, select: RESULT_FIELDS }])),
    fields: RESULT_SORT_FIELDS,
    error: this.resultsError,
  });
  protected readonly resultColumns = ['pick', 'id', 'label', 'protocol', 'client', 'mount', 'link', 'when'];
  protected readonly byId = (_: number, r: ResultRow) => r.id;

  constructor() {
    void this.load();
  }

  /** Both tables' pages again, each where the reader left it. */
  protected async load(): Promise<void> {
    await Promise.all([this.sessionTable.reload(), this.resultTable.reload()]);
  }

  /** An active session's commands, while open. */
  protected commandsShown(session: ClientSession): boolean {
    return this.open() === session.id && session.state === 'ACTIVE';
  }

  /** A client result's context in the reader's words; null without one. */
  protected words<C>(context: C | null, say: (c: C) => Words): string | null {
    if (!context) {
      return null;
    }
    const words = say(context);
    return this.translate.instant(words.key, words.params);
  }

  protected onCreated(session: ClientSessionCreated): void {
    this.created.set(session);
    void this.load();
  }

  protected async revoke(session: ClientSession): Promise<void> {
    this.revoking.set(null);
    try {
      await firstValueFrom(this.api.call('tuning.client.session.revoke', [session.id]));
      if (this.created()?.id === session.id) {
        this.created.set(null);   // its token no longer works: stop showing it
      }
      await this.sessionTable.reload();
    } catch (error) {
      this.error.set(errorMessage(error));
    }
  }

  protected togglePick(id: number): void {
    toggleIn(this.picked, id);
  }

  protected compare(): void {
    const ids = [...this.picked()].sort((a, b) => a - b);
    void this.router.navigate(['/compare'], { queryParams: { ids: ids.join(','), baseline: ids[0] } });
  }

  protected onImported(result: BenchmarkResult): void {
    this.importing.set(false);
    this.notice.set(`#${result.id} ${result.label}`);
    void this.resultTable.reload();
  }
}
