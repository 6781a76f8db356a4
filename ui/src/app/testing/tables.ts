/**
 * The declarations the phone layout (the `max-width: 600px` rules of the loaded style sheets, global and the
 * components', in order) gives an element or its ::before: jsdom lays nothing out, so this reads the rules that would.
 */
export function phoneStyle(el: Element, pseudo = ''): Record<string, string> {
  const style: Record<string, string> = {};
  for (const sheet of [...document.styleSheets]) {
    for (const rule of [...sheet.cssRules]) {
      if (!(rule instanceof CSSMediaRule) || !rule.media.mediaText.includes('max-width: 600px')) {
        continue;
      }
      for (const inner of [...rule.cssRules] as CSSStyleRule[]) {
        for (const selector of inner.selectorText.split(',').map((s) => s.trim())) {
          const hasPseudo = selector.endsWith(pseudo) && pseudo !== '';
          const target = pseudo ? selector.slice(0, -pseudo.length) : selector;
          if ((pseudo ? hasPseudo : !selector.includes('::')) && el.matches(target)) {
            for (const declaration of inner.style.cssText.split(';').filter((d) => d.includes(':'))) {
              const [name, ...value] = declaration.split(':');
              style[name.trim()] = value.join(':').trim();
            }
          }
        }
      }
    }
  }
  return style;
}

/** The header cell of a table's column, found by its words (a sort header is clicked there, as a person does). */
export function headerCell(table: Element, words: string): HTMLElement {
  const cell = [...table.querySelectorAll<HTMLElement>('th')].find((th) => th.textContent!.trim() === words);
  if (!cell) {
    throw new Error(`no column headed "${words}"`);
  }
  return cell;
}
