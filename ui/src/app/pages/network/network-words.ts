// The measurement as people read it (pure): the job's progress line taken apart, the four figures in units.
import { NetworkDirection, NetworkMeasurement, NetworkResult } from '../../api/models/tuning-network';
import { T } from '../../i18n/translate-marker';
import { Words } from '../../shared/field-errors';
import { formatMBps, formatNumber } from '../../shared/format';

/** What the job waits for now, read from its progress (network_run.py session_words). */
export interface NetworkWait {
  index: number;
  total: number;
  /** The test in words: "4 parallel streams, client → box". */
  test: string;
  /** The exact client command; null while the server starts or once a client is connected. */
  command: string | null;
}

const STEP = /^Measurement (\d+)\/(\d+) \((.+?)\): /;
const COMMAND = /run `([^`]+)`/;

export function networkWait(description: string | null | undefined): NetworkWait | null {
  const step = description ? STEP.exec(description) : null;
  if (!step) {
    return null;
  }
  const command = COMMAND.exec(description!);
  return { index: Number(step[1]), total: Number(step[2]), test: step[3], command: command ? command[1] : null };
}

/** A rate in bits/s as the link counts it, with the bytes a disk figure would show: "941 Mb/s (117.6 MB/s)". */
export function formatBitRate(bitsPerSecond: number | null | undefined): string {
  if (bitsPerSecond == null || !Number.isFinite(bitsPerSecond)) {
    return '—';
  }
  const mbits = bitsPerSecond / 1e6;
  return `${formatNumber(mbits, mbits >= 100 ? 0 : 1)} Mb/s (${formatMBps(bitsPerSecond / 8)})`;
}

export const DIRECTION_WORDS: Record<NetworkDirection, string> = {
  CLIENT_TO_BOX: T('client → box'),
  BOX_TO_CLIENT: T('box → client'),
};

/** One of the four figures: "1 stream, client → box" in words and its rate. */
export function measurementWords(m: NetworkMeasurement): Words {
  return m.streams === 1
    ? { key: T('one stream, {direction}'), params: { direction: DIRECTION_WORDS[m.direction] } }
    : { key: T('{streams} streams, {direction}'), params: { streams: m.streams, direction: DIRECTION_WORDS[m.direction] } };
}

/** The ceiling against the link's nominal speed: "94 % of 1,000 Mb/s", or null when the speed is unknown. */
export function ceilingShare(result: Pick<NetworkResult, 'ceiling_bits_per_second' | 'link_speed_mbps'>): Words | null {
  if (!result.link_speed_mbps) {
    return null;
  }
  const percent = Math.round((100 * result.ceiling_bits_per_second) / (result.link_speed_mbps * 1e6));
  if (aboveLink(result)) {
    // Faster than the wire can carry: the traffic never crossed that link; the figure is not the network's.
    return {
      key: T('{percent} % of the link’s {speed} Mb/s: more than the link can carry, so this traffic did not cross it (a client on the box itself, or another port)'),
      params: { percent, speed: formatNumber(result.link_speed_mbps, 0) },
    };
  }
  return { key: T('{percent} % of the link’s {speed} Mb/s'), params: { percent, speed: formatNumber(result.link_speed_mbps, 0) } };
}

/** The figure is above the link's nominal speed: it cannot have crossed that link. */
export function aboveLink(result: Pick<NetworkResult, 'ceiling_bits_per_second' | 'link_speed_mbps'>): boolean {
  return !!result.link_speed_mbps && result.ceiling_bits_per_second > result.link_speed_mbps * 1e6;
}
