import { ChangeDetectionStrategy, Component, signal } from '@angular/core';
import { TestBed } from '@angular/core/testing';

import { ModalDirective } from './modal.directive';

@Component({
  imports: [ModalDirective],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    @if (open()) {
      <div tpModal (tpModalDismiss)="dismissed.set(dismissed() + 1)" data-test="modal">
        <button type="button" data-test="first">First</button>
        <input data-modal-focus data-test="marked" />
        <button type="button" data-test="last">Last</button>
      </div>
    }
  `,
})
class Host {
  readonly open = signal(true);
  readonly dismissed = signal(0);
}

async function open() {
  const opener = document.createElement('button');
  document.body.appendChild(opener);
  opener.focus();
  TestBed.configureTestingModule({ imports: [Host] });
  const fixture = TestBed.createComponent(Host);
  document.body.appendChild(fixture.nativeElement);
  fixture.detectChanges();
  await fixture.whenStable();
  const q = (id: string) => (fixture.nativeElement as HTMLElement).querySelector<HTMLElement>(`[data-test="${id}"]`)!;
  const key = (key: string, shiftKey = false) => {
    const event = new KeyboardEvent('keydown', { key, shiftKey, bubbles: true, cancelable: true });
    document.activeElement!.dispatchEvent(event);
    return event;
  };
  return { fixture, opener, q, key };
}

describe('ModalDirective', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('is a modal dialog for assistive technology and starts on the marked control', async () => {
    const { q } = await open();
    expect(q('modal').getAttribute('role')).toBe('dialog');
    expect(q('modal').getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(q('marked'));
  });

  it('wraps Tab and Shift+Tab inside and reports Esc', async () => {
    const { fixture, q, key } = await open();
    q('last').focus();
    expect(key('Tab').defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(q('first'));
    expect(key('Tab', true).defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(q('last'));
    q('marked').focus();
    expect(key('Tab').defaultPrevented).toBe(false); // the browser moves on to Last by itself
    key('Escape');
    expect(fixture.componentInstance.dismissed()).toBe(1);
  });

  it('gives focus back to the opener when it closes', async () => {
    const { fixture, opener } = await open();
    expect(document.activeElement).not.toBe(opener);
    fixture.componentInstance.open.set(false);
    fixture.detectChanges();
    await fixture.whenStable();
    expect(document.activeElement).toBe(opener);
  });
});
