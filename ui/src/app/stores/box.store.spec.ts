import { TestBed } from '@angular/core/testing';

import { BoxStore } from './box.store';
import { mockApi } from '../testing/mock-api';
import { fakeProfile, fakeState } from '../testing/fixtures';

describe('BoxStore', () => {
  it('loads profile and state, tells a sandbox, and follows tuning.state events', async () => {
    const { api, providers } = mockApi((m) => m
      .mockCall('tuning.profile', fakeProfile())
      .mockCall('tuning.state', fakeState()));
    TestBed.configureTestingModule({ providers });
    const store = TestBed.inject(BoxStore);
    await store.load();
    expect(store.profile()?.pools[0].name).toBe('tank');
    expect(store.isSandbox()).toBe(true);
    expect(store.pendingReboot()).toEqual([]);

    api.emitEvent('tuning.state', {
      ...fakeState(),
      pending_reboot: [{ key: 'ZFS_PARAMETER:global:zfs_arc_max', setting: 'zfs_arc_max', proposed: '1', since: 'now', restore_point_id: 1 }],
    });
    expect(store.pendingReboot().map((p) => p.setting)).toEqual(['zfs_arc_max']);
  });

  it('keeps the error in words when loading fails', async () => {
    const { providers } = mockApi((m) => m.mockCall('tuning.state', fakeState()));
    TestBed.configureTestingModule({ providers });
    const store = TestBed.inject(BoxStore);
    await store.load();
    expect(store.error()).toBe('Unmocked api call tuning.profile');
  });
});

describe('BoxStore with a failing profile', () => {
  it('still shows the state (and so the sandbox banner)', async () => {
    const { providers } = mockApi((m) => m.mockCall('tuning.state', fakeState({ boot_id: 'b2' })));
    TestBed.configureTestingModule({ providers });
    const store = TestBed.inject(BoxStore);
    await store.load();
    expect(store.state()?.boot_id).toBe('b2');
    expect(store.isSandbox()).toBe(true);
  });
});
