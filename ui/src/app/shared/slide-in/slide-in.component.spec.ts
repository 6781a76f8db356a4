import { ChangeDetectionStrategy, Component, signal } from '@angular/core';
import { TestBed } from '@angular/core/testing';

import { LAID_OUT, dialogOf, inDialog } from '../../testing/dialog';
import { SlideInComponent } from './slide-in.component';

@Component({
  imports: [SlideInComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    @if (open()) {
      <tp-slide-in title="Edit {name}" [titleParams]="{ name: 'fast' }" testId="editor" (closed)="open.set(false)">
        <input cdkFocusInitial data-test="field" />
      </tp-slide-in>
    }
  `,
})
class Host {
  readonly open = signal(true);
}

async function open() {
  TestBed.configureTestingModule({ imports: [Host], providers: [LAID_OUT] });
  const fixture = TestBed.createComponent(Host);
  document.body.appendChild(fixture.nativeElement);
  fixture.detectChanges();
  await fixture.whenStable();
  const el = fixture.nativeElement as HTMLElement;
  const q = (id: string) => inDialog(id);
  const settle = async () => {
    fixture.detectChanges();
    await fixture.whenStable();
  };
  return { fixture, el, q, settle };
}

describe('SlideInComponent', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('shows the form under its title as a modal panel from the right, focused on the marked field', async () => {
    const { q } = await open();
    const dialog = dialogOf(q('section-editor')!);
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)!.textContent).toBe('Edit fast');
    expect(q('section-editor')!.textContent).toContain('Edit fast');
    expect(document.activeElement).toBe(q('field'));
    // As tall as the screen at its right edge, 640 px wide or the whole width of a phone.
    const pane = dialog.closest<HTMLElement>('.cdk-overlay-pane')!;
    expect([pane.style.width, pane.style.maxWidth, pane.style.height]).toEqual(['640px', '100vw', '100%']);
    expect((pane.parentElement as HTMLElement).style.justifyContent).toBe('flex-end');
  });

  it('closes on its close button, on Esc and on a click beside the panel, not on a click inside', async () => {
    for (const how of ['button', 'escape', 'beside'] as const) {
      TestBed.resetTestingModule();
      const { fixture, q, settle } = await open();
      q('field')!.click();
      await settle();
      expect(fixture.componentInstance.open()).toBe(true);
      if (how === 'button') {
        q('button-editor-close')!.click();
      } else if (how === 'escape') {
        document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      } else {
        (document.querySelector('.cdk-overlay-backdrop') as HTMLElement).click();
      }
      await settle();
      expect(fixture.componentInstance.open()).toBe(false);
      expect(q('section-editor')).toBeNull();
      document.body.innerHTML = '';
    }
  });
});
