// Pure geometry for the hand-written SVG charts.

export interface Scale {
  (value: number): number;
  ticks: number[];
}

/** Round a maximum up to 1, 2 or 5 × 10^k so axis ticks read well. */
export function niceMax(value: number): number {
  if (!(value > 0)) {
    return 1;
  }
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((m) => m * power >= value) ?? 10;
  return step * power;
}

/** 0 … max onto height … 0 (SVG y grows downwards). */
export function linearScale(max: number, height: number): Scale {
  const top = niceMax(max);
  const scale = ((value: number) => height - (Math.max(0, value) / top) * height) as Scale;
  scale.ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * top);
  return scale;
}

/** Decades from the one below `min` to the one above `max`; values ≤ 0 sit on the floor. */
export function logScale(min: number, max: number, height: number): Scale {
  const lo = Math.floor(Math.log10(Math.max(min, 1e-9)));
  const hi = Math.max(lo + 1, Math.ceil(Math.log10(Math.max(max, 1e-9))));
  const scale = ((value: number) =>
    value <= 0 ? height : height - ((Math.log10(value) - lo) / (hi - lo)) * height) as Scale;
  scale.ticks = Array.from({ length: hi - lo + 1 }, (_, i) => 10 ** (lo + i));
  return scale;
}

export function formatTick(value: number): string {
  if (value >= 1e6) {
    return `${value / 1e6}M`;
  }
  if (value >= 1e3) {
    return `${value / 1e3}k`;
  }
  return String(Math.round(value * 100) / 100);
}

/** Short latency ticks for decades of nanoseconds: `100 ns`, `1 µs`, `10 ms`, `1 s`. */
export function formatLatencyTick(ns: number): string {
  if (ns >= 1e9) {
    return `${ns / 1e9} s`;
  }
  if (ns >= 1e6) {
    return `${ns / 1e6} ms`;
  }
  if (ns >= 1e3) {
    return `${ns / 1e3} µs`;
  }
  return `${ns} ns`;
}

/** Series colours, the baseline first; readable on the light and dark themes. */
export const SERIES_COLOURS = ['#0b6bcb', '#d9730d', '#1b7f3b', '#9b3fb5', '#b3261e', '#3d8a99'];
