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
