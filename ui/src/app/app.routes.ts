import { Routes } from '@angular/router';

import { T } from './i18n/translate-marker';

/** Every page is its own lazy chunk so the first load stays small. */
export const routes: Routes = [
  { path: '', loadComponent: () => import('./pages/overview/overview.page').then((m) => m.OverviewPage) },
  { path: 'presets', loadComponent: () => import('./pages/presets/presets.page').then((m) => m.PresetsPage) },
  {
    path: 'restore-points',
    loadComponent: () => import('./pages/restore-points/restore-points.page').then((m) => m.RestorePointsPage),
  },
  { path: 'my-presets', loadComponent: () => import('./pages/custom-presets/custom-presets.page').then((m) => m.CustomPresetsPage) },
  {
    path: 'benchmarks',
    loadComponent: () => import('./pages/benchmarks/benchmarks.page').then((m) => m.BenchmarksPage),
  },
  {
    path: 'campaigns',
    loadComponent: () => import('./pages/campaigns/campaigns.page').then((m) => m.CampaignsPage),
  },
  { path: 'network', loadComponent: () => import('./pages/network/network.page').then((m) => m.NetworkPage) },
  { path: 'clients', loadComponent: () => import('./pages/clients/clients.page').then((m) => m.ClientsPage) },
  { path: 'ladder', loadComponent: () => import('./pages/ladder/ladder.page').then((m) => m.LadderPage) },
  { path: 'layout', loadComponent: () => import('./pages/layout/layout.page').then((m) => m.LayoutPage) },
  { path: 'compare', loadComponent: () => import('./pages/compare/compare.page').then((m) => m.ComparePage) },
  { path: '**', redirectTo: '' },
];

export const NAV_ITEMS = [
  { path: '', title: T('Overview') },
  { path: 'presets', title: T('Presets') },
  { path: 'restore-points', title: T('Restore points') },
  { path: 'my-presets', title: T('My presets') },
  { path: 'benchmarks', title: T('Benchmarks') },
  { path: 'compare', title: T('Compare') },
  { path: 'campaigns', title: T('Campaigns') },
  { path: 'network', title: T('Network') },
  { path: 'clients', title: T('Clients') },
  { path: 'ladder', title: T('Bottleneck') },
  { path: 'layout', title: T('Pool layout') },
];
