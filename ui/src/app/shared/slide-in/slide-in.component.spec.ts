import { ChangeDetectionStrategy, Component, signal } from '@angular/core';
import { TestBed } from '@angular/core/testing';

import { SlideInComponent } from './slide-in.component';

@Component({
  imports: [SlideInComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    @if (open()) {
      <tp-slide-in title="Edit {name}" [titleParams]="{ name: 'fast' }" testId="editor" (closed)="open.set(false)">
        <input data-modal-focus data-test="field" />
      </tp-slide-in>
    }
  `,
})
class Host {
  readonly open = signal(true);
}

async function open() {
  TestBed.configureTestingModule({ imports: [Host] });
  const fixture = TestBed.createComponent(Host);
  document.body.appendChild(fixture.nativeElement);
  fixture.detectChanges();
  await fixture.whenStable();
  const el = fixture.nativeElement as HTMLElement;
  const q = (id: string) => el.querySelector<HTMLElement>(`[data-test="${id}"]`);
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

  it('shows the form under its title as a modal panel, focused on the marked field', async () => {
    const { q } = await open();
    expect(q('editor')!.getAttribute('role')).toBe('dialog');
    expect(q('editor')!.textContent).toContain('Edit fast');
    expect(document.activeElement).toBe(q('field'));
  });

  it('closes on its close button, on Esc and on a click beside the panel, not on a click inside', async () => {
    for (const how of ['button', 'escape', 'beside'] as const) {
      TestBed.resetTestingModule();
      const { fixture, el, q, settle } = await open();
      q('field')!.click();
      await settle();
      expect(fixture.componentInstance.open()).toBe(true);
      if (how === 'button') {
        q('editor-close')!.click();
      } else if (how === 'escape') {
        document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      } else {
        (el.querySelector('.backdrop') as HTMLElement).click();
      }
      await settle();
      expect(fixture.componentInstance.open()).toBe(false);
      document.body.innerHTML = '';
    }
  });
});
