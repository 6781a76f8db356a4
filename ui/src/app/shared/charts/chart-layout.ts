// Where each mark of a compare chart goes (pure): the layout of middleware/tuning/core/report/chart_layout.py, so the
// panel and the report draw the server's series alike. Horizontal marks, one row per result under each group's name:
// the mark (a bar from 0 on a linear axis, a dot on a log one) with its interval as a whisker, the value printed after
// it in a margin kept free for it; the limit's label in a band above the plot. A result's name is never cut: beside its
// mark when the longest name fits in 40 % of the width, else above it, wrapped at spaces when wider than the picture.
import { CompareChart, ComparePoint } from '../../api/models/tuning-benchmark';

export const FONT = 12;
/** A generous average character width at FONT, to clip names and space tick labels. */
export const CHAR = 6.8;
const PAD = 8;
const VALUE_ROOM = 100;
const GROUP_HEAD = 22;
const ROW = 20;
const GROUP_GAP = 6;
const REFERENCE_BAND = 20;
const AXIS_ROOM = 44;

export interface RowLayout {
  /** The result's name, whole. */
  label: string;
  /** The name as drawn: one line beside the mark, or above it wrapped to the picture's width (nothing left out). */
  labelLines: string[];
  labelX: number;
  /** Beside the mark (end, right-aligned before the plot) or, when names are too long for that, on a line above it. */
  labelAnchor: 'start' | 'end';
  labelY: number;
  y: number;
  colour: string;
  point: ComparePoint | null;
  /** A bar runs from the plot's left edge (x0) to here; null for a dot or nothing drawn. */
  barTo: number | null;
  /** A dot's centre; null for a bar or nothing drawn. */
  dotX: number | null;
  whisker: { x1: number; x2: number } | null;
  valueX: number;
  value: string;
}

export interface ChartLayout {
  width: number;
  height: number;
  x0: number;
  x1: number;
  plotTop: number;
  plotBottom: number;
  ticks: { x: number; label: string | null }[];
  tickY: number;
  axisLabel: string;
  axisLabelX: number;
  axisLabelY: number;
  groups: { label: string; y: number; rows: RowLayout[] }[];
  reference: { x: number; y1: number; y2: number; labelY: number; anchor: 'start' | 'end'; label: string } | null;
  bar: boolean;
}

/** `text` cut to `room` px with an ellipsis. */
export function clip(text: string, room: number): string {
  const fits = Math.max(1, Math.floor(room / CHAR));
  return text.length <= fits ? text : `${text.slice(0, Math.max(1, fits - 1))}…`;
}

/** `text` as lines of at most `room` px, broken at spaces (a word longer than a line is broken inside it); nothing is
 * left out. As `wrap` in chart_layout.py. */
export function wrap(text: string, room: number): string[] {
  const fits = Math.max(1, Math.floor(room / CHAR));
  const lines: string[] = [];
  let line = '';
  for (let word of text.split(' ')) {
    while (word.length > fits) { // a word wider than a line: as much as fits, the rest on the next
      if (line) {
        lines.push(line);
        line = '';
      }
      lines.push(word.slice(0, fits));
      word = word.slice(fits);
    }
    if (line && line.length + 1 + word.length > fits) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  return line || !lines.length ? [...lines, line] : lines;
}

function scaleOf(chart: CompareChart, x0: number, x1: number): (v: number) => number {
  const { low, high } = chart.axis;
  const clamp = (v: number) => Math.min(Math.max(v, low), high);
  if (chart.scale === 'LOG') {
    const span = Math.log10(high) - Math.log10(low);
    return (v) => x0 + ((Math.log10(clamp(v)) - Math.log10(low)) / span) * (x1 - x0);
  }
  return (v) => x0 + ((clamp(v) - low) / (high - low || 1)) * (x1 - x0);
}

function ticksOf(chart: CompareChart, x: (v: number) => number): ChartLayout['ticks'] {
  let last: number | null = null;
  return chart.axis.ticks.map((tick) => {
    const at = x(tick.value);
    const half = (tick.label.length * CHAR) / 2;
    if (last === null || at - half >= last + 6) {
      last = at + half;
      return { x: at, label: tick.label };
    }
    return { x: at, label: null }; // the grid line stays, its label would touch the previous one
  });
}

/** Names up to this share of the width sit beside their marks; longer ones go on a line above (never cut). */
const SIDE_LABEL_SHARE = 0.4;
/** Px per line of a name above its mark. */
export const LABEL_LINE = 14;

export function layoutChart(chart: CompareChart, width: number): ChartLayout {
  const longest = Math.max(0, ...chart.series.map((s) => s.label.length)) * CHAR;
  const above = longest > Math.round(width * SIDE_LABEL_SHARE);
  const labelRoom = above ? 0 : Math.max(40, Math.ceil(longest));
  const x0 = PAD + labelRoom + (above ? 0 : 6);
  const x1 = Math.max(x0 + 40, width - PAD - VALUE_ROOM);
  const x = scaleOf(chart, x0, x1);
  const bar = chart.kind === 'BAR';
  const top = PAD + (chart.reference ? REFERENCE_BAND : 0);
  let y = top;
  const groups = chart.groups.map((group, g) => {
    const head = y + 15;
    y += GROUP_HEAD;
    const rows = chart.series.map((series): RowLayout => {
      const point = series.points[g] ?? null;
      const labelLines = above ? wrap(series.label, width - 2 * PAD) : [series.label];
      const labelY = y + (above ? LABEL_LINE - 3 : ROW / 2 + 4);
      y += above ? LABEL_LINE * labelLines.length : 0;
      const row: RowLayout = {
        label: series.label, labelLines, labelX: above ? PAD : PAD + labelRoom, labelAnchor: above ? 'start' : 'end', labelY,
        y: y + ROW / 2, colour: series.colour, point,
        barTo: null, dotX: null, whisker: null, valueX: x0 + 4, value: point === null ? 'not measured' : point.text,
      };
      if (point?.plotted) {
        const at = x(point.median);
        row.barTo = bar ? Math.max(x0, at) : null;
        row.dotX = bar ? null : at;
        let end = bar ? at : at + 6;
        if (point.whisker) {
          const [low, high] = point.whisker.map(x);
          row.whisker = { x1: low, x2: high };
          end = Math.max(end, high);
        }
        row.valueX = end + 4;
      } else if (point) {
        row.value = `${point.text} (not on the axis)`;
      }
      y += ROW;
      return row;
    });
    const out = { label: clip(group.label, width - 2 * PAD), y: head, rows };
    y += GROUP_GAP;
    return out;
  });
  const bottom = y;
  let reference: ChartLayout['reference'] = null;
  if (chart.reference) {
    const at = x(chart.reference.value);
    const right = at > (x0 + x1) / 2;
    reference = {
      x: at, y1: top - 4, y2: bottom, labelY: PAD + 12, anchor: right ? 'end' : 'start',
      label: clip(`${chart.reference.text}: ${chart.reference.label}`, right ? at - PAD : width - PAD - at),
    };
  }
  return {
    width, height: bottom + AXIS_ROOM, x0, x1, plotTop: top, plotBottom: bottom, ticks: ticksOf(chart, x),
    tickY: bottom + 16, axisLabel: chart.axis_label, axisLabelX: (x0 + x1) / 2, axisLabelY: bottom + 36, groups,
    reference, bar,
  };
}
