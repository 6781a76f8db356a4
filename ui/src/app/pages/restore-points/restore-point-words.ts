import { T } from '../../i18n/translate-marker';

/** A translatable text and its parameters, for the `t` pipe. */
export interface Words { key: string; params: Record<string, number> }

/** What a revert did, in words, with the count's own grammar: "Reverted. 1 setting was put back." */
export function revertOutcomeWords(count: number): Words {
  if (count === 0) {
    return { key: T('Reverted. Nothing needed to change.'), params: {} };
  }
  return count === 1
    ? { key: T('Reverted. 1 setting was put back.'), params: {} }
    : { key: T('Reverted. {n} settings were put back.'), params: { n: count } };
}

/** Words with a text parameter (a preset's name), for the `t` pipe. */
export interface NamedWords { key: string; params: Record<string, string> }

type Kind = 'APPLY' | 'REVERT' | 'PUT_BACK';

/**
 * What a restore point's revert button says, from what reverting it does: an apply's or a put back's revert undoes
 * it ("Revert…"), but a revert's revert brings back what that revert undid, so it says so ("Re-apply Max IOPS…")
 * lest anybody re-apply by mistake. `revertedKind`: the kind of the restore point a revert undid (unknown when it is
 * not on the page shown); `preset`: the preset's name.
 */
export function revertButtonWords(kind: Kind, revertedKind: Kind | undefined, preset: string | null): NamedWords {
  if (kind !== 'REVERT') {
    return { key: T('Revert…'), params: {} };
  }
  if (revertedKind === 'APPLY' && preset) {
    return { key: T('Re-apply {preset}…'), params: { preset } };
  }
  if (revertedKind === 'REVERT' && preset) {
    return { key: T('Revert {preset} again…'), params: { preset } };
  }
  if (revertedKind === 'PUT_BACK') {
    return { key: T('Put back again…'), params: {} };
  }
  return { key: T('Undo this revert…'), params: {} };
}
