// The preset a result was measured under, in words that say whether it was in effect yet (pure). The server says the
// same in reports and made-up labels (middleware/tuning/core/measured_preset.py): change both or neither.
import { T } from '../i18n/translate-marker';

/** A message id and its parameters in the reader's language (TranslateService.instant; `interpolate` in English). */
export type Say = (key: string, params?: Record<string, unknown>) => string;

/** What a result's context records of its preset: since the preset's own were recorded, how many settings its
 *  restore point changed (`changed`) and which of them still waited for a reboot (`preset.pending_reboot`); every
 *  result: the settings that waited for a reboot, anyone's (`pending_reboot`). */
export interface PresetContext {
  preset?: { id: string; name?: string; changed?: number; pending_reboot?: string[] } | null;
  pending_reboot?: string[];
  imported?: unknown;
}

/**
 * The preset a result was measured under, as every place that names it says it:
 * - "Boot buffer": every setting it changed was in effect (or it changed none);
 * - "Boot buffer (not yet in effect: waiting for a reboot)": all of them waited for a reboot, so the figures are not
 *   the preset's;
 * - "Boot buffer (partly: 1 setting waiting for a reboot)": some of them did;
 * - "Boot buffer (2 settings waiting for a reboot)": a result stored before the preset's own were recorded, measured
 *   while settings waited for a reboot (whose, it does not tell);
 * - "None" without a preset ("None (1 setting waiting for a reboot)" when a reverted preset's values still ran),
 *   "imported" for another tool's file.
 * `nameOf`: the preset's name from its id (PresetsStore.nameOf; the name recorded with the result when it answers the
 * id, as for a deleted preset).
 */
export function resultPresetWords(context: PresetContext | null | undefined, nameOf: (id: string) => string,
                                  say: Say): string {
  if (context?.imported) {
    return say(T('imported'));
  }
  const preset = context?.preset;
  if (!preset) {
    // a preset reverted but not rebooted away: the box still ran its values, so this is no plain baseline
    const waiting = context?.pending_reboot?.length ?? 0;
    return !waiting ? say(T('None'))
      : waiting === 1 ? say(T('None (1 setting waiting for a reboot)'))
        : say(T('None ({n} settings waiting for a reboot)'), { n: waiting });
  }
  // the name it has now; the one recorded with the result when the preset is gone (nameOf answers its id)
  const current = nameOf(preset.id);
  const name = current === preset.id && preset.name ? preset.name : current;
  const own = preset.pending_reboot;
  if (own) {
    if (!own.length) {
      return name;
    }
    if (own.length >= (preset.changed ?? 0)) {
      return say(T('{name} (not yet in effect: waiting for a reboot)'), { name });
    }
    return own.length === 1 ? say(T('{name} (partly: 1 setting waiting for a reboot)'), { name })
      : say(T('{name} (partly: {n} settings waiting for a reboot)'), { name, n: own.length });
  }
  const waiting = context?.pending_reboot?.length ?? 0;
  if (!waiting) {
    return name;
  }
  return waiting === 1 ? say(T('{name} (1 setting waiting for a reboot)'), { name })
    : say(T('{name} ({n} settings waiting for a reboot)'), { name, n: waiting });
}
