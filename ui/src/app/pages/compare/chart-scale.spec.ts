import { formatLatencyTick, formatTick, linearScale, logScale, niceMax } from './chart-scale';

describe('chart scales', () => {
  it('rounds maxima to 1/2/5 steps', () => {
    expect(niceMax(430)).toBe(500);
    expect(niceMax(1200)).toBe(2000);
    expect(niceMax(0)).toBe(1);
  });

  it('maps a linear domain onto the height, top at 0', () => {
    const y = linearScale(430, 200);
    expect(y(0)).toBe(200);
    expect(y(500)).toBe(0);
    expect(y(250)).toBe(100);
    expect(y.ticks).toEqual([0, 125, 250, 375, 500]);
  });

  it('maps decades evenly on a log axis', () => {
    const y = logScale(150, 40_000, 300);
    expect(y.ticks).toEqual([100, 1000, 10000, 100000]);
    expect(y(100)).toBe(300);
    expect(y(1000)).toBe(200);
    expect(y(100000)).toBe(0);
  });

  it('writes ticks short', () => {
    expect(formatTick(20000)).toBe('20k');
    expect(formatTick(3_000_000)).toBe('3M');
    expect(formatTick(0.5)).toBe('0.5');
  });

  it('writes latency ticks in ns, µs, ms and s', () => {
    expect([100, 1e3, 1e4, 1e6, 1e8, 1e9].map(formatLatencyTick)).toEqual(['100 ns', '1 µs', '10 µs', '1 ms', '100 ms', '1 s']);
  });
});
