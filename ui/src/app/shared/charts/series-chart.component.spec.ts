import { ChartLayout } from '../../api/models/tuning-benchmark';
import { COMPARE_SAMPLE } from '../../testing/compare-sample';
import { render } from '../../testing/render';
import { SeriesChartComponent, layoutFor } from './series-chart.component';

const chartOf = (id: string) => COMPARE_SAMPLE.charts.find((c) => c.id === id)!;

async function draw(id: string, initialWidth?: number, layouts = COMPARE_SAMPLE.chart_layouts[id]) {
  return render(SeriesChartComponent, [], undefined, { chart: chartOf(id), layouts, ...(initialWidth ? { initialWidth } : {}) });
}

const texts = (el: Element, id: string) => [...el.querySelectorAll(`[data-test="${id}"]`)].map((t) => t.textContent!.trim());

describe('SeriesChartComponent', () => {
  it('is an image named by the chart in words, with bars on the linear MB/s chart and every value printed', async () => {
    const { q, el } = await draw('throughput');
    const svg = q('chart-svg')!;
    expect(svg.getAttribute('role')).toBe('img');
    expect(svg.getAttribute('aria-label')).toContain('Sequential write 1 MiB: before 400 MB/s, after 480 MB/s');
    // the widest of the server's layouts that fits 640 px, drawn at its own width: 12 px text stays 12 px
    expect(svg.getAttribute('width')).toBe('610');
    expect(svg.getAttribute('viewBox')).toBe(`0 0 610 ${svg.getAttribute('height')}`);
    const marks = [...el.querySelectorAll('[data-test="shape-chart-mark"]')];
    expect(marks.map((m) => m.tagName.toLowerCase())).toEqual(['rect', 'rect', 'rect']);
    expect(marks.map((m) => m.getAttribute('fill'))).toEqual(COMPARE_SAMPLE.series.map((s) => s.colour));
    expect(marks[1].querySelector('title')!.textContent).toBe(chartOf('throughput').series[1].points[0]!.title);
    expect(texts(el, 'text-chart-value')).toEqual(['400 MB/s', '480 MB/s', '480 MB/s']);
    expect(texts(el, 'text-chart-group')).toEqual(['Sequential write 1 MiB']);
    expect(el.querySelectorAll('[data-test="group-chart-whisker"]').length).toBe(2); // two runs: no interval to draw
    expect(q('group-chart-max-line')!.textContent).toContain('1,250 MB/s: theoretical maximum');
    expect(texts(el, 'text-chart-tick')[0]).toBe('0');
  });

  it('draws dots, not bars, on a logarithmic axis, and says which value cannot sit on it', async () => {
    const { el, q } = await draw('iops');
    expect(el.querySelectorAll('rect').length).toBe(0);
    expect(el.querySelectorAll('circle[data-test="shape-chart-mark"]').length).toBe(9); // 3 results × 4 groups − 3 zeros
    expect(texts(el, 'text-chart-value')).toContain('0 IOPS (not on the axis)');
    expect(el.querySelector('[data-test="text-chart-value"].muted')!.textContent).toBe('0 IOPS (not on the axis)');
    expect(texts(el, 'text-chart-tick')).toEqual(['100', '1k', '10k', '100k']);
    expect(q('group-chart-max-line')).toBeNull();
  });

  it('on a 390 px phone draws the narrowest layout, unscaled, with every name whole and nothing outside it', async () => {
    const card = 390 - 2 * 32; // the page's and the card's padding
    const { el, q } = await draw('latency_RAND_READ_4K_read', card);
    const width = Number(q('chart-svg')!.getAttribute('width'));
    expect(width).toBeLessThanOrEqual(card);
    expect(width).toBe(COMPARE_SAMPLE.chart_layouts['latency_RAND_READ_4K_read'][0].width);
    const names = COMPARE_SAMPLE.series.map((s) => s.label);
    const groups = chartOf('latency_RAND_READ_4K_read').groups.length;
    expect(texts(el, 'text-chart-series-label')).toEqual(Array.from({ length: groups }, () => names).flat());
    for (const value of el.querySelectorAll('[data-test="text-chart-value"]')) {
      expect(Number(value.getAttribute('x'))).toBeLessThan(width);
    }
  });

  it('draws a name on the lines the server wrapped it onto, one under the other above its mark', async () => {
    const [first, ...rest] = COMPARE_SAMPLE.chart_layouts['throughput'];
    const row = first.groups[0].rows[0];
    const lines = ['Campaign 12 · round 3 · My own', 'preset for the backup share'];
    const wrapped: ChartLayout = { ...first, groups: [{ ...first.groups[0], rows: [
      { ...row, label_lines: lines, label_anchor: 'start', label_y: row.y - 6 - 2 * first.line_height },
      ...first.groups[0].rows.slice(1)] }] };
    const { el } = await draw('throughput', 300, [wrapped, ...rest]);
    const tspans = [...el.querySelector('[data-test="text-chart-series-label"]')!.querySelectorAll('tspan')];
    expect(tspans.map((t) => t.textContent!.trim())).toEqual(lines);
    const ys = tspans.map((t) => Number(t.getAttribute('y')));
    expect(ys[1] - ys[0]).toBe(first.line_height);
    expect(ys[1]).toBeLessThan(Number(el.querySelector('[data-test="shape-chart-mark"]')!.getAttribute('y')));
  });

  it('picks the widest layout that fits, else the narrowest', () => {
    const layouts = COMPARE_SAMPLE.chart_layouts['throughput'];
    expect(layoutFor(layouts, 900).width).toBe(900);
    expect(layoutFor(layouts, 5000).width).toBe(900);
    expect(layoutFor(layouts, 699).width).toBe(610);
    expect(layoutFor(layouts, 120).width).toBe(layouts[0].width);
  });
});
