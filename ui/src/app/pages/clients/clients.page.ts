import { ChangeDetectionStrategy, Component, computed, inject, signal } from '@angular/core';
import { Router, RouterLink } from '@angular/router';
import { MatButton } from '@angular/material/button';
import { MatCheckbox } from '@angular/material/checkbox';
import { MatSort, MatSortHeader } from '@angular/material/sort';
import { MatTableModule } from '@angular/material/table';
import { firstValueFrom } from 'rxjs';

import { ApiService } from '../../api/api.service';
import { errorMessage } from '../../api/api-errors';
import { BenchmarkResult } from '../../api/models/tuning-benchmark';
import { ClientSession, ClientSessionCreated, ClientSessionState } from '../../api/models/tuning-client';
import { RequiresRoleDirective } from '../../auth/requires-role/requires-role.directive';
import { ROLE } from '../../auth/roles';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { TranslateService } from '../../i18n/translate.service';
import { ConfirmDialogComponent } from '../../shared/confirm-dialog/confirm-dialog.component';
import { Words } from '../../shared/field-errors';
import { formatDateTime } from '../../shared/format';
import { toggleIn } from '../../shared/toggle-in';
import { SortedRows, rankOf, timeOf } from '../../shared/table/sort-rows';
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

/** A State sort: sessions still usable first. */
const STATE_ORDER: ClientSessionState[] = ['ACTIVE', 'EXPIRED', 'REVOKED'];

/** Measure from the clients: sessions with their commands, and the results the kit sent back or an admin imported. */
@Component({
  selector: 'tp-clients-page',
  imports: [TestIdDirective, MatButton, MatCheckbox, MatTableModule, MatSort, MatSortHeader, TypedCellDef, RouterLink, TranslatePipe,
    ConfirmDialogComponent, ImportDialogComponent, SessionCommandsComponent, SessionCreatedComponent,
    SessionFormComponent, RequiresRoleDirective],
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

  protected readonly sessions = signal<ClientSession[]>([]);
  protected readonly results = signal<ResultRow[]>([]);
  protected readonly loaded = signal(false);
  protected readonly error = signal<string | null>(null);
  protected readonly created = signal<ClientSessionCreated | null>(null);
  protected readonly revoking = signal<ClientSession | null>(null);
  /** The session whose commands are shown again (they hold no token, so they can be). */
  protected readonly open = signal<number | null>(null);
  protected readonly picked = signal<ReadonlySet<number>>(new Set());
  protected readonly importing = signal(false);
  protected readonly notice = signal<string | null>(null);
  /** Each result's session label, for a results row. */
  protected readonly sessionLabels = computed(() => new Map(this.sessions().map((s) => [s.id, s.label])));
  private readonly translate = inject(TranslateService);
  /** Newest first, as the server sends them; words sort as the reader sees them, dates and counts by number. */
  protected readonly sessionTable = new SortedRows(this.sessions, {
    id: (s) => s.id,
    label: (s) => s.label,
    protocol: (s) => this.translate.instant(PROTOCOL_WORDS[s.protocol]),
    state: (s) => rankOf(STATE_ORDER, s.state),
    expires: (s) => timeOf(s.expires_at),
    results: (s) => s.results.length,
  }, { active: 'id', direction: 'desc' });
  protected readonly sessionColumns = ['id', 'label', 'protocol', 'state', 'expires', 'results', 'actions'];
  protected readonly resultTable = new SortedRows(this.results, {
    id: (r) => r.id,
    label: (r) => r.label,
    protocol: (r) => this.words(this.clientOf(r), resultProtocolWords),
    client: (r) => this.words(this.clientOf(r), clientWords),
    link: (r) => this.clientOf(r)?.link?.speed_mbps,
    when: (r) => timeOf(r.created_at),
  }, { active: 'when', direction: 'desc' });
  protected readonly resultColumns = ['pick', 'id', 'label', 'protocol', 'client', 'mount', 'link', 'when'];
  protected readonly byId = (_: number, r: ResultRow) => r.id;

  constructor() {
    void this.load();
  }

  /** An active session's commands, while open. */
  protected commandsShown(session: ClientSession): boolean {
    return this.open() === session.id && session.state === 'ACTIVE';
  }

  /** A client result's context in the reader's words (shown and sorted by); null without one (sorted last). */
  protected words<C>(context: C | null, say: (c: C) => Words): string | null {
    if (!context) {
      return null;
    }
    const words = say(context);
    return this.translate.instant(words.key, words.params);
  }

  protected async load(): Promise<void> {
    try {
      const [sessions, results] = await Promise.all([
        firstValueFrom(this.api.call('tuning.client.session.query', [[], { order_by: ['-id'] }])),
        firstValueFrom(this.api.call('tuning.benchmark.query',
          [[['source', '=', 'CLIENT']], { order_by: ['-id'], select: RESULT_FIELDS }])),
      ]);
      this.sessions.set(sessions);
      this.results.set(results);
      this.error.set(null);
    } catch (error) {
      this.error.set(errorMessage(error));
    } finally {
      this.loaded.set(true);
    }
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
      await this.load();
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
    void this.load();
  }
}
