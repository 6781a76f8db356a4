import { rebootOutcome } from './reboot-outcome';
import { fakeState } from '../testing/fixtures';

const pending = (setting: string) => ({
  key: `ZFS_PARAMETER:global:${setting}`, setting, proposed: '1', since: 't', restore_point_id: 1,
});

describe('rebootOutcome', () => {
  it('sorts the items that waited into verified, still pending and drifted', () => {
    const after = fakeState({
      pending_reboot: [pending('zfs_b')],
      drift: [{ key: 'ZFS_PARAMETER:global:zfs_c', kind: 'ZFS_PARAMETER', setting: 'zfs_c', summary: 'zfs_c',
        scope: 'global', expected: '1', inherited: false, actual: '0', risk: 'SAFE', restore_point_id: 1 }],
    });
    expect(rebootOutcome([pending('zfs_a'), pending('zfs_b'), pending('zfs_c')], after)).toEqual({
      verified: ['zfs_a'], stillPending: ['zfs_b'], drifted: ['zfs_c'],
    });
  });

  it('names each setting in words as the plan did, not by its id', () => {
    const limit = { ...pending('zfs_dirty_data_max_max'), name: 'Write buffer limit' };
    expect(rebootOutcome([limit], fakeState()).verified).toEqual(['Write buffer limit']);
  });
});
