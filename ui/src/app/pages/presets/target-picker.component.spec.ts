import { TestBed } from '@angular/core/testing';

import { TuningTarget } from '../../api/models/tuning-common';
import { TuningDeviceChoice, TuningDeviceChoices } from '../../api/models/tuning-devices';
import { fakeProfile } from '../../testing/fixtures';
import { TargetPickerComponent } from './target-picker.component';

function choice(name: string, eligible: boolean, reason: string | null = null): TuningDeviceChoice {
  const kind = name.startsWith('nvme') ? 'NVME' : name === 'sdh' ? 'SSD' : 'HDD';
  return { name, kind, size_bytes: 512 * 1024 ** 3, model: null, eligible, reason };
}

/** The box of fakeProfile plus an unused SSD sdh; nvme0n1 is chosen as the log device. */
const DEVICES: TuningDeviceChoices = {
  cache: [
    choice('nvme0n1', false, 'is already chosen as the log device'),
    choice('sdh', true),
    choice('sda', false, 'is in use by pool tank'),
  ],
  log: [choice('nvme0n1', true), choice('sdh', true), choice('sda', false, 'is in use by pool tank')],
};

async function render(target: TuningTarget, devices: TuningDeviceChoices | null) {
  const profile = fakeProfile();
  profile.unused_disks.push({ name: 'sdh', kind: 'SSD', size_bytes: 512 * 1024 ** 3, model: null, serial: 'S2', pool: null });
  TestBed.configureTestingModule({ imports: [TargetPickerComponent] });
  const fixture = TestBed.createComponent(TargetPickerComponent);
  fixture.componentRef.setInput('profile', profile);
  fixture.componentRef.setInput('target', target);
  fixture.componentRef.setInput('needs', { cache: true, log: true });
  fixture.componentRef.setInput('devices', devices);
  const emitted: TuningTarget[] = [];
  fixture.componentInstance.targetChange.subscribe((t) => emitted.push(t));
  fixture.detectChanges();
  await fixture.whenStable();
  const el = fixture.nativeElement as HTMLElement;
  const q = <T extends HTMLElement = HTMLElement>(id: string) => el.querySelector<T>(`[data-test="${id}"]`);
  return { q, emitted };
}

describe('TargetPickerComponent', () => {
  const target = { pool: 'tank', dataset: 'tank', cache_disks: [], log_disks: ['nvme0n1'] };

  it('shows a disk chosen as the log device disabled in the cache list, with the reason', async () => {
    const { q } = await render(target, DEVICES);
    const cacheNvme = q<HTMLInputElement>('input-disk-cache-disks-nvme0n1')!;
    expect(cacheNvme.disabled).toBe(true);
    expect(q('text-disk-reason-cache-disks-nvme0n1')!.textContent).toContain('Not offered: is already chosen as the log device');
    expect(cacheNvme.getAttribute('aria-describedby')).toBe('reason-cache_disks-nvme0n1');
    expect(q<HTMLInputElement>('input-disk-cache-disks-sdh')!.disabled).toBe(false);
    expect(q('text-disk-reason-cache-disks-sdh')).toBeNull();
    expect(q('fieldset-target-cache-disks')!.textContent).not.toContain('No unused disks');
    expect(q('fieldset-target-cache-disks')!.textContent).toContain('NVMe SSD');
  });

  it('says a disk whose kind the box does not report is of unknown kind, never a bare mark', async () => {
    const devices = { ...DEVICES, cache: [{ ...choice('sdh', true), kind: null }] };
    const { q } = await render(target, devices);
    const words = q('fieldset-target-cache-disks')!.textContent!;
    expect(words).toContain('sdh · kind unknown');
    expect(words).not.toContain('?');
  });

  it('keeps the chosen log disk tickable and folds the disks pools use, with their reasons', async () => {
    const { q, emitted } = await render(target, DEVICES);
    const logNvme = q<HTMLInputElement>('input-disk-log-disks-nvme0n1')!;
    expect(logNvme.disabled).toBe(false);
    expect(logNvme.checked).toBe(true);
    expect(q('input-disk-cache-disks-sda')).toBeNull();
    const inUse = q('details-disks-in-use-cache-disks')!;
    expect(inUse.textContent).toContain('Disks already in use, not offered (1)');
    expect(inUse.textContent).toContain('sda is in use by pool tank');

    q<HTMLInputElement>('input-disk-cache-disks-sdh')!.click();
    expect(emitted.at(-1)).toEqual({ ...target, cache_disks: ['sdh'] });
  });

  it('lets a disk the server no longer offers be unticked', async () => {
    const stale = { ...DEVICES, cache: [choice('nvme0n1', false, 'is already chosen as the log device'), choice('sdh', true)] };
    const { q, emitted } = await render({ ...target, cache_disks: ['nvme0n1'] }, stale);
    const box = q<HTMLInputElement>('input-disk-cache-disks-nvme0n1')!;
    expect(box.disabled).toBe(false);
    box.click();
    expect(emitted.at(-1)).toEqual({ ...target, cache_disks: [] });
  });

  it('waits for the plan before listing disks', async () => {
    const { q } = await render(target, null);
    expect(q('text-disks-pending-cache-disks')).not.toBeNull();
    expect(q('input-disk-cache-disks-sdh')).toBeNull();
  });
});
