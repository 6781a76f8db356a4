import { COMPARE_SAMPLE } from '../../testing/compare-sample';
import { render } from '../../testing/render';
import { SeriesChartComponent } from './series-chart.component';

async function draw(id: string) {
  return render(SeriesChartComponent, [], undefined, { chart: COMPARE_SAMPLE.charts.find((c) => c.id === id)! });
}

const texts = (el: Element, id: string) => [...el.querySelectorAll(`[data-test="${id}"]`)].map((t) => t.textContent!.trim());

describe('SeriesChartComponent', () => {
  it('is an image named by the chart in words, with bars on the linear MB/s chart and every value printed', async () => {
    const { q, el } = await draw('throughput');
    const svg = q('chart-svg')!;
    expect(svg.getAttribute('role')).toBe('img');
    expect(svg.getAttribute('aria-label')).toContain('Sequential write 1 MiB: before 400 MB/s, after 480 MB/s');
    expect(svg.getAttribute('width')).toBe('640'); // laid out at its width, not scaled: 12 px text stays 12 px
    const marks = [...el.querySelectorAll('[data-test="chart-mark"]')];
    expect(marks.map((m) => m.tagName.toLowerCase())).toEqual(['rect', 'rect', 'rect']);
    expect(marks.map((m) => m.getAttribute('fill'))).toEqual(COMPARE_SAMPLE.series.map((s) => s.colour));
    expect(texts(el, 'chart-value')).toEqual(['400 MB/s', '480 MB/s', '480 MB/s']);
    expect(texts(el, 'chart-group')).toEqual(['Sequential write 1 MiB']);
    expect(el.querySelectorAll('[data-test="chart-whisker"]').length).toBe(2); // two runs: no interval to draw
    expect(q('chart-max-line')!.textContent).toContain('1,250 MB/s: theoretical maximum');
    expect(texts(el, 'chart-tick')[0]).toBe('0');
  });

  it('draws dots, not bars, on a logarithmic axis, and says which value cannot sit on it', async () => {
    const { el, q } = await draw('iops');
    expect(el.querySelectorAll('rect').length).toBe(0);
    expect(el.querySelectorAll('circle[data-test="chart-mark"]').length).toBe(9); // 3 results × 4 groups − 3 zeros
    expect(texts(el, 'chart-value')).toContain('0 IOPS (not on the axis)');
    expect(texts(el, 'chart-tick')).toEqual(['100', '1k', '10k', '100k']);
    expect(q('chart-max-line')).toBeNull();
  });

  it('draws a name wider than the picture whole, one line under the other above its mark', async () => {
    const base = COMPARE_SAMPLE.charts.find((c) => c.id === 'throughput')!;
    const long = 'Campaign 12 · round 3 · My own preset for the backup share with a very long name indeed';
    const chart = { ...base, series: base.series.map((s) => ({ ...s, label: long })) };
    const { el } = await render(SeriesChartComponent, [], undefined, { chart, initialWidth: 320 });
    const label = el.querySelector('[data-test="chart-series-label"]')!;
    const lines = [...label.querySelectorAll('tspan')];
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.map((l) => l.textContent!.trim()).join(' ')).toBe(long);
    const ys = lines.map((l) => Number(l.getAttribute('y')));
    ys.slice(1).forEach((y, i) => expect(y - ys[i]).toBe(14));
    const mark = el.querySelector('[data-test="chart-mark"]')!;
    expect(ys.at(-1)!).toBeLessThan(Number(mark.getAttribute('y')));
  });
});
