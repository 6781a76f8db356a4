import { fakeChange } from '../../testing/fixtures';
import { render } from '../../testing/render';
import { PlanTableComponent } from './plan-table.component';

/**
 * The declarations the phone layout (the `max-width: 600px` rules of the loaded style sheets, global and the
 * component's, in order) gives an element or its ::before: jsdom lays nothing out, so this reads the rules that would.
 */
function phoneStyle(el: Element, pseudo = ''): Record<string, string> {
  const style: Record<string, string> = {};
  for (const sheet of [...document.styleSheets]) {
    for (const rule of [...sheet.cssRules]) {
      if (!(rule instanceof CSSMediaRule) || !rule.media.mediaText.includes('max-width: 600px')) {
        continue;
      }
      for (const inner of [...rule.cssRules] as CSSStyleRule[]) {
        for (const selector of inner.selectorText.split(',').map((s) => s.trim())) {
          const hasPseudo = selector.endsWith(pseudo) && pseudo !== '';
          if ((pseudo ? hasPseudo : !selector.includes('::')) && el.matches(pseudo ? selector.slice(0, -pseudo.length) : selector)) {
            for (const declaration of inner.style.cssText.split(';').filter((d) => d.includes(':'))) {
              const [name, ...value] = declaration.split(':');
              style[name.trim()] = value.join(':').trim();
            }
          }
        }
      }
    }
  }
  return style;
}

describe('PlanTableComponent on a phone', () => {
  it('is one block a row as wide as the screen, each heading above its value, long words wrapped', async () => {
    const row = fakeChange({ source: 'https://openzfs.github.io/openzfs-docs/Performance%20and%20Tuning/Workload%20Tuning.html' });
    const { q } = await render(PlanTableComponent, [], undefined, { changes: [row] });
    const table = q('plan-table')!;
    expect(phoneStyle(table)['display']).toBe('block');
    expect(phoneStyle(table.querySelector('tbody')!)['display']).toBe('block');
    expect(phoneStyle(table.querySelector('tr')!)['display']).toBe('block');
    const cells = [...table.querySelectorAll('td')];
    expect(cells.length).toBe(5);
    for (const td of cells) {
      expect(td.getAttribute('data-label')).toBeTruthy();
      expect(phoneStyle(td)['display']).toBe('block');
      expect(phoneStyle(td)['overflow-wrap']).toBe('anywhere');
      expect(phoneStyle(td)['white-space'] ?? 'normal').toBe('normal');
      // the heading is on its own line: it can no longer run into the value beside it
      expect(phoneStyle(td, '::before')['position']).toBe('static');
      expect(phoneStyle(td, '::before')['display']).toBe('block');
    }
    expect(q('plan-values')!.textContent).toContain('→');
  });
});
