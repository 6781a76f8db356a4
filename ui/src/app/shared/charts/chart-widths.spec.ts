import { CHART_WIDTHS } from '../../api/models/tuning-benchmark';
import { chartWidthsFor, hasWidths, rotatedViewportPx, widestFitting, widthsToAsk } from './chart-widths';

describe('chart widths', () => {
  it('the widest of the server’s widths that fits, else the narrowest', () => {
    expect(widestFitting(900)).toBe(900);
    expect(widestFitting(2000)).toBe(900);
    expect(widestFitting(699)).toBe(610);
    expect(widestFitting(300)).toBe(300);
    expect(widestFitting(120)).toBe(300);
    expect(widestFitting(0)).toBe(300);
  });

  it('asks for the width that fits now, the one that fits turned, and the narrowest, narrowest first', () => {
    expect(widthsToAsk(328, 782)).toEqual([300, 700]);       // a phone upright: turned, it is wider
    expect(widthsToAsk(782, 328)).toEqual([300, 700]);       // the same phone on its side
    expect(widthsToAsk(1170, 810)).toEqual([300, 800, 900]); // a desktop
    expect(widthsToAsk(500, 500)).toEqual([300, 460]);       // once each
    expect(widthsToAsk(200, 0)).toEqual([300]);              // nothing fits: the narrowest is drawn
    expect(widthsToAsk(5000, 5000).length).toBeLessThan(CHART_WIDTHS.length);
  });

  it('turned, a viewport that fills the screen’s width is the screen’s other side', () => {
    expect(rotatedViewportPx(390, 390, 844)).toBe(844);     // upright (some phones swap screen.width, some do not)
    expect(rotatedViewportPx(390, 844, 390)).toBe(844);
    expect(rotatedViewportPx(844, 844, 390)).toBe(390);     // on its side
    expect(rotatedViewportPx(820, 390, 844)).toBe(390);     // on its side, less a notch
    expect(rotatedViewportPx(1920, 1920, 1080)).toBe(1080); // a desktop's full window: as a turned screen
    expect(rotatedViewportPx(1440, 1920, 1080)).toBe(1440); // a narrower window: a screen turned leaves it be
    expect(rotatedViewportPx(592, 1920, 1080)).toBe(592);
    expect(rotatedViewportPx(1024, 0, 0)).toBe(1024);       // the screen's size unknown
  });

  it('from the page’s measures: the chart area is the page less a card, turned it loses the same chrome', () => {
    // a 390 × 844 phone upright: the page 358 px (its padding), the charts 328; turned, 844 − 62 = 782
    expect(chartWidthsFor({ pagePx: 358, viewportPx: 390, screenWidth: 390, screenHeight: 844 })).toEqual([300, 700]);
    // a tablet upright: the charts 758 px (700); turned, 1180 − 62 = 1118 (900)
    expect(chartWidthsFor({ pagePx: 788, viewportPx: 820, screenWidth: 820, screenHeight: 1180 }))
      .toEqual([300, 700, 900]);
    // a desktop: a 1200 px page in a 1440 px window of a 1920 × 1080 screen, which does not turn the window
    expect(chartWidthsFor({ pagePx: 1200, viewportPx: 1440, screenWidth: 1920, screenHeight: 1080 }))
      .toEqual([300, 900]);
    // not laid out (hidden, or no layout engine): every width
    expect(chartWidthsFor({ pagePx: 0, viewportPx: 1024, screenWidth: 0, screenHeight: 0 })).toBeNull();
  });

  it('an answer serves a need when it holds each width asked for', () => {
    expect(hasWidths([300, 460, 700], [300, 700])).toBe(true);
    expect(hasWidths([300, 700], [300, 460])).toBe(false);
    expect(hasWidths(null, [300, 460])).toBe(true);   // every width was asked
    expect(hasWidths([300, 700], null)).toBe(false);  // every width needed
  });
});
