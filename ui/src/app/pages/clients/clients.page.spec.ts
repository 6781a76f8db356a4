import { TestBed } from '@angular/core/testing';
import { Router, provideRouter } from '@angular/router';

import { ApiValidationError } from '../../api/api-errors';
import { BenchmarkResult } from '../../api/models/tuning-benchmark';
import { ClientSession } from '../../api/models/tuning-client';
import { BoxStore } from '../../stores/box.store';
import { withDialogs } from '../../testing/dialog';
import { fakeClientResult, fakeClientSession, fakeCreatedSession } from '../../testing/client-fixtures';
import { fakeBenchmark, fakeProfile, fakeState } from '../../testing/fixtures';
import { MockApiService, mockApi } from '../../testing/mock-api';
import { render } from '../../testing/render';
import { headerCell, phoneStyle } from '../../testing/tables';
import { fakeQuery } from '../../shared/paging/fake-query';
import { ClientsPage } from './clients.page';
import { kebab } from '../../shared/test-id/test-id';
import { READ_ONLY_ROLES, controlState, sessionRoles } from '../../testing/roles';

async function renderPage(configure: (api: MockApiService) => void = () => undefined,
  rows: ClientSession[] = [fakeClientSession({ id: 2, state: 'EXPIRED', label: 'old', dataset: null, results: [11, 12] }), fakeClientSession()],
  results: BenchmarkResult[] = [fakeClientResult(), fakeClientResult({ id: 12, label: 'mac SMB' }, {
    client: { hostname: 'mac', os: 'Darwin', os_version: '23.1', python: '3.12', fio_version: 'fio-3.36', iperf3_version: null, cpu_count: 8, ram_bytes: null },
    link: null,
  })]) {
  let sessions = rows;
  const { api, providers } = mockApi((m) => {
    m.mockCall('tuning.profile', fakeProfile()).mockCall('tuning.state', fakeState())
      .mockCall('tuning.client.session.query', (params) => fakeQuery(sessions, params) as ClientSession[])
      // `results` is what the server's filter let through (one spec keeps a row without a client's context)
      .mockCall('tuning.benchmark.query', ([, options]) => fakeQuery(results, [[], options]) as BenchmarkResult[])
      .mockCall('tuning.client.session.create', ([options]) => {
        const created = fakeCreatedSession({ id: 3, label: options.label ?? 'Session 3' });
        sessions = [created, ...sessions];
        return created;
      })
      .mockCall('tuning.client.session.revoke', ([id]) => {
        sessions = sessions.map((s) => (s.id === id ? { ...s, state: 'REVOKED' as const } : s));
        return sessions.find((s) => s.id === id)!;
      });
    configure(m);
  });
  const view = withDialogs(await render(ClientsPage, [...providers, provideRouter([])],
    () => TestBed.inject(BoxStore).load()));
  return { api, ...view };
}

