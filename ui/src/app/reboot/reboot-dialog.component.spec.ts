import { signal } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import { BehaviorSubject, Subject } from 'rxjs';

import { RpcConnection } from '../api/rpc-connection.service';
import { AuthService } from '../auth/auth.service';
import { inDialog } from '../testing/dialog';
import { mockApi } from '../testing/mock-api';
import { render } from '../testing/render';
import { provideRoles } from '../testing/roles';
import { BoxStore } from '../stores/box.store';
import { RebootDialogComponent } from './reboot-dialog.component';
import { REBOOT_SLOW_SECONDS, RebootService } from './reboot.service';

async function renderWait(secondsAgo: number) {
  const { providers } = mockApi();
  const box = { pendingReboot: () => [], settingWords: () => null, isSandbox: () => false, state: () => null };
  const view = await render(RebootDialogComponent, [...providers, provideRoles(['FULL_ADMIN']),
    { provide: RpcConnection, useValue: { closed$: new Subject<void>(), authenticated$: new BehaviorSubject(false) } },
    { provide: AuthService, useValue: { status: signal('logged-in') } },
    { provide: BoxStore, useValue: box }]);
  const reboot = TestBed.inject(RebootService);
  reboot.since.set(Date.now() - secondsAgo * 1000);
  reboot.phase.set('waiting');
  await view.settle();
  return { reboot, ...view };
}

const text = (element: HTMLElement | null) => element!.textContent!.replace(/\s+/g, ' ').trim();

describe('RebootDialogComponent: the wait for the box', () => {
  it('counts the time since the reboot and may be closed to a notice while the panel keeps checking', async () => {
    const { reboot, q, settle } = await renderWait(125);
    expect(text(inDialog('text-reboot-status'))).toBe('Waiting for the box to come back… 2 min 5 s since the reboot.');
    expect(inDialog('text-reboot-slow')).toBeNull();   // not yet long enough to worry
    inDialog('button-reboot-background')!.click();
    await settle();
    expect(inDialog('text-reboot-status')).toBeNull();
    expect(text(q('text-reboot-background-notice'))).toContain('The panel keeps checking');
    expect(reboot.phase()).toBe('waiting');   // still checking
    q('button-reboot-show')!.click();
    await settle();
    expect(inDialog('text-reboot-status')).not.toBeNull();
    reboot.close();
    await settle();
  });

  it('after ten minutes says the box has not come back and to look at its console', async () => {
    const { reboot, settle } = await renderWait(REBOOT_SLOW_SECONDS + 1);
    expect(text(inDialog('text-reboot-slow'))).toContain('has not come back after 10 min');
    expect(text(inDialog('text-reboot-slow'))).toContain('console');
    reboot.close();
    await settle();
  });

  it('Esc closes the wait to its notice, not the check', async () => {
    const { reboot, q, settle } = await renderWait(5);
    document.querySelector('.cdk-overlay-container [role="dialog"]')!
      .dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await settle();
    expect(reboot.inBackground()).toBe(true);
    expect(reboot.phase()).toBe('waiting');
    expect(q('text-reboot-background-notice')).not.toBeNull();
    reboot.close();
    await settle();
  });
});
