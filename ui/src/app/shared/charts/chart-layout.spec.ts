import { COMPARE_SAMPLE } from '../../testing/compare-sample';
import { CHAR, clip, layoutChart } from './chart-layout';

const chart = (id: string) => COMPARE_SAMPLE.charts.find((c) => c.id === id)!;

describe('chart layout (the server series, placed as the report places them)', () => {
  it('labels the limit in a band above the plot, where it covers no mark, and draws its line across the plot', () => {
    const l = layoutChart(chart('throughput'), 760);
    const ref = l.reference!;
    const firstMarkTop = Math.min(...l.groups.flatMap((g) => g.rows.map((r) => r.y - 6)));
    expect(ref.labelY).toBeLessThan(l.plotTop);
    expect(l.plotTop).toBeLessThanOrEqual(firstMarkTop);
    expect([ref.y1, ref.y2]).toEqual([l.plotTop - 4, l.plotBottom]);
    expect(ref.x).toBeGreaterThan(l.x0);
    expect(ref.x).toBeLessThanOrEqual(l.x1);
    expect(ref.label).toMatch(/^1,250 MB\/s: theoretical maximum/);
  });

  it('draws bars from 0 on the linear chart and dots on the log charts, the value printed after mark and whisker', () => {
    for (const c of COMPARE_SAMPLE.charts) {
      const l = layoutChart(c, 760);
      expect(l.bar).toBe(c.kind === 'BAR');
      for (const row of l.groups.flatMap((g) => g.rows)) {
        if (row.barTo === null && row.dotX === null) {
          continue;
        }
        expect(l.bar ? row.dotX : row.barTo).toBeNull();
        const end = row.barTo ?? row.dotX! + 6;
        expect(row.valueX).toBeGreaterThanOrEqual(end + 4);
        if (row.whisker) {
          expect(row.valueX).toBeGreaterThanOrEqual(row.whisker.x2 + 4);
        }
        expect(row.valueX + row.value.length * CHAR).toBeLessThanOrEqual(761);
      }
    }
  });

  it('says what cannot be drawn: not measured, and a zero off a log axis', () => {
    const iops = layoutChart(chart('iops'), 760);
    const sync = iops.groups.find((g) => g.label.startsWith('Sync write'))!;
    expect(sync.rows.map((r) => r.value)).toEqual(['0 IOPS (not on the axis)', '0 IOPS (not on the axis)', '0 IOPS (not on the axis)']);
    const gap = { ...chart('throughput'), series: chart('throughput').series.map((s, i) => (i ? { ...s, points: [null] } : s)) };
    expect(layoutChart(gap, 760).groups[0].rows[1].value).toBe('not measured');
  });

  it('keeps names and tick labels from touching on a phone', () => {
    const l = layoutChart(chart('latency_RAND_READ_4K_read'), 320);
    const labelled = l.ticks.filter((t) => t.label !== null);
    expect(labelled.length).toBeLessThan(l.ticks.length);
    labelled.slice(1).forEach((t, i) => {
      const a = labelled[i];
      expect(t.x - (t.label!.length * CHAR) / 2).toBeGreaterThanOrEqual(a.x + (a.label!.length * CHAR) / 2 + 6);
    });
    expect(clip('a very long configuration label indeed', 83)).toBe('a very long…');
  });

  it('keeps every result name whole: beside its mark when it fits, else on a line above it', () => {
    const long = 'baseline (max-sequential-write on tank/media, 3 rounds)';
    const base = chart('throughput');
    const named = { ...base, series: base.series.map((s, i) => (i ? s : { ...s, label: long })) };
    const wide = layoutChart(named, 1600);
    expect(wide.groups[0].rows[0].label).toBe(long);
    expect(wide.groups[0].rows[0].labelAnchor).toBe('end');
    expect(wide.x0).toBeGreaterThanOrEqual(long.length * CHAR);
    const narrow = layoutChart(named, 600);
    const rows = narrow.groups[0].rows;
    expect(rows[0].label).toBe(long);
    expect(rows.every((r) => r.labelAnchor === 'start' && r.labelY < r.y - 6)).toBe(true);
    expect(narrow.groups.flatMap((g) => g.rows).some((r) => r.label.endsWith('…'))).toBe(false);
  });
});
