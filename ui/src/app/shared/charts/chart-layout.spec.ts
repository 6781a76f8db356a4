import { COMPARE_SAMPLE } from '../../testing/compare-sample';
import { CHAR, LABEL_LINE, clip, layoutChart, wrap } from './chart-layout';

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
    expect(rows[0].labelLines).toEqual([long]);
    expect(narrow.groups.flatMap((g) => g.rows).flatMap((r) => r.labelLines).some((l) => l.endsWith('…'))).toBe(false);
  });

  // mirrors tests/unit/report/test_report_svg.py test_a_name_wider_than_the_picture_wraps_onto_more_lines_and_…
  it('wraps a name wider than the picture onto more lines, and the rows make room for them', () => {
    const base = chart('throughput');
    const long = 'Campaign 12 · round 3 · My own preset for the backup share with a very long name indeed';
    const named = { ...base, series: base.series.map((s) => ({ ...s, label: long })) };
    const rows = layoutChart(named, 320).groups.flatMap((g) => g.rows);
    for (const row of rows) {
      expect(row.labelLines.length).toBeGreaterThan(1);
      expect(row.labelLines.join(' ')).toBe(long); // nothing left out
      expect(row.labelLines.every((line) => line.length * CHAR <= 320 - 16)).toBe(true);
      const lastLine = row.labelY + (row.labelLines.length - 1) * LABEL_LINE;
      expect(lastLine).toBeLessThan(row.y - 6); // all above its own mark
    }
    rows.slice(1).forEach((b, i) => expect(b.labelY).toBeGreaterThan(rows[i].y + 6)); // and below the previous one
    expect(wrap('one two three', 6 * CHAR)).toEqual(['one', 'two', 'three']);
    expect(wrap('abcdefgh', 4 * CHAR)).toEqual(['abcd', 'efgh']);
  });
});
