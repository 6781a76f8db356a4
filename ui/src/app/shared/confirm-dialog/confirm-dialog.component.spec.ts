import { TestBed } from '@angular/core/testing';

import { LAID_OUT, dialogOf, inDialog, openDialogs, tabPast } from '../../testing/dialog';
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
  TestBed.configureTestingModule({ imports: [ConfirmDialogComponent], providers: [LAID_OUT] });
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
  // In the CDK's overlay container at the end of <body>, not inside the component.
  const q = <T extends HTMLElement = HTMLElement>(id: string) => inDialog<T>(id)!;
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
    const { q, el } = await open();
    expect(q('heading-confirm-title').textContent).toContain('Apply Max IOPS?');
    expect(q('item-confirm-effect-service-restart').textContent).toContain('Restarts the SMB service');
    expect(q('item-confirm-effect-pool-device').textContent).toContain('Adds sdh to pool tank');
    expect(q('list-confirm-effects').querySelectorAll('li').length).toBe(2);
    const dialog = dialogOf(q('text-confirm-dialog'));
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('aria-labelledby')).toBe('confirm-title');
    expect(el.querySelector('[data-test="text-confirm-dialog"]')).toBeNull();
  });

  it('goes ahead only once Confirm is ticked', async () => {
    const { fixture, q, events } = await open();
    const go = q<HTMLButtonElement>('button-confirm-continue');
    expect(go.textContent).toContain('Apply');
    expect(go.disabled).toBe(true);
    go.click();
    expect(events).toEqual([]);
    q('checkbox-confirm-checkbox').querySelector('input')!.click();
    fixture.detectChanges();
    expect(go.disabled).toBe(false);
    go.click();
    expect(events).toEqual(['confirmed']);
  });

  it('starts on the Confirm tick, keeps Tab and Shift+Tab inside, and closes on Esc', async () => {
    const { q, key, events, opener } = await open();
    const tick = q('checkbox-confirm-checkbox').querySelector('input');
    const cancel = q('button-confirm-cancel');
    expect(document.activeElement).toBe(tick);
    // The action button is disabled, so Cancel is the last control: Tab past it wraps to the tick, and back.
    tabPast('end');
    expect(document.activeElement).toBe(tick);
    tabPast('start');
    expect(document.activeElement).toBe(cancel);
    // Focus that reaches the page behind (the focused button went away, a script) is brought back in.
    opener.focus();
    await new Promise((r) => setTimeout(r));
    expect(document.activeElement).toBe(tick);
    expect(key('Escape').defaultPrevented).toBe(true);
    expect(events).toEqual(['cancelled']);
  });

  it('leaves Esc with a modifier alone', async () => {
    const { key, events } = await open();
    expect(key('Escape', true).defaultPrevented).toBe(false);
    expect(events).toEqual([]);
  });

  it('closes with the component and gives focus back to the control that opened it', async () => {
    const { fixture, opener } = await open();
    expect(openDialogs().length).toBe(1);
    fixture.destroy();
    expect(openDialogs()).toEqual([]);
    expect(document.activeElement).toBe(opener);
  });

  it('cancels on Cancel and on a click on the backdrop, not on a click inside', async () => {
    const { q, events } = await open();
    q('button-confirm-cancel').click();
    q('text-confirm-dialog').click();
    (document.querySelector('.cdk-overlay-backdrop') as HTMLElement).click();
    expect(events).toEqual(['cancelled', 'cancelled']);
  });
});
