// The ladder as people read it (pure): layers in words, bar lengths against the fastest figure, next steps as links.
import { Ladder, LadderBottleneckSide, LadderLayer, LadderLayerKind } from '../../api/models/tuning-ladder';
import { formatSettingValue } from '../../shared/format';
import { T } from '../../i18n/translate-marker';
import { Words } from '../../shared/field-errors';

export const LAYER_WORDS: Record<LadderLayerKind, string> = {
  DISKS: T('Disks (raw read)'),
  POOL: T('Pool (measured on the box)'),
  NETWORK: T('Network (iperf3)'),
  PROTOCOL: T('Protocol (from a client)'),
};

/** Each bar's length in % of the fastest figure on the ladder, either direction; null where there is no figure. */
export interface LadderBars {
  read: number | null;
  write: number | null;
}

export function ladderBars(layers: readonly LadderLayer[]): LadderBars[] {
  const figures = layers.flatMap((l) => [l.read_bytes_per_second, l.write_bytes_per_second])
    .filter((v): v is number => v != null && Number.isFinite(v));
  const top = Math.max(0, ...figures);
  const share = (v: number | null) => (v == null || !Number.isFinite(v) ? null : top > 0 ? (100 * v) / top : 0);
  return layers.map((l) => ({ read: share(l.read_bytes_per_second), write: share(l.write_bytes_per_second) }));
}

/** Is this rung the one named as limiting in that direction (a protocol rung: that protocol's)? */
export function limits(ladder: Ladder, layer: LadderLayer, direction: 'read' | 'write'): boolean {
  const side = ladder.bottleneck[direction];
  return !!side && side.layer === layer.layer && (layer.layer !== 'PROTOCOL' || side.protocol === layer.protocol);
}

/** Where a next step is taken: a page of the panel, or this page's own "Read the disks". */
export type StepPlace = { route: string } | { here: true } | null;

export interface NextStep {
  words: string;
  /** The API method that takes it, for scripts. */
  method: string | null;
  place: StepPlace;
}

const METHOD_PLACES: Record<string, StepPlace> = {
  'tuning.ladder.read_disks': { here: true },
  'tuning.benchmark.run': { route: '/benchmarks' },
  'tuning.network.measure': { route: '/network' },
  'tuning.client.session.create': { route: '/clients' },
};

const STEP = /^(.*?)\s*\((tuning\.[\w.]+)[^)]*\)\s*$/s;

/** "Measure the network ceiling (tuning.network.measure)" → the words, the method and the page that does it. */
export function nextStep(text: string): NextStep {
  const m = STEP.exec(text);
  if (!m) {
    return { words: text, method: null, place: null };
  }
  return { words: m[1], method: m[2], place: METHOD_PLACES[m[2]] ?? null };
}

/** The layer limiting one direction, in words: its name, or that none can be named yet. */
export function bottleneckWords(side: LadderBottleneckSide | null): Words {
  if (!side) {
    return { key: T('not named yet (too few figures to compare)') };
  }
  if (side.layer === 'PROTOCOL') {
    return side.protocol
      ? { key: T('the protocol ({protocol}) or the client'), params: { protocol: side.protocol } }
      : { key: T('the protocol or the client') };
  }
  return { key: LAYER_WORDS[side.layer] };
}

/**
 * What a POOL figure was measured under when the box no longer holds it, in words and units, as the server's note
 * says it ("Record size 1.0 MiB on tank/media (now 128 KiB)"); null when it was measured under the settings in effect
 * now. An older server sends no name or unit: the setting's id, and a unit guessed from the value.
 */
export function settingsThenWords(layer: LadderLayer): string | null {
  if (layer.layer !== 'POOL' || layer.current_settings !== false) {
    return null;
  }
  const rows = (layer.settings_then ?? []).map((s) => {
    const where = s.scope && s.scope !== 'global' ? ` ${T('on')} ${s.scope}` : '';
    const [then, now] = [s.then, s.now].map((v) => formatSettingValue(v, s.unit, s.zero_is_default ?? false));
    return `${s.name || s.setting} ${then}${where} (${T('now')} ${now})`;
  });
  return rows.length
    ? `${T('Measured under settings the box no longer holds:')} ${rows.join('; ')}.`
    : T('Measured under settings the box no longer holds.');
}