describe('ClientsPage', () => {
  it('lists the sessions with their state in words and the client results with their context', async () => {
    const { api, q, all } = await renderPage();
    // one page of each, newest first, and how many there are in all
    expect(api.callsOf('tuning.client.session.query')).toEqual([
      [[], { order_by: ['-id'], limit: 25, offset: 0 }], [[], { count: true }]]);
    // only what the list shows: the client, share, link and session of each result, not its runs and figures
    expect(api.callsOf('tuning.benchmark.query')).toEqual([
      [[['source', '=', 'CLIENT']], { order_by: ['-created_at'], limit: 25, offset: 0, select: [
        'id', 'label', 'created_at', 'source', 'context.client', 'context.target', 'context.link', 'context.session'] }],
      [[['source', '=', 'CLIENT']], { count: true }]]);
    expect(all('row-client-session-').map((r) => r.dataset['test'])).toEqual(['row-client-session-2', 'row-client-session-1']);
    expect(q('cell-client-state-1')!.textContent).toBe('Active');
    expect(q('cell-client-state-2')!.textContent).toBe('Expired');
    expect(q('cell-client-count-2')!.textContent).toBe('2');
    expect(q('row-client-session-1')!.textContent).toContain('NFS share');
    expect(q('row-client-session-1')!.textContent).toContain('tank/share');
    expect(q('button-client-revoke-1')).not.toBeNull();
    expect(q('button-client-revoke-2')).toBeNull();   // an expired token needs no revoking

    expect(q('cell-client-protocol-11')!.textContent).toBe('NFS 4.2');
    expect(q('cell-client-os-11')!.textContent).toBe('Linux 6.1.0-28-amd64 on ws1');
    expect(q('row-client-result-11')!.textContent).toContain('rw,vers=4.2,rsize=1048576');
    expect(q('cell-client-link-11')!.textContent).toBe('1,000 Mb/s · MTU 1500');
    expect(q('cell-client-link-12')!.textContent).toBe('unknown');
    expect(q('cell-client-os-12')!.textContent).toBe('Darwin 23.1 on mac');
    expect(q('row-client-result-11')!.textContent).toContain('session #1 “ws1 over NFS”');
  });

  it('shows an active session’s commands again, without any token', async () => {
    const { q, settle } = await renderPage();
    expect(q('button-client-commands-toggle-2')).toBeNull();   // expired: nothing to run any more
    q('button-client-commands-toggle-1')!.click();
    await settle();
    expect(q('button-client-commands-toggle-1')!.getAttribute('aria-expanded')).toBe('true');
    expect(q('text-client-command-1-linux')!.textContent).toBe(fakeClientSession().commands.linux);
    expect(q('text-client-command-1-agent-linux')!.textContent).toBe(fakeClientSession().commands.agent_linux);
    expect(q('cell-client-commands-1')!.textContent).toContain('The token was shown once');
    q('button-client-commands-toggle-1')!.click();
    await settle();
    expect(q('cell-client-commands-1')).toBeNull();
  });

  it('the server sorts sessions and results by the figures behind the words; a session\'s commands stay under it', async () => {
    const sessions = [fakeClientSession({ id: 3, label: 'b', results: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] }),
      fakeClientSession({ id: 2, label: 'A', state: 'EXPIRED', results: [11, 12] }),
      fakeClientSession({ id: 1, label: 'c' })];
    const tenGig = { interface: 'eth0', speed_mbps: 10000, mtu: 9000, address: null };
    const results = [fakeClientResult({ id: 13, created_at: '2026-11-24T09:00:00Z' }, { link: tenGig }),
      fakeClientResult({ id: 12, created_at: '2026-11-25T09:00:00Z' }, { link: null }),
      fakeBenchmark({ id: 11, label: 'not from a kit', created_at: '2026-11-23T09:00:00Z' })];
    const { api, q, all, settle } = await renderPage(undefined, sessions, results);
    const order = (prefix: string) => all(prefix).filter((e) => e.tagName === 'TR').map((r) => r.dataset['test']);
    const asked = (method: string) => (api.callsOf(method).at(-2)![1] as { order_by: string[] }).order_by;
    expect(order('row-client-session-')).toEqual(['row-client-session-3', 'row-client-session-2', 'row-client-session-1']);
    // the protocol in words and the number of results are nothing the server sorts by: no sort there
    for (const column of ['Measured over', 'Results']) {
      expect(headerCell(q('table-client-sessions')!, column).querySelector('.mat-sort-header-container')).toBeNull();
    }
    headerCell(q('table-client-sessions')!, 'State').click();   // the usable ones first
    await settle();
    expect(asked('tuning.client.session.query')).toEqual(['state']);
    expect(order('row-client-session-')).toEqual(['row-client-session-3', 'row-client-session-1', 'row-client-session-2']);
    headerCell(q('table-client-sessions')!, 'Label').click();
    await settle();
    expect(asked('tuning.client.session.query')).toEqual(['label']);
    expect(order('row-client-session-')).toEqual(['row-client-session-2', 'row-client-session-3', 'row-client-session-1']);
    q('button-client-commands-toggle-3')!.click();
    await settle();
    const row = q('row-client-session-3')!;
    expect(row.nextElementSibling!.querySelector('[data-test="text-client-command-3-linux"]')).not.toBeNull();

    expect(order('row-client-result-')).toEqual(['row-client-result-12', 'row-client-result-13', 'row-client-result-11']);
    headerCell(q('table-client-results')!, 'Link').click();   // the fastest link first, results without one last
    await settle();
    expect(asked('tuning.benchmark.query')).toEqual(['nulls_last:-context.link.speed_mbps']);
    for (const column of ['Protocol', 'Client']) {
      expect(headerCell(q('table-client-results')!, column).querySelector('.mat-sort-header-container')).toBeNull();
    }
    expect(order('row-client-result-')).toEqual(['row-client-result-13', 'row-client-result-12', 'row-client-result-11']);
    // no client context: one sentence across protocol, client, mount options and link, in a table row as ever
    const bare = q('row-client-result-11')!;
    expect(bare.querySelectorAll('td').length).toBe(8);
    const sentence = [...bare.querySelectorAll('td')].find((td) => td.textContent!.includes('no client context'))!;
    expect(sentence.getAttribute('colspan')).toBe('4');
    expect(bare.querySelectorAll('td.merged').length).toBe(3);
    // on a phone both tables stay one block a row (`stacked`), their sort headers a line above the blocks
    for (const id of ['table-client-sessions', 'table-client-results']) {
      expect(q(id)!.classList).toContain('stacked');
      expect(phoneStyle(q(id)!.querySelector('thead')!)['position']).toBe('static');
    }
  });

  it('says so when there is nothing yet', async () => {
    const { q } = await renderPage(() => undefined, [], []);
    expect(q('cell-client-sessions-empty')!.textContent).toBe('No sessions yet.');
    expect(q('cell-client-results-empty')!.textContent).toBe('No client results yet.');
  });

  it('creates a session from the form and shows its token once, with the commands for each client', async () => {
    const { api, q, type, choose, settle, options } = await renderPage();
    expect(options('select-client-dataset').map((o) => o.value)).toEqual(['', 'tank', 'tank/vms']);
    await type('input-client-label', 'ws1');
    await choose('select-client-protocol', 'SMB');
    await choose('select-client-dataset', 'tank/vms');
    q('checkbox-client-test-rand-write-4k')!.querySelector('input')!.click();
    await type('input-client-runs', '1');
    await type('input-client-runtime', '5');
    await choose('select-client-nic', 'eno1');
    await type('input-client-expires', '60');
    q('button-client-create')!.click();
    await settle();
    expect(api.callsOf('tuning.client.session.create')).toEqual([[{
      protocol: 'SMB', tests: ['SEQ_WRITE', 'SEQ_READ', 'RAND_READ_4K'], runs: 1, runtime_seconds: 5, expires_minutes: 60,
      box_url: window.location.origin, label: 'ws1', dataset: 'tank/vms', network_interface: 'eno1',
    }]]);
    expect(q('form-client-form')).toBeNull();
    expect(q('card-client-created')!.textContent).toContain('Session #3 “ws1” is ready');
    expect(q('text-client-token')!.textContent).toBe('tok-4f9c2e');
    expect(q('text-client-token-warning')!.textContent).toContain('shown only now');
    expect(q('text-client-token-warning')!.textContent).toContain('can only submit results for this session');
    // Space and time, before the commands (from the session's plan: 1 test × 3 runs × 35 s, 16 GiB working set).
    const needs = q('text-client-needs')!;
    expect(needs.textContent).toContain('at least 16 GiB free on the share');
    expect(needs.textContent).toContain('about 2 min (1 × 3 runs of 35 s)');
    expect(needs.compareDocumentPosition(q('text-client-command-linux')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    for (const kind of ['linux', 'macos', 'windows', 'agent_linux'] as const) {
      expect(q(`text-client-command-${kebab(kind)}`)!.textContent).toBe(fakeCreatedSession().commands[kind]);
    }
    expect(q('row-client-session-3')).not.toBeNull();   // the list was read again
    expect(q('text-client-checks')!.textContent).toContain('checks that the kit it downloads is the file this box serves');
    expect(q('text-client-checks')!.textContent).not.toContain('trusts only');   // no certificate to pin on this box

    q('button-client-created-close')!.click();
    await settle();
    expect(q('text-client-token')).toBeNull();
    expect(q('form-client-form')).not.toBeNull();
  });

  it('puts the server’s refusal on the field it names', async () => {
    const { q, settle } = await renderPage((m) => m.mockCall('tuning.client.session.create', () => {
      throw new ApiValidationError([{ attribute: 'options.runtime_seconds', message: 'Input should be less than or equal to 600', errno: 22 }]);
    }));
    q('button-client-create')!.click();
    await settle();
    expect(q('text-error-runtime-seconds')!.textContent).toBe('Seconds per run: must be at most 600');
    expect(q('card-client-created')).toBeNull();
  });

  it('revokes a session only once confirmed, and stops showing a token it revoked', async () => {
    const { api, q, settle } = await renderPage();
    q('button-client-create')!.click();
    await settle();
    q('button-client-revoke-3')!.click();
    await settle();
    expect(q('heading-confirm-title')!.textContent).toBe('Revoke session #3?');
    q('button-confirm-cancel')!.click();
    await settle();
    expect(q('text-confirm-dialog')).toBeNull();
    expect(api.callsOf('tuning.client.session.revoke')).toEqual([]);

    q('button-client-revoke-3')!.click();
    await settle();
    expect(q<HTMLButtonElement>('button-confirm-continue')!.disabled).toBe(true);
    q('checkbox-confirm-checkbox')!.querySelector('input')!.click();
    await settle();
    q('button-confirm-continue')!.click();
    await settle();
    expect(api.callsOf('tuning.client.session.revoke')).toEqual([[3]]);
    expect(q('cell-client-state-3')!.textContent).toBe('Revoked');
    expect(q('button-client-revoke-3')).toBeNull();
    expect(q('text-client-token')).toBeNull();
  });

  it('compares the client results picked', async () => {
    const { q, settle } = await renderPage();
    const navigate = vi.spyOn(TestBed.inject(Router), 'navigate').mockResolvedValue(true);
    expect(q<HTMLButtonElement>('button-client-compare')!.disabled).toBe(true);
    q('checkbox-client-pick-12')!.querySelector('input')!.click();
    q('checkbox-client-pick-11')!.querySelector('input')!.click();
    await settle();
    q('button-client-compare')!.click();
    expect(navigate).toHaveBeenCalledWith(['/compare'], { queryParams: { ids: '11,12', baseline: 11 } });
  });

  it('imports a kit’s output file as a client result', async () => {
    const { api, q, settle, selected } = await renderPage((m) => m.mockCall('tuning.benchmark.import', fakeClientResult({ id: 13, label: 'offline ws2' })));
    q('button-client-import-open')!.click();
    await settle();
    expect(selected('select-import-format')).toBe('CLIENT_KIT');
    const input = q<HTMLInputElement>('input-import-file')!;
    // jsdom's File has no text(); the browser's does.
    Object.defineProperty(input, 'files', { value: [{ name: 'ws2.json', text: async () => '{"kit_version": 1}' }] });
    input.dispatchEvent(new Event('change'));
    await settle();
    q('button-import-submit')!.click();
    await settle();
    expect(api.callsOf('tuning.benchmark.import')).toEqual([['CLIENT_KIT', '{"kit_version": 1}', 'ws2.json']]);
    expect(q('text-client-import-done')!.textContent).toContain('#13 offline ws2');
    expect(api.callsOf('tuning.benchmark.query').length).toBe(4);   // a page and the count, twice
  });

  it('a read-only user sees the sessions and results but may not create, revoke or import', async () => {
    const { el, q, settle } = await renderPage();
    await sessionRoles(READ_ONLY_ROLES, settle);
    for (const id of ['button-client-create', 'button-client-revoke-1', 'button-client-import-open']) {
      expect(controlState(el, id)).toMatchObject({ disabled: true, needs: 'SYSTEM_ADVANCED_WRITE' });
    }
    q('button-client-revoke-1')!.click();
    await settle();
    expect(q('text-confirm-dialog')).toBeNull();
  });

  it('asks for one page of sessions and of results at a time; results picked on two pages are compared', async () => {
    const sessions = Array.from({ length: 30 }, (_, i) => fakeClientSession({ id: i + 1, label: `s${i + 1}`, results: [] }));
    const results = Array.from({ length: 27 }, (_, i) => fakeClientResult({
      id: 100 + i, label: `r${i}`, created_at: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString() }));
    const { api, q, all, settle } = await renderPage(undefined, sessions, results);
    const ids = (prefix: string) => all(prefix).filter((e) => e.tagName === 'TR')
      .map((r) => Number(r.dataset['test']!.slice(prefix.length)));
    const range = (id: string) => q(`paginator-${id}`)!.querySelector('.mat-mdc-paginator-range-label')!.textContent!.trim();
    expect(ids('row-client-session-')).toEqual(Array.from({ length: 25 }, (_, i) => 30 - i));
    expect(range('client-sessions')).toBe('1–25 of 30');
    expect(range('client-results')).toBe('1–25 of 27');
    q('button-client-sessions-next')!.click();
    await settle();
    expect(api.callsOf('tuning.client.session.query').at(-2)).toEqual([[], { order_by: ['-id'], limit: 25, offset: 25 }]);
    expect(ids('row-client-session-')).toEqual([5, 4, 3, 2, 1]);
    expect(range('client-results')).toBe('1–25 of 27');   // the other table stays where it was

    const navigate = vi.spyOn(TestBed.inject(Router), 'navigate').mockResolvedValue(true);
    q('checkbox-client-pick-126')!.querySelector('input')!.click();
    q('button-client-results-last')!.click();
    await settle();
    expect(ids('row-client-result-')).toEqual([101, 100]);
    q('checkbox-client-pick-100')!.querySelector('input')!.click();
    await settle();
    q('button-client-compare')!.click();
    expect(navigate).toHaveBeenCalledWith(['/compare'], { queryParams: { ids: '100,126', baseline: 100 } });
    expect(q('select-client-results-size')).not.toBeNull();
  });

  it('says why a page of results did not come, apart from the sessions', async () => {
    const { q } = await renderPage((m) => m.mockCall('tuning.benchmark.query', () => {
      throw new ApiValidationError([{ attribute: 'options', message: 'Not now.', errno: 22 }]);
    }));
    expect(q('text-client-results-error')!.textContent).toContain('Not now.');
    expect(q('text-client-list-error')).toBeNull();
    expect(q('row-client-session-1')).not.toBeNull();
  });
});
