import { fakeChange, fakePlan } from '../../testing/fixtures';
import { interpolate } from '../../i18n/translate.service';
import { confirmEffects } from './confirm-effects';

const words = (plan: ReturnType<typeof fakePlan>) => confirmEffects(plan).map((e) => `${e.kind}: ${interpolate(e.text, e.params)}`);

describe('confirmEffects', () => {
  it('asks nothing for values that change live or for new data', () => {
    expect(confirmEffects(fakePlan([fakeChange(), fakeChange({ key: 'k2', setting: 'atime', apply_mode: 'LIVE' })]))).toEqual([]);
  });

  it('names the service a restart interrupts, with the settings that cause it', () => {
    expect(words(fakePlan([fakeChange({
      key: 'SERVICE:smb:multichannel', kind: 'SERVICE', scope: 'smb', setting: 'multichannel', current: 'false',
      proposed: 'true', apply_mode: 'SERVICE_RESTART',
    })]))).toEqual([
      'SERVICE_RESTART: Restarts the SMB service: connected clients lose their connection for a moment (multichannel off → on).',
    ]);
  });

  it('says which disks join or leave which pool, for an apply and for its revert', () => {
    const slog = { key: 'POOL_DEVICE:tank:log', kind: 'POOL_DEVICE' as const, scope: 'tank', setting: 'log', apply_mode: 'LIVE' as const };
    expect(words(fakePlan([fakeChange({ ...slog, current: '', proposed: 'sdh' })]))).toEqual([
      'POOL_DEVICE: Adds sdh to pool tank as SLOG (sync write log) devices: the pool layout changes.',
    ]);
    expect(words(fakePlan([fakeChange({ ...slog, setting: 'cache', key: 'POOL_DEVICE:tank:cache', current: 'sdh,sdi', proposed: '' })]))).toEqual([
      'POOL_DEVICE: Removes the L2ARC (read cache) devices sdh, sdi from pool tank: the pool layout changes.',
    ]);
  });

  it('lists every setting that waits for a reboot in one line, after the other effects', () => {
    const reboot = (setting: string) => fakeChange({
      key: `ZFS_PARAMETER:global:${setting}`, kind: 'ZFS_PARAMETER', scope: 'global', setting, current: '1', proposed: '2',
      apply_mode: 'REBOOT', unit: null,
    });
    const effects = confirmEffects(fakePlan([reboot('zfs_a'), fakeChange({
      key: 'SERVICE:nfs:servers', kind: 'SERVICE', scope: 'nfs', setting: 'servers', current: 'AUTO', proposed: '16',
      apply_mode: 'SERVICE_RESTART',
    }), reboot('zfs_b')]));
    expect(effects.map((e) => e.kind)).toEqual(['SERVICE_RESTART', 'REBOOT']);
    expect(effects[0].params['service']).toBe('NFS');
    expect(effects[1].params['settings']).toBe('zfs_a 1 → 2, zfs_b 1 → 2');
    const arc = fakeChange({ key: 'ZFS_PARAMETER:global:zfs_arc_max', kind: 'ZFS_PARAMETER', scope: 'global',
      setting: 'zfs_arc_max', current: '0', proposed: '4294967296', apply_mode: 'REBOOT', zero_is_default: true });
    expect(confirmEffects(fakePlan([arc]))[0].params['settings']).toBe('zfs_arc_max 0 (OpenZFS default) → 4 GiB');
  });

  it('names a setting by its title as the plan does, not by its id', () => {
    const max = fakeChange({ key: 'ZFS_PARAMETER:global:zfs_dirty_data_max_max', kind: 'ZFS_PARAMETER', scope: 'global',
      setting: 'zfs_dirty_data_max_max', summary: 'Write buffer limit', current: String(8 * 2 ** 30),
      proposed: String(6 * 2 ** 30), apply_mode: 'REBOOT' });
    expect(words(fakePlan([max]))).toEqual(['REBOOT: Needs a reboot to take effect (offered afterwards; it stops what this '
      + 'box serves until it is back): Write buffer limit 8 GiB → 6 GiB.']);
    const multichannel = fakeChange({ key: 'SERVICE:smb:multichannel', kind: 'SERVICE', scope: 'smb',
      setting: 'multichannel', summary: 'SMB multichannel', current: 'false', proposed: 'true',
      apply_mode: 'SERVICE_RESTART', unit: null });
    expect(confirmEffects(fakePlan([multichannel]))[0].params['settings']).toBe('SMB multichannel off → on');
  });
});
