import { fakeChange } from '../../testing/fixtures';
import { phoneStyle } from '../../testing/tables';
import { render } from '../../testing/render';
import { PlanTableComponent } from './plan-table.component';

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
