import { signal } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import { provideRouter } from '@angular/router';

import { AuthService, AuthStatus } from '../../auth/auth.service';
import { URL_FETCH } from '../../shared/report-download';
import { BoxStore } from '../../stores/box.store';
import { fakeCampaign, fakeDoneCampaign } from '../../testing/campaign-fixtures';
import { fakePreset, fakeProfile, fakeState } from '../../testing/fixtures';
import { mockApi } from '../../testing/mock-api';
import { render } from '../../testing/render';
import { headerCell } from '../../testing/tables';
import { Campaign } from '../../api/models/tuning-campaign';
import { fakeQuery } from '../../shared/paging/fake-query';
import { CampaignsPage } from './campaigns.page';

describe('CampaignsPage list', () => {
  it('lists campaigns newest first; the server sorts them by start date, number or label', async () => {
    const rows = [
      fakeDoneCampaign({ id: 3, label: 'b night', created_at: '2026-03-02T10:00:00Z' }),
      fakeCampaign({ id: 2, label: 'a week', created_at: '2026-03-01T10:00:00Z', state: 'RUNNING' }),
      fakeDoneCampaign({ id: 1, label: 'C first', created_at: '2026-02-01T10:00:00Z', state: 'ABORTED' }),
    ];
    const { api, providers } = mockApi((m) => m
      .mockCall('tuning.profile', fakeProfile()).mockCall('tuning.state', fakeState())
      .mockCall('tuning.preset.query', [fakePreset()])
      .mockCall('tuning.campaign.query', (params) => fakeQuery(rows, params) as Campaign[])
      .mockCall('core.get_jobs', []));
    const { el, q, settle } = await render(CampaignsPage, [
      ...providers, provideRouter([]),
      { provide: AuthService, useValue: { status: signal<AuthStatus>('logged-in') } },
      { provide: URL_FETCH, useValue: async () => new Response('<h1>Report</h1>') },
    ], () => TestBed.inject(BoxStore).load());
    const table = q('table-camp-list')!;
    const order = () => [...el.querySelectorAll<HTMLElement>('tr[data-test^="row-camp-row-"]')]
      .map((r) => r.dataset['test']);
    expect(order()).toEqual(['row-camp-row-3', 'row-camp-row-2', 'row-camp-row-1']);
    // stacked on a phone: one block a row, each cell headed by its column
    expect(table.classList).toContain('stacked');
    expect([...q('row-camp-row-3')!.querySelectorAll('td')].map((td) => td.getAttribute('data-label')))
      .toEqual(['#', 'Label', 'Started', 'State', 'Where', null]);
    expect(headerCell(table, 'Started').getAttribute('aria-sort')).toBe('descending');
    const asked = () => (api.callsOf('tuning.campaign.query').filter(([f, o]) => !(f as unknown[]).length
      && !(o as { count?: boolean }).count).at(-1)![1] as { order_by: string[] }).order_by;
    headerCell(table, 'Label').click();
    await settle();
    expect(asked()).toEqual(['label']);
    expect(order()).toEqual(['row-camp-row-1', 'row-camp-row-2', 'row-camp-row-3']);   // as the server sorts: capitals first
    // the states' words are not in the order of their names (running first): the running one has its own card
    expect(headerCell(table, 'State').querySelector('.mat-sort-header-container')).toBeNull();
    expect(q('cell-camp-row-state-1')!.textContent).toBe('aborted');
    headerCell(table, 'Started').click();
    await settle();
    expect(order()).toEqual(['row-camp-row-3', 'row-camp-row-2', 'row-camp-row-1']);
  });
});
