import { ChangeDetectionStrategy, Component, signal } from '@angular/core';
import { TestBed } from '@angular/core/testing';

import { LAID_OUT, dialogOf, inDialog, openDialogs } from '../../testing/dialog';
import { DialogDirective } from './dialog.directive';

@Component({
  imports: [DialogDirective],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <button data-test="opener" (click)="open.set(true)">Open</button>
    @if (open()) {
      <ng-template tpDialog tpDialogLabel="Progress" [tpDialogBackdropDismisses]="backdrop"
                   (tpDialogDismiss)="dismissed.set(dismissed() + 1)">
        <div data-test="body">
          <p data-test="count">{{ count() }}</p>
          @if (!done()) { <button data-test="stop" (click)="done.set(true)">Stop</button> }
          <button data-test="close" (click)="open.set(false)">Close</button>
        </div>
      </ng-template>
    }
  `,
})
class Host {
  readonly open = signal(false);
  readonly count = signal(1);
  readonly done = signal(false);
  readonly dismissed = signal(0);
  backdrop = false;
}

async function render(backdrop = false) {
  TestBed.configureTestingModule({ imports: [Host], providers: [LAID_OUT] });
  const fixture = TestBed.createComponent(Host);
  fixture.componentInstance.backdrop = backdrop;
  document.body.appendChild(fixture.nativeElement);
  const settle = async () => {
    fixture.detectChanges();
    await fixture.whenStable();
  };
  await settle();
  const opener = (fixture.nativeElement as HTMLElement).querySelector<HTMLElement>('[data-test="opener"]')!;
  opener.focus();
  opener.click();
  await settle();
  return { fixture, host: fixture.componentInstance, opener, settle };
}

describe('DialogDirective', () => {
  afterEach(() => document.body.replaceChildren());

  it('shows its template in a named modal CDK dialog outside the page, updated with the host', async () => {
    const { fixture, host, settle } = await render();
    const dialog = dialogOf(inDialog('body')!);
    expect(openDialogs()).toEqual([dialog]);
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('aria-label')).toBe('Progress');
    expect((fixture.nativeElement as HTMLElement).querySelector('[data-test="body"]')).toBeNull();
    // The rest of the page is hidden from screen readers while it is open.
    expect(fixture.nativeElement.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(document.activeElement).toBe(inDialog('stop'));
    host.count.set(2);
    await settle();
    expect(inDialog('count')!.textContent).toBe('2');
  });

  it('closes when the host removes it, giving the page back and the focus to the opener', async () => {
    const { fixture, opener, settle } = await render();
    inDialog('close')!.click();
    await settle();
    expect(openDialogs()).toEqual([]);
    expect(document.querySelector('.cdk-overlay-backdrop')).toBeNull();
    expect(fixture.nativeElement.closest('[aria-hidden="true"]')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('reports Esc and leaves closing to the host', async () => {
    const { host, settle } = await render();
    const esc = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    document.activeElement!.dispatchEvent(esc);
    await settle();
    expect(esc.defaultPrevented).toBe(true);
    expect(host.dismissed()).toBe(1);
    expect(openDialogs().length).toBe(1);
  });

  it('reports a click on the backdrop only when asked to', async () => {
    for (const backdrop of [false, true]) {
      TestBed.resetTestingModule();
      const { host, settle } = await render(backdrop);
      (document.querySelector('.cdk-overlay-backdrop') as HTMLElement).click();
      await settle();
      expect(host.dismissed()).toBe(backdrop ? 1 : 0);
      expect(openDialogs().length).toBe(1);
      document.body.replaceChildren();
    }
  });

  it('brings back the focus that fell out when the focused control went away', async () => {
    const { host, opener, settle } = await render();
    host.done.set(true);
    await settle();
    expect(document.activeElement).toBe(document.body);
    // The next Tab from the body reaches the page behind first; the trap pulls it back in.
    opener.focus();
    await new Promise((r) => setTimeout(r));
    expect(document.activeElement).toBe(inDialog('close'));
  });
});
