import { TestBed } from '@angular/core/testing';

import { ConfirmDialogComponent } from './confirm-dialog.component';
import { ConfirmEffect } from './confirm-effects';

const effects: ConfirmEffect[] = [
  { kind: 'SERVICE_RESTART', text: 'Restarts the {service} service', params: { service: 'SMB' } },
  { kind: 'POOL_DEVICE', text: 'Adds {disks} to pool {pool}', params: { disks: 'sdh', pool: 'tank' } },
];

async function open() {
  const opener = document.createElement('button');
  opener.setAttribute('data-test', 'opener');
  document.body.appendChild(opener);
  opener.focus();
  TestBed.configureTestingModule({ imports: [ConfirmDialogComponent] });
  const fixture = TestBed.createComponent(ConfirmDialogComponent);
  fixture.componentRef.setInput('title', 'Apply {name}?');
  fixture.componentRef.setInput('titleParams', { name: 'Max IOPS' });
  fixture.componentRef.setInput('effects', effects);
  fixture.componentRef.setInput('action', 'Apply');
  document.body.appendChild(fixture.nativeElement);
  const events: string[] = [];
  fixture.componentInstance.confirmed.subscribe(() => events.push('confirmed'));
  fixture.componentInstance.cancelled.subscribe(() => events.push('cancelled'));
  fixture.detectChanges();
  await fixture.whenStable();
  const el = fixture.nativeElement as HTMLElement;
  const q = <T extends HTMLElement = HTMLElement>(id: string) => el.querySelector<T>(`[data-test="${id}"]`)!;
  const key = (key: string, shiftKey = false) => {
    const event = new KeyboardEvent('keydown', { key, shiftKey, bubbles: true, cancelable: true });
    (document.activeElement ?? document.body).dispatchEvent(event);
    fixture.detectChanges();
    return event;
  };
  return { fixture, el, q, key, events, opener };
}

describe('ConfirmDialogComponent', () => {
  afterEach(() => document.body.replaceChildren());

  it('lists exactly the effects in words and titles itself', async () => {
    const { q } = await open();
    expect(q('confirm-title').textContent).toContain('Apply Max IOPS?');
    expect(q('confirm-effect-SERVICE_RESTART').textContent).toContain('Restarts the SMB service');
    expect(q('confirm-effect-POOL_DEVICE').textContent).toContain('Adds sdh to pool tank');
    expect(q('confirm-effects').querySelectorAll('li').length).toBe(2);
    expect(q('confirm-dialog').getAttribute('aria-modal')).toBe('true');
  });

  it('goes ahead only once Confirm is ticked', async () => {
    const { fixture, q, events } = await open();
    const go = q<HTMLButtonElement>('confirm-continue');
    expect(go.textContent).toContain('Apply');
    expect(go.disabled).toBe(true);
    go.click();
    expect(events).toEqual([]);
    q('confirm-checkbox').querySelector('input')!.click();
    fixture.detectChanges();
    expect(go.disabled).toBe(false);
    go.click();
    expect(events).toEqual(['confirmed']);
  });

  it('starts on the Confirm tick, keeps Tab and Shift+Tab inside, and closes on Esc', async () => {
    const { q, key, events } = await open();
    const tick = q('confirm-checkbox').querySelector('input');
    const cancel = q('confirm-cancel');
    expect(document.activeElement).toBe(tick);
    // The action button is disabled, so Cancel is the last control: Tab from it wraps to the tick.
    cancel.focus();
    expect(key('Tab').defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(tick);
    expect(key('Tab', true).defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(cancel);
    // Focus moved out of the dialog (a click on the page) comes back on the next Tab.
    (document.querySelector('[data-test="opener"]') as HTMLElement).focus();
    key('Tab');
    expect(document.activeElement).toBe(tick);
    key('Escape');
    expect(events).toEqual(['cancelled']);
  });

  it('gives focus back to the control that opened it', async () => {
    const { fixture, opener } = await open();
    fixture.destroy();
    expect(document.activeElement).toBe(opener);
  });

  it('cancels on Cancel and on a click outside the dialog', async () => {
    const { q, events } = await open();
    q('confirm-cancel').click();
    q('confirm-dialog').click();
    (q('confirm-dialog').parentElement as HTMLElement).click();
    expect(events).toEqual(['cancelled', 'cancelled']);
  });
});
