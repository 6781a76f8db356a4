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

  it('names a setting tuning holds in words by its key, and no other', async () => {
    const held = {
      key: 'ZFS_PARAMETER:global:zfs_arc_max', kind: 'ZFS_PARAMETER' as const, setting: 'zfs_arc_max',
      summary: 'maximum ARC size', scope: 'global', value: '1', inherited: false, apply_mode: 'LIVE' as const,
      risk: 'SAFE' as const, risk_reason: null, preset: 'max-iops', restore_point_id: 1, applied_at: 'now',
      pending_reboot: false,
    };
    const { providers } = mockApi((m) => m
      .mockCall('tuning.profile', fakeProfile())
      .mockCall('tuning.state', fakeState({ in_effect: [held] })));
    TestBed.configureTestingModule({ providers });
    const store = TestBed.inject(BoxStore);
    await store.load();
    expect(store.settingWords('ZFS_PARAMETER:global:zfs_arc_max')).toBe('maximum ARC size');
    expect(store.settingWords('SYSCTL:global:vm.swappiness')).toBeNull();
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
