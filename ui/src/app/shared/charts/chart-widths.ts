// Which of the server's chart widths a comparison asks for (pure): each layout costs the box time to build, check and
// send (50 results: most of what `tuning.benchmark.compare` spends), so the panel asks only for those it can show.
import { CHART_WIDTHS, ChartWidth } from '../../api/models/tuning-benchmark';

/** A `.card`'s padding (14 px) and border (1 px) on both sides (styles.scss): what a chart has less than its page. */
export const CARD_CHROME_PX = 2 * (14 + 1);

/** The widest of the server's widths that fits `px`, else the narrowest (what `layoutFor` draws). */
export function widestFitting(px: number): ChartWidth {
  return CHART_WIDTHS.filter((w) => w <= px).at(-1) ?? CHART_WIDTHS[0];
}

/**
 * The widths to ask for, narrowest first: the widest that fits the chart area now, the widest that fits it with the
 * device turned (a phone in the other orientation draws without asking again) and the narrowest, so that something
 * always fits.
 */
export function widthsToAsk(chartAreaPx: number, rotatedPx: number): ChartWidth[] {
  const widths = new Set<ChartWidth>([CHART_WIDTHS[0], widestFitting(chartAreaPx), widestFitting(rotatedPx)]);
  return CHART_WIDTHS.filter((w) => widths.has(w));
}

/**
 * The viewport's width with the device turned. A viewport that fills the screen's width (within 10 %: scroll bars,
 * notches) turns to the other side: the short one when it fills the long one, else the long one. A window narrower
 * than its screen (a desktop) stays as wide; so does one on a screen of unknown size.
 */
export function rotatedViewportPx(viewportPx: number, screenWidth: number, screenHeight: number): number {
  const [short, long] = [Math.min(screenWidth, screenHeight), Math.max(screenWidth, screenHeight)];
  const fills = (side: number) => side > 0 && Math.abs(viewportPx - side) <= side / 10;
  if (fills(long) && viewportPx > short) {
    return short;
  }
  return fills(short) ? long : viewportPx;
}

/** What the page measures: its own width, the viewport's and the screen's sides (CSS px). */
export interface PageMeasure {
  pagePx: number;
  viewportPx: number;
  screenWidth: number;
  screenHeight: number;
}

/**
 * The widths a page this wide asks for: its charts sit in cards, and turned, the viewport's other width loses the
 * same chrome (navigation, paddings) as now. Null when the page has no width yet (not laid out): every width.
 */
export function chartWidthsFor(m: PageMeasure): ChartWidth[] | null {
  if (m.pagePx <= 0) {
    return null;
  }
  const area = m.pagePx - CARD_CHROME_PX;
  const chrome = Math.max(0, m.viewportPx - area);
  return widthsToAsk(area, rotatedViewportPx(m.viewportPx, m.screenWidth, m.screenHeight) - chrome);
}

/** Whether an answer laid out at `have` (null: every width) holds every width of `need`. */
export function hasWidths(have: readonly ChartWidth[] | null, need: readonly ChartWidth[] | null): boolean {
  if (have === null) {
    return true;
  }
  return need !== null && need.every((w) => have.includes(w));
}
